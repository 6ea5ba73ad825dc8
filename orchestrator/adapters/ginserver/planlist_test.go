package ginserver_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/ginserver"
	"github.com/tripweave/tripweave/orchestrator/adapters/sqlite"
	"github.com/tripweave/tripweave/orchestrator/adapters/storetest"
	"github.com/tripweave/tripweave/templates"
)

// The rest of memStore's PlanStore: enough for the handlers that do not
// list or delete; those are tested on the SQLite store below.

func (m *memStore) PlanJSON(ctx context.Context, id string) ([]byte, error) {
	p, err := m.Plan(ctx, id)
	if err != nil {
		return nil, err
	}
	return json.Marshal(p)
}

func (m *memStore) ListPlans(_ context.Context, f orchestrator.PlanFilter) (orchestrator.PlanPage, error) {
	if _, err := f.Validate(); err != nil {
		return orchestrator.PlanPage{}, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []orchestrator.PlanSummary
	for _, p := range m.plans {
		out = append(out, p.Summarize())
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID > out[j].ID })
	return orchestrator.NextPage(out, f.Limit), nil
}

func (m *memStore) DeletePlan(_ context.Context, id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.plans[id]; !ok {
		return orchestrator.Errorf(orchestrator.ENOTFOUND, "no plan %q", id)
	}
	delete(m.plans, id)
	return nil
}

func (m *memStore) DeletePlansBefore(context.Context, time.Time) (int, error) { return 0, nil }

func newListServer(t *testing.T) (*httptest.Server, orchestrator.PlanStore) {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "plans.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	r, err := templates.New()
	if err != nil {
		t.Fatal(err)
	}
	s := ginserver.New(ginserver.Config{
		Planner: &planner{store: &memStore{}}, Store: st, Renderer: r,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	return srv, st
}

func getJSON(t *testing.T, u string, v any) int {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("GET %s: %s: %v", u, data, err)
	}
	return resp.StatusCode
}

func TestListPlans(t *testing.T) {
	srv, st := newListServer(t)
	base := time.Date(2026, 12, 1, 8, 0, 0, 0, time.UTC)
	for i := range 7 {
		p := storetest.NewPlan(fmt.Sprintf("pl_%d", i), base.Add(time.Duration(i)*time.Hour), orchestrator.PlanStatuses[i%2])
		if err := st.SavePlan(context.Background(), p, nil); err != nil {
			t.Fatal(err)
		}
	}
	var ids []string
	next := srv.URL + "/v1/plans?limit=3&status=complete"
	for pages := 0; next != ""; pages++ {
		var page orchestrator.PlanPage
		if code := getJSON(t, next, &page); code != http.StatusOK {
			t.Fatalf("GET %s: %d", next, code)
		}
		for _, p := range page.Plans {
			ids = append(ids, p.ID)
		}
		next = ""
		if page.Next != "" {
			next = srv.URL + "/v1/plans?limit=3&status=complete&cursor=" + url.QueryEscape(page.Next)
		}
		if pages > 5 {
			t.Fatal("cursor does not advance")
		}
	}
	if got, want := fmt.Sprint(ids), "[pl_6 pl_4 pl_2 pl_0]"; got != want {
		t.Errorf("complete plans = %s, want %s", got, want)
	}

	var page orchestrator.PlanPage
	u := srv.URL + "/v1/plans?created_from=" + url.QueryEscape(base.Add(2*time.Hour).Format(time.RFC3339)) + "&created_to=2026-12-01T12:00:00%2B00:00"
	if code := getJSON(t, u, &page); code != http.StatusOK || len(page.Plans) != 2 || page.Plans[0].ID != "pl_3" || page.Plans[1].ID != "pl_2" {
		t.Errorf("GET %s = %d %+v, want pl_3, pl_2", u, code, page)
	}
	if code := getJSON(t, srv.URL+"/v1/plans?created_to=2026-12-01", &page); code != http.StatusOK || len(page.Plans) != 0 {
		t.Errorf("before the first plan = %d %+v, want an empty page", code, page)
	}

	for _, tc := range []struct{ query, field string }{
		{"limit=0", "limit"}, {"limit=x", "limit"}, {"limit=501", "limit"},
		{"status=done", "status"}, {"cursor=%21", "cursor"}, {"created_from=yesterday", "created_from"},
		{"created_from=2026-12-02&created_to=2026-12-01", "created_to"}, {"sort=asc", "sort"}, {"limit=1&limit=2", "limit"},
	} {
		var e errorResp
		if code := getJSON(t, srv.URL+"/v1/plans?"+tc.query, &e); code != http.StatusBadRequest || e.Error.Code != "invalid" || e.Error.Field != tc.field {
			t.Errorf("?%s = %d %+v, want 400 naming %s", tc.query, code, e.Error, tc.field)
		}
	}
}

func TestDeletePlan(t *testing.T) {
	srv, st := newListServer(t)
	p := storetest.NewPlan("pl_gone", time.Now(), orchestrator.PlanComplete)
	if err := st.SavePlan(context.Background(), p, storetest.NewRun(p.ID, 2)); err != nil {
		t.Fatal(err)
	}
	del := func(id string) int {
		req, _ := http.NewRequest(http.MethodDelete, srv.URL+"/v1/plans/"+id, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if code := del(p.ID); code != http.StatusNoContent {
		t.Fatalf("DELETE = %d, want 204", code)
	}
	for _, path := range []string{"/v1/plans/pl_gone", "/v1/plans/pl_gone/trace", "/v1/plans/pl_gone.html"} {
		var e errorResp
		if code := getJSON(t, srv.URL+path, &e); code != http.StatusNotFound {
			t.Errorf("GET %s after delete = %d, want 404", path, code)
		}
	}
	if code := del(p.ID); code != http.StatusNotFound {
		t.Errorf("second DELETE = %d, want 404", code)
	}
	if code := del("bad%20id"); code != http.StatusNotFound {
		t.Errorf("DELETE of a malformed id = %d, want 404", code)
	}
}
