package orchestrator

import (
	"slices"
	"testing"
	"time"
)

// TestKindsRegistry: every kind is declared once with what the service
// reads of it — a category, traveller wording, a tool or in-process
// computation — and the lists derived from it agree.
func TestKindsRegistry(t *testing.T) {
	if len(Kinds) != len(kindOrder) {
		t.Fatalf("%d kinds declared, %d in order", len(Kinds), len(kindOrder))
	}
	for _, k := range AllKinds() {
		spec, ok := Kinds[k]
		if !ok {
			t.Errorf("%s: not declared", k)
			continue
		}
		if spec.Words.EN == "" || spec.Words.ZH == "" {
			t.Errorf("%s: no traveller wording", k)
		}
		if spec.Tool == "" && !spec.Local {
			t.Errorf("%s: neither a tool nor computed in process", k)
		}
		if spec.Local && spec.Category != Compute {
			t.Errorf("%s: computed in process but of category %s", k, spec.Category)
		}
		for _, r := range spec.Rules {
			if r.Tool == "" {
				t.Errorf("%s: a tool rule names no tool", k)
			}
		}
		if spec.Catalog && spec.CitySource == nil {
			t.Errorf("%s: a city catalog without a city source", k)
		}
	}
	if want := []Kind{KindAttractions, KindRestaurants, KindHotels}; !slices.Equal(CatalogKinds, want) {
		t.Errorf("CatalogKinds %v, want %v", CatalogKinds, want)
	}
	var sections []Kind
	for _, s := range (CityCatalogs{}).Sections() {
		sections = append(sections, s.Kind)
	}
	if !slices.Equal(sections, CatalogKinds) {
		t.Errorf("CityCatalogs sections %v, CatalogKinds %v", sections, CatalogKinds)
	}
	// Every kind the decomposer emits is in the registry.
	b := Brief{Origin: "Shanghai", Destinations: []string{"Chengdu", "Chongqing"}, Days: 4, StartDate: "2026-07-01",
		Travelers: Travelers{Adults: 2}, Budget: &Budget{Amount: 9000, Currency: "CNY"}}
	if err := b.Normalize(time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	for _, st := range Decompose(&b) {
		if _, ok := Kinds[st.Kind]; !ok {
			t.Errorf("Decompose emits %s, which is not declared", st.Kind)
		}
	}
}

// TestCitySubtaskExtension: a kind declared with a CitySubtask is
// decomposed per city, after the city's own subtasks, and gathered by the
// itinerary — with no change to Decompose.
func TestCitySubtaskExtension(t *testing.T) {
	const events Kind = "events"
	Kinds[events] = KindSpec{Category: LiveCondition, Tool: "find_events", Enrichment: true,
		CitySubtask: func(c CityScope) map[string]string {
			if c.Start == "" {
				return nil
			}
			return map[string]string{"city": c.City, "start": c.Start, "end": c.End}
		}}
	kindOrder = append(kindOrder, events)
	defer func() {
		delete(Kinds, events)
		kindOrder = kindOrder[:len(kindOrder)-1]
	}()
	b := Brief{Destinations: []string{"Chengdu", "Chongqing"}, Days: 4, StartDate: "2026-07-01"}
	if err := b.Normalize(time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	var got []Subtask
	var itin Subtask
	for _, st := range Decompose(&b) {
		switch st.Kind {
		case events:
			got = append(got, st)
		case KindItinerary:
			itin = st
		}
	}
	if len(got) != 2 || got[0].Params["city"] != "chengdu" || got[0].Params["start"] != "2026-07-01" || got[1].Params["end"] != "2026-07-04" {
		t.Fatalf("events subtasks %+v", got)
	}
	if got[0].Tool != "find_events" || got[0].Category != LiveCondition || len(got[0].Deps) != 1 {
		t.Errorf("spec not applied: %+v", got[0])
	}
	for _, e := range got {
		if !slices.Contains(itin.Deps, e.ID) {
			t.Errorf("the itinerary does not gather %s", e.ID)
		}
	}
}
