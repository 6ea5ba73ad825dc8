package supabase

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
)

// TestWholeJoin: join fills the trip from the values decoded by kind, from
// the values under "values" (a kind the database function does not
// classify), gives two sections with one value copies of their own, and
// reports a value that is missing.
func TestWholeJoin(t *testing.T) {
	p := benchPlan("pl_join", 5)
	p.Trip.Cities = append(p.Trip.Cities, p.Trip.Cities[0])
	want, _ := json.Marshal(p)
	skel, blobs := orchestrator.SplitTrip(&p.Trip)
	trip, _ := json.Marshal(&skel)
	values := map[string]json.RawMessage{}
	for _, b := range blobs {
		v, err := b.Encode()
		if err != nil {
			t.Fatal(err)
		}
		values[b.Ref] = v
	}
	lean, _ := json.Marshal(orchestrator.LeanPlan{Plan: p})
	attr := p.Trip.Cities[0].Attractions

	for _, tc := range []struct {
		name  string
		typed bool
	}{{"by kind", true}, {"unclassified", false}} {
		var w whole
		w.Values = map[string]json.RawMessage{}
		if tc.typed {
			w.Kinds.Attractions = map[string][]orchestrator.Attraction{attr.Ref: attr.Value}
			w.Kinds.Matrix = map[string]orchestrator.TravelMatrix{p.Trip.Cities[0].Matrix.Ref: p.Trip.Cities[0].Matrix.Value}
			w.Kinds.Transport = map[string]orchestrator.TransportLeg{p.Trip.Transport[0].Ref: p.Trip.Transport[0].Value}
		} else {
			w.Values = values
		}
		var got orchestrator.Plan
		if err := json.Unmarshal(lean, &got); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(trip, &got.Trip); err != nil {
			t.Fatal(err)
		}
		if err := w.join(&got.Trip); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if doc, _ := json.Marshal(&got); !bytes.Equal(doc, want) {
			t.Fatalf("%s: joined plan differs:\ngot  %s\nwant %s", tc.name, doc, want)
		}
		a, b := got.Trip.Cities[0].Attractions.Value, got.Trip.Cities[1].Attractions.Value
		if &a[0] == &b[0] {
			t.Errorf("%s: two sections share one value's memory", tc.name)
		}
	}

	var w whole // nothing: every referenced value is missing
	var got orchestrator.Plan
	_ = json.Unmarshal(trip, &got.Trip)
	if err := w.join(&got.Trip); err == nil {
		t.Fatal("join without the values succeeded")
	}
}
