package amap

import (
	"math"
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
)

// Published WGS-84 → GCJ-02 pairs: googollee/eviltransform's tests
// (Shanghai, Shenzhen, Beijing) and wandergis/coordtransform's README
// (Tiananmen, 116.404, 39.915).
var knownPairs = []struct {
	name     string
	wgs, gcj orchestrator.GeoPoint
}{
	{"shanghai", orchestrator.GeoPoint{Lat: 31.1774276, Lon: 121.5272106}, orchestrator.GeoPoint{Lat: 31.17530398364597, Lon: 121.531541859215}},
	{"shenzhen", orchestrator.GeoPoint{Lat: 22.543847, Lon: 113.912316}, orchestrator.GeoPoint{Lat: 22.540796131694766, Lon: 113.9171764808363}},
	{"beijing", orchestrator.GeoPoint{Lat: 39.911954, Lon: 116.377817}, orchestrator.GeoPoint{Lat: 39.91334545536069, Lon: 116.38404722455657}},
	{"tiananmen", orchestrator.GeoPoint{Lat: 39.915, Lon: 116.404}, orchestrator.GeoPoint{Lat: 39.91640428150164, Lon: 116.41024449916938}},
}

func metres(a, b orchestrator.GeoPoint) float64 { return a.DistanceKM(b) * 1000 }

func TestToGCJ02KnownPairs(t *testing.T) {
	for _, tt := range knownPairs {
		got := ToGCJ02(tt.wgs)
		if math.Abs(got.Lat-tt.gcj.Lat) > 1e-9 || math.Abs(got.Lon-tt.gcj.Lon) > 1e-9 {
			t.Errorf("%s: ToGCJ02(%v) = %v, want %v", tt.name, tt.wgs, got, tt.gcj)
		}
	}
}

func TestToWGS84KnownPairs(t *testing.T) {
	for _, tt := range knownPairs {
		got := ToWGS84(tt.gcj)
		if d := metres(got, tt.wgs); d > 0.001 {
			t.Errorf("%s: ToWGS84(%v) = %v, %.4f m from %v; want < 1 mm", tt.name, tt.gcj, got, d, tt.wgs)
		}
	}
	// coordtransform's one-step inverse of (116.404, 39.915) is
	// (116.39775550083061, 39.91359571849836); the exact inverse lies
	// within a couple of metres of it.
	approx := orchestrator.GeoPoint{Lat: 39.91359571849836, Lon: 116.39775550083061}
	got := ToWGS84(orchestrator.GeoPoint{Lat: 39.915, Lon: 116.404})
	if d := metres(got, approx); d < 0.01 || d > 3 {
		t.Errorf("exact inverse is %.3f m from the one-step approximation; want between 1 cm and 3 m", d)
	}
}

func TestRoundTripAcrossChina(t *testing.T) {
	worst := 0.0
	for lat := 18.0; lat <= 53.5; lat += 0.37 {
		for lon := 73.5; lon <= 134.5; lon += 0.61 {
			p := orchestrator.GeoPoint{Lat: lat, Lon: lon}
			g := ToGCJ02(p)
			if off := metres(p, g); off < 1 || off > 1500 {
				t.Fatalf("offset at %v is %.1f m; want 1–1500 m", p, off)
			}
			worst = max(worst, metres(ToWGS84(g), p))
		}
	}
	if worst > 0.001 {
		t.Errorf("worst round-trip error %.6f m, want < 1 mm", worst)
	}
}

func TestOutOfChinaUnchanged(t *testing.T) {
	for _, p := range []orchestrator.GeoPoint{
		{Lat: 48.8566, Lon: 2.3522},   // Paris
		{Lat: -33.87, Lon: 151.21},    // Sydney
		{Lat: 64.1466, Lon: -21.9426}, // Reykjavik
		{Lat: 35.6762, Lon: 139.6503}, // Tokyo, east of 137.8347
	} {
		if g := ToGCJ02(p); g != p {
			t.Errorf("ToGCJ02(%v) = %v, want unchanged", p, g)
		}
		if w := ToWGS84(p); w != p {
			t.Errorf("ToWGS84(%v) = %v, want unchanged", p, w)
		}
	}
}

func TestLocationRoundTrip(t *testing.T) {
	// What the client sends and what it reads back agree to 0.2 m, the
	// 6-decimal precision of both directions.
	p := orchestrator.GeoPoint{Lat: 30.6703, Lon: 104.0557}
	s := formatLngLat(p)
	if s != "104.058187,30.667867" {
		t.Errorf("formatLngLat = %s, want 104.058187,30.667867", s)
	}
	back := String(s).Location()
	if back == nil || metres(*back, p) > 0.2 {
		t.Errorf("Location(%s) = %v, want within 0.2 m of %v", s, back, p)
	}
}

func BenchmarkToWGS84(b *testing.B) {
	g := knownPairs[0].gcj
	for b.Loop() {
		ToWGS84(g)
	}
}
