package knowledgebase

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	"github.com/tripweave/tripweave/orchestrator"
)

func TestStateString(t *testing.T) {
	tests := []struct {
		s    State
		want string
	}{
		{Miss, "miss"},
		{Fresh, "fresh"},
		{Stale, "stale"},
		{State(7), "State(7)"},
	}
	for _, tt := range tests {
		if got := tt.s.String(); got != tt.want {
			t.Errorf("State(%d).String() = %q, want %q", int(tt.s), got, tt.want)
		}
	}
}

func TestInvalidKey(t *testing.T) {
	mr := miniredis.RunT(t)
	s := New(redis.NewClient(&redis.Options{Addr: mr.Addr()}), &Options{Logger: discardLogger()})
	ctx := context.Background()
	for _, k := range []Key{{}, {Kind: "geocode"}, {Hash: "abc"}, {Kind: "geo:code", Hash: "abc"}} {
		if _, err := s.Lookup(ctx, []Key{{"ok", "1"}, k}); !errors.Is(err, ErrInvalidKey) {
			t.Errorf("Lookup(%+v) error = %v, want ErrInvalidKey", k, err)
		}
		if _, err := s.Get(ctx, k); !errors.Is(err, ErrInvalidKey) {
			t.Errorf("Get(%+v) error = %v, want ErrInvalidKey", k, err)
		}
		if err := s.Put(ctx, k, Entry{Payload: json.RawMessage(`1`)}, time.Hour); !errors.Is(err, ErrInvalidKey) {
			t.Errorf("Put(%+v) error = %v, want ErrInvalidKey", k, err)
		}
		if _, err := s.Fetch(ctx, k, time.Hour, nil); !errors.Is(err, ErrInvalidKey) {
			t.Errorf("Fetch(%+v) error = %v, want ErrInvalidKey", k, err)
		}
	}
	if err := s.Put(ctx, Key{"ok", "1"}, Entry{Payload: json.RawMessage(`1`)}, 0); !errors.Is(err, ErrInvalidTTL) {
		t.Errorf("Put with ttl 0: error = %v, want ErrInvalidTTL", err)
	}
	if err := s.Put(ctx, Key{"ok", "1"}, Entry{Payload: json.RawMessage(`{bad`)}, time.Hour); err == nil {
		t.Error("Put with an invalid JSON payload: no error")
	}
}

func TestRedisKey(t *testing.T) {
	mr := miniredis.RunT(t)
	c := redis.NewClient(&redis.Options{Addr: mr.Addr()})
	tests := []struct {
		prefix string
		want   string
	}{
		{"", "kb:v1:geocode:abc"},
		{"x:", "x:geocode:abc"},
	}
	for _, tt := range tests {
		s := New(c, &Options{Prefix: tt.prefix})
		if err := s.Put(context.Background(), Key{"geocode", "abc"}, Entry{Payload: json.RawMessage(`1`)}, time.Hour); err != nil {
			t.Fatal(err)
		}
		if !mr.Exists(tt.want) {
			t.Errorf("prefix %q: key %q not written; keys = %v", tt.prefix, tt.want, mr.Keys())
		}
		mr.Del(tt.want)
	}
}

func TestLookupMissIsValue(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		s := newTestStore(t, b, Options{})
		ctx := context.Background()
		got, err := s.Lookup(ctx, []Key{{"geocode", "a"}, {"weather", "b"}})
		if err != nil {
			t.Fatalf("Lookup: %v", err)
		}
		want := []Lookup{{}, {}}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("Lookup = %+v, want %+v", got, want)
		}
		one, err := s.Get(ctx, Key{"geocode", "a"})
		if err != nil || one.State != Miss {
			t.Errorf("Get = %v, %v; want miss, nil", one.State, err)
		}
		none, err := s.Lookup(ctx, nil)
		if err != nil || len(none) != 0 {
			t.Errorf("Lookup(nil) = %v, %v; want empty, nil", none, err)
		}
	})
}

func TestPutLookup(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		clk := newClock()
		s := newTestStore(t, b, Options{Now: clk.Now})
		ctx := context.Background()
		fetched := clk.Now().Add(-time.Minute)
		attr := &orchestrator.Attribution{Text: "© OpenStreetMap contributors", License: "ODbL"}
		put := map[Key]Entry{
			{"geocode", "chengdu"}: {
				Payload:    json.RawMessage(`{"lat":30.66,"lon":104.06}`),
				Provenance: orchestrator.Provenance{Source: "open-meteo:geocoding", FetchedAt: fetched, CacheHit: true, Stale: true},
			},
			{"pois", "kyoto"}: {
				Payload:    json.RawMessage(`[{"name":"Kinkaku-ji"}]`),
				Provenance: orchestrator.Provenance{Source: "overpass", Attribution: attr}, // FetchedAt → now
			},
		}
		for k, e := range put {
			if err := s.Put(ctx, k, e, time.Hour); err != nil {
				t.Fatalf("Put %s: %v", k, err)
			}
		}
		keys := []Key{{"pois", "kyoto"}, {"geocode", "absent"}, {"geocode", "chengdu"}}
		got, err := s.Lookup(ctx, keys)
		if err != nil {
			t.Fatalf("Lookup: %v", err)
		}
		want := []Lookup{
			{State: Fresh, Entry: Entry{
				Payload:    json.RawMessage(`[{"name":"Kinkaku-ji"}]`),
				Provenance: orchestrator.Provenance{Source: "overpass", FetchedAt: clk.Now(), TTL: 3600, CacheHit: true, Attribution: attr},
				ExpiresAt:  clk.Now().Add(time.Hour),
			}},
			{State: Miss},
			{State: Fresh, Entry: Entry{
				Payload:    json.RawMessage(`{"lat":30.66,"lon":104.06}`),
				Provenance: orchestrator.Provenance{Source: "open-meteo:geocoding", FetchedAt: fetched, TTL: 3600, CacheHit: true},
				ExpiresAt:  fetched.Add(time.Hour),
			}},
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("Lookup =\n%+v\nwant\n%+v", got, want)
		}
		one, err := s.Get(ctx, Key{"pois", "kyoto"})
		if err != nil || !reflect.DeepEqual(one, want[0]) {
			t.Errorf("Get = %+v, %v; want %+v", one, err, want[0])
		}

		if err := s.Delete(ctx, Key{"pois", "kyoto"}, Key{"geocode", "chengdu"}, Key{"geocode", "absent"}); err != nil {
			t.Fatalf("Delete: %v", err)
		}
		got, err = s.Lookup(ctx, keys)
		if err != nil || !reflect.DeepEqual(got, make([]Lookup, 3)) {
			t.Errorf("Lookup after Delete = %+v, %v; want 3 misses", got, err)
		}
	})
}

// TestFreshStaleGone walks one entry through its life: fresh until ttl,
// stale until ttl+StaleFor (by the Store's clock, even though the key is
// still in Redis), then physically expired by Redis.
func TestFreshStaleGone(t *testing.T) {
	const ttl, staleFor = 200 * time.Millisecond, 300 * time.Millisecond
	forEachBackend(t, func(t *testing.T, b *backend) {
		clk := newClock()
		s := newTestStore(t, b, Options{Now: clk.Now, StaleFor: staleFor})
		ctx := context.Background()
		k := Key{"weather", "chengdu-2026-06-19"}
		if err := s.Put(ctx, k, Entry{Payload: json.RawMessage(`{"t":31}`)}, ttl); err != nil {
			t.Fatal(err)
		}
		pttl, err := b.client.PTTL(ctx, s.redisKey(k)).Result()
		if err != nil {
			t.Fatal(err)
		}
		if pttl <= ttl || pttl > ttl+staleFor {
			t.Errorf("redis PTTL = %v, want in (%v, %v]", pttl, ttl, ttl+staleFor)
		}

		steps := []struct {
			advance time.Duration
			want    State
		}{
			{0, Fresh},
			{ttl - time.Millisecond, Fresh},
			{time.Millisecond, Stale}, // exactly at ExpiresAt
			{staleFor - time.Millisecond, Stale},
			{time.Millisecond, Miss}, // stale window over, key still in Redis
		}
		for i, st := range steps {
			clk.Add(st.advance)
			got, err := s.Get(ctx, k)
			if err != nil {
				t.Fatalf("step %d: %v", i, err)
			}
			if got.State != st.want {
				t.Errorf("step %d (+%v): state = %v, want %v", i, st.advance, got.State, st.want)
			}
			if got.State == Stale && !(got.Entry.Provenance.Stale && got.Entry.Provenance.CacheHit) {
				t.Errorf("step %d: stale entry provenance = %+v, want Stale and CacheHit set", i, got.Entry.Provenance)
			}
		}
		if n, _ := b.client.Exists(ctx, s.redisKey(k)).Result(); n != 1 {
			t.Errorf("key gone before Redis expiry (exists = %d)", n)
		}
		b.advance(ttl + staleFor + 100*time.Millisecond)
		if n, _ := b.client.Exists(ctx, s.redisKey(k)).Result(); n != 0 {
			t.Errorf("key still in Redis after ttl+StaleFor (exists = %d)", n)
		}
	})
}

func TestPutOldFacts(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		clk := newClock()
		s := newTestStore(t, b, Options{Now: clk.Now, StaleFor: time.Hour})
		ctx := context.Background()
		// Fetched 90 minutes ago with a 1 h ttl: stale, and kept 30 more minutes.
		old := Key{"guide", "old"}
		if err := s.Put(ctx, old, Entry{Payload: json.RawMessage(`1`), Provenance: orchestrator.Provenance{FetchedAt: clk.Now().Add(-90 * time.Minute)}}, time.Hour); err != nil {
			t.Fatal(err)
		}
		pttl, err := b.client.PTTL(ctx, s.redisKey(old)).Result()
		if err != nil || pttl <= 29*time.Minute || pttl > 30*time.Minute {
			t.Errorf("PTTL = %v, %v; want about 30m", pttl, err)
		}
		if got, _ := s.Get(ctx, old); got.State != Stale {
			t.Errorf("state = %v, want stale", got.State)
		}
		// Past its stale window already: not written.
		older := Key{"guide", "older"}
		if err := s.Put(ctx, older, Entry{Payload: json.RawMessage(`1`), Provenance: orchestrator.Provenance{FetchedAt: clk.Now().Add(-3 * time.Hour)}}, time.Hour); err != nil {
			t.Fatal(err)
		}
		if n, _ := b.client.Exists(ctx, s.redisKey(older)).Result(); n != 0 {
			t.Error("entry past its stale window was written")
		}
		if got := s.Stats().Writes; got != 1 {
			t.Errorf("Writes = %d, want 1", got)
		}
	})
}

// TestLookupOneRoundTrip checks that a Lookup of many keys is one MGET, or
// one pipeline of GETs on the cluster path.
func TestLookupOneRoundTrip(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		s := newTestStore(t, b, Options{})
		ctx := context.Background()
		keys := make([]Key, 64)
		for i := range keys {
			keys[i] = Key{"poi", fmt.Sprintf("h%02d", i)}
			if i%2 == 0 {
				if err := s.Put(ctx, keys[i], Entry{Payload: json.RawMessage(fmt.Sprint(i))}, time.Hour); err != nil {
					t.Fatal(err)
				}
			}
		}
		rec := &opRecorder{}
		b.client.AddHook(rec)
		got, err := s.Lookup(ctx, keys)
		if err != nil {
			t.Fatal(err)
		}
		ops := rec.take()
		t.Logf("Lookup of %d keys sent %.60q", len(keys), ops)
		want := "mget"
		if s.pipeline {
			want = "pipeline:get" + strings.Repeat(",get", len(keys)-1)
		}
		if len(ops) != 1 || ops[0] != want {
			t.Errorf("Lookup of %d keys sent %d operations %.80q, want exactly one %.40q", len(keys), len(ops), ops, want)
		}
		for i, l := range got {
			wantState := Miss
			if i%2 == 0 {
				wantState = Fresh
			}
			if l.State != wantState || (wantState == Fresh && string(l.Entry.Payload) != fmt.Sprint(i)) {
				t.Errorf("result %d = %v %s, want %v %d (results must align with keys)", i, l.State, l.Entry.Payload, wantState, i)
			}
		}
	})
}

func TestCorruptEntryIsMiss(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		var logs logBuffer
		s := newTestStore(t, b, Options{Logger: logs.logger()})
		ctx := context.Background()
		good := Key{"guide", "good"}
		if err := s.Put(ctx, good, Entry{Payload: json.RawMessage(`"ok"`)}, time.Hour); err != nil {
			t.Fatal(err)
		}
		raw := map[string]string{
			"garbage":    "not json at all",
			"truncated":  `{"payload":{"a":1`,
			"wrongtype":  `{"payload":1,"expires_at":42}`,
			"empty":      `{}`,
			"nopayload":  `{"expires_at":"2099-01-01T00:00:00Z"}`,
			"noexpiry":   `{"payload":1}`,
			"jsonstring": `"hello"`,
		}
		goodValue, err := b.client.Get(ctx, s.redisKey(good)).Result()
		if err != nil {
			t.Fatal(err)
		}
		raw["checksum"] = strings.Replace(goodValue, `"ok"`, `"ko"`, 1)
		raw["cut"] = goodValue[:len(goodValue)-3]
		keys := []Key{good}
		for _, name := range slices.Sorted(maps.Keys(raw)) {
			v := raw[name]
			k := Key{"guide", name}
			keys = append(keys, k)
			if err := b.client.Set(ctx, s.redisKey(k), v, time.Hour).Err(); err != nil {
				t.Fatal(err)
			}
		}
		got, err := s.Lookup(ctx, keys)
		if err != nil {
			t.Fatalf("Lookup: %v (corrupt entries must be misses, not errors)", err)
		}
		if got[0].State != Fresh {
			t.Errorf("good entry: state %v, want fresh", got[0].State)
		}
		for i, l := range got[1:] {
			if l.State != Miss {
				t.Errorf("%s: state %v, want miss", keys[i+1].Hash, l.State)
			}
		}
		if one, err := s.Get(ctx, Key{"guide", "garbage"}); err != nil || one.State != Miss {
			t.Errorf("Get garbage = %v, %v; want miss, nil", one.State, err)
		}
		st := s.Stats()
		if n := uint64(len(raw) + 1); st.Corrupt != n || st.Misses != n {
			t.Errorf("Corrupt, Misses = %d, %d; want %d, %d", st.Corrupt, st.Misses, n, n)
		}
		if got := strings.Count(logs.String(), "undecodable entry"); got != len(raw)+1 {
			t.Errorf("logged %d undecodable entries, want %d:\n%s", got, len(raw)+1, logs.String())
		}
	})
}

func TestLookupRedisDown(t *testing.T) {
	mr := miniredis.RunT(t)
	c := redis.NewClient(&redis.Options{Addr: mr.Addr(), MaxRetries: -1})
	defer c.Close()
	s := New(c, &Options{Logger: discardLogger()})
	mr.Close()
	ctx := context.Background()
	if _, err := s.Lookup(ctx, []Key{{"a", "b"}}); err == nil {
		t.Error("Lookup with Redis down: no error")
	}
	if _, err := s.Get(ctx, Key{"a", "b"}); err == nil {
		t.Error("Get with Redis down: no error")
	}
	if err := s.Put(ctx, Key{"a", "b"}, Entry{Payload: json.RawMessage(`1`)}, time.Hour); err == nil {
		t.Error("Put with Redis down: no error")
	}
	if err := s.Ping(ctx); err == nil {
		t.Error("Ping with Redis down: no error")
	}
	if got := s.Stats().Errors; got != 3 {
		t.Errorf("Errors = %d, want 3", got)
	}
}

func TestStats(t *testing.T) {
	mr := miniredis.RunT(t)
	b := &backend{name: "miniredis", client: redis.NewClient(&redis.Options{Addr: mr.Addr()}), mr: mr}
	t.Cleanup(func() { _ = b.client.Close() })
	clk := newClock()
	s := newTestStore(t, b, Options{Now: clk.Now})
	ctx := context.Background()
	payload := json.RawMessage(`{"x":1}`)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(s.Put(ctx, Key{"k", "fresh"}, Entry{Payload: payload}, time.Hour))
	must(s.Put(ctx, Key{"k", "stale"}, Entry{Payload: payload, Provenance: orchestrator.Provenance{FetchedAt: clk.Now().Add(-2 * time.Hour)}}, time.Hour))
	must(b.client.Set(ctx, s.redisKey(Key{"k", "corrupt"}), "{", 0).Err())
	_, err := s.Lookup(ctx, []Key{{"k", "fresh"}, {"k", "stale"}, {"k", "corrupt"}, {"k", "absent"}})
	must(err)
	_, err = s.Fetch(ctx, Key{"k", "fetched"}, time.Hour, func(context.Context) (json.RawMessage, orchestrator.Provenance, error) {
		return payload, orchestrator.Provenance{Source: "test"}, nil
	})
	must(err)
	_, err = s.Fetch(ctx, Key{"k", "failed"}, time.Hour, func(context.Context) (json.RawMessage, orchestrator.Provenance, error) {
		return nil, orchestrator.Provenance{}, errors.New("upstream down")
	})
	if err == nil {
		t.Fatal("failed fetch: no error")
	}
	s.Revalidate(Key{"k", "stale"}, time.Hour, func(context.Context) (json.RawMessage, orchestrator.Provenance, error) {
		return payload, orchestrator.Provenance{Source: "test"}, nil
	})
	must(s.Close())

	got := s.Stats()
	want := Stats{Hits: 1, Misses: 2, Stale: 1, Corrupt: 1, Fetches: 3, Coalesced: 0, Writes: 4, Errors: 1, Revalidations: 1}
	if got != want {
		t.Errorf("Stats = %+v, want %+v", got, want)
	}
}
