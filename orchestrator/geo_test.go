package orchestrator

import (
	"math"
	"math/rand"
	"testing"
)

// GeoRef.DistanceKM gives GeoPoint.DistanceKM's floats bit for bit: random
// points near and far, poles, the antimeridian, the same point, NaN.
func TestGeoRefSameBits(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	pts := []GeoPoint{{0, 0}, {90, 0}, {-90, 180}, {0, 180}, {0, -180}, {30.66, 104.06}, {30.66, 104.06}, {math.NaN(), 1}, {-0.0, -0.0}}
	for range 20000 {
		p := GeoPoint{Lat: rng.Float64()*180 - 90, Lon: rng.Float64()*360 - 180}
		pts = append(pts, p)
		// A neighbour, as restaurants near a sight are.
		pts = append(pts, GeoPoint{Lat: p.Lat + rng.NormFloat64()*0.05, Lon: p.Lon + rng.NormFloat64()*0.05})
	}
	for i := 0; i+1 < len(pts); i++ {
		for _, q := range []GeoPoint{pts[i+1], pts[(i*7)%len(pts)]} {
			p := pts[i]
			want := p.DistanceKM(q)
			if got := p.Ref().DistanceKM(q.Ref()); math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("%v → %v: GeoRef %v (%x), GeoPoint %v (%x)", p, q, got, math.Float64bits(got), want, math.Float64bits(want))
			}
		}
	}
}
