package knowledgebase

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/tripweave/tripweave/orchestrator"
)

// Defaults for Options.
const (
	DefaultPrefix       = "kb:v1:"
	DefaultStaleFor     = 7 * 24 * time.Hour
	DefaultFetchTimeout = 30 * time.Second
	DefaultLease        = 10 * time.Second
)

// writeBackTimeout bounds the write of a fetched entry, which runs after the
// shared fetch's context may already have ended.
const writeBackTimeout = 5 * time.Second

// Errors returned by the Store. Redis failures are returned wrapped as they
// come from go-redis.
var (
	// ErrInvalidKey reports a Key with an empty Kind or Hash, or a Kind
	// containing ':'.
	ErrInvalidKey = errors.New("knowledgebase: invalid key")
	// ErrInvalidTTL reports a non-positive ttl given to Put.
	ErrInvalidTTL = errors.New("knowledgebase: ttl must be positive")
	// ErrClosed reports a Fetch on a closed Store.
	ErrClosed = errors.New("knowledgebase: store closed")
)

// Key addresses one fact: the subtask kind and the hash of its canonical
// parameters. Its Redis key is Options.Prefix + Kind + ":" + Hash.
type Key struct {
	Kind, Hash string
}

// String returns "kind:hash".
func (k Key) String() string { return k.Kind + ":" + k.Hash }

func (k Key) validate() error {
	if k.Kind == "" || k.Hash == "" || strings.Contains(k.Kind, ":") {
		return fmt.Errorf("%w %q", ErrInvalidKey, k.String())
	}
	return nil
}

// Entry is a cached fact: the payload as the provider adapter encoded it, its
// provenance, and the end of its freshness.
type Entry struct {
	Payload    json.RawMessage         `json:"payload"`
	Provenance orchestrator.Provenance `json:"provenance"`
	ExpiresAt  time.Time               `json:"expires_at"` // end of freshness
}

// State classifies a lookup.
type State int

// States of a lookup.
const (
	Miss  State = iota // absent, past the stale window, or undecodable
	Fresh              // before Entry.ExpiresAt
	Stale              // after Entry.ExpiresAt, within Options.StaleFor
)

// String returns "miss", "fresh" or "stale".
func (s State) String() string {
	switch s {
	case Miss:
		return "miss"
	case Fresh:
		return "fresh"
	case Stale:
		return "stale"
	}
	return fmt.Sprintf("State(%d)", int(s))
}

// Lookup is the answer for one key. Entry is the zero value on a miss. On a
// hit Entry.Provenance.CacheHit is true, and on a stale hit
// Entry.Provenance.Stale is true as well.
type Lookup struct {
	State State
	Entry Entry
	// Sum is the checksum of the entry's payload (Checksum) when the
	// stored value records one; LookupHeads sets it, Lookup may leave 0.
	Sum uint32
}

// Options configure a Store. A nil *Options, and every zero field, means the
// default.
type Options struct {
	Prefix string // "" → "kb:v1:"
	// StaleFor is how long past ExpiresAt an entry is kept and served as
	// stale; 0 → 7 days.
	StaleFor time.Duration
	// FetchTimeout bounds each shared upstream call of Fetch and Revalidate;
	// 0 → 30 s.
	FetchTimeout time.Duration
	// Lease coalesces fetches across processes: the process that starts a
	// key's upstream call holds a Redis lease on it for at most Lease, and
	// other processes fetching the key wait for its write-back instead of
	// calling upstream too (fetching themselves if the lease ends with no
	// entry). 0 → DefaultLease; negative turns it off.
	Lease time.Duration
	// HoldTTL, when positive, lets LookupHeads answer a key it read from
	// Redis less than HoldTTL ago (wall-clock time) from memory: a
	// checksummed header, a value of at most 64 KiB read whole, or its
	// absence. What is held is classified again at each lookup by Now.
	// This Store's own Put and Delete of a key are seen at once; a write by
	// another process (or another Store) at most HoldTTL later. 0 → off.
	HoldTTL time.Duration
	Now     func() time.Time // nil → time.Now
	Logger  *slog.Logger     // nil → slog.Default()
}

// Store is the knowledge cache. It is safe for concurrent use. It does not
// own the Redis client: Close waits for the Store's background work and
// leaves the client open.
type Store struct {
	client       redis.UniversalClient
	prefix       string
	staleFor     time.Duration
	fetchTimeout time.Duration
	lease        time.Duration
	now          func() time.Time
	logger       *slog.Logger
	// pipeline makes multi-key operations send one pipeline of single-key
	// commands instead of one multi-key command: required on a Cluster or a
	// Ring, where the keys of one call live in different slots.
	pipeline bool

	stats counters
	heads *headCache // decoded headers of stored values
	held  *heldReads // what LookupHeads read, for Options.HoldTTL
	// headLong is set once a header longer than headFirst was met:
	// LookupHeads reads headBytes of every head from then on.
	headLong atomic.Int32

	mu     sync.Mutex
	calls  map[string]*call // in-flight upstream calls by Redis key
	closed bool
	wg     sync.WaitGroup
}

// New returns a Store over client. It panics if client is nil.
func New(client redis.UniversalClient, opts *Options) *Store {
	if client == nil {
		panic("knowledgebase: New with a nil client")
	}
	var o Options
	if opts != nil {
		o = *opts
	}
	s := &Store{
		client:       client,
		prefix:       o.Prefix,
		staleFor:     o.StaleFor,
		fetchTimeout: o.FetchTimeout,
		lease:        o.Lease,
		now:          o.Now,
		logger:       o.Logger,
		calls:        make(map[string]*call),
		heads:        newHeadCache(),
		held:         newHeldReads(o.HoldTTL),
	}
	if s.prefix == "" {
		s.prefix = DefaultPrefix
	}
	if s.staleFor <= 0 {
		s.staleFor = DefaultStaleFor
	}
	if s.fetchTimeout <= 0 {
		s.fetchTimeout = DefaultFetchTimeout
	}
	if s.lease == 0 {
		s.lease = DefaultLease
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.logger == nil {
		s.logger = slog.Default()
	}
	switch client.(type) {
	case *redis.ClusterClient, *redis.Ring:
		s.pipeline = true
	}
	return s
}

func (s *Store) redisKey(k Key) string { return s.prefix + k.Kind + ":" + k.Hash }

// redisKeys validates keys and returns their Redis keys (redisKey), cut
// from one string: a plan looks up some twenty keys at once.
func (s *Store) redisKeys(keys []Key) ([]string, error) {
	size := 0
	for _, k := range keys {
		if err := k.validate(); err != nil {
			return nil, err
		}
		size += len(s.prefix) + len(k.Kind) + 1 + len(k.Hash)
	}
	var b strings.Builder
	b.Grow(size)
	for _, k := range keys {
		b.WriteString(s.prefix)
		b.WriteString(k.Kind)
		b.WriteByte(':')
		b.WriteString(k.Hash)
	}
	all := b.String()
	out := make([]string, len(keys))
	off := 0
	for i, k := range keys {
		end := off + len(s.prefix) + len(k.Kind) + 1 + len(k.Hash)
		out[i] = all[off:end]
		off = end
	}
	return out, nil
}

// Lookup reads keys in one round trip (one MGET, or one pipeline of GETs on a
// Cluster) and returns one Lookup per key, in the order of keys. Absent,
// expired and undecodable entries are misses (undecodable ones are logged);
// the error reports an invalid key or a Redis failure, never a miss.
func (s *Store) Lookup(ctx context.Context, keys []Key) ([]Lookup, error) {
	if len(keys) == 0 {
		return []Lookup{}, nil
	}
	rkeys, err := s.redisKeys(keys)
	if err != nil {
		return nil, err
	}
	out := make([]Lookup, len(keys))
	now := s.lookupNow(ctx)
	if !s.pipeline {
		vals, err := s.client.MGet(ctx, rkeys...).Result()
		if err != nil {
			s.stats.errors.Add(1)
			return nil, fmt.Errorf("knowledgebase: lookup: %w", err)
		}
		if len(vals) != len(keys) {
			s.stats.errors.Add(1)
			return nil, fmt.Errorf("knowledgebase: lookup: MGET returned %d values for %d keys", len(vals), len(keys))
		}
		for i, v := range vals {
			str, ok := v.(string)
			if !ok { // nil: absent
				s.stats.misses.Add(1)
				continue
			}
			out[i] = s.classify(rkeys[i], []byte(str), now)
		}
		return out, nil
	}
	pipe := s.client.Pipeline()
	cmds := make([]*redis.StringCmd, len(rkeys))
	for i, k := range rkeys {
		cmds[i] = pipe.Get(ctx, k)
	}
	_, _ = pipe.Exec(ctx) // errors are read per command below
	for i, cmd := range cmds {
		b, err := cmd.Bytes()
		switch {
		case errors.Is(err, redis.Nil):
			s.stats.misses.Add(1)
			continue
		case err != nil:
			s.stats.errors.Add(1)
			return nil, fmt.Errorf("knowledgebase: lookup: %w", err)
		}
		out[i] = s.classify(rkeys[i], b, now)
	}
	return out, nil
}

// Get is Lookup for one key.
func (s *Store) Get(ctx context.Context, key Key) (Lookup, error) {
	if err := key.validate(); err != nil {
		return Lookup{}, err
	}
	rk := s.redisKey(key)
	b, err := s.client.Get(ctx, rk).Bytes()
	switch {
	case errors.Is(err, redis.Nil):
		s.stats.misses.Add(1)
		return Lookup{}, nil
	case err != nil:
		s.stats.errors.Add(1)
		return Lookup{}, fmt.Errorf("knowledgebase: get %s: %w", key, err)
	}
	return s.classify(rk, b, s.lookupNow(ctx)), nil
}

// classify decodes one stored value and classifies it at now, counting the
// outcome.
func (s *Store) classify(rkey string, b []byte, now time.Time) Lookup {
	l, _ := s.classifySum(rkey, b, now)
	return l
}

// classifySum is classify that also returns the checksum recorded in the
// stored value (0 when it has none).
func (s *Store) classifySum(rkey string, b []byte, now time.Time) (Lookup, uint32) {
	e, sum, err := decodeEntryWith(b, s.heads)
	if err != nil || e.ExpiresAt.IsZero() || len(e.Payload) == 0 {
		if err == nil {
			err = errors.New("no payload or expires_at")
		}
		s.stats.corrupt.Add(1)
		s.stats.misses.Add(1)
		s.logger.Warn("knowledgebase: undecodable entry treated as a miss", "key", rkey, "err", err)
		return Lookup{}, sum
	}
	return s.classifyEntry(e, now), sum
}

// classifyEntry classifies a decoded entry by its expiry.
func (s *Store) classifyEntry(e Entry, now time.Time) Lookup {
	switch {
	case now.Before(e.ExpiresAt):
		s.stats.hits.Add(1)
		e.Provenance.CacheHit = true
		return Lookup{State: Fresh, Entry: e}
	case now.Before(e.ExpiresAt.Add(s.staleFor)):
		s.stats.stale.Add(1)
		e.Provenance.CacheHit = true
		e.Provenance.Stale = true
		return Lookup{State: Stale, Entry: e}
	default:
		s.stats.misses.Add(1)
		return Lookup{}
	}
}

// entry completes e for storage with ttl: FetchedAt defaults to now,
// ExpiresAt is FetchedAt+ttl, Provenance.TTL is ttl in whole seconds
// (rounded up), and CacheHit and Stale are cleared.
func (s *Store) entry(e Entry, ttl time.Duration) Entry {
	if e.Provenance.FetchedAt.IsZero() {
		e.Provenance.FetchedAt = s.now()
	}
	e.ExpiresAt = e.Provenance.FetchedAt.Add(ttl)
	e.Provenance.TTL = int64((ttl + time.Second - 1) / time.Second)
	e.Provenance.CacheHit = false
	e.Provenance.Stale = false
	return e
}

// Put stores e under key, fresh for ttl from e.Provenance.FetchedAt (now if
// zero) and kept for Options.StaleFor after that: the Redis expiry is
// ExpiresAt+StaleFor−now, which is ttl+StaleFor for a fact fetched now. An
// entry whose stale window has already ended is not written (nil error).
// Put fills in ExpiresAt and Provenance.TTL and clears Provenance.CacheHit
// and Provenance.Stale; the payload must be valid JSON.
func (s *Store) Put(ctx context.Context, key Key, e Entry, ttl time.Duration) error {
	if err := key.validate(); err != nil {
		return err
	}
	if ttl <= 0 {
		return fmt.Errorf("%w (put %s: %v)", ErrInvalidTTL, key, ttl)
	}
	_, err := s.put(ctx, key, s.entry(e, ttl))
	return err
}

// put writes a completed entry and reports whether it was written.
func (s *Store) put(ctx context.Context, key Key, e Entry) (bool, error) {
	keep := e.ExpiresAt.Add(s.staleFor).Sub(s.now())
	if keep <= 0 {
		s.logger.Debug("knowledgebase: entry past its stale window not written", "key", key.String())
		return false, nil
	}
	b, err := encodeEntry(e)
	if err != nil {
		return false, fmt.Errorf("knowledgebase: put %s: %w", key, err)
	}
	rk := s.redisKey(key)
	s.held.drop(rk)
	defer s.held.drop(rk)
	if err := s.client.Set(ctx, rk, b, keep).Err(); err != nil {
		s.stats.errors.Add(1)
		return false, fmt.Errorf("knowledgebase: put %s: %w", key, err)
	}
	s.stats.writes.Add(1)
	return true, nil
}

// Delete removes keys (a pipeline of DELs on a Cluster). Deleting an absent
// key is not an error.
func (s *Store) Delete(ctx context.Context, keys ...Key) error {
	if len(keys) == 0 {
		return nil
	}
	rkeys := make([]string, len(keys))
	for i, k := range keys {
		if err := k.validate(); err != nil {
			return err
		}
		rkeys[i] = s.redisKey(k)
	}
	s.held.drop(rkeys...)
	defer s.held.drop(rkeys...)
	var err error
	if s.pipeline {
		_, err = s.client.Pipelined(ctx, func(p redis.Pipeliner) error {
			for _, k := range rkeys {
				p.Del(ctx, k)
			}
			return nil
		})
	} else {
		err = s.client.Del(ctx, rkeys...).Err()
	}
	if err != nil {
		s.stats.errors.Add(1)
		return fmt.Errorf("knowledgebase: delete: %w", err)
	}
	return nil
}

// Ping checks that Redis answers.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.client.Ping(ctx).Err(); err != nil {
		return fmt.Errorf("knowledgebase: ping: %w", err)
	}
	return nil
}

// Stats returns a snapshot of the Store's counters.
func (s *Store) Stats() Stats { return s.stats.snapshot() }

// Close stops the Store from starting upstream calls and blocks until every
// call it started (Fetch and Revalidate; each bounded by
// Options.FetchTimeout) has finished and written back. It does not close the
// Redis client. Close is idempotent and always returns nil.
func (s *Store) Close() error {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	s.wg.Wait()
	return nil
}
