package knowledgebase

import "sync/atomic"

// Stats is a snapshot of a Store's counters since New.
type Stats struct {
	Hits   uint64 // lookups answered fresh
	Misses uint64 // lookups answered miss (absent, past the stale window or undecodable)
	Stale  uint64 // lookups answered stale
	// Corrupt counts undecodable values; each is also counted in Misses.
	Corrupt uint64
	// Fetches counts upstream calls started by Fetch or Revalidate; Coalesced
	// counts Fetch callers that joined a call already in flight.
	Fetches   uint64
	Coalesced uint64
	Writes    uint64 // entries written by Put (directly or after a fetch)
	// Errors counts failed Redis operations and failed upstream calls (one
	// per shared call, however many callers waited for it).
	Errors        uint64
	Revalidations uint64 // background refreshes started by Revalidate
}

type counters struct {
	hits, misses, stale, corrupt, fetches, coalesced, writes, errors, revalidations atomic.Uint64
}

func (c *counters) snapshot() Stats {
	return Stats{
		Hits:          c.hits.Load(),
		Misses:        c.misses.Load(),
		Stale:         c.stale.Load(),
		Corrupt:       c.corrupt.Load(),
		Fetches:       c.fetches.Load(),
		Coalesced:     c.coalesced.Load(),
		Writes:        c.writes.Load(),
		Errors:        c.errors.Load(),
		Revalidations: c.revalidations.Load(),
	}
}
