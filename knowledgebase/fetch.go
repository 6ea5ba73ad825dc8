package knowledgebase

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// FetchFunc fetches one fact from upstream. It should honour ctx.
type FetchFunc = func(ctx context.Context) (json.RawMessage, orchestrator.Provenance, error)

// call is one upstream call shared by every Fetch and Revalidate of a key
// while it is in flight. entry and err are written before done is closed.
type call struct {
	done   chan struct{}
	entry  Entry
	err    error
	cancel context.CancelFunc

	// Guarded by Store.mu.
	waiters int  // Fetch callers still waiting
	pinned  bool // a Revalidate wants the result: never cancelled for lack of waiters
}

// Fetch calls fetch for key and returns the resulting entry, written back to
// the cache for ttl (ttl <= 0: not written). Concurrent Fetches of one key
// share a single upstream call and its result or error; errors are returned
// to every waiter and not cached. The call runs in a goroutine owned by the
// Store under a context that keeps ctx's values but not its cancellation,
// bounded by Options.FetchTimeout and cancelled when every waiter has left.
// If ctx ends first, Fetch returns ctx's error at once. The ttl and fetch of
// the caller that started the call are the ones used, and every waiter gets
// the same Entry, whose Payload must be treated as read-only. A payload that
// is not valid JSON is an error. A failed write-back is logged and counted,
// and the fetched entry is still returned. A panic in fetch is returned as an
// error. Fetch on a closed Store returns ErrClosed. fetch should honour its
// ctx: Close waits for it.
func (s *Store) Fetch(ctx context.Context, key Key, ttl time.Duration, fetch FetchFunc) (Entry, error) {
	if err := key.validate(); err != nil {
		return Entry{}, err
	}
	if ctx.Err() != nil {
		return Entry{}, fmt.Errorf("knowledgebase: fetch %s: %w", key, context.Cause(ctx))
	}
	rk := s.redisKey(key)
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return Entry{}, ErrClosed
	}
	c, ok := s.calls[rk]
	if ok {
		s.stats.coalesced.Add(1)
	} else {
		c = s.startLocked(context.WithoutCancel(ctx), rk, key, ttl, fetch)
	}
	c.waiters++
	s.mu.Unlock()

	select {
	case <-c.done:
		return c.entry, c.err
	case <-ctx.Done():
		s.mu.Lock()
		c.waiters--
		if c.waiters == 0 && !c.pinned {
			c.cancel()
			if s.calls[rk] == c { // later callers start afresh
				delete(s.calls, rk)
			}
		}
		s.mu.Unlock()
		return Entry{}, fmt.Errorf("knowledgebase: fetch %s: %w", key, context.Cause(ctx))
	}
}

// Revalidate refreshes key in the background (stale-while-revalidate): it
// calls fetch and writes the result back for ttl, unless a call for key is
// already in flight, in which case that call is kept running to completion
// instead. The call is owned by the Store, detached from any caller, bounded
// by Options.FetchTimeout and waited for by Close. Failures are logged and
// counted. Revalidate never blocks on the upstream call; on a closed Store or
// with an invalid key it logs and does nothing.
func (s *Store) Revalidate(key Key, ttl time.Duration, fetch FetchFunc) {
	if err := key.validate(); err != nil {
		s.logger.Error("knowledgebase: revalidate", "err", err)
		return
	}
	rk := s.redisKey(key)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		s.logger.Warn("knowledgebase: revalidate after close ignored", "key", rk)
		return
	}
	if c, ok := s.calls[rk]; ok {
		c.pinned = true
		return
	}
	c := s.startLocked(context.Background(), rk, key, ttl, fetch)
	c.pinned = true
	s.stats.revalidations.Add(1)
}

// startLocked registers and starts the shared call for rk. s.mu must be held
// and the Store open.
func (s *Store) startLocked(parent context.Context, rk string, key Key, ttl time.Duration, fetch FetchFunc) *call {
	ctx, cancel := context.WithTimeout(parent, s.fetchTimeout)
	c := &call{done: make(chan struct{}), cancel: cancel}
	s.calls[rk] = c
	s.stats.fetches.Add(1)
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		c.entry, c.err = s.run(ctx, key, ttl, fetch)
		cancel()
		s.mu.Lock()
		if s.calls[rk] == c {
			delete(s.calls, rk)
		}
		pinned := c.pinned
		s.mu.Unlock()
		if c.err != nil && pinned { // nobody else may see this error
			s.logger.Warn("knowledgebase: revalidation failed", "key", key.String(), "err", c.err)
		}
		close(c.done)
	}()
	return c
}

// run performs one upstream call and its write-back.
func (s *Store) run(ctx context.Context, key Key, ttl time.Duration, fetch FetchFunc) (e Entry, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("knowledgebase: fetch %s panicked: %v", key, r)
			s.logger.Error("knowledgebase: fetch panicked", "key", key.String(), "panic", r, "stack", string(debug.Stack()))
			s.stats.errors.Add(1)
		}
	}()
	payload, prov, err := fetch(ctx)
	if err != nil {
		s.stats.errors.Add(1)
		return Entry{}, fmt.Errorf("knowledgebase: fetch %s: %w", key, err)
	}
	if !json.Valid(payload) {
		s.stats.errors.Add(1)
		return Entry{}, fmt.Errorf("knowledgebase: fetch %s: upstream payload is not valid JSON", key)
	}
	e = s.entry(Entry{Payload: payload, Provenance: prov}, max(ttl, 0))
	if ttl <= 0 {
		return e, nil
	}
	// The fetch succeeded: write it back even if the waiters have left.
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), writeBackTimeout)
	defer cancel()
	if _, werr := s.put(wctx, key, e); werr != nil {
		s.logger.Warn("knowledgebase: write-back failed", "key", key.String(), "err", werr)
	}
	return e, nil
}
