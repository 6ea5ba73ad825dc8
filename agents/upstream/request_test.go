package upstream

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
)

func TestDoPostResendsBodyAndHeaders(t *testing.T) {
	var mu sync.Mutex
	var bodies, auths, accepts, methods []string
	s := &script{steps: sl(status(503, "busy"), func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"ok":true}`)
	})}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		bodies = append(bodies, string(b))
		auths = append(auths, r.Header.Get("Authorization"))
		accepts = append(accepts, r.Header.Get("Accept"))
		methods = append(methods, r.Method)
		mu.Unlock()
		s.ServeHTTP(w, r)
	}))
	defer srv.Close()
	c, slept := testClient(Options{})
	var v struct{ OK bool }
	err := c.DoJSON(context.Background(), Request{
		Method: http.MethodPost,
		URL:    srv.URL,
		Header: http.Header{"Authorization": {"Bearer t"}, "accept": {"application/vnd.x+json"}},
		Body:   []byte(`{"data":1}`),
	}, &v)
	if err != nil {
		t.Fatal(err)
	}
	if !v.OK {
		t.Error("OK = false, want true")
	}
	want := []string{`{"data":1}`, `{"data":1}`}
	if strings.Join(bodies, "|") != strings.Join(want, "|") {
		t.Errorf("bodies = %q, want %q", bodies, want)
	}
	for i := range methods {
		if methods[i] != "POST" || auths[i] != "Bearer t" || accepts[i] != "application/vnd.x+json" {
			t.Errorf("attempt %d: method %s, Authorization %q, Accept %q", i, methods[i], auths[i], accepts[i])
		}
	}
	if got := slept.got(); len(got) != 1 || got[0] != DefaultBaseDelay {
		t.Errorf("sleeps = %v, want [%v]", got, DefaultBaseDelay)
	}
}

func TestCheckBody(t *testing.T) {
	tests := []struct {
		name      string
		bodies    []string
		wantType  string
		wantRetry bool
		wantHits  int32
	}{
		{name: "accepted", bodies: []string{`{"status":"1"}`}, wantHits: 1},
		{name: "permanent", bodies: []string{`{"status":"0","infocode":"10001"}`}, wantType: orchestrator.EAUTH, wantHits: 1},
		{name: "retried then ok", bodies: []string{`{"status":"0","infocode":"10021"}`, `{"status":"1"}`}, wantHits: 2},
		{name: "retried out", bodies: []string{`{"status":"0","infocode":"10021"}`}, wantType: orchestrator.ERATELIMITED, wantRetry: false, wantHits: 3},
		{name: "untyped is bad_response", bodies: []string{`{"status":"x"}`}, wantType: orchestrator.EBADRESPONSE, wantHits: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var steps []func(http.ResponseWriter, *http.Request)
			for _, b := range tt.bodies {
				steps = append(steps, status(200, b))
			}
			s := &script{steps: steps}
			srv := httptest.NewServer(s)
			defer srv.Close()
			c, _ := testClient(Options{Provider: "amap", CheckBody: func(body []byte) *orchestrator.UpstreamError {
				switch {
				case strings.Contains(string(body), `"status":"1"`):
					return nil
				case strings.Contains(string(body), "10001"):
					return &orchestrator.UpstreamError{Type: orchestrator.EAUTH, Message: "INVALID_USER_KEY"}
				case strings.Contains(string(body), "10021"):
					return &orchestrator.UpstreamError{Type: orchestrator.ERATELIMITED, Message: "CUQPS", Retryable: true}
				}
				return &orchestrator.UpstreamError{Message: "unknown status"}
			}})
			body, err := c.Get(context.Background(), srv.URL, nil)
			if got := s.hits.Load(); got != tt.wantHits {
				t.Errorf("hits = %d, want %d", got, tt.wantHits)
			}
			if tt.wantType == "" {
				if err != nil || !strings.Contains(string(body), `"status":"1"`) {
					t.Fatalf("Get = %s, %v; want the accepted body", body, err)
				}
				return
			}
			ue := upstreamErr(t, err)
			if ue.Type != tt.wantType || ue.Retryable != tt.wantRetry || ue.Provider != "amap" {
				t.Errorf("error = %+v, want type %s retryable %v provider amap", ue, tt.wantType, tt.wantRetry)
			}
		})
	}
}

func TestDoInvalidURL(t *testing.T) {
	c, _ := testClient(Options{})
	_, err := c.Do(context.Background(), Request{Method: http.MethodPost, URL: "ftp://x"})
	if ue := upstreamErr(t, err); ue.Type != orchestrator.EINVALIDARG {
		t.Errorf("type = %s, want invalid_argument", ue.Type)
	}
}
