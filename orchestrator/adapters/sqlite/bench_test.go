package sqlite

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// loadPlan returns a plan shaped like those of `make load`'s unique phase:
// a lean document of about 18 KB (brief, a six-day itinerary, notes), a
// trip of two cities whose catalogs, matrices and transport legs are
// referenced values (a skeleton of about 8 KB with a budget section), and
// a trace of 30 spans (about 6 KB), with the lean JSON encoded as the
// pipeline hands it over. Plans of the same seed share their referenced
// values.
func loadPlan(id, seed string) (*orchestrator.Plan, *orchestrator.Run, []byte) {
	fetched := time.Date(2026, 12, 2, 11, 11, 42, 713052555, time.UTC)
	attr := &orchestrator.Attribution{Text: "ChinaTravel sandbox (arXiv 2412.13682), via TenofHearts/TravelPlanning",
		URL: "https://github.com/TenofHearts/TravelPlanning", License: "MIT (repository); rights over the underlying data not established"}
	prov := orchestrator.Provenance{Source: "chinatravel:sandbox", FetchedAt: fetched, TTL: 2592000, CacheHit: true, Attribution: attr}
	p := &orchestrator.Plan{
		ID: id, CreatedAt: time.Date(2026, 12, 2, 11, 12, 28, 801033435, time.UTC),
		Query: "上海 → 成都 4 days, 3 travellers, budget 9000 CNY",
		Brief: orchestrator.Brief{Origin: "上海", Destinations: []string{"成都", "重庆"}, StartDate: "2026-12-20", Days: 4,
			Travelers: orchestrator.Travelers{Adults: 2, Children: 1}, Budget: &orchestrator.Budget{Amount: 9000, Currency: "CNY"},
			Interests: []string{"food", "history"}, Pace: "moderate", Language: "zh", Now: "2026-12-02T11:11:40Z"},
		Status: orchestrator.PlanPartial,
		Trip:   orchestrator.Trip{SchemaVersion: orchestrator.TripSchemaVersion},
	}
	for c, city := range []string{"成都", "重庆"} {
		p.Trip.Cities = append(p.Trip.Cities, orchestrator.CityData{Name: city, Days: 3,
			Place: &orchestrator.Sourced[orchestrator.Place]{Provenance: prov,
				Value: orchestrator.Place{Name: city, CountryCode: "CN", Latitude: 30.66667, Longitude: 104.06667, Timezone: "Asia/Shanghai"}},
			Attractions: referenced([]orchestrator.Attraction{{ID: seed + city + ":a1", Name: "宽窄巷子", City: city}}, prov),
			Restaurants: referenced([]orchestrator.Restaurant{{ID: seed + city + ":r1", Name: "陈麻婆豆腐", City: city}}, prov),
			Hotels:      referenced([]orchestrator.Accommodation{{ID: seed + city + ":h1", Name: "锦江宾馆", City: city}}, prov),
			Matrix: referenced(orchestrator.TravelMatrix{Mode: "driving", IDs: []string{seed + city + ":a1"}, Seconds: [][]int{{0}}},
				orchestrator.Provenance{Source: "haversine", FetchedAt: fetched.Add(time.Duration(c) * time.Second), TTL: 604800, CacheHit: true, Estimate: true}),
		})
	}
	for _, leg := range [][2]string{{"上海", "成都"}, {"成都", "重庆"}, {"重庆", "上海"}} {
		p.Trip.Transport = append(p.Trip.Transport, *referenced(orchestrator.TransportLeg{From: leg[0], To: leg[1],
			Options: []orchestrator.TransportOption{{ID: seed + "G1", Mode: "train", From: leg[0], To: leg[1]}}}, prov))
	}
	tier := func(name string, n int64) string {
		return fmt.Sprintf(`{"tier":%q,"transport":{"cents":%d,"currency":"CNY"},"lodging":{"cents":%d,"currency":"CNY"},"food":{"cents":%d,"currency":"CNY"},"attractions":{"cents":0,"currency":"CNY"},"total":{"cents":%d,"currency":"CNY"},"per_person":{"cents":%d,"currency":"CNY"},"within_budget":true}`,
			name, 302577+n, 61400+n, 182700+n, 546677+n, 182225+n)
	}
	p.Trip.Sections = map[string]orchestrator.Section{"budget:" + id: {Kind: "budget",
		Payload:    json.RawMessage(`{"currency":"CNY","budget":{"currency":"CNY","people":3,"limit":{"cents":900000,"currency":"CNY"},"chosen":"mid","tiers":[` + tier("economy", 1) + `,` + tier("mid", 2) + `,` + tier("comfort", 3) + `]}}`),
		Provenance: orchestrator.Provenance{Source: "tripweave:budget", FetchedAt: fetched}}}

	it := &orchestrator.Itinerary{Tier: orchestrator.TierMid, Currency: "CNY", People: 3, Origin: "上海"}
	for d := range 6 {
		day := orchestrator.Day{Day: d + 1, Date: fmt.Sprintf("2026-12-%02d", 20+d), City: p.Brief.Destinations[d/3], Weather: "dry"}
		for s := range 5 {
			day.Stops = append(day.Stops, orchestrator.Stop{AttractionID: fmt.Sprintf("%s:a%d", day.City, s), Name: "武侯祠博物馆 Wuhou Shrine",
				City: day.City, Location: &orchestrator.GeoPoint{Lat: 30.6465 + float64(s)/1000, Lon: 104.0483}, Start: "09:00", End: "11:30",
				TravelMinutes: 12 + s, Price: orchestrator.Money{Cents: 5000, Currency: "CNY"}, Cost: orchestrator.Money{Cents: 15000, Currency: "CNY"}})
		}
		for _, slot := range []string{"breakfast", "lunch", "dinner"} {
			day.Meals = append(day.Meals, orchestrator.Meal{Slot: slot, RestaurantID: day.City + ":r" + slot, Name: "陈麻婆豆腐 Chen Mapo Tofu",
				City: day.City, Location: &orchestrator.GeoPoint{Lat: 30.6721, Lon: 104.0556}})
		}
		it.Days = append(it.Days, day)
	}
	p.Itinerary = it
	for i := range 12 {
		p.Notes = append(p.Notes, orchestrator.Note{Subtask: fmt.Sprintf("geocode:%016x", i), Kind: orchestrator.KindGeocode, Level: "warning",
			Code: orchestrator.EUNAVAILABLE, Message: "tool geocode is failing repeatedly; its circuit is open"})
	}
	p.Trace = orchestrator.TraceSummary{Nodes: 30, CacheHits: 14, Failed: 16, DurationMS: 0.41, Routes: map[string]int{"cache": 14, "none": 16}}

	r := &orchestrator.Run{PlanID: id}
	start := time.Date(2026, 12, 2, 11, 12, 28, 795331487, time.UTC)
	for i := range 30 {
		sp := orchestrator.Span{Node: fmt.Sprintf("attractions:%016x", i*7919), Kind: orchestrator.KindAttractions, Route: "cache", CacheHit: true,
			Attempts: 1, Start: start.Add(time.Duration(i*1733) * time.Nanosecond), DurationMS: float64(i%3) / 1000, Status: "ok"}
		if i%2 == 1 {
			sp.Kind, sp.Route, sp.CacheHit, sp.Status = orchestrator.KindGeocode, "none", false, "unavailable"
			sp.Error = "tool geocode is failing repeatedly; its circuit is open"
		}
		r.Spans = append(r.Spans, sp)
	}
	lean, err := json.Marshal(orchestrator.LeanPlan{Plan: p})
	if err != nil {
		panic(err)
	}
	return p, r, lean
}

// referenced returns v from prov under its content address.
func referenced[T any](v T, prov orchestrator.Provenance) *orchestrator.Sourced[T] {
	doc, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return &orchestrator.Sourced[T]{Value: v, Provenance: prov, Ref: orchestrator.ContentRef(doc)}
}

func randomPlanID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return "pl_" + hex.EncodeToString(b[:])
}

// BenchmarkSaveLoadPlans saves plans shaped like `make load`'s (loadPlan)
// from 32 goroutines, each a plan with a random ID as the service gives
// (so the primary key's index takes them at random places), the lean JSON
// encoded by the caller. Compare CPU per plan (user+sys / b.N) as well as
// ns/op: on two cores the writer's CPU is what limits the server.
func BenchmarkSaveLoadPlans(b *testing.B) {
	ctx := context.Background()
	s := openTest(b)
	_, _, lean := loadPlan("pl_0000000000000000", "x")
	b.SetBytes(int64(len(lean)))
	b.SetParallelism(16) // 32 goroutines on 2 cores
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		p, r, _ := loadPlan("", "x")
		for pb.Next() {
			id := randomPlanID()
			p.ID, r.PlanID = id, id
			if err := s.SaveLeanPlan(ctx, p, lean, r); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// BenchmarkSaveLoadPlansPaced is BenchmarkSaveLoadPlans with about 1.5 ms
// of CPU work (hashing, standing for planning) before each save, so that
// plans reach the store as they do in `make load`: one after another,
// often alone, rarely many at once. Its CPU per plan is that work plus the
// store's.
func BenchmarkSaveLoadPlansPaced(b *testing.B) {
	ctx := context.Background()
	s := openTest(b)
	_, _, lean := loadPlan("pl_0000000000000000", "x")
	b.SetBytes(int64(len(lean)))
	b.SetParallelism(16)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		p, r, _ := loadPlan("", "x")
		buf := make([]byte, 16<<10)
		for pb.Next() {
			planWork(buf)
			id := randomPlanID()
			p.ID, r.PlanID = id, id
			if err := s.SaveLeanPlan(ctx, p, lean, r); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// BenchmarkPlanWork is planWork alone, to subtract from
// BenchmarkSaveLoadPlansPaced's CPU per plan.
func BenchmarkPlanWork(b *testing.B) {
	buf := make([]byte, 16<<10)
	for b.Loop() {
		planWork(buf)
	}
}

// planWork spends about 1.5 ms of CPU.
func planWork(b []byte) {
	for range planRounds {
		sum := sha256.Sum256(b)
		b[0] ^= sum[0]
	}
}

const planRounds = 100

// BenchmarkSaveLoadPlan saves loadPlan plans one at a time: each its own
// group commit, as most are in `make load` (about 1.4 plans a commit).
func BenchmarkSaveLoadPlan(b *testing.B) {
	ctx := context.Background()
	s := openTest(b)
	p, r, lean := loadPlan("", "x")
	b.SetBytes(int64(len(lean)))
	b.ReportAllocs()
	for b.Loop() {
		id := randomPlanID()
		p.ID, r.PlanID = id, id
		if err := s.SaveLeanPlan(ctx, p, lean, r); err != nil {
			b.Fatal(err)
		}
	}
}

// TestLoadPlanSize keeps loadPlan shaped like the plans it stands for.
func TestLoadPlanSize(t *testing.T) {
	p, r, lean := loadPlan("pl_0123456789abcdef", "x")
	skel, blobs := orchestrator.SplitTrip(&p.Trip)
	trip := mustJSON(t, &skel)
	spans, err := encodeSpans(r.Spans)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("lean %d B, trip %d B, spans %d B, %d refs", len(lean), len(trip), len(spans), len(blobs))
	if len(lean) < 14<<10 || len(lean) > 24<<10 || len(trip) < 5<<10 || len(spans) < 4<<10 || len(blobs) != 11 ||
		!strings.Contains(string(trip), `"ref":"sha256-`) {
		t.Errorf("loadPlan: lean %d B, trip %d B, spans %d B, %d refs; want about 18 KB, 8 KB, 6 KB and 11", len(lean), len(trip), len(spans), len(blobs))
	}
}
