package datatools

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// countingGuides answers after release is closed, counting calls.
type countingGuides struct {
	calls   atomic.Int32
	release chan struct{}
	fail    atomic.Bool
}

func (c *countingGuides) Guide(ctx context.Context, city, lang string, near *orchestrator.GeoPoint) (orchestrator.Guide, error) {
	c.calls.Add(1)
	<-c.release
	if c.fail.Load() {
		return orchestrator.Guide{}, errors.New("down")
	}
	return orchestrator.Guide{Title: city + "/" + lang}, nil
}

func TestGuideMemo(t *testing.T) {
	src := &countingGuides{release: make(chan struct{})}
	now := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	m := newGuideMemo(src, time.Minute, clock)
	near := &orchestrator.GeoPoint{Lat: 30.66667, Lon: 104.06667}

	// Three tools asking at once share one fetch.
	var wg sync.WaitGroup
	for range 3 {
		wg.Go(func() {
			if g, err := m.Guide(context.Background(), "Chengdu", "en", near); err != nil || g.Title != "Chengdu/en" {
				t.Errorf("guide %+v, %v", g, err)
			}
		})
	}
	for src.calls.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	close(src.release)
	wg.Wait()
	if n := src.calls.Load(); n != 1 {
		t.Fatalf("%d fetches for three concurrent callers, want 1", n)
	}
	// Remembered within the TTL (the canonical city is the key), not after;
	// another language or place is another guide.
	m.Guide(context.Background(), "chengdu", "en", &orchestrator.GeoPoint{Lat: 30.667, Lon: 104.0667})
	if n := src.calls.Load(); n != 1 {
		t.Errorf("%d fetches within the TTL, want 1", n)
	}
	m.Guide(context.Background(), "chengdu", "zh", near)
	m.Guide(context.Background(), "chengdu", "en", nil)
	if n := src.calls.Load(); n != 3 {
		t.Errorf("%d fetches, want 3 (zh and no point are other guides)", n)
	}
	mu.Lock()
	now = now.Add(2 * time.Minute)
	mu.Unlock()
	m.Guide(context.Background(), "chengdu", "en", near)
	if n := src.calls.Load(); n != 4 {
		t.Errorf("%d fetches after the TTL, want 4", n)
	}
	// Errors are not remembered.
	src.fail.Store(true)
	if _, err := m.Guide(context.Background(), "Lhasa", "en", nil); err == nil {
		t.Fatal("want the source's error")
	}
	src.fail.Store(false)
	if _, err := m.Guide(context.Background(), "Lhasa", "en", nil); err != nil {
		t.Errorf("error remembered: %v", err)
	}
	// A caller whose context ends stops waiting.
	slow := &countingGuides{release: make(chan struct{})}
	m = newGuideMemo(slow, time.Minute, clock)
	go m.Guide(context.Background(), "Kyoto", "en", nil)
	for slow.calls.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := m.Guide(ctx, "Kyoto", "en", nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled waiter: %v", err)
	}
	close(slow.release)
}
