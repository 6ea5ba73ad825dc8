package breaker

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

var down = &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: "connection refused"}

func newSet() (*Set, *clock) {
	c := &clock{t: time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)}
	return New(Options{Threshold: 3, CoolDown: 30 * time.Second, SlowCall: 5 * time.Second, Now: c.now}), c
}

func call(t *testing.T, s *Set, ctx context.Context, err error) bool {
	t.Helper()
	done, ok := s.Allow("render_itinerary")
	if ok {
		done(ctx, err)
	}
	return ok
}

func state(s *Set) string {
	for _, st := range s.Snapshot() {
		if st.Name == "render_itinerary" {
			return st.State
		}
	}
	return "none"
}

func TestCancelledCallersNeverOpen(t *testing.T) {
	s, _ := newSet()
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	short, cancel2 := context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel2()
	<-short.Done()
	for range 100 {
		call(t, s, cancelled, &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: "call canceled"})
		call(t, s, short, &orchestrator.UpstreamError{Type: orchestrator.ETIMEOUT, Message: "deadline"})
	}
	if got := state(s); got != "closed" {
		t.Errorf("after 200 impatient callers: %s, want closed", got)
	}
}

func TestSlowUpstreamAtTheDeadlineCounts(t *testing.T) {
	s, c := newSet()
	ctx, cancel := context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	<-ctx.Done()
	for range 3 {
		done, ok := s.Allow("render_itinerary")
		if !ok {
			t.Fatal("refused while closed")
		}
		c.add(6 * time.Second) // the upstream used more than SlowCall
		done(ctx, ctx.Err())
	}
	if got := state(s); got != "open" {
		t.Errorf("after 3 slow calls: %s, want open", got)
	}
}

func TestHalfOpenSingleProbe(t *testing.T) {
	s, c := newSet()
	bg := context.Background()
	for i := range 3 {
		if !call(t, s, bg, down) {
			t.Fatalf("call %d refused while closed", i)
		}
	}
	if state(s) != "open" || call(t, s, bg, nil) {
		t.Fatalf("after 3 failures: %s and a call passed", state(s))
	}
	if !s.Unusable()["render_itinerary"] {
		t.Error("open circuit not reported unusable")
	}
	c.add(31 * time.Second)
	if s.Unusable()["render_itinerary"] || state(s) != "half_open" {
		t.Fatalf("after the cool-down: unusable %v, state %s", s.Unusable(), state(s))
	}
	probe, ok := s.Allow("render_itinerary")
	if !ok {
		t.Fatal("the probe was refused")
	}
	for range 10 { // everyone else waits for the probe
		if call(t, s, bg, nil) {
			t.Fatal("a second call passed while the probe runs")
		}
	}
	if !s.Unusable()["render_itinerary"] {
		t.Error("probing circuit not reported unusable")
	}
	probe(bg, down) // the provider is still down: open again
	if state(s) != "open" {
		t.Fatalf("failed probe: %s, want open", state(s))
	}
	c.add(31 * time.Second)
	// A probe whose caller left teaches nothing: the next call probes.
	cancelled, cancel := context.WithCancel(bg)
	cancel()
	if !call(t, s, cancelled, down) || state(s) != "half_open" {
		t.Fatalf("cancelled probe: %s", state(s))
	}
	if !call(t, s, bg, nil) || state(s) != "closed" {
		t.Fatalf("successful probe: %s, want closed", state(s))
	}
	st := s.Snapshot()[0]
	if st.Opened != 2 || st.Refused != 11 {
		t.Errorf("snapshot %+v, want opened 2, refused 11", st)
	}
}

func TestUpstreamAnswersResetTheCount(t *testing.T) {
	s, _ := newSet()
	bg := context.Background()
	for range 10 {
		call(t, s, bg, down)
		call(t, s, bg, down)
		call(t, s, bg, &orchestrator.UpstreamError{Type: orchestrator.ENOTFOUND, Message: "no such city"})
	}
	if got := state(s); got != "closed" {
		t.Errorf("failures never 3 in a row: %s, want closed", got)
	}
}
