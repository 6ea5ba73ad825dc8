package openmeteo_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tripweave/tripweave/agents/openmeteo"
	"github.com/tripweave/tripweave/agents/standin"
	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/orchestrator"
)

// countingKnowledge is a MemoryKnowledge that counts the fetches it runs.
type countingKnowledge struct {
	*openmeteo.MemoryKnowledge
	fetches atomic.Int64
}

func (k *countingKnowledge) FetchNamed(ctx context.Context, kind, name string, ttl time.Duration, fetch func(context.Context) (json.RawMessage, error)) (json.RawMessage, time.Time, error) {
	return k.MemoryKnowledge.FetchNamed(ctx, kind, name, ttl, func(ctx context.Context) (json.RawMessage, error) {
		k.fetches.Add(1)
		return fetch(ctx)
	})
}

func standinClient(t *testing.T, srv *standin.Server, now time.Time, k openmeteo.Knowledge) *openmeteo.Client {
	t.Helper()
	return openmeteo.New(openmeteo.Options{
		ForecastURL: srv.URL + "/om/v1/forecast", ArchiveURL: srv.URL + "/om/v1/archive",
		Now: func() time.Time { return now }, Knowledge: k,
		Upstream: upstream.Options{Retries: -1, Limit: upstream.Limit{Concurrent: 4}, Quotas: []upstream.Quota{}},
	})
}

// TestKnowledgeSlicesLikeRanges: with a Knowledge, any date range of a place
// gives the numbers the per-range requests give — forecast days from the
// 16-day window, climate estimates from the year's normals — after two
// provider calls per place (one forecast window, one archive span), and
// none at all for the next ranges.
func TestKnowledgeSlicesLikeRanges(t *testing.T) {
	now := time.Date(2026, 12, 7, 4, 0, 0, 0, time.UTC)
	srv, err := standin.Start(&standin.Options{Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	k := &countingKnowledge{MemoryKnowledge: openmeteo.NewMemoryKnowledge(func() time.Time { return now })}
	byRange := standinClient(t, srv, now, nil)
	byPlace := standinClient(t, srv, now, k)
	lat, lon := standin.Place("Chengdu")
	ctx := context.Background()
	today := time.Date(2026, 12, 7, 0, 0, 0, 0, time.UTC)
	// The anniversary of the archive's last day (today−7) splits a range
	// between two year sets in the per-range estimate: ranges that span it
	// are compared elsewhere.
	anniversary := today.AddDate(1, 0, -7)
	compared := 0
	for offset := -3; offset < 420; offset += 3 {
		for _, days := range []int{1, 3, 7} {
			s := today.AddDate(0, 0, offset)
			e := s.AddDate(0, 0, days-1)
			if !s.After(anniversary) && e.After(anniversary) {
				continue
			}
			if !s.After(anniversary.AddDate(-1, 0, 0)) && e.After(anniversary.AddDate(-1, 0, 0)) {
				continue
			}
			want, err := byRange.Forecast(ctx, lat, lon, s.Format(orchestrator.DateLayout), e.Format(orchestrator.DateLayout))
			if err != nil {
				t.Fatalf("by range %s+%d: %v", s.Format(orchestrator.DateLayout), days, err)
			}
			before, known := srv.Total(), k.fetches.Load() == 2
			got, err := byPlace.Forecast(ctx, lat, lon, s.Format(orchestrator.DateLayout), e.Format(orchestrator.DateLayout))
			if err != nil {
				t.Fatalf("by place %s+%d: %v", s.Format(orchestrator.DateLayout), days, err)
			}
			if known && offset >= 0 && srv.Total() != before {
				t.Errorf("%s+%d: %d provider calls with the place known, want 0", s.Format(orchestrator.DateLayout), days, srv.Total()-before)
			}
			gb, _ := json.Marshal(got)
			wb, _ := json.Marshal(want)
			if string(gb) != string(wb) {
				t.Fatalf("%s+%d days:\n got %s\nwant %s", s.Format(orchestrator.DateLayout), days, gb, wb)
			}
			compared++
		}
	}
	if n := k.fetches.Load(); n != 2 {
		t.Errorf("knowledge fetched %d times, want 2 (one window, one climate)", n)
	}
	t.Logf("%d ranges compared; stand-in calls %v", compared, srv.Calls())
}

// TestKnowledgeFeb29 checks February 29's normal against the per-range
// estimate, which averages March 1 of the years without one.
func TestKnowledgeFeb29(t *testing.T) {
	now := time.Date(2027, 6, 1, 4, 0, 0, 0, time.UTC)
	srv, err := standin.Start(&standin.Options{Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	lat, lon := standin.Place("Suzhou")
	for _, r := range [][2]string{{"2028-02-27", "2028-03-02"}, {"2028-12-30", "2029-01-02"}} {
		want, err := standinClient(t, srv, now, nil).Forecast(context.Background(), lat, lon, r[0], r[1])
		if err != nil {
			t.Fatal(err)
		}
		got, err := standinClient(t, srv, now, openmeteo.NewMemoryKnowledge(nil)).Forecast(context.Background(), lat, lon, r[0], r[1])
		if err != nil {
			t.Fatal(err)
		}
		gb, _ := json.Marshal(got)
		wb, _ := json.Marshal(want)
		if string(gb) != string(wb) {
			t.Errorf("%v:\n got %s\nwant %s", r, gb, wb)
		}
	}
}

// TestKnowledgeFallsBackToRanges: a provider that refuses the normals' span
// or the window (a 400) is asked per range instead.
func TestKnowledgeFallsBackToRanges(t *testing.T) {
	now := time.Date(2026, 12, 7, 4, 0, 0, 0, time.UTC)
	srv, err := standin.Start(&standin.Options{Now: func() time.Time { return now.AddDate(-3, 0, 0) }})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	lat, lon := standin.Place("Wuhan")
	_, err = standinClient(t, srv, now, openmeteo.NewMemoryKnowledge(nil)).Forecast(context.Background(), lat, lon, "2027-02-01", "2027-02-03")
	if err == nil || !strings.Contains(err.Error(), "out of allowed range") {
		t.Fatalf("err = %v, want the per-range request's out-of-range error", err)
	}
}

// TestMemoryKnowledgeShares: concurrent callers of one key share one fetch;
// a failed fetch is not kept.
func TestMemoryKnowledgeShares(t *testing.T) {
	k := openmeteo.NewMemoryKnowledge(nil)
	var fetches atomic.Int64
	release := make(chan struct{})
	fetch := func(context.Context) (json.RawMessage, error) {
		fetches.Add(1)
		<-release
		return json.RawMessage(`{}`), nil
	}
	done := make(chan error, 8)
	for range 8 {
		go func() {
			_, _, err := k.FetchNamed(context.Background(), openmeteo.KindClimate, "x", time.Hour, fetch)
			done <- err
		}()
	}
	time.Sleep(20 * time.Millisecond)
	close(release)
	for range 8 {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	if n := fetches.Load(); n != 1 {
		t.Errorf("%d fetches, want 1", n)
	}
	failing := func(context.Context) (json.RawMessage, error) { return nil, context.DeadlineExceeded }
	if _, _, err := k.FetchNamed(context.Background(), openmeteo.KindClimate, "y", time.Hour, failing); err == nil {
		t.Fatal("a failed fetch succeeded")
	}
	if _, _, err := k.FetchNamed(context.Background(), openmeteo.KindClimate, "y", time.Hour, fetch); err != nil || fetches.Load() != 2 {
		t.Errorf("after a failure: %d fetches, %v; want the fetch retried", fetches.Load(), err)
	}
}
