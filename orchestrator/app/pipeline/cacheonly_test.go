package pipeline

import (
	"fmt"
	"testing"

	"github.com/tripweave/tripweave/decision"
	"github.com/tripweave/tripweave/orchestrator"
)

// TestCacheOnlyErrorsKeptBounded checks that a hub leg the cache cannot
// answer gets the same error, worded once, and that the errors kept are
// bounded (cacheOnlyErrsSize).
func TestCacheOnlyErrorsKeptBounded(t *testing.T) {
	s := New(nil, nil, nil, Options{})
	leg := func(i int) *node {
		st := orchestrator.TransportSubtask("chengdu", fmt.Sprintf("hub%d", i))
		st.Speculative = true
		return &node{svc: s, st: &st, strategy: &decision.Strategy{}}
	}
	first, again := leg(0).unavailable(), leg(0).unavailable()
	if first != again {
		t.Errorf("the same hub leg's errors differ: %v, %v", first, again)
	}
	if got, want := orchestrator.ErrorMessage(first), "connections through chengdu → hub0 come from imported data only"; got != want {
		t.Errorf("message: got %q, want %q", got, want)
	}
	if code := orchestrator.ErrorCode(first); code != orchestrator.EUNAVAILABLE {
		t.Errorf("code: got %s, want %s", code, orchestrator.EUNAVAILABLE)
	}
	for i := range 2 * cacheOnlyErrsSize {
		leg(i).unavailable()
	}
	if n := s.cacheOnlyErrs.Len(); n != cacheOnlyErrsSize {
		t.Errorf("errors kept: got %d, want the bound %d", n, cacheOnlyErrsSize)
	}
}
