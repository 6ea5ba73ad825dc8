// Package tracing exports OpenTelemetry traces over OTLP/HTTP when the
// standard OTEL_* variables ask for it, and carries trace context across
// the processes a plan crosses: the API, the agents server (MCP over HTTP,
// in the request's _meta), and pre-warm workers (asynq task headers).
//
// Off by default: with no OTEL_EXPORTER_OTLP_ENDPOINT or
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (or with OTEL_SDK_DISABLED=true or
// OTEL_TRACES_EXPORTER=none) Setup installs nothing, Enabled reports false
// and every helper returns at once, so the hot path pays one atomic load.
package tracing

import (
	"context"
	"os"
	"strings"
	"sync/atomic"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/trace"
)

// instrumentation is the tracer's name.
const instrumentation = "github.com/tripweave/tripweave"

var (
	enabled atomic.Bool
	tracer  atomic.Pointer[trace.Tracer]
	prop    = propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{})
)

// Enabled reports whether traces are exported.
func Enabled() bool { return enabled.Load() }

// Configured reports whether getenv asks for trace export.
func Configured(getenv func(string) string) bool {
	if strings.EqualFold(getenv("OTEL_SDK_DISABLED"), "true") || strings.EqualFold(getenv("OTEL_TRACES_EXPORTER"), "none") {
		return false
	}
	return getenv("OTEL_EXPORTER_OTLP_ENDPOINT") != "" || getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") != ""
}

// Setup starts exporting traces over OTLP/HTTP as the OTEL_* variables
// configure it (endpoint, headers, timeout, OTEL_SERVICE_NAME, sampler),
// naming the service service unless OTEL_SERVICE_NAME does. When they ask
// for nothing it does nothing. The returned shutdown flushes the spans
// still queued; call it once at exit.
func Setup(ctx context.Context, service string) (shutdown func(context.Context) error, err error) {
	noop := func(context.Context) error { return nil }
	if !Configured(os.Getenv) {
		return noop, nil
	}
	exp, err := otlptracehttp.New(ctx)
	if err != nil {
		return noop, err
	}
	if v := os.Getenv("OTEL_SERVICE_NAME"); v != "" {
		service = v
	}
	res, err := resource.Merge(resource.Default(), resource.NewSchemaless(attribute.String("service.name", service)))
	if err != nil {
		return noop, err
	}
	tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(exp), sdktrace.WithResource(res))
	otel.SetTracerProvider(tp)
	otel.SetTextMapPropagator(prop)
	t := tp.Tracer(instrumentation)
	tracer.Store(&t)
	enabled.Store(true)
	return func(ctx context.Context) error {
		enabled.Store(false)
		return tp.Shutdown(ctx)
	}, nil
}

// Start starts a span named name under ctx's span when tracing is on; off,
// it returns ctx and a span that does nothing (no allocation).
func Start(ctx context.Context, name string, opts ...trace.SpanStartOption) (context.Context, trace.Span) {
	if !enabled.Load() {
		return ctx, trace.SpanFromContext(context.Background())
	}
	return (*tracer.Load()).Start(ctx, name, opts...)
}

// End ends span, recording err as its status when not nil.
func End(span trace.Span, err error) {
	if !span.IsRecording() {
		return
	}
	if err != nil {
		span.RecordError(err)
		span.SetStatus(codes.Error, err.Error())
	}
	span.End()
}

// Inject writes ctx's trace context into carrier (nil when tracing is off
// or ctx has no span).
func Inject(ctx context.Context) map[string]string {
	if !enabled.Load() || !trace.SpanContextFromContext(ctx).IsValid() {
		return nil
	}
	c := propagation.MapCarrier{}
	prop.Inject(ctx, c)
	return c
}

// Extract returns ctx carrying the trace context of carrier, as a remote
// parent for the spans started under it.
func Extract(ctx context.Context, carrier map[string]string) context.Context {
	if !enabled.Load() || len(carrier) == 0 {
		return ctx
	}
	return prop.Extract(ctx, propagation.MapCarrier(carrier))
}
