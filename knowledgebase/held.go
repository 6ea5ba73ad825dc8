package knowledgebase

import (
	"sync"
	"time"
)

// heldHeads keeps the checksummed headers LookupHeads read from Redis, by
// Redis key, for Options.HeadTTL: a plan's decide looks up the same hot
// headers (a city's catalogs, matrix, guide) as the plan before it, and
// the round trip was most of its cost. This Store's own writes and deletes
// drop a key (drop), and a header read while a drop happened is not kept
// (gen), so this process never answers from a header it has replaced; a
// write by another process is seen at most HeadTTL later. The zero of
// *heldHeads (nil) keeps nothing. It is safe for concurrent use.
type heldHeads struct {
	ttl time.Duration
	mu  sync.Mutex
	gen uint64 // counts drops
	m   map[string]heldHead
}

type heldHead struct {
	h      header
	readAt time.Time
}

// heldHeadsSize bounds the headers held; a full map is emptied at once
// (refilling costs one round trip per hot key).
const heldHeadsSize = 4096

func newHeldHeads(ttl time.Duration) *heldHeads {
	if ttl <= 0 {
		return nil
	}
	return &heldHeads{ttl: ttl, m: make(map[string]heldHead)}
}

// generation returns the drop count, to pass to keep.
func (c *heldHeads) generation() uint64 {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.gen
}

// get returns rkey's header if it was read less than ttl before now; the
// attribution is the caller's own.
func (c *heldHeads) get(rkey string, now time.Time) (header, bool) {
	if c == nil {
		return header{}, false
	}
	c.mu.Lock()
	e, ok := c.m[rkey]
	c.mu.Unlock()
	if !ok || now.Sub(e.readAt) >= c.ttl || now.Before(e.readAt) {
		return header{}, false
	}
	return e.h.own(), true
}

// keep holds h, read at now, unless a key was dropped since gen.
func (c *heldHeads) keep(rkey string, h header, now time.Time, gen uint64) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != gen {
		return
	}
	if len(c.m) >= heldHeadsSize {
		clear(c.m)
	}
	c.m[rkey] = heldHead{h: h.own(), readAt: now}
}

// drop forgets rkeys; call it before and after writing or deleting them.
func (c *heldHeads) drop(rkeys ...string) {
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
