package ginserver_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/ginserver"
	"github.com/tripweave/tripweave/orchestrator/algorithms/dag"
	"github.com/tripweave/tripweave/orchestrator/app/pipeline"
)

// hookPlanner plays a run through the request's hooks: it starts and
// finishes the brief's first two subtasks, waits, and returns a plan with a
// note — or blocks until its context ends when block is set, recording why.
type hookPlanner struct {
	store *memStore
	wait  time.Duration
	block bool
	err   error

	mu       sync.Mutex
	ctxErr   error
	returned chan struct{}
}

func (p *hookPlanner) NewID() string { return "pl_stream" }

func (p *hookPlanner) Plan(ctx context.Context, req pipeline.Request) (*orchestrator.Plan, *orchestrator.Run, error) {
	defer close(p.returned)
	b := req.Brief
	sts := orchestrator.Decompose(&b)
	h := req.Progress
	h.Started(sts[0].ID, sts[0].Kind, "cache")
	h.Finished(orchestrator.NodeDone{Node: sts[0].ID, Kind: sts[0].Kind, Route: "cache", CacheHit: true, Duration: 1500 * time.Microsecond})
	h.Started(sts[1].ID, sts[1].Kind, "mcp")
	if p.block {
		<-ctx.Done()
		p.mu.Lock()
		p.ctxErr = ctx.Err()
		p.mu.Unlock()
		h.Finished(orchestrator.NodeDone{Node: sts[1].ID, Kind: sts[1].Kind, Route: "mcp", Err: &dag.NodeError{Node: sts[1].ID, Err: ctx.Err()}})
		return nil, nil, &orchestrator.Error{Code: orchestrator.ECANCELED, Message: "the request was cancelled"}
	}
	time.Sleep(p.wait)
	h.Finished(orchestrator.NodeDone{Node: sts[1].ID, Kind: sts[1].Kind, Route: "none", Duration: 2 * time.Millisecond,
		Err: &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: "no agent serves tool destination_guide yet"}})
	if p.err != nil {
		return nil, nil, p.err
	}
	plan := &orchestrator.Plan{ID: "pl_stream", Brief: req.Brief, Status: orchestrator.PlanPartial,
		Notes: []orchestrator.Note{{Kind: orchestrator.KindGuide, Level: "info", Code: "unavailable", Message: "guide unavailable"}}}
	return plan, &orchestrator.Run{PlanID: plan.ID}, p.store.SavePlan(ctx, plan, nil)
}

type event struct {
	name string
	data string
}

// readEvents parses a text/event-stream body until it ends.
func readEvents(t *testing.T, resp *http.Response) []event {
	t.Helper()
	var out []event
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var cur event
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if cur.name != "" || cur.data != "" {
				out = append(out, cur)
			}
			cur = event{}
		case strings.HasPrefix(line, "event: "):
			cur.name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			cur.data += strings.TrimPrefix(line, "data: ")
		default:
			t.Errorf("unexpected line %q", line)
		}
	}
	return out
}

const streamBrief = `{"brief":{"destinations":["Chengdu"],"start_date":"2026-06-02","days":2}}`

func TestStreamPlan(t *testing.T) {
	for _, path := range []string{"/v1/plans/stream", "/v1/plans?stream=1"} {
		t.Run(path, func(t *testing.T) {
			st := &memStore{}
			pl := &hookPlanner{store: st, wait: 120 * time.Millisecond, returned: make(chan struct{})}
			srv := newDocServer(t, pl, st, true, 20*time.Millisecond)
			resp, err := http.Post(srv.URL+path, "application/json", strings.NewReader(streamBrief))
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/event-stream; charset=utf-8" {
				t.Fatalf("got %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
			}
			events := readEvents(t, resp)
			var names []string
			heartbeats := 0
			for _, e := range events {
				if e.name == ginserver.EventHeartbeat {
					heartbeats++
					continue
				}
				names = append(names, e.name)
				if !json.Valid([]byte(e.data)) {
					t.Errorf("%s data is not JSON: %s", e.name, e.data)
				}
			}
			want := "brief node_started node_finished node_started node_finished note plan"
			if got := strings.Join(names, " "); got != want {
				t.Errorf("events: got %s, want %s", got, want)
			}
			if heartbeats == 0 {
				t.Error("no heartbeat during a 120 ms run with a 20 ms interval")
			}
			var brief ginserver.BriefEvent
			_ = json.Unmarshal([]byte(events[0].data), &brief)
			if len(brief.Nodes) < 5 || brief.Nodes[0].Kind != orchestrator.KindGeocode || brief.Brief.Days != 2 {
				t.Errorf("brief event: %s", events[0].data)
			}
			var finished []ginserver.NodeEvent
			for _, e := range events {
				if e.name == ginserver.EventNodeFinished {
					var ne ginserver.NodeEvent
					_ = json.Unmarshal([]byte(e.data), &ne)
					finished = append(finished, ne)
				}
			}
			if f := finished[0]; f.Kind != orchestrator.KindGeocode || f.Route != "cache" || !f.CacheHit || f.MS != 1.5 || f.Status != "ok" {
				t.Errorf("first node_finished: %+v", f)
			}
			if f := finished[1]; f.Status != "unavailable" || f.Error != "no agent serves tool destination_guide yet" || f.CacheHit {
				t.Errorf("second node_finished: %+v", f)
			}
			var pe ginserver.PlanEvent
			_ = json.Unmarshal([]byte(events[len(events)-1].data), &pe)
			if pe.ID != "pl_stream" || pe.Links["html"] != "/v1/plans/pl_stream.html" || pe.Links["ics"] != "" || pe.Plan == nil || pe.Plan.Status != orchestrator.PlanPartial {
				t.Errorf("plan event: %+v", pe)
			}
		})
	}
}

func TestStreamErrors(t *testing.T) {
	st := &memStore{}
	pl := &hookPlanner{store: st, returned: make(chan struct{}),
		err: &orchestrator.Error{Code: orchestrator.EUNPROCESSABLE, Field: "destinations[0]", Message: "unknown city"}}
	srv := newDocServer(t, pl, st, true, time.Hour)

	// Bad input is answered before the stream starts, as by POST /v1/plans.
	resp, body := post(t, srv.URL+"/v1/plans/stream", `{"brief":{"destinations":[],"days":2}}`)
	if resp.StatusCode != http.StatusBadRequest || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		t.Errorf("bad input: %d %s %s", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
	// A failed plan ends the stream with an error event.
	resp, err := http.Post(srv.URL+"/v1/plans/stream", "application/json", strings.NewReader(streamBrief))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	events := readEvents(t, resp)
	last := events[len(events)-1]
	var ee ginserver.ErrorEvent
	_ = json.Unmarshal([]byte(last.data), &ee)
	if last.name != ginserver.EventError || ee.Status != http.StatusUnprocessableEntity || ee.Code != "unprocessable" || ee.Field != "brief.destinations[0]" || ee.RequestID == "" {
		t.Errorf("last event %s %s", last.name, last.data)
	}
}

// TestStreamDisconnectCancelsTheRun checks that a client leaving the stream
// cancels the context of the plan's run.
func TestStreamDisconnectCancelsTheRun(t *testing.T) {
	st := &memStore{}
	pl := &hookPlanner{store: st, block: true, returned: make(chan struct{})}
	srv := newDocServer(t, pl, st, true, time.Hour)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL+"/v1/plans/stream", strings.NewReader(streamBrief))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	// Read until the second node has started: the run is in flight.
	sc := bufio.NewScanner(resp.Body)
	started := 0
	for started < 2 && sc.Scan() {
		if sc.Text() == "event: "+ginserver.EventNodeStarted {
			started++
		}
	}
	if started < 2 {
		t.Fatalf("stream ended early: %v", sc.Err())
	}
	cancel()
	resp.Body.Close()
	select {
	case <-pl.returned:
	case <-time.After(5 * time.Second):
		t.Fatal("the planner is still running 5 s after the client left")
	}
	pl.mu.Lock()
	defer pl.mu.Unlock()
	if !errors.Is(pl.ctxErr, context.Canceled) {
		t.Errorf("planner context ended with %v, want context.Canceled", pl.ctxErr)
	}
}
