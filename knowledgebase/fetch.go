package knowledgebase

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/redis/go-redis/v9"

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
	// unleased skips the cross-process lease (FetchUnleased).
	unleased bool

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
	return s.fetch(ctx, key, ttl, fetch, false)
}

// FetchUnleased is Fetch without the cross-process lease (Options.Lease):
// concurrent calls in this process still share one call, but another
// process may fetch the same key at the same time. It is for facts that are
// cheap to compute again because the upstream slices them from what it
// keeps and leases itself — a date range of a city's weather, sliced from
// the city's climate normals and forecast window (openmeteo.Knowledge) —
// where the lease's three round trips (take, check, release) would cost
// more than the fetch they guard. The write-back is the same as Fetch's.
func (s *Store) FetchUnleased(ctx context.Context, key Key, ttl time.Duration, fetch FetchFunc) (Entry, error) {
	return s.fetch(ctx, key, ttl, fetch, true)
}

func (s *Store) fetch(ctx context.Context, key Key, ttl time.Duration, fetch FetchFunc, unleased bool) (Entry, error) {
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
		c = s.startLocked(context.WithoutCancel(ctx), rk, key, ttl, fetch, unleased)
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
	c := s.startLocked(context.Background(), rk, key, ttl, fetch, false)
	c.pinned = true
	s.stats.revalidations.Add(1)
}

// startLocked registers and starts the shared call for rk. s.mu must be held
// and the Store open. unleased skips the cross-process lease.
func (s *Store) startLocked(parent context.Context, rk string, key Key, ttl time.Duration, fetch FetchFunc, unleased bool) *call {
	ctx, cancel := context.WithTimeout(parent, s.fetchTimeout)
	c := &call{done: make(chan struct{}), cancel: cancel, unleased: unleased}
	s.calls[rk] = c
	s.stats.fetches.Add(1)
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		c.entry, c.err = s.run(ctx, key, ttl, fetch, !c.unleased)
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

// run performs one upstream call and its write-back, under the key's
// cross-process lease when leased is set.
func (s *Store) run(ctx context.Context, key Key, ttl time.Duration, fetch FetchFunc, leased bool) (e Entry, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("knowledgebase: fetch %s panicked: %v", key, r)
			s.logger.Error("knowledgebase: fetch panicked", "key", key.String(), "panic", r, "stack", string(debug.Stack()))
			s.stats.errors.Add(1)
		}
	}()
	if leased && ttl > 0 && s.lease > 0 {
		release, peer, ok := s.acquireLease(ctx, key)
		if ok {
			defer release()
		} else if peer != nil {
			s.stats.coalesced.Add(1)
			return *peer, nil
		}
	}
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
	// The entry every waiter gets keeps the fetch's CacheHit — an upstream
	// that answered from what it keeps (a provider client's knowledge of a
	// place) said so — while the stored entry does not.
	defer func() { e.Provenance.CacheHit = prov.CacheHit }()
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

// releaseScript deletes a lease only if it is still the caller's.
var releaseScript = redis.NewScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`)

// leasePoll is how often a process waiting on another's lease looks for
// the entry.
const leasePoll = 10 * time.Millisecond

// acquireLease takes key's cross-process lease. ok means this process
// holds it and must call release after its write-back. Otherwise another
// process was fetching: peer is the entry it wrote, or nil when its lease
// ended without one (or Redis failed), and this process fetches itself.
func (s *Store) acquireLease(ctx context.Context, key Key) (release func(), peer *Entry, ok bool) {
	lk := s.prefix + "lease:" + key.Kind + ":" + key.Hash
	var b [8]byte
	_, _ = rand.Read(b[:])
	token := hex.EncodeToString(b[:])
	for {
		got, err := s.client.SetNX(ctx, lk, token, s.lease).Result()
		if err != nil {
			return nil, nil, false
		}
		if got {
			// A holder that finished between the caller's lookup and
			// this lease left its entry: use it.
			if e, ok := s.peekFresh(ctx, key); ok {
				_ = releaseScript.Run(ctx, s.client, []string{lk}, token).Err()
				return nil, e, false
			}
			return func() {
				rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), writeBackTimeout)
				defer cancel()
				_ = releaseScript.Run(rctx, s.client, []string{lk}, token).Err()
			}, nil, true
		}
		// Another process holds the lease: wait for its entry.
		for {
			select {
			case <-ctx.Done():
				return nil, nil, false
			case <-time.After(leasePoll):
			}
			if e, ok := s.peekFresh(ctx, key); ok {
				return nil, e, false
			}
			n, err := s.client.Exists(ctx, lk).Result()
			if err != nil {
				return nil, nil, false
			}
			if n == 0 {
				break // its lease ended without a fresh entry: try to take it
			}
		}
	}
}

// peekFresh returns key's entry when it is fresh, without counting a
// lookup in Stats.
func (s *Store) peekFresh(ctx context.Context, key Key) (*Entry, bool) {
	b, err := s.client.Get(ctx, s.redisKey(key)).Bytes()
	if err != nil {
		return nil, false
	}
	e, err := decodeEntry(b)
	if err != nil || len(e.Payload) == 0 || !s.now().Before(e.ExpiresAt) {
		return nil, false
	}
	e.Provenance.CacheHit = true
	return &e, true
}
