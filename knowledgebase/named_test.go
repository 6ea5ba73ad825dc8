package knowledgebase_test

import (
	"context"
	"encoding/json"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	"github.com/tripweave/tripweave/knowledgebase"
)

// TestFetchNamed: a named fact is fetched once by concurrent callers, then
// read while fresh, and fetched again once its TTL ends.
func TestFetchNamed(t *testing.T) {
	mr := miniredis.RunT(t)
	now := time.Date(2026, 12, 7, 4, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	s := knowledgebase.New(redis.NewClient(&redis.Options{Addr: mr.Addr()}), &knowledgebase.Options{Now: clock})
	defer s.Close()
	var fetches atomic.Int64
	fetch := func(context.Context) (json.RawMessage, error) {
		fetches.Add(1)
		time.Sleep(10 * time.Millisecond)
		return json.RawMessage(`{"days":[1,2,3]}`), nil
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			v, at, err := s.FetchNamed(context.Background(), "climate", "city:chengdu|3y", time.Hour, fetch)
			if err != nil || string(v) != `{"days":[1,2,3]}` || !at.Equal(now) {
				t.Errorf("FetchNamed = %s, %v, %v", v, at, err)
			}
		})
	}
	wg.Wait()
	if n := fetches.Load(); n != 1 {
		t.Errorf("%d fetches by 8 concurrent callers, want 1", n)
	}
	if _, _, err := s.FetchNamed(context.Background(), "climate", "city:chengdu|3y", time.Hour, fetch); err != nil || fetches.Load() != 1 {
		t.Errorf("fresh fact fetched again (%d fetches, %v)", fetches.Load(), err)
	}
	if k := knowledgebase.NamedKey("climate", "city:chengdu|3y"); !mr.Exists("kb:v1:climate:" + k.Hash) {
		t.Errorf("no Redis key kb:v1:climate:%s; have %v", k.Hash, mr.Keys())
	}
	now = now.Add(2 * time.Hour)
	if _, _, err := s.FetchNamed(context.Background(), "climate", "city:chengdu|3y", time.Hour, fetch); err != nil || fetches.Load() != 2 {
		t.Errorf("expired fact: %d fetches, %v; want a second fetch", fetches.Load(), err)
	}
}
