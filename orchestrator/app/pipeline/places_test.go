package pipeline_test

import (
	"context"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/app/pipeline"
)

// TestKnownPlacesNotGeocoded: places the brief already resolved (the
// parser's gazetteer) are used as they are — no geocode call for them —
// and only the others are geocoded.
func TestKnownPlacesNotGeocoded(t *testing.T) {
	sh, cd := cities["shanghai"], cities["chengdu"]
	sh.Name, cd.Name = "Shanghai", "Chengdu"
	for _, tc := range []struct {
		name   string
		places []orchestrator.Place
		calls  int
	}{
		{"all known", []orchestrator.Place{sh, cd}, 0},
		{"one known", []orchestrator.Place{cd}, 1},
		{"none known", nil, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, pipeline.Options{})
			b := orchestrator.Brief{Origin: "Shanghai", Destinations: []string{"Chengdu"}, StartDate: "2026-06-19", Days: 3,
				Travelers: orchestrator.Travelers{Adults: 2}, Now: "2026-06-10T10:00:00+08:00", Places: tc.places}
			if err := b.Normalize(time.Now()); err != nil {
				t.Fatal(err)
			}
			plan, _, err := f.svc.Plan(context.Background(), pipeline.Request{Brief: b})
			if err != nil {
				t.Fatal(err)
			}
			if got := f.tools.count("geocode"); got != tc.calls {
				t.Errorf("geocode calls = %d, want %d", got, tc.calls)
			}
			c := plan.Trip.Cities[0]
			if c.Place == nil || c.Place.Value.Latitude != cd.Latitude || plan.Trip.Origin == nil || plan.Trip.Origin.Value.SourceID != sh.SourceID {
				t.Fatalf("places not in the trip: city %+v origin %+v", c.Place, plan.Trip.Origin)
			}
			wantSrc := "open-meteo:geocoding"
			if len(tc.places) > 0 {
				wantSrc = "brief:places"
			}
			if c.Place.Provenance.Source != wantSrc {
				t.Errorf("Chengdu's place from %q, want %q", c.Place.Provenance.Source, wantSrc)
			}
			if c.Weather == nil {
				t.Errorf("weather for the known place missing: notes %+v", plan.Notes)
			}
		})
	}
}
