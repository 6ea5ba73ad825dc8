package quality_test

import (
	"testing"

	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

func BenchmarkLocalFacts(b *testing.B) {
	dir, err := datasets.Locate("chinatravel")
	if err != nil {
		b.Skip()
	}
	cat, _ := datasets.LoadChinaTravel(dir)
	trip, _ := cat.Trip("北京", []string{"南京"})
	rs := trip.Cities[0].Restaurants.Value
	b.Logf("ref %q", trip.Cities[0].Restaurants.Ref)
	for b.Loop() {
		quality.LocalFacts("南京", rs)
	}
}
