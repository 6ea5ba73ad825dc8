package ginserver_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/hibiken/asynq"

	"github.com/tripweave/tripweave/knowledgebase/kbtest"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/ginserver"
	"github.com/tripweave/tripweave/orchestrator/adapters/prewarmq"
)

func TestPrewarmEndpoints(t *testing.T) {
	c, _ := kbtest.Client(t)
	opts := prewarmq.Options{Queue: kbtest.Name("test_api_prewarm"), Prefix: kbtest.Prefix(t, c, "api_prewarm")}
	t.Cleanup(func() {
		_ = asynq.NewInspectorFromRedisClient(c).DeleteQueue(opts.Queue, true)
		kbtest.Delete(c, "asynq:{"+opts.Queue+"}:")
	})
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	srv := httptest.NewServer(ginserver.New(ginserver.Config{Store: &memStore{}, Logger: logger, Prewarm: prewarmq.New(c, &opts)}).Handler())
	defer srv.Close()

	resp, data := post(t, srv.URL+"/v1/prewarm", `{"cities": ["Kyoto", "Lisbon", "Kyoto"], "kinds": ["geocode", "guide"], "job": "job_api"}`)
	if resp.StatusCode != http.StatusAccepted || resp.Header.Get("Location") != "/v1/prewarm/job_api" {
		t.Fatalf("POST /v1/prewarm: %d %s %v", resp.StatusCode, data, resp.Header)
	}
	var st orchestrator.PrewarmStatus
	if code := getJSON(t, srv.URL+"/v1/prewarm/job_api", &st); code != http.StatusOK || st.Total != 4 || st.State != "running" || st.Pending != 4 {
		t.Errorf("GET /v1/prewarm/job_api = %d %+v, want 4 pending tasks", code, st)
	}
	for _, tc := range []struct{ body, field string }{
		{`{"cities": []}`, "cities"},
		{`{"cities": ["Kyoto"], "language": "fr"}`, "language"},
		{`{"cities": ["Kyoto"], "kinds": ["weather"]}`, "kinds[0]"},
		{`{"cities": ["Kyoto"], "city": "x"}`, "city"},
	} {
		resp, data := post(t, srv.URL+"/v1/prewarm", tc.body)
		if resp.StatusCode != http.StatusBadRequest || !contains(data, `"field":"`+tc.field+`"`) {
			t.Errorf("POST %s = %d %s, want 400 naming %s", tc.body, resp.StatusCode, data, tc.field)
		}
	}
	var e errorResp
	if code := getJSON(t, srv.URL+"/v1/prewarm/pw_unknown", &e); code != http.StatusNotFound {
		t.Errorf("unknown job: %d", code)
	}

	bare := httptest.NewServer(ginserver.New(ginserver.Config{Store: &memStore{}, Logger: logger}).Handler())
	defer bare.Close()
	if resp, _ := post(t, bare.URL+"/v1/prewarm", `{"cities": ["Kyoto"]}`); resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("without a queue: %d, want 503", resp.StatusCode)
	}
}

func contains(data []byte, s string) bool { return strings.Contains(string(data), s) }
