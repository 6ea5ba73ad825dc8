package pipeline_test

import (
	"context"
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/pipeline"
)

func TestPrewarmKinds(t *testing.T) {
	f := newFixture(t, pipeline.Options{})
	ctx := context.Background()
	// Attractions bring their geocode along; the weather (not static) is
	// left out.
	r := f.svc.PrewarmKinds(ctx, "Chengdu", "", []orchestrator.Kind{orchestrator.KindAttractions, orchestrator.KindWeather})
	if r.Subtasks != 2 || r.Fetched != 1 || r.City != "Chengdu" {
		t.Errorf("Chengdu attractions: %+v, want 2 subtasks (geocode, attractions), the geocode fetched", r)
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
