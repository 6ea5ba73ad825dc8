package ginserver

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/tripweave/tripweave/orchestrator"
)

// DefaultHeartbeat is the interval of heartbeat events on a progress stream.
const DefaultHeartbeat = 10 * time.Second

// Progress stream events, in the order they come: brief once, then
// node_started and node_finished per DAG node as they happen (heartbeat
// every Config.Heartbeat in between), then note per plan note and plan —
// or error instead of notes and plan.
const (
	EventBrief        = "brief"
	EventNodeStarted  = "node_started"
	EventNodeFinished = "node_finished"
	EventNote         = "note"
	EventPlan         = "plan"
	EventError        = "error"
	EventHeartbeat    = "heartbeat"
)

// StreamNode is a DAG node announced by the brief event.
type StreamNode struct {
	ID   string            `json:"id"`
	Kind orchestrator.Kind `json:"kind"`
	Deps []string          `json:"deps,omitempty"`
}

// BriefEvent is the data of the brief event: the normalized brief and the
// nodes the run will execute.
type BriefEvent struct {
	Brief orchestrator.Brief `json:"brief"`
	Query string             `json:"query,omitempty"`
	Nodes []StreamNode       `json:"nodes"`
}

// NodeEvent is the data of node_started and node_finished. Route is the
// route the node was sent to; on node_finished it is the route that
// answered. Status is ok, unavailable, failed, timeout or canceled.
type NodeEvent struct {
	Node     string            `json:"node"`
	Kind     orchestrator.Kind `json:"kind"`
	Route    string            `json:"route"`
	CacheHit bool              `json:"cache_hit,omitempty"`
	MS       float64           `json:"ms,omitempty"`
	Status   string            `json:"status,omitempty"`
	Error    string            `json:"error,omitempty"`
}

// PlanEvent is the data of the plan event.
type PlanEvent struct {
	ID     string             `json:"id"`
	Status string             `json:"status"`
	Links  map[string]string  `json:"links"`
	Plan   *orchestrator.Plan `json:"plan"`
}

// ErrorEvent is the data of the error event: the error body the JSON API
// would have answered, with its HTTP status.
type ErrorEvent struct {
	Status int `json:"status"`
	errorDetail
}

func wantsStream(c *gin.Context) bool {
	switch c.Query("stream") {
	case "1", "true":
		return true
	}
	return false
}

type sseEvent struct {
	name string
	data any
}

// streamPlan answers POST /v1/plans/stream and POST /v1/plans?stream=1 as
// Server-Sent Events. Bad input and questions are answered as by POST
// /v1/plans, before the stream starts. When the client goes away the run's
// context is cancelled, so its nodes stop; the handler still waits for the
// planner to return.
func (s *Server) streamPlan(c *gin.Context) {
	a, fromBrief, ok := s.admitPlan(c)
	if !ok {
		return
	}
	ctx, cancel := context.WithCancel(c.Request.Context())
	defer cancel()

	b := a.Brief.Brief()
	subtasks := orchestrator.Decompose(&b)
	nodes := make([]StreamNode, 0, len(subtasks))
	for _, st := range subtasks {
		nodes = append(nodes, StreamNode{ID: st.ID, Kind: st.Kind, Deps: st.Deps})
	}

	events := make(chan sseEvent, 64)
	send := func(ev sseEvent) {
		select {
		case events <- ev:
		case <-ctx.Done():
		}
	}
	progress := &orchestrator.Progress{
		Started: func(node string, kind orchestrator.Kind, route string) {
			send(sseEvent{EventNodeStarted, NodeEvent{Node: node, Kind: kind, Route: route}})
		},
		Finished: func(d orchestrator.NodeDone) {
			ev := NodeEvent{Node: d.Node, Kind: d.Kind, Route: d.Route, CacheHit: d.CacheHit,
				MS: float64(d.Duration.Microseconds()) / 1000, Status: nodeStatus(d.Err)}
			if d.Err != nil {
				ev.Error = orchestrator.ErrorMessage(d.Err)
			}
			send(sseEvent{EventNodeFinished, ev})
		},
	}

	h := c.Writer.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
	h.Set("X-Content-Type-Options", "nosniff")
	c.Status(http.StatusOK)
	sw := &sseWriter{c: c}
	if !sw.event(EventBrief, BriefEvent{Brief: b, Query: a.Query, Nodes: nodes}) {
		cancel()
	}

	type result struct {
		plan *orchestrator.Plan
		err  error
	}
	done := make(chan result, 1)
	rid := c.GetString(requestIDKey)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- result{err: orchestrator.Recovered(orchestrator.WithRequestID(ctx, rid), s.log, "http stream", r)}
			}
		}()
		o, err := s.intake.Run(ctx, a, progress, false)
		if err != nil {
			done <- result{err: err}
			return
		}
		done <- result{o.Plan, nil}
	}()

	start := time.Now()
	tick := time.NewTicker(s.cfg.Heartbeat)
	defer tick.Stop()
	for {
		select {
		case ev := <-events:
			if !sw.event(ev.name, ev.data) {
				cancel() // the client is gone: stop the run
			}
		case <-tick.C:
			if !sw.event(EventHeartbeat, map[string]int64{"elapsed_ms": time.Since(start).Milliseconds()}) {
				cancel()
			}
		case r := <-done:
			// Every hook has returned before Plan does: what is buffered is
			// all there is.
			for more := true; more; {
				select {
				case ev := <-events:
					sw.event(ev.name, ev.data)
				default:
					more = false
				}
			}
			s.finishStream(c, sw, r.plan, r.err, fromBrief)
			return
		}
	}
}

func (s *Server) finishStream(c *gin.Context, sw *sseWriter, plan *orchestrator.Plan, err error, fromBrief bool) {
	if err == nil && plan == nil {
		err = errors.New("planner returned no plan")
	}
	if err != nil {
		if fromBrief {
			err = prefixField("brief", err)
		}
		code := orchestrator.ErrorCode(err)
		status, ok := statusOf[code]
		if !ok {
			status = http.StatusInternalServerError
		}
		if status >= 500 && code != orchestrator.ECANCELED {
			s.log.ErrorContext(c.Request.Context(), "streamed plan failed", "request_id", c.GetString(requestIDKey), "code", code, "err", err)
		}
		detail := errorDetail{Code: code, Message: orchestrator.ErrorMessage(err),
			Field: orchestrator.ErrorField(err), RequestID: c.GetString(requestIDKey)}
		var du *orchestrator.DataUnavailableError
		if errors.As(err, &du) {
			detail.Missing, detail.Hint = du.Missing, du.Hint
		}
		sw.event(EventError, ErrorEvent{Status: status, errorDetail: detail})
		return
	}
	for _, n := range plan.Notes {
		sw.event(EventNote, n)
	}
	base := "/v1/plans/" + plan.ID
	links := map[string]string{"json": base, "html": base + ".html", "md": base + ".md", "geojson": base + ".geojson", "trace": base + "/trace"}
	if plan.Itinerary != nil {
		links["ics"] = base + ".ics"
	}
	sw.event(EventPlan, PlanEvent{ID: plan.ID, Status: plan.Status, Links: links, Plan: plan})
}

// nodeStatus names how a node ended.
func nodeStatus(err error) string {
	switch {
	case err == nil:
		return "ok"
	case errors.Is(err, context.Canceled):
		return "canceled"
	case errors.Is(err, context.DeadlineExceeded):
		return "timeout"
	}
	switch orchestrator.ErrorCode(err) {
	case orchestrator.EUNAVAILABLE:
		return "unavailable"
	case orchestrator.ECANCELED:
		return "canceled"
	case orchestrator.ETIMEOUT:
		return "timeout"
	}
	return "failed"
}

// sseWriter writes Server-Sent Events and flushes each one. After a write
// fails (the client is gone) it writes nothing more.
type sseWriter struct {
	c      *gin.Context
	broken bool
}

// event writes one event whose data is v as one line of JSON; it reports
// whether the client still reads.
func (w *sseWriter) event(name string, v any) bool {
	if w.broken {
		return false
	}
	data, err := json.Marshal(v)
	if err != nil {
		data, _ = json.Marshal(errorDetail{Code: orchestrator.EINTERNAL, Message: "internal error"})
		name = EventError
	}
	buf := make([]byte, 0, len(name)+len(data)+16)
	buf = append(buf, "event: "...)
	buf = append(buf, name...)
	buf = append(buf, "\ndata: "...)
	buf = append(buf, data...)
	buf = append(buf, "\n\n"...)
	if _, err := w.c.Writer.Write(buf); err != nil {
		w.broken = true
		return false
	}
	w.c.Writer.Flush()
	if w.c.Request.Context().Err() != nil {
		w.broken = true
		return false
	}
	return true
}
