package knowledgebase

import (
	"sync"
	"time"
)

// heldReads keeps what LookupHeads read from Redis, by Redis key, for
// Options.HoldTTL of wall-clock time: a checksummed header (the shared
// kinds, read by header), a small value read whole, or a miss (the hub
// legs no dataset has, live prices not fetched yet). A
// plan's lookup asks for the same hot keys as the plan before it, and its
// Redis round trip was about 0.4 ms of a warm plan's 1.3 ms answer on a
// loaded two-core machine (the wait for the Redis process, more than the
// CPU). What is held is classified again at every lookup, by the lookup's
// own clock, so an entry going stale or expiring is seen as it happens.
//
// This Store's own writes and deletes drop a key before and after they
// reach Redis, and a read that overlapped a drop is not kept (gen), so
// this process never answers from a value it has replaced. A write by
// another process or another Store is seen at most HoldTTL later: for a
// held miss, a leased Fetch still finds it (it looks again once it holds
// the lease), and a subtask that only the cache may answer (a hub leg)
// goes without it for that long. The zero of *heldReads (nil) keeps
// nothing. It is safe for concurrent use.
type heldReads struct {
	ttl time.Duration
	now func() time.Time // the wall clock: staleness across processes is real time
	mu  sync.Mutex
	gen uint64 // counts drops
	m   map[string]heldRead
}

// heldRead is one key's read: its header, its stored value whole, or a
// miss.
type heldRead struct {
	h      header
	whole  []byte // the stored value when it was read whole; nil for a header or a miss
	miss   bool   // the key was absent
	readAt time.Time
}

const (
	// heldSize bounds the keys held; a full map drops what has expired,
	// or is emptied when that frees less than a quarter (refilling costs
	// one round trip per hot key).
	heldSize = 8192
	// heldWholeMax is the largest value held whole: the live prices a
	// plan reads whole are a few kilobytes; a large value is read again.
	heldWholeMax = 64 << 10
)

func newHeldReads(ttl time.Duration) *heldReads {
	if ttl <= 0 {
		return nil
	}
	return &heldReads{ttl: ttl, now: time.Now, m: make(map[string]heldRead)}
}

// start returns the time a lookup reads at and the drop count, to pass to
// keep.
func (c *heldReads) start() (time.Time, uint64) {
	if c == nil {
		return time.Time{}, 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now(), c.gen
}

// get returns rkey's read if it is younger than ttl at now and answers a
// read of that kind: a miss or a value held whole answers both; a header
// answers only a header read (head). A header's attribution is the
// caller's own.
func (c *heldReads) get(rkey string, head bool, now time.Time) (heldRead, bool) {
	if c == nil {
		return heldRead{}, false
	}
	c.mu.Lock()
	e, ok := c.m[rkey]
	c.mu.Unlock()
	if !ok || now.Sub(e.readAt) >= c.ttl || now.Before(e.readAt) || (e.whole == nil && !e.miss && !head) {
		return heldRead{}, false
	}
	e.h = e.h.own()
	return e, true
}

// keepHeader holds h, read at now, unless a key was dropped since gen.
func (c *heldReads) keepHeader(rkey string, h header, now time.Time, gen uint64) {
	c.keep(rkey, heldRead{h: h.own(), readAt: now}, gen)
}

// keepWhole holds the stored value b, read at now, unless a key was
// dropped since gen or b is larger than heldWholeMax. b must not change
// afterwards.
func (c *heldReads) keepWhole(rkey string, b []byte, now time.Time, gen uint64) {
	if len(b) == 0 || len(b) > heldWholeMax {
		return
	}
	c.keep(rkey, heldRead{whole: b, readAt: now}, gen)
}

// keepMiss holds that rkey was absent at now, unless a key was dropped
// since gen.
func (c *heldReads) keepMiss(rkey string, now time.Time, gen uint64) {
	c.keep(rkey, heldRead{miss: true, readAt: now}, gen)
}

func (c *heldReads) keep(rkey string, r heldRead, gen uint64) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != gen {
		return
	}
	if len(c.m) >= heldSize {
		// Full: drop what has outlived ttl, or everything if that is
		// not enough (varied briefs read many keys once).
		for k, e := range c.m {
			if r.readAt.Sub(e.readAt) >= c.ttl {
				delete(c.m, k)
			}
		}
		if len(c.m) >= heldSize*3/4 {
			clear(c.m)
		}
	}
	c.m[rkey] = r
}

// drop forgets rkeys; call it before and after writing or deleting them.
func (c *heldReads) drop(rkeys ...string) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	for _, k := range rkeys {
		delete(c.m, k)
	}
}
