package ginserver_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator/adapters/ginserver"
	"github.com/tripweave/tripweave/templates"
	"github.com/tripweave/tripweave/templates/templatestest"
)

// newDocServer serves pl with the real renderer (nil when withRenderer is
// false) and the plans stored in st.
func newDocServer(t *testing.T, pl ginserver.Planner, st *memStore, withRenderer bool, heartbeat time.Duration) *httptest.Server {
	t.Helper()
	var r *templates.Renderer
	if withRenderer {
		var err error
		if r, err = templates.New(); err != nil {
			t.Fatal(err)
		}
	}
	s := ginserver.New(ginserver.Config{
		Planner: pl, Store: st, Parser: parser{}, Renderer: r, Heartbeat: heartbeat,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Now:    func() time.Time { return time.Date(2026, 6, 1, 4, 0, 0, 0, time.UTC) },
	})
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	return srv
}

func get(t *testing.T, url string, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp, data
}

func TestPlanDocuments(t *testing.T) {
	st := &memStore{}
	plan, partial := templatestest.Plan("en"), templatestest.Partial()
	_ = st.SavePlan(context.Background(), plan, nil)
	_ = st.SavePlan(context.Background(), partial, nil)
	srv := newDocServer(t, &planner{store: st}, st, true, 0)
	r, _ := templates.New()
	etag := templates.ETag(plan)

	for _, f := range templates.Formats {
		resp, body := get(t, srv.URL+"/v1/plans/"+plan.ID+"."+string(f), nil)
		want, _ := r.RenderBytes(plan, f)
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != f.ContentType() || string(body) != string(want) {
			t.Errorf("%s: got %d %s and %d bytes, want 200 %s and %d bytes", f, resp.StatusCode, resp.Header.Get("Content-Type"), len(body), f.ContentType(), len(want))
		}
		if resp.Header.Get("ETag") != etag || resp.Header.Get("Cache-Control") != ginserver.DocumentCacheControl {
			t.Errorf("%s: ETag %q Cache-Control %q", f, resp.Header.Get("ETag"), resp.Header.Get("Cache-Control"))
		}
	}
	resp, _ := get(t, srv.URL+"/v1/plans/"+plan.ID+".html", nil)
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'none'") {
		t.Errorf("html CSP %q", csp)
	}
	resp, _ = get(t, srv.URL+"/v1/plans/"+plan.ID+".ics", nil)
	if cd := resp.Header.Get("Content-Disposition"); cd != `attachment; filename="`+plan.ID+`.ics"` {
		t.Errorf("ics Content-Disposition %q", cd)
	}

	for _, c := range []struct {
		ifNoneMatch string
		status      int
	}{
		{etag, http.StatusNotModified},
		{"W/" + etag, http.StatusNotModified},
		{`"other", ` + etag, http.StatusNotModified},
		{"*", http.StatusNotModified},
		{`"other"`, http.StatusOK},
		{strings.Trim(etag, `"`), http.StatusOK}, // unquoted: not the same tag
	} {
		resp, body := get(t, srv.URL+"/v1/plans/"+plan.ID+".md", map[string]string{"If-None-Match": c.ifNoneMatch})
		if resp.StatusCode != c.status {
			t.Errorf("If-None-Match %s: got %d, want %d", c.ifNoneMatch, resp.StatusCode, c.status)
		}
		if c.status == http.StatusNotModified && (len(body) != 0 || resp.Header.Get("ETag") != etag || resp.Header.Get("Cache-Control") == "") {
			t.Errorf("304 with %d bytes, ETag %q, Cache-Control %q", len(body), resp.Header.Get("ETag"), resp.Header.Get("Cache-Control"))
		}
	}

	for _, c := range []struct {
		path   string
		status int
		code   string
	}{
		{"/v1/plans/" + partial.ID + ".ics", http.StatusUnprocessableEntity, "unprocessable"},
		{"/v1/plans/" + partial.ID + ".html", http.StatusOK, ""},
		{"/v1/plans/pl_missing.html", http.StatusNotFound, "not_found"},
		{"/v1/plans/" + plan.ID + ".pdf", http.StatusNotFound, "not_found"},
		{"/v1/plans/bad.id.html", http.StatusNotFound, "not_found"},
		{"/v1/plans/" + plan.ID, http.StatusOK, ""},
	} {
		resp, body := get(t, srv.URL+c.path, nil)
		if resp.StatusCode != c.status || (c.code != "" && !strings.Contains(string(body), `"code":"`+c.code+`"`)) {
			t.Errorf("%s: got %d %.200s, want %d %s", c.path, resp.StatusCode, body, c.status, c.code)
		}
		if c.code != "" && resp.Header.Get("ETag") != "" {
			t.Errorf("%s: an error with an ETag", c.path)
		}
	}

	bare := newDocServer(t, &planner{store: st}, st, false, 0)
	if resp, body := get(t, bare.URL+"/v1/plans/"+plan.ID+".html", nil); resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("without a renderer: %d %s", resp.StatusCode, body)
	}
}
