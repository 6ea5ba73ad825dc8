// Package tracingtest holds an OTLP/HTTP trace receiver for tests: point
// OTEL_EXPORTER_OTLP_ENDPOINT at it and read back the spans exported.
package tracingtest

import (
	"io"
	"net/http"
	"slices"
	"sync"

	collectortrace "go.opentelemetry.io/proto/otlp/collector/trace/v1"
	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"
	"google.golang.org/protobuf/proto"
)

// Receiver is an OTLP/HTTP trace endpoint (POST /v1/traces, protobuf)
// keeping the spans it receives. The zero value is ready; it is safe for
// concurrent use.
type Receiver struct {
	mu    sync.Mutex
	spans []*tracepb.Span
}

// ServeHTTP takes one export request.
func (r *Receiver) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(req.Body)
	var ex collectortrace.ExportTraceServiceRequest
	if req.URL.Path != "/v1/traces" || proto.Unmarshal(body, &ex) != nil {
		http.Error(w, "bad export", http.StatusBadRequest)
		return
	}
	r.mu.Lock()
	for _, rs := range ex.ResourceSpans {
		for _, ss := range rs.ScopeSpans {
			r.spans = append(r.spans, ss.Spans...)
		}
	}
	r.mu.Unlock()
	out, _ := proto.Marshal(&collectortrace.ExportTraceServiceResponse{})
	w.Header().Set("Content-Type", "application/x-protobuf")
	_, _ = w.Write(out)
}

// Spans returns the spans received so far, in order of arrival.
func (r *Receiver) Spans() []*tracepb.Span {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.spans)
}
