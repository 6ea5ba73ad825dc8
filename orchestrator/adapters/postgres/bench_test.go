package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	neturl "net/url"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/postgres/pgtest"
	"github.com/tripweave/tripweave/orchestrator/adapters/storetest"
)

// benchPlan is a plan whose first city carries a catalog of n attractions
// by reference, as a real plan's catalogs are.
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

// BenchmarkPostgres measures a plan's save (its values already stored, as
// for a warm destination), its whole read and its lean read, one at a
// time, against DATABASE_URL; write-noflush is write with
// synchronous_commit off.
func BenchmarkPostgres(b *testing.B) {
	url, schema := pgtest.Schema(b)
	ctx := context.Background()
	s, err := Open(ctx, url, &Options{Schema: schema, MaxConns: 4})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	p := benchPlan("pl_bench", 300)
	if err := s.SavePlan(ctx, p, storetest.NewRun(p.ID, 8)); err != nil {
		b.Fatal(err)
	}
	b.Run("write", func(b *testing.B) {
		for i := range b.N {
			q := benchPlan(fmt.Sprintf("pl_bench_%d", i), 300)
			if err := s.SavePlan(ctx, q, storetest.NewRun(q.ID, 8)); err != nil {
				b.Fatal(err)
			}
		}
	})
	// The same saves without waiting for the WAL flush, in the same run:
	// write minus write-noflush is what the flush costs a save on this
	// disk now (docs/benchmarks.md, the breakdown of a warm plan's time).
	b.Run("write-noflush", func(b *testing.B) {
		u, err := neturl.Parse(url)
		if err != nil {
			b.Fatal(err)
		}
		q := u.Query()
		q.Set("synchronous_commit", "off")
		u.RawQuery = q.Encode()
		ns, err := Open(ctx, u.String(), &Options{Schema: schema, MaxConns: 4})
		if err != nil {
			b.Fatal(err)
		}
		defer ns.Close()
		for i := range b.N {
			q := benchPlan(fmt.Sprintf("pl_bench_nf_%d", i), 300)
			if err := ns.SavePlan(ctx, q, storetest.NewRun(q.ID, 8)); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("read", func(b *testing.B) {
		for range b.N {
			if _, err := s.Plan(ctx, p.ID); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("json", func(b *testing.B) {
		for range b.N {
			if _, err := s.PlanJSON(ctx, p.ID); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("lean", func(b *testing.B) {
		for range b.N {
			if _, _, err := s.LeanPlanJSON(ctx, p.ID); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("delete", func(b *testing.B) {
		for i := range b.N {
			q := benchPlan(fmt.Sprintf("pl_bench_del_%d", i), 300)
			if err := s.SavePlan(ctx, q, nil); err != nil {
				b.Fatal(err)
			}
			if err := s.DeletePlan(ctx, q.ID); err != nil {
				b.Fatal(err)
			}
		}
	})
}
