package tracing_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/hibiken/asynq"
	"go.opentelemetry.io/otel/trace"

	"github.com/tripweave/tripweave/knowledgebase/kbtest"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/prewarmq"
	"github.com/tripweave/tripweave/orchestrator/app/pipeline"
	"github.com/tripweave/tripweave/orchestrator/platform/tracing"
	"github.com/tripweave/tripweave/orchestrator/platform/tracing/tracingtest"
)

// tracedWarmer records the trace each task runs under and starts a span
// of its own there, as the pipeline's nodes do.
type tracedWarmer struct {
	mu     sync.Mutex
	traces []trace.TraceID
}

func (w *tracedWarmer) PrewarmKinds(ctx context.Context, city, _ string, _ []orchestrator.Kind) pipeline.PrewarmResult {
	_, span := tracing.Start(ctx, "warm "+city)
	span.End()
	w.mu.Lock()
	w.traces = append(w.traces, trace.SpanContextFromContext(ctx).TraceID())
	w.mu.Unlock()
	return pipeline.PrewarmResult{City: city, Subtasks: 1, Fetched: 1}
}

func (w *tracedWarmer) seen() []trace.TraceID {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]trace.TraceID(nil), w.traces...)
}

// TestTraceThroughAsynq enqueues a pre-warm job under a traced context,
// runs a worker over real Redis, and checks at an OTLP/HTTP receiver that
// the worker's spans (the task's and the warmer's) belong to the
// enqueuer's trace, the task's span a child of the enqueuing span.
func TestTraceThroughAsynq(t *testing.T) {
	rcv := &tracingtest.Receiver{}
	otlp := httptest.NewServer(rcv)
	defer otlp.Close()
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", otlp.URL)
	t.Setenv("OTEL_SDK_DISABLED", "")
	t.Setenv("OTEL_TRACES_EXPORTER", "")
	t.Setenv("OTEL_TRACES_SAMPLER", "always_on")
	ctx := context.Background()
	shutdown, err := tracing.Setup(ctx, "asynq-test")
	if err != nil || !tracing.Enabled() {
		t.Fatalf("Setup: enabled %v, %v", tracing.Enabled(), err)
	}
	flushed := false
	defer func() {
		if !flushed {
			_ = shutdown(ctx)
		}
	}()

	c, _ := kbtest.Client(t)
	opts := prewarmq.Options{Queue: kbtest.Name("test_trace"), Prefix: kbtest.Prefix(t, c, "trace"), MaxRetry: 1}
	t.Cleanup(func() {
		if err := asynq.NewInspectorFromRedisClient(c).DeleteQueue(opts.Queue, true); err != nil {
			t.Logf("delete queue %s: %v", opts.Queue, err)
		}
		kbtest.Delete(c, "asynq:{"+opts.Queue+"}:")
	})
	q := prewarmq.New(c, &opts)
	defer q.Close()

	tctx, root := tracing.Start(ctx, "enqueue prewarm")
	want := root.SpanContext()
	if _, err := q.Enqueue(tctx, orchestrator.PrewarmJob{ID: "job_traced", Cities: []string{"Kyoto"}, Kinds: []orchestrator.Kind{orchestrator.KindGeocode}}); err != nil {
		t.Fatal(err)
	}
	root.End()

	var logs bytes.Buffer
	w := &tracedWarmer{}
	wk := prewarmq.NewWorker(c, w, &prewarmq.WorkerOptions{Options: opts, Concurrency: 1, PollInterval: 50 * time.Millisecond,
		AdoptEvery: -1, Logger: slog.New(slog.NewTextHandler(io.MultiWriter(&logs), nil))})
	wctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- wk.Run(wctx) }()
	deadline := time.Now().Add(20 * time.Second)
	for len(w.seen()) == 0 {
		if time.Now().After(deadline) {
			stop()
			t.Fatalf("the worker never ran the task; log:\n%s", logs.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	stop()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if got := w.seen()[0]; got != want.TraceID() {
		t.Errorf("the warmer ran under trace %s, want the enqueuer's %s", got, want.TraceID())
	}
	flushed = true
	if err := shutdown(ctx); err != nil {
		t.Fatalf("flush spans: %v", err)
	}

	var task, warm, enqueue bool
	for _, sp := range rcv.Spans() {
		if trace.TraceID(sp.TraceId) != want.TraceID() {
			continue
		}
		switch sp.Name {
		case "enqueue prewarm":
			enqueue = true
		case "prewarm " + prewarmq.TaskWarm:
			task = true
			if trace.SpanID(sp.ParentSpanId) != want.SpanID() {
				t.Errorf("task span's parent %x, want the enqueuing span %s", sp.ParentSpanId, want.SpanID())
			}
		case "warm Kyoto":
			warm = true
		}
	}
	if !enqueue || !task || !warm {
		var names []string
		for _, sp := range rcv.Spans() {
			names = append(names, sp.Name+"@"+trace.TraceID(sp.TraceId).String())
		}
		t.Fatalf("spans of trace %s at the receiver: enqueue %v, task %v, warm %v; received %v", want.TraceID(), enqueue, task, warm, names)
	}
}
