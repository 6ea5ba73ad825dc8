package tripindex

import (
	"fmt"
	"sync"
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
)

func attractions(ref string, names ...string) *orchestrator.Sourced[[]orchestrator.Attraction] {
	s := &orchestrator.Sourced[[]orchestrator.Attraction]{Ref: ref}
	for i, n := range names {
		s.Value = append(s.Value, orchestrator.Attraction{ID: fmt.Sprintf("a%d", i), Name: n})
	}
	return s
}

func TestFindLastOfDuplicates(t *testing.T) {
	s := attractions("", "拙政园", "留园", "虎丘")
	s.Value[2].ID = "a0"
	for _, ref := range []string{"", "sha256:dup"} {
		s.Ref = ref
		x := AttractionsOf(s)
		if got, ok := x.Find("a0"); !ok || got != 2 {
			t.Errorf("ref %q: Find(a0) = %d, %v, want 2, true", ref, got, ok)
		}
		if _, ok := x.Find("zz"); ok {
			t.Errorf("ref %q: Find(zz) found", ref)
		}
	}
	var nilIndex *Attractions
	if _, ok := nilIndex.Find("a0"); ok {
		t.Error("a nil index finds an ID")
	}
	if AttractionsOf(nil) != nil || RestaurantsOf(nil) != nil || HotelsOf(nil) != nil {
		t.Error("a nil catalog has an index")
	}
}

func TestSharedOnlyWithRef(t *testing.T) {
	shared := attractions("sha256:shared", "拙政园")
	if AttractionsOf(shared) != AttractionsOf(shared) {
		t.Error("a catalog with a Ref is indexed twice")
	}
	fresh := attractions("", "拙政园")
	if AttractionsOf(fresh) == AttractionsOf(fresh) {
		t.Error("a catalog without a Ref is shared")
	}
}

func TestResolveRemembers(t *testing.T) {
	for _, ref := range []string{"", "sha256:resolve"} {
		s := attractions(ref, "苏州博物馆", "拙政园", "留园")
		for range 2 {
			if got := Resolve(s, "拙政园景区"); got != 1 {
				t.Errorf("ref %q: Resolve(拙政园景区) = %d, want 1", ref, got)
			}
			if got := Resolve(s, "Eiffel Tower"); got != -1 {
				t.Errorf("ref %q: Resolve(Eiffel Tower) = %d, want -1", ref, got)
			}
		}
	}
}

func TestCacheBounded(t *testing.T) {
	c := newCache(3)
	for i := range 10 {
		c.get(key{kindHotels, fmt.Sprint(i)}, func(bool) any { return i })
	}
	if n := c.len(); n != 3 {
		t.Fatalf("%d entries kept, want 3", n)
	}
	if got := c.get(key{kindHotels, "9"}, func(bool) any { return -1 }); got != 9 {
		t.Errorf("the newest entry was evicted: %v", got)
	}
	if got := c.get(key{kindHotels, "0"}, func(bool) any { return -1 }); got != -1 {
		t.Errorf("the oldest entry was kept: %v", got)
	}
}

// Concurrent plans build and read the same indexes; run with -race.
func TestConcurrentUse(t *testing.T) {
	leg := &orchestrator.Sourced[orchestrator.TransportLeg]{Ref: "sha256:leg", Value: orchestrator.TransportLeg{
		From: "Shanghai", To: " Chengdu ", Options: []orchestrator.TransportOption{{ID: "G1"}, {ID: "G2"}}}}
	s := attractions("sha256:concurrent", "苏州博物馆", "拙政园", "留园")
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 50 {
				if j, ok := AttractionsOf(s).Find("a2"); !ok || j != 2 {
					t.Errorf("Find(a2) = %d, %v", j, ok)
				}
				if f := AttractionsOf(s).Facts(i%3, &s.Value[i%3]); f.Core != AttractionFactsOf(&s.Value[i%3]).Core {
					t.Errorf("Facts(%d).Core = %q", i%3, f.Core)
				}
				if got := Resolve(s, fmt.Sprintf("留园%d", i%3)); got != 2 {
					t.Errorf("Resolve = %d, want 2", got)
				}
				o := OptionsOf(leg)
				if j, ok := o.Find("G2"); !ok || j != 1 || o.From != "shanghai" || o.To != "chengdu" {
					t.Errorf("OptionsOf = %+v", o)
				}
			}
		}()
	}
	wg.Wait()
}

// HotelsFirstOf finds the first of a duplicated ID (as a scan that stops
// at the first match does), HotelsOf the last, with a Ref or without.
func TestHotelsFirstOfDuplicates(t *testing.T) {
	s := &orchestrator.Sourced[[]orchestrator.Accommodation]{Value: []orchestrator.Accommodation{
		{ID: "h0"}, {ID: "h1"}, {ID: "h0"}, {ID: "h2"},
	}}
	for _, ref := range []string{"", "sha256:hotels-first"} {
		s.Ref = ref
		if got, ok := HotelsFirstOf(s).Find("h0"); !ok || got != 0 {
			t.Errorf("ref %q: HotelsFirstOf Find(h0) = %d, %v, want 0, true", ref, got, ok)
		}
		if got, ok := HotelsOf(s).Find("h0"); !ok || got != 2 {
			t.Errorf("ref %q: HotelsOf Find(h0) = %d, %v, want 2, true", ref, got, ok)
		}
		if got, ok := HotelsFirstOf(s).Find("h2"); !ok || got != 3 {
			t.Errorf("ref %q: HotelsFirstOf Find(h2) = %d, %v, want 3, true", ref, got, ok)
		}
		if _, ok := HotelsFirstOf(s).Find("zz"); ok {
			t.Errorf("ref %q: Find(zz) found", ref)
		}
	}
	if HotelsFirstOf(nil) != nil {
		t.Error("a nil catalog has an index")
	}
}
