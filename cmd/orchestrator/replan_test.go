package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/a2aproject/a2a-go/a2a"
	"github.com/a2aproject/a2a-go/a2aclient"
	"github.com/a2aproject/a2a-go/a2aclient/agentcard"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/delegate"
)

// TestReplanEverywhere repairs a sandbox plan through every door: POST
// /v1/plans/{id}/replan (201, a new plan replacing the old one, which stays
// readable; the same events give the same itinerary; a bad event is a 422
// naming its field), the MCP tool replan_trip and the CLI (orchestrator
// replan ID --events FILE).
func TestReplanEverywhere(t *testing.T) {
	app := warmApp(t)
	h := app.Server.Handler()
	code, body := postPlan(h, warmBrief)
	if code != http.StatusCreated {
		t.Fatalf("plan: %d %s", code, body)
	}
	var old orchestrator.Plan
	if err := json.Unmarshal(body, &old); err != nil {
		t.Fatal(err)
	}
	day := old.Itinerary.Days[1]
	if len(day.Stops) == 0 {
		t.Fatal("day 2 has no stops")
	}
	closed := day.Stops[0].Name
	events := `[{"kind": "closed", "place": ` + quote(closed) + `, "date": "` + day.Date + `"}]`
	const now = "2026-06-02T20:00:00+08:00"
	replan := func(id, body string) (int, []byte) {
		req := httptest.NewRequest(http.MethodPost, "/v1/plans/"+id+"/replan", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		return w.Code, w.Body.Bytes()
	}
	code, body = replan(old.ID, `{"events": `+events+`, "now": "`+now+`"}`)
	if code != http.StatusCreated {
		t.Fatalf("replan: %d %s", code, body)
	}
	var p orchestrator.Plan
	if err := json.Unmarshal(body, &p); err != nil {
		t.Fatal(err)
	}
	if p.ID == old.ID || p.Replaces != old.ID || len(p.Changes) == 0 {
		t.Fatalf("replan answered id %s replaces %q with %d changes", p.ID, p.Replaces, len(p.Changes))
	}
	for _, s := range p.Itinerary.Days[1].Stops {
		if s.Name == closed {
			t.Errorf("%s is still visited on %s", closed, day.Date)
		}
	}
	first, _ := json.Marshal(p.Itinerary.Days[0])
	was, _ := json.Marshal(old.Itinerary.Days[0])
	if !bytes.Equal(first, was) {
		t.Error("day 1 (before now) changed")
	}
	// the same events give the same itinerary
	_, again := replan(old.ID, `{"events": `+events+`, "now": "`+now+`"}`)
	var p2 orchestrator.Plan
	_ = json.Unmarshal(again, &p2)
	a, _ := json.Marshal(p.Itinerary)
	b, _ := json.Marshal(p2.Itinerary)
	if !bytes.Equal(a, b) {
		t.Error("the same events gave another itinerary")
	}
	// the old plan stays readable and unchanged; the new one reads back
	for _, id := range []string{old.ID, p.ID} {
		req := httptest.NewRequest(http.MethodGet, "/v1/plans/"+id, nil)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != http.StatusOK {
			t.Fatalf("GET %s: %d", id, w.Code)
		}
		if id == p.ID && !strings.Contains(w.Body.String(), `"replaces":"`+old.ID+`"`) {
			t.Errorf("the stored repair does not name the plan it replaces")
		}
	}
	// bad events: 422 naming the event's field
	for _, c := range []struct{ body, field string }{
		{`{"events": [{"kind": "meteor", "date": "` + day.Date + `"}], "now": "` + now + `"}`, "events[0].kind"},
		{`{"events": [{"kind": "closed", "place": "Nowhere", "date": "` + day.Date + `"}], "now": "` + now + `"}`, "events[0].place"},
		{`{"events": [{"kind": "cancelled", "leg": 1461, "date": "` + day.Date + `"}], "now": "` + now + `"}`, "events[0].leg"},
		{`{"events": [{"kind": "closed", "place": "x", "date": "2030-01-01"}], "now": "` + now + `"}`, "events[0].date"},
		{`{"events": ` + events + `}`, "now"},
	} {
		code, body := replan(old.ID, c.body)
		if code != http.StatusUnprocessableEntity && code != http.StatusBadRequest || !strings.Contains(string(body), `"field":"`+c.field+`"`) {
			t.Errorf("%s: %d %s, want 422 naming %s", c.body, code, body, c.field)
		}
	}

	// the page's form: 303 to the new version's page, its changes shown
	form := url.Values{"kind": {"closed"}, "date": {day.Date}, "place": {closed}, "now": {now}}
	freq := httptest.NewRequest(http.MethodPost, "/v1/plans/"+old.ID+"/replan", strings.NewReader(form.Encode()))
	freq.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	fw := httptest.NewRecorder()
	h.ServeHTTP(fw, freq)
	loc := fw.Header().Get("Location")
	if fw.Code != http.StatusSeeOther || !strings.HasSuffix(loc, ".html") {
		t.Fatalf("form: %d %s (Location %q)", fw.Code, fw.Body, loc)
	}
	page := httptest.NewRecorder()
	h.ServeHTTP(page, httptest.NewRequest(http.MethodGet, loc, nil))
	if page.Code != http.StatusOK || !strings.Contains(page.Body.String(), `id="changes"`) || !strings.Contains(page.Body.String(), `<form class="replan"`) {
		t.Errorf("the new version's page: %d, changes section %v", page.Code, strings.Contains(page.Body.String(), `id="changes"`))
	}

	// MCP: replan_trip on the same plan
	srv := httptest.NewServer(h)
	defer srv.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "1"}, nil).
		Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: srv.URL + "/mcp"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	var evs []map[string]any
	_ = json.Unmarshal([]byte(events), &evs)
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: delegate.ToolReplanTrip,
		Arguments: map[string]any{"plan_id": old.ID, "events": evs, "now": now}})
	if err != nil {
		t.Fatal(err)
	}
	if res.IsError {
		t.Fatalf("replan_trip: %s", res.Content[0].(*mcp.TextContent).Text)
	}
	var out delegate.PlanResult
	data, _ := json.Marshal(res.StructuredContent)
	_ = json.Unmarshal(data, &out)
	if out.Replaces != old.ID || len(out.Changes) == 0 || !slices.Equal(changeNames(out.Changes), changeNames(p.Changes)) {
		t.Errorf("replan_trip answered %+v", out)
	}

	// A2A: a message carrying the events and the plan's ID
	card, err := agentcard.DefaultResolver.Resolve(context.Background(), srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	ac, err := a2aclient.NewFromCard(context.Background(), card)
	if err != nil {
		t.Fatal(err)
	}
	sent, err := ac.SendMessage(context.Background(), &a2a.MessageSendParams{Message: a2a.NewMessage(a2a.MessageRoleUser,
		a2a.DataPart{Data: map[string]any{"plan_id": old.ID, "events": evs, "now": now}})})
	if err != nil {
		t.Fatal(err)
	}
	task, ok := sent.(*a2a.Task)
	if !ok || task.Status.State != a2a.TaskStateCompleted {
		t.Fatalf("a2a replan answered %#v", sent)
	}
	found := false
	for _, art := range task.Artifacts {
		for _, part := range art.Parts {
			if dp, ok := part.(a2a.DataPart); ok && dp.Data["replaces"] == old.ID {
				found = true
			}
		}
	}
	if !found {
		t.Error("the a2a repair's artifacts do not name the plan replaced")
	}

	// CLI: the same repair from a file, on the same store
	_ = app.Close()
	file := filepath.Join(t.TempDir(), "events.json")
	if err := os.WriteFile(file, []byte(events), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TRIPWEAVE_DB_PATH", app.Config.DBPath)
	t.Setenv("TRIPWEAVE_CACHE_PREFIX", app.Config.KBPrefix)
	t.Setenv("DATABASE_URL", app.Config.Scale.DatabaseURL) // the app's store: SQLite, or its PostgreSQL schema
	t.Setenv("TRIPWEAVE_PG_SCHEMA", app.Config.Scale.PGSchema)
	t.Setenv("TRIPWEAVE_AGENTS_URL", "")
	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), []string{"replan", old.ID, "--events", file, "--now", now}, strings.NewReader(""), &stdout, &stderr); err != nil {
		t.Fatalf("cli replan: %v\n%s", err, stderr.String())
	}
	var cli orchestrator.Plan
	if err := json.Unmarshal(stdout.Bytes(), &cli); err != nil {
		t.Fatal(err)
	}
	c, _ := json.Marshal(cli.Itinerary)
	if cli.Replaces != old.ID || !bytes.Equal(c, a) {
		t.Errorf("cli replan: replaces %q, same itinerary %v", cli.Replaces, bytes.Equal(c, a))
	}
}

func changeNames(cs []orchestrator.Change) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Action+" "+c.Name)
	}
	return out
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
