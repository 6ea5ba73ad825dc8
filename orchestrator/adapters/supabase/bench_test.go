package supabase

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/storetest"
)

// benchPlan is a plan whose first city carries a catalog of n attractions
// by reference, as a real plan's catalogs are (hundreds of kilobytes).
func benchPlan(id string, n int) *orchestrator.Plan {
	p := storetest.WithCatalogs(storetest.NewPlan(id, time.Unix(1796000000, 0).UTC(), orchestrator.PlanComplete), "bench")
	attr := make([]orchestrator.Attraction, n)
	for i := range attr {
		attr[i] = orchestrator.Attraction{ID: fmt.Sprintf("bench:a%d", i), Name: fmt.Sprintf("Place number %d of the city", i),
			City: "chengdu", Category: "museum", Tags: []string{"history", "art"}, Address: "1 Long Street, Chengdu", Rating: 4.2}
	}
	doc, _ := json.Marshal(attr)
	c := p.Trip.Cities[0].Attractions
	c.Value, c.Ref = attr, orchestrator.ContentRef(doc)
	return p
}

// BenchmarkSupabase measures plan writes and reads over the
// PostgREST-compatible server (loopback HTTP to a real PostgreSQL) and
// reports the HTTP round trips each costs (req/op) and the bytes of JSON
// they carry (the plan with a 300-attraction catalog).
func BenchmarkSupabase(b *testing.B) {
	s, srv := openTest(b, nil)
	ctx := context.Background()
	p := benchPlan("pl_bench", 300)
	if err := s.SavePlan(ctx, p, storetest.NewRun(p.ID, 8)); err != nil {
		b.Fatal(err)
	}
	reqs := func(b *testing.B, fn func(i int) error) {
		before := len(srv.Requests())
		b.ResetTimer()
		for i := range b.N {
			if err := fn(i); err != nil {
				b.Fatal(err)
			}
		}
		b.StopTimer()
		b.ReportMetric(float64(len(srv.Requests())-before)/float64(b.N), "req/op")
	}
	b.Run("write", func(b *testing.B) {
		reqs(b, func(i int) error {
			q := benchPlan(fmt.Sprintf("pl_bench_%d", i), 300)
			return s.SavePlan(ctx, q, storetest.NewRun(q.ID, 8))
		})
	})
	b.Run("read", func(b *testing.B) {
		reqs(b, func(int) error { _, err := s.Plan(ctx, p.ID); return err })
	})
	b.Run("json", func(b *testing.B) {
		reqs(b, func(int) error { _, err := s.PlanJSON(ctx, p.ID); return err })
	})
	b.Run("lean", func(b *testing.B) {
		reqs(b, func(int) error {
			if ls, ok := any(s).(orchestrator.LeanPlanStore); ok {
				_, _, err := ls.LeanPlanJSON(ctx, p.ID)
				return err
			}
			_, err := s.PlanJSON(ctx, p.ID) // what the API reads otherwise
			return err
		})
	})
	b.Run("run", func(b *testing.B) {
		reqs(b, func(int) error { _, err := s.Run(ctx, p.ID); return err })
	})
}
