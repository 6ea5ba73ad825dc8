package orchestrator_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

func contractBrief(t *testing.T) orchestrator.Brief {
	t.Helper()
	var b orchestrator.Brief
	if err := json.Unmarshal([]byte(contractJSON), &b); err != nil {
		t.Fatal(err)
	}
	if err := b.Normalize(refNow); err != nil {
		t.Fatal(err)
	}
	return b
}

// hubSubtasks counts the hubs and hub legs Decompose adds for
// journeys among origin and cities in any order (HubsFor each pair).
func hubSubtasks(origin string, cities ...string) (geocodes, legs int) {
	places := append([]string{origin}, cities...)
	in := map[string]bool{}
	for _, p := range places {
		in[orchestrator.CanonicalCity(p)] = true
	}
	hubs, pairs := map[string]bool{}, map[[2]string]bool{}
	for _, a := range places {
		for _, b := range places {
			if a == b {
				continue
			}
			for _, h := range orchestrator.HubsFor(a, b) {
				h = orchestrator.CanonicalCity(h)
				if !in[h] {
					hubs[h] = true
				}
				for _, p := range [][2]string{{orchestrator.CanonicalCity(a), h}, {h, orchestrator.CanonicalCity(b)}} {
					if !in[p[0]] || !in[p[1]] {
						pairs[p] = true
					}
				}
			}
		}
	}
	return len(hubs), len(pairs)
}

// TestDecomposeHubs: a pair the data may not serve directly gets the legs
// to and from its hubs.
func TestDecomposeHubs(t *testing.T) {
	b := orchestrator.Brief{Origin: "Suzhou", Destinations: []string{"Guangzhou"}, StartDate: "2026-06-19", Days: 3}
	if err := b.Normalize(refNow); err != nil {
		t.Fatal(err)
	}
	legs := map[string]bool{}
	for _, st := range orchestrator.Decompose(&b) {
		if st.Kind == orchestrator.KindTransport {
			legs[st.Params["from"]+">"+st.Params["to"]] = true
			// Hub legs are speculative (no note when missing); the
			// brief's own legs are not.
			direct := (st.Params["from"] == "suzhou" || st.Params["from"] == "guangzhou") &&
				(st.Params["to"] == "suzhou" || st.Params["to"] == "guangzhou")
			if st.Speculative == direct {
				t.Errorf("leg %s>%s: speculative %v", st.Params["from"], st.Params["to"], st.Speculative)
			}
		}
	}
	hubs := orchestrator.HubsFor("Suzhou", "Guangzhou")
	if !slices.Contains(hubs, "Shanghai") {
		t.Fatalf("hubs Suzhou→Guangzhou = %v, want Shanghai among them", hubs)
	}
	for _, h := range hubs {
		h = orchestrator.CanonicalCity(h)
		for _, l := range []string{"suzhou>" + h, h + ">guangzhou", "guangzhou>" + h, h + ">suzhou"} {
			if !legs[l] {
				t.Errorf("no transport leg %s; legs %v", l, legs)
			}
		}
	}
}

func TestSubtaskIDStable(t *testing.T) {
	a := orchestrator.NewSubtask(orchestrator.KindGeocode, map[string]string{"city": "chengdu", "lang": "zh"})
	b := orchestrator.NewSubtask(orchestrator.KindGeocode, map[string]string{"lang": "zh", "city": "chengdu"})
	c := orchestrator.NewSubtask(orchestrator.KindGeocode, map[string]string{"city": "chengdu", "lang": "en"})
	if a.ID != b.ID {
		t.Errorf("param order changed the ID: %s vs %s", a.ID, b.ID)
	}
	if a.ID == c.ID {
		t.Errorf("different params share ID %s", a.ID)
	}
	// The ID is part of the cache key format kb:v1:<kind>:<hash>; pin it so an
	// accidental change of the hash (which would orphan every cache entry) fails.
	if a.ID != "geocode:"+a.Hash() || len(a.Hash()) != 16 {
		t.Errorf("ID format: %s", a.ID)
	}
	if a.Category != orchestrator.StaticKnowledge || a.Tool != "geocode" {
		t.Errorf("spec not applied: %+v", a)
	}
}

func TestDecompose(t *testing.T) {
	b := contractBrief(t)
	got := orchestrator.Decompose(&b)
	again := orchestrator.Decompose(&b)
	if !reflect.DeepEqual(got, again) {
		t.Fatal("Decompose is not deterministic")
	}
	seen := map[string]bool{}
	count := map[orchestrator.Kind]int{}
	for _, st := range got {
		if seen[st.ID] {
			t.Errorf("duplicate subtask %s", st.ID)
		}
		for _, d := range st.Deps {
			if !seen[d] {
				t.Errorf("%s depends on %s, which is not emitted before it", st.ID, d)
			}
		}
		seen[st.ID] = true
		count[st.Kind]++
	}
	// Connections add the legs to and from each pair's hubs (not
	// geocoded: they are answered from the cache).
	_, hubLegs := hubSubtasks(b.Origin, b.Cities()...)
	count[orchestrator.KindTransport] -= hubLegs
	want := map[orchestrator.Kind]int{
		orchestrator.KindGeocode: 2, orchestrator.KindGuide: 1, orchestrator.KindAttractions: 1,
		orchestrator.KindRestaurants: 1, orchestrator.KindHotels: 1, orchestrator.KindHotelPrices: 1, orchestrator.KindWeather: 1,
		orchestrator.KindMatrix: 1, orchestrator.KindTransport: 2, orchestrator.KindFares: 2, orchestrator.KindFX: 1,
		orchestrator.KindItinerary: 1, orchestrator.KindBudget: 1, orchestrator.KindVerify: 1,
	}
	if !reflect.DeepEqual(count, want) {
		t.Errorf("kinds: got %v, want %v", count, want)
	}
	for _, st := range got {
		switch st.Kind {
		case orchestrator.KindWeather:
			if st.Params["start"] != "2026-06-19" || st.Params["end"] != "2026-06-21" {
				t.Errorf("weather params %v", st.Params)
			}
		case orchestrator.KindHotels:
			// The undated catalog, keyed as the dataset importers write it.
			if len(st.Params) != 2 || st.Params["city"] != "chengdu" || st.Params["category"] != "hotels" {
				t.Errorf("hotel catalog params %v", st.Params)
			}
		case orchestrator.KindHotelPrices:
			if st.Params["checkin"] != "2026-06-19" || st.Params["checkout"] != "2026-06-21" || st.Params["guests"] != "2+1" || st.Params["nights"] != "2" {
				t.Errorf("hotel price params %v", st.Params)
			}
		case orchestrator.KindFares:
			if st.Params["exclude"] != "flight,self_driving" {
				t.Errorf("transport exclusions %v", st.Params)
			}
		}
	}
}

func TestDecomposeMultiCity(t *testing.T) {
	b := orchestrator.Brief{Origin: "Boston", Route: []string{"New York", "Philadelphia", "New York"}, StartDate: "2026-05-01", Days: 5}
	if err := b.Normalize(refNow); err != nil {
		t.Fatal(err)
	}
	var legs []string
	geocodes := 0
	for _, st := range orchestrator.Decompose(&b) {
		switch st.Kind {
		case orchestrator.KindFares:
			legs = append(legs, st.Params["from"]+">"+st.Params["to"]+"@"+st.Params["date"])
		case orchestrator.KindGeocode:
			geocodes++
		}
	}
	// 5 days = 4 nights over 3 cities: 2, 1, 1 (the planner's split).
	want := []string{"boston>new york@2026-05-01", "new york>philadelphia@2026-05-03", "philadelphia>new york@2026-05-04", "new york>boston@2026-05-05"}
	if !reflect.DeepEqual(legs, want) {
		t.Errorf("legs: got %q, want %q", legs, want)
	}
	if geocodes != 3 {
		t.Errorf("geocodes: got %d, want 3 (each city once)", geocodes)
	}
	if got := orchestrator.SplitNights(4, 3); !reflect.DeepEqual(got, []int{2, 1, 1}) {
		t.Errorf("SplitNights(4,3) = %v", got)
	}
	if got := orchestrator.ArrivalDays([]int{2, 1, 1}); !reflect.DeepEqual(got, []int{0, 2, 3}) {
		t.Errorf("ArrivalDays = %v", got)
	}
}

func TestDecomposeCandidates(t *testing.T) {
	b := orchestrator.Brief{Origin: "Shanghai", Destinations: []string{"Chengdu", "Chongqing", "Hangzhou", "Suzhou"},
		CityCount: 2, StartDate: "2026-06-19", Days: 4, Budget: &orchestrator.Budget{Amount: 5000, Currency: "CNY"}}
	if err := b.Normalize(refNow); err != nil {
		t.Fatal(err)
	}
	got := orchestrator.Decompose(&b)
	if again := orchestrator.Decompose(&b); !reflect.DeepEqual(got, again) {
		t.Fatal("Decompose is not deterministic")
	}
	count := map[orchestrator.Kind]int{}
	seen := map[string]bool{}
	legs := map[string]bool{}
	for _, st := range got {
		if seen[st.ID] {
			t.Errorf("duplicate subtask %s", st.ID)
		}
		seen[st.ID] = true
		count[st.Kind]++
		switch st.Kind {
		case orchestrator.KindWeather:
			if st.Params["start"] != "2026-06-19" || st.Params["end"] != "2026-06-22" {
				t.Errorf("weather %s: want the whole trip window", st.Params)
			}
		case orchestrator.KindTransport:
			legs[st.Params["from"]+">"+st.Params["to"]] = true
		}
	}
	_, hubLegs := hubSubtasks(b.Origin, b.Cities()...)
	count[orchestrator.KindTransport] -= hubLegs
	want := map[orchestrator.Kind]int{
		orchestrator.KindGeocode: 5, orchestrator.KindGuide: 4, orchestrator.KindAttractions: 4,
		orchestrator.KindRestaurants: 4, orchestrator.KindHotels: 4, orchestrator.KindWeather: 4,
		orchestrator.KindMatrix: 4, orchestrator.KindTransport: 4 + 4 + 4*3, orchestrator.KindFX: 1,
		orchestrator.KindItinerary: 1, orchestrator.KindBudget: 1, orchestrator.KindVerify: 1,
	}
	if !reflect.DeepEqual(count, want) {
		t.Errorf("subtasks per kind:\n got %v\nwant %v", count, want)
	}
	for _, l := range []string{"shanghai>suzhou", "suzhou>shanghai", "chengdu>chongqing", "chongqing>chengdu", "hangzhou>suzhou"} {
		if !legs[l] {
			t.Errorf("no transport leg %s", l)
		}
	}

	// The same brief visiting all four cities is not in candidate mode.
	b.CityCount = 4
	b.Days = 0
	b.EndDate = ""
	b.Days = 5
	if err := b.Normalize(refNow); err != nil {
		t.Fatal(err)
	}
	all := map[orchestrator.Kind]int{}
	for _, st := range orchestrator.Decompose(&b) {
		all[st.Kind]++
	}
	// Without a route the order is free: every ordered pair of the five
	// places, plus the hub legs.
	_, hubLegs = hubSubtasks(b.Origin, b.Cities()...)
	if all[orchestrator.KindHotelPrices] != 4 || all[orchestrator.KindTransport] != 5*4+hubLegs || all[orchestrator.KindFares] != 5 {
		t.Errorf("all cities: %v", all)
	}
}

// BenchmarkDecompose decomposes a three-day Shanghai → Chengdu brief (the
// warm-path benchmark's).
func BenchmarkDecompose(b *testing.B) {
	br := orchestrator.Brief{Origin: "Shanghai", Destinations: []string{"Chengdu"}, StartDate: "2026-06-02", Days: 3,
		Travelers: orchestrator.Travelers{Adults: 2}, Language: "en"}
	if err := br.Normalize(time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		orchestrator.Decompose(&br)
	}
}

// TestCanonicalCityFolds: CanonicalCity is strings.ToLower of the words
// joined by single spaces, also for names it returns as they are.
func TestCanonicalCityFolds(t *testing.T) {
	for _, name := range []string{"", " ", "chengdu", "Chengdu", "new york", "new  york", " new york", "new york ",
		"new\tyork", "成都", "成都 ", "xi'an", "ÉVORA", "évora", "são paulo", "straße", "a\u00a0b", "a\u3000b",
		"a\u0085b", "\xff", "ab\xffc", "İstanbul", "ǅ", "ﬀ", "ω", "Ω"} {
		want := strings.ToLower(strings.Join(strings.Fields(name), " "))
		if got := orchestrator.CanonicalCity(name); got != want {
			t.Errorf("CanonicalCity(%q) = %q, want %q", name, got, want)
		}
	}
}

func FuzzCanonicalCity(f *testing.F) {
	for _, s := range []string{"Chengdu", "new  york", "成都", "\xff", "ÉVORA", "a\u3000b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		want := strings.ToLower(strings.Join(strings.Fields(name), " "))
		if got := orchestrator.CanonicalCity(name); got != want {
			t.Errorf("CanonicalCity(%q) = %q, want %q", name, got, want)
		}
	})
}
