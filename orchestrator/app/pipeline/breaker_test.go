package pipeline_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/app/pipeline"
	"github.com/tripweave/tripweave/orchestrator/platform/breaker"
)

func circuit(b *breaker.Set, tool string) string {
	for _, st := range b.Snapshot() {
		if st.Name == tool {
			return st.State
		}
	}
	return "closed"
}

// TestImpatientClientsCannotOpenACircuit runs plans whose callers give up
// (cancel, or a deadline far below the provider's time) while the weather
// provider is merely slow: well over the threshold of calls end because
// their callers left, yet the circuit stays closed, and the next patient
// plan gets its weather. Each plan asks for other dates, so each is a fetch
// of its own whatever the knowledge cache coalesces.
func TestImpatientClientsCannotOpenACircuit(t *testing.T) {
	const threshold = 3
	b := breaker.New(breaker.Options{Threshold: threshold})
	f := newFixture(t, pipeline.Options{Breaker: b})
	slow := make(chan struct{})
	entered := make(chan struct{}, 1)
	var mu sync.Mutex
	givenUp := 0
	f.tools.fns["weather"] = func(ctx context.Context, _ map[string]any) (any, error) {
		select {
		case entered <- struct{}{}:
		default:
		}
		select {
		case <-slow:
			return map[string]any{"days": []any{}}, nil
		case <-ctx.Done():
			mu.Lock()
			givenUp++
			mu.Unlock()
			return nil, &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: "call canceled"}
		}
	}
	count := func() int {
		mu.Lock()
		defer mu.Unlock()
		return givenUp
	}
	// Plans one after another, half ending at their deadline and half
	// cancelled by their caller once the weather call is under way, until
	// more calls than the threshold were given up. (On a loaded machine a
	// deadline can pass before the call starts: that plan does not count.)
	for i := 0; count() <= threshold+1 && i < 200; i++ {
		select {
		case <-entered:
		default:
		}
		ctx, cancel := context.WithCancel(context.Background())
		br := brief(t)
		br.StartDate = time.Date(2026, 6, 12+i%15, 0, 0, 0, 0, time.UTC).Format("2006-01-02")
		br.EndDate = ""
		if err := br.Normalize(f.clk.Now()); err != nil {
			t.Fatal(err)
		}
		req := pipeline.Request{Brief: br}
		stop := make(chan struct{})
		if i%2 == 0 {
			req.Deadline = 30 * time.Millisecond
		} else {
			go func() {
				select {
				case <-entered:
				case <-stop:
				case <-time.After(5 * time.Second):
				}
				cancel()
			}()
		}
		_, _, _ = f.svc.Plan(ctx, req)
		close(stop)
		cancel()
	}
	n := count()
	if n <= threshold {
		t.Fatalf("only %d weather calls were given up by their callers, want more than the threshold %d", n, threshold)
	}
	if got := circuit(b, "weather"); got != "closed" {
		t.Fatalf("after %d given-up calls the weather circuit is %s, want closed", n, got)
	}
	close(slow)
	plan, _, err := f.svc.Plan(context.Background(), pipeline.Request{Brief: brief(t)})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range plan.Notes {
		if n.Kind == orchestrator.KindWeather && n.Code == orchestrator.EUNAVAILABLE {
			t.Errorf("weather still unavailable: %+v", n)
		}
	}
}

// TestDeadProviderOpensThenProbes checks that a failing provider opens its
// circuit (later plans stop calling it), and that after the cool-down one
// probe closes it again once the provider is back.
func TestDeadProviderOpensThenProbes(t *testing.T) {
	var clk func() time.Time
	b := breaker.New(breaker.Options{Threshold: 2, CoolDown: 30 * time.Second, Now: func() time.Time { return clk() }})
	f := newFixture(t, pipeline.Options{Breaker: b})
	clk = f.clk.Now
	var mu sync.Mutex
	up := false
	f.tools.fns["weather"] = func(context.Context, map[string]any) (any, error) {
		mu.Lock()
		defer mu.Unlock()
		if !up {
			return nil, &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: "open-meteo answered 502", Retryable: true}
		}
		return map[string]any{"days": []any{}}, nil
	}
	if _, _, err := f.svc.Plan(context.Background(), pipeline.Request{Brief: brief(t)}); err != nil {
		t.Fatal(err)
	}
	if got := circuit(b, "weather"); got != "open" {
		t.Fatalf("after 2 failed attempts: %s, want open", got)
	}
	calls := f.tools.count("weather")
	if _, _, err := f.svc.Plan(context.Background(), pipeline.Request{Brief: brief(t)}); err != nil {
		t.Fatal(err)
	}
	if got := f.tools.count("weather"); got != calls {
		t.Errorf("an open circuit let %d calls through", got-calls)
	}
	mu.Lock()
	up = true
	mu.Unlock()
	f.clk.Add(31 * time.Second)
	if _, _, err := f.svc.Plan(context.Background(), pipeline.Request{Brief: brief(t)}); err != nil {
		t.Fatal(err)
	}
	if got := f.tools.count("weather") - calls; got != 1 {
		t.Errorf("half-open: %d calls, want exactly one probe", got)
	}
	if got := circuit(b, "weather"); got != "closed" {
		t.Errorf("after a good probe: %s, want closed", got)
	}
}
