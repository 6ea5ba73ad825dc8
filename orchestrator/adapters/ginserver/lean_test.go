package ginserver_test

import (
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
)

// TestLeanPlans: plans are sent without their trip (catalogs, matrices)
// unless ?include=trip asks for it, on POST and GET alike; id, status,
// brief, itinerary and notes are always there.
func TestLeanPlans(t *testing.T) {
	srv, _, store := newServer(t)
	resp, data := post(t, srv.URL+"/v1/plans", `{"brief":{"destinations":["Chengdu"],"start_date":"2026-06-19","days":3}}`)
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("POST: %d %s", resp.StatusCode, data)
	}
	// The stored plan has a trip; the answer leaves it out.
	store.mu.Lock()
	store.plans["pl_1"].Trip = orchestrator.Trip{SchemaVersion: 1, Cities: []orchestrator.CityData{{Name: "Chengdu", Days: 3}}}
	store.mu.Unlock()
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"id", "status", "brief", "itinerary", "notes"} {
		if _, ok := fields[f]; !ok {
			t.Errorf("POST answer lacks %q: %s", f, data)
		}
	}
	if _, ok := fields["trip"]; ok {
		t.Errorf("POST answer carries the trip: %s", data)
	}
	get := func(path string) map[string]json.RawMessage {
		t.Helper()
		r, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		body, _ := io.ReadAll(r.Body)
		if r.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d %s", path, r.StatusCode, body)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(body, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	if m := get("/v1/plans/pl_1"); m["trip"] != nil || m["id"] == nil {
		t.Errorf("GET without include: %v", m)
	}
	for _, q := range []string{"?include=trip", "?include=notes,trip"} {
		m := get("/v1/plans/pl_1" + q)
		var trip orchestrator.Trip
		if err := json.Unmarshal(m["trip"], &trip); err != nil || len(trip.Cities) != 1 || trip.Cities[0].Name != "Chengdu" {
			t.Errorf("GET %s: trip %s (%v)", q, m["trip"], err)
		}
	}
}
