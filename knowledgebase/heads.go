package knowledgebase

import (
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"strings"

	"github.com/redis/go-redis/v9"
)

// headBytes is how much of a stored value LookupHeads reads for a header:
// the provenance, expiry and checksum fit with room to spare.
const headBytes = 1024

// Checksum returns the checksum the cache records for payload (CRC-32C of
// the payload bytes as stored), as Lookup.Sum reports it.
func Checksum(payload []byte) uint32 { return crc32.Checksum(payload, castagnoli) }

// LookupHeads is Lookup that, for the keys whose head[i] is set, reads only
// the stored entry's header — provenance, expiry and the payload's checksum
// — and returns it with Entry.Payload nil and Sum set, so that a caller
// holding what it decoded from that payload need not transfer it again
// (a hot city's catalogs are hundreds of kilobytes). Values too short to
// need it, or without a checksummed header, come back whole. One round
// trip: a pipeline of GETRANGE and GET commands.
func (s *Store) LookupHeads(ctx context.Context, keys []Key, head []bool) ([]Lookup, error) {
	if len(head) != len(keys) {
		return nil, fmt.Errorf("knowledgebase: lookup: %d head flags for %d keys", len(head), len(keys))
	}
	out := make([]Lookup, len(keys))
	if len(keys) == 0 {
		return out, nil
	}
	rkeys := make([]string, len(keys))
	for i, k := range keys {
		if err := k.validate(); err != nil {
			return nil, err
		}
		rkeys[i] = s.redisKey(k)
	}
	now := s.lookupNow(ctx)
	pipe := s.client.Pipeline()
	cmds := make([]*redis.StringCmd, len(rkeys))
	for i, k := range rkeys {
		if head[i] {
			cmds[i] = pipe.GetRange(ctx, k, 0, headBytes-1)
		} else {
			cmds[i] = pipe.Get(ctx, k)
		}
	}
	_, _ = pipe.Exec(ctx) // errors are read per command below
	var whole []int       // heads that turned out to need the whole value
	for i, cmd := range cmds {
		v, err := cmd.Result()
		switch {
		case errors.Is(err, redis.Nil) || (head[i] && err == nil && len(v) == 0): // GETRANGE of a missing key is ""
			s.stats.misses.Add(1)
			continue
		case err != nil:
			s.stats.errors.Add(1)
			return nil, fmt.Errorf("knowledgebase: lookup: %w", err)
		}
		if !head[i] || len(v) < headBytes {
			// GET, or GETRANGE that read the whole value.
			out[i], out[i].Sum = s.classifySum(rkeys[i], []byte(v), now)
			continue
		}
		h, ok := s.decodeHead(v)
		if !ok {
			whole = append(whole, i)
			continue
		}
		out[i] = s.classifyEntry(Entry{Provenance: h.Provenance, ExpiresAt: h.ExpiresAt}, now)
		out[i].Sum = h.sum
	}
	if len(whole) > 0 {
		pipe := s.client.Pipeline()
		gets := make([]*redis.StringCmd, len(whole))
		for j, i := range whole {
			gets[j] = pipe.Get(ctx, rkeys[i])
		}
		_, _ = pipe.Exec(ctx)
		for j, i := range whole {
			b, err := gets[j].Bytes()
			switch {
			case errors.Is(err, redis.Nil):
				s.stats.misses.Add(1)
				continue
			case err != nil:
				s.stats.errors.Add(1)
				return nil, fmt.Errorf("knowledgebase: lookup: %w", err)
			}
			out[i], out[i].Sum = s.classifySum(rkeys[i], b, now)
		}
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
