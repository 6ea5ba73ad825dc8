package postgres

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/storetest"
)

func sourced[T any](v T, prov orchestrator.Provenance) *orchestrator.Sourced[T] {
	doc, _ := json.Marshal(v)
	return &orchestrator.Sourced[T]{Value: v, Provenance: prov, Ref: orchestrator.ContentRef(doc)}
}

// splicePlan is a plan whose trip references every kind of section: the
// same value twice with the same provenance and once with another, a
// struct whose zero value is an object (a guide, a matrix), text JSON
// escapes (<, &, U+2028, quotes), and a section kept whole.
func splicePlan() *orchestrator.Plan {
	p := storetest.WithCatalogs(storetest.NewPlan("pl_splice", time.Unix(1796000000, 0).UTC(), orchestrator.PlanComplete), "s")
	prov := orchestrator.Provenance{Source: "dataset:chinatravel", FetchedAt: time.Unix(1795000000, 123).UTC(), TTL: 3600}
	other := prov
	other.Source, other.Attribution = "wikivoyage", &orchestrator.Attribution{Text: `"Wikivoyage" <CC BY-SA> & co`, URL: "https://en.wikivoyage.org"}
	rest := []orchestrator.Restaurant{{ID: "s:r1", Name: "Tom & Jerry's <diner>\u2028", City: "chengdu", Cuisines: []string{"川菜"}}}
	hotels := []orchestrator.Accommodation{{ID: "s:h1", Name: "Hotel \"Panda\"", City: "chengdu"}}
	guide := orchestrator.Guide{Title: "Chengdu", URL: "https://en.wikivoyage.org/wiki/Chengdu", Language: "en",
		Sections: []orchestrator.GuideSection{}}
	c := &p.Trip.Cities[0]
	c.Restaurants = sourced(rest, prov)
	c.Hotels = sourced(hotels, other)
	c.Guide = sourced(guide, other)
	second := *c
	second.Restaurants = sourced(rest, prov)                                                            // the same value and provenance again
	second.Hotels = sourced(hotels, prov)                                                               // the same value, another provenance
	second.Attractions = &orchestrator.Sourced[[]orchestrator.Attraction]{Value: nil, Provenance: prov} // kept whole
	p.Trip.Cities = append(p.Trip.Cities, second)
	return p
}

// saved returns what a store keeps of p by reference.
func saved(t *testing.T, p *orchestrator.Plan) (lean, trip []byte, values map[string][]byte) {
	t.Helper()
	lean, err := json.Marshal(orchestrator.LeanPlan{Plan: p})
	if err != nil {
		t.Fatal(err)
	}
	skel, blobs := orchestrator.SplitTrip(&p.Trip)
	if trip, err = json.Marshal(&skel); err != nil {
		t.Fatal(err)
	}
	values = map[string][]byte{}
	for _, b := range blobs {
		if values[b.Ref], err = b.Encode(); err != nil {
			t.Fatal(err)
		}
	}
	return lean, trip, values
}

func keys(m map[string][]byte) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestSpliceJSON: the plan spliced from its stored parts is byte for byte
// json.Marshal of the plan, and decodes to it.
func TestSpliceJSON(t *testing.T) {
	for _, p := range []*orchestrator.Plan{
		splicePlan(),
		storetest.WithCatalogs(storetest.NewPlan("pl_cat", time.Unix(1796000000, 0).UTC(), orchestrator.PlanComplete), "x"),
		storetest.NewPlan("pl_plain", time.Unix(1796000000, 0).UTC(), orchestrator.PlanPartial),
	} {
		want, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		lean, trip, values := saved(t, p)
		value := func(ref string) ([]byte, bool) { v, ok := values[ref]; return v, ok }
		got, err := SpliceJSON(lean, trip, keys(values), value)
		if err != nil {
			t.Fatalf("%s: %v", p.ID, err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%s: spliced JSON differs from json.Marshal:\ngot  %s\nwant %s", p.ID, got, want)
		}
		dec, err := DecodeByRef(lean, trip, value)
		if err != nil {
			t.Fatal(err)
		}
		if again, _ := json.Marshal(dec); !bytes.Equal(again, want) {
			t.Fatalf("%s: DecodeByRef then json.Marshal differs", p.ID)
		}
	}
}

// TestSpliceJSONRefused: a value the trip does not place (a section kind
// splice does not know) makes it decode instead, with the same bytes; a
// missing value is an error, never a plan without it.
func TestSpliceJSONRefused(t *testing.T) {
	p := splicePlan()
	want, _ := json.Marshal(p)
	lean, trip, values := saved(t, p)
	value := func(ref string) ([]byte, bool) { v, ok := values[ref]; return v, ok }
	var skel orchestrator.Trip
	if err := json.Unmarshal(trip, &skel); err != nil {
		t.Fatal(err)
	}
	if _, err := splice(trip, &skel, append(keys(values), "sha256-unplaced"), value); err != errNoSplice {
		t.Fatalf("splice with a value it cannot place = %v, want errNoSplice", err)
	}
	got, err := SpliceJSON(lean, trip, append(keys(values), "sha256-unplaced"), value)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("SpliceJSON falling back = %v, %s", err, got)
	}
	missing := skel.Cities[0].Attractions.Ref
	short := func(ref string) ([]byte, bool) {
		if ref == missing {
			return nil, false
		}
		return value(ref)
	}
	if _, err := SpliceJSON(lean, trip, keys(values), short); err == nil {
		t.Fatal("SpliceJSON without a referenced value succeeded")
	}
}
