package knowledgebase

import (
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"strings"

	"github.com/redis/go-redis/v9"
)

// headBytes is the most LookupHeads reads for a header: the provenance,
// expiry and checksum fit with room to spare.
const headBytes = 1024

// headFirst is how much LookupHeads reads for a header at first: the
// headers the dataset importers and agents write — provenance with its
// attribution, expiry, checksum — take 300–450 bytes. A store that meets
// a longer one reads headBytes from then on (Store.headLen).
const headFirst = 512

// Checksum returns the checksum the cache records for payload (CRC-32C of
// the payload bytes as stored), as Lookup.Sum reports it.
func Checksum(payload []byte) uint32 { return crc32.Checksum(payload, castagnoli) }

// headRange is the end of a header's GETRANGE (headFirst-1 or
// headBytes-1), boxed once: go-redis takes its arguments as interfaces.
var headRange = [2]any{int64(headFirst - 1), int64(headBytes - 1)}

// LookupHeads is Lookup that, for the keys whose head[i] is set, reads only
// the stored entry's header — provenance, expiry and the payload's checksum
// — and returns it with Entry.Payload nil and Sum set, so that a caller
// holding what it decoded from that payload need not transfer it again
// (a hot city's catalogs are hundreds of kilobytes). Values too short to
// need it, or without a checksummed header, come back whole. One round
// trip, a pipeline of GETRANGE and GET commands, unless a header is longer
// than the store has seen (another, for it) or has no checksum (another, to
// read the value whole).
func (s *Store) LookupHeads(ctx context.Context, keys []Key, head []bool) ([]Lookup, error) {
	if len(head) != len(keys) {
		return nil, fmt.Errorf("knowledgebase: lookup: %d head flags for %d keys", len(head), len(keys))
	}
	out := make([]Lookup, len(keys))
	if len(keys) == 0 {
		return out, nil
	}
	rkeys, err := s.redisKeys(keys)
	if err != nil {
		return nil, err
	}
	now := s.lookupNow(ctx)
	// Each round reads some keys: read[j] is how much of key todo[j] (0:
	// the whole value); the next round reads what this one could not
	// decode.
	// Reads held (Options.HoldTTL) are answered first.
	long := int(s.headLong.Load())
	todo := make([]int, 0, len(keys))
	read := make([]int, 0, len(keys))
	heldAt, gen := s.held.start()
	for i := range keys {
		if r, ok := s.held.get(rkeys[i], head[i], heldAt); ok {
			switch {
			case r.miss:
				s.stats.misses.Add(1)
			case r.whole != nil:
				out[i], out[i].Sum = s.classifySum(rkeys[i], r.whole, now)
			default:
				out[i] = s.classifyEntry(Entry{Provenance: r.h.Provenance, ExpiresAt: r.h.ExpiresAt}, now)
				out[i].Sum = r.h.sum
			}
			continue
		}
		todo = append(todo, i)
		if head[i] {
			read = append(read, headFirst+long*(headBytes-headFirst))
		} else {
			read = append(read, 0)
		}
	}
	cmds := make([]*redis.StringCmd, len(keys))
	// The GETRANGE commands' arguments, four a key, in one array.
	args := make([]any, 4*len(keys))
	for len(todo) > 0 {
		pipe := s.client.Pipeline()
		for j, i := range todo {
			if read[j] == 0 {
				cmds[j] = pipe.Get(ctx, rkeys[i])
				continue
			}
			a := args[4*j : 4*j+4 : 4*j+4]
			a[0], a[1], a[2], a[3] = "getrange", rkeys[i], 0, headRange[0]
			if read[j] != headFirst {
				a[3] = headRange[1]
			}
			cmds[j] = redis.NewStringCmd(ctx, a...)
			_ = pipe.Process(ctx, cmds[j])
		}
		_, _ = pipe.Exec(ctx) // errors are read per command below
		next := todo[:0]
		nextRead := read[:0]
		for j, i := range todo {
			n := read[j]
			v, err := cmds[j].Result()
			switch {
			case errors.Is(err, redis.Nil) || (n > 0 && err == nil && len(v) == 0): // GETRANGE of a missing key is ""
				s.stats.misses.Add(1)
				s.held.keepMiss(rkeys[i], heldAt, gen)
				continue
			case err != nil:
				s.stats.errors.Add(1)
				return nil, fmt.Errorf("knowledgebase: lookup: %w", err)
			}
			if n == 0 || len(v) < n {
				// GET, or GETRANGE that read the whole value.
				b := []byte(v)
				out[i], out[i].Sum = s.classifySum(rkeys[i], b, now)
				if out[i].State != Miss {
					s.held.keepWhole(rkeys[i], b, heldAt, gen)
				}
				continue
			}
			h, ok := s.decodeHead(v)
			switch {
			case ok:
				s.held.keepHeader(rkeys[i], h, heldAt, gen)
				out[i] = s.classifyEntry(Entry{Provenance: h.Provenance, ExpiresAt: h.ExpiresAt}, now)
				out[i].Sum = h.sum
				continue
			case n < headBytes && !strings.Contains(v, payloadKey):
				// A header longer than the first read: read more, and
				// as much from now on.
				s.headLong.Store(1)
				n = headBytes
			default:
				n = 0 // no checksummed header: the value whole
			}
			next = append(next, i)
			nextRead = append(nextRead, n)
		}
		todo, read = next, nextRead
	}
	return out, nil
}

// decodeHead parses the header at the start of a stored value (see
// encodeEntry); ok is false when b holds no checksummed header.
func (s *Store) decodeHead(b string) (header, bool) {
	i := strings.Index(b, payloadKey)
	if i <= 0 {
		return header{}, false
	}
	h, ok := s.heads.decodeString(b[:i])
	if !ok || h.ExpiresAt.IsZero() {
		return header{}, false
	}
	return h, true
}
