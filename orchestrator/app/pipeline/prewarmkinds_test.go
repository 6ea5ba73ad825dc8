package pipeline_test

import (
	"context"
	"slices"
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/app/pipeline"
)

func TestPrewarmKinds(t *testing.T) {
	f := newFixture(t, pipeline.Options{})
	ctx := context.Background()
	// Attractions bring their geocode along; the weather (not static,
	// but warmed for the city's forecast window and climate normals) is
	// fetched over pipeline.WarmWeatherDays; live prices are left out.
	r := f.svc.PrewarmKinds(ctx, "Chengdu", "", []orchestrator.Kind{orchestrator.KindAttractions, orchestrator.KindWeather, orchestrator.KindHotelPrices})
	if r.Subtasks != 3 || r.Fetched != 2 || r.City != "Chengdu" {
		t.Errorf("Chengdu attractions: %+v, want 3 subtasks (geocode, attractions, weather), the geocode and weather fetched", r)
	}
	again := f.svc.PrewarmKinds(ctx, "Chengdu", "en", []orchestrator.Kind{orchestrator.KindGeocode})
	if again.Subtasks != 1 || again.CacheHits != 1 || again.Fetched != 0 {
		t.Errorf("geocode again: %+v, want one cache hit and no fetch", again)
	}
	bad := f.svc.PrewarmKinds(ctx, "Atlantis", "en", []orchestrator.Kind{orchestrator.KindGeocode})
	if bad.Failed != 1 || bad.Transient {
		t.Errorf("Atlantis: %+v, want one final (not transient) failure", bad)
	}
}

// TestDefaultPrewarmKinds checks the registry's default pre-warm kinds: a
// city's static knowledge, sorted, then the weather, the one kind warmed
// over dates; live prices, dated but not pre-warmed, are not among them.
func TestDefaultPrewarmKinds(t *testing.T) {
	got := orchestrator.PrewarmKinds("Chengdu", "en")
	want := append(orchestrator.StaticKinds("Chengdu", "en"), orchestrator.KindWeather)
	if !slices.Equal(got, want) {
		t.Errorf("PrewarmKinds = %v, want %v", got, want)
	}
	for _, k := range orchestrator.AllKinds() {
		spec := orchestrator.Kinds[k]
		if spec.WarmsDates() != (k == orchestrator.KindWeather) {
			t.Errorf("%s: WarmsDates = %v", k, spec.WarmsDates())
		}
	}
	if !orchestrator.Kinds[orchestrator.KindHotelPrices].Dated || !orchestrator.Kinds[orchestrator.KindFares].Dated {
		t.Error("live prices are dated")
	}
}
