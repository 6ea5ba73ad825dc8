package tracing

import (
	"context"
	"testing"
)

// TestOffByDefault: with no OTEL_* variables Setup installs nothing and
// the helpers do nothing: no recording span, no context to carry, no
// allocation on the hot path.
func TestOffByDefault(t *testing.T) {
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "")
	t.Setenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "")
	shutdown, err := Setup(context.Background(), "x")
	if err != nil || Enabled() {
		t.Fatalf("Setup without OTEL_*: enabled %v, %v", Enabled(), err)
	}
	defer shutdown(context.Background())
	ctx := context.Background()
	if allocs := testing.AllocsPerRun(100, func() {
		c, span := Start(ctx, "node weather")
		End(span, nil)
		_ = Inject(c)
	}); allocs != 0 {
		t.Errorf("tracing off allocates %v per span", allocs)
	}
	for _, env := range []map[string]string{
		{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:4318", "OTEL_SDK_DISABLED": "true"},
		{"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://127.0.0.1:4318/v1/traces", "OTEL_TRACES_EXPORTER": "none"},
	} {
		if Configured(func(k string) string { return env[k] }) {
			t.Errorf("%v: configured, want off", env)
		}
	}
	if !Configured(func(k string) string { return map[string]string{"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://x"}[k] }) {
		t.Error("a traces endpoint does not turn tracing on")
	}
}
