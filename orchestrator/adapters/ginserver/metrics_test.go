package ginserver

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestRequestSeriesBounded checks that the request series kept by their
// labels are those of matched routes only: a client's made-up methods on
// unmatched paths are counted but not kept.
func TestRequestSeriesBounded(t *testing.T) {
	m := NewMetrics()
	for i := 0; i < 100; i++ {
		m.observeRequest("M"+strings.Repeat("X", i), unmatchedRoute, http.StatusNotFound, time.Millisecond)
		m.observeRequest(http.MethodGet, "/v1/plans/:id", http.StatusOK, time.Millisecond)
	}
	m.observeRequest(http.MethodGet, "/v1/plans/:id", http.StatusNotFound, time.Millisecond)
	kept := 0
	m.requestSeries.Range(func(any, any) bool { kept++; return true })
	if kept != 2 {
		t.Errorf("series kept: got %d, want 2 (one per matched route, method and status)", kept)
	}
	w := httptest.NewRecorder()
	m.Handler().ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	body := w.Body.String()
	for _, want := range []string{
		`tripweave_http_request_duration_seconds_count{method="GET",route="/v1/plans/:id",status="200"} 100`,
		`tripweave_http_request_duration_seconds_count{method="MXX",route="unmatched",status="404"} 1`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
}
