package lru

import (
	"sync"
	"sync/atomic"
	"testing"
)

func TestCacheBuildsOnceAndEvictsLeastRecent(t *testing.T) {
	var evicted []int
	c := New[string, int](2, func(v int) { evicted = append(evicted, v) })
	builds := 0
	get := func(k string, v int) int { return c.Get(k, func() int { builds++; return v }) }
	if get("a", 1) != 1 || get("b", 2) != 2 || get("a", 99) != 1 {
		t.Fatal("a hit must return the stored value")
	}
	if builds != 2 {
		t.Fatalf("builds = %d, want 2", builds)
	}
	get("c", 3) // b is least recently used
	if c.Len() != 2 || len(evicted) != 1 || evicted[0] != 2 {
		t.Fatalf("len %d, evicted %v; want 2 and [2]", c.Len(), evicted)
	}
	if get("b", 4) != 4 {
		t.Fatal("an evicted key is built again")
	}
}

func TestCacheConcurrentFirstStoredWins(t *testing.T) {
	c := New[int, *int](64, nil)
	var builds atomic.Int32
	var wg sync.WaitGroup
	got := make([]*int, 16)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = c.Get(7, func() *int { builds.Add(1); v := 7; return &v })
		}()
	}
	wg.Wait()
	first := c.Get(7, func() *int { t.Fatal("built after storing"); return nil })
	for _, p := range got {
		if p == nil || *p != 7 {
			t.Fatal("a caller got no value")
		}
	}
	if builds.Load() < 1 || c.Len() != 1 || first == nil {
		t.Fatalf("builds %d, len %d", builds.Load(), c.Len())
	}
}
