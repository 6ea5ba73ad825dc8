package amap

import (
	"math"

	"github.com/tripweave/tripweave/orchestrator"
)

// GCJ-02 ("Mars coordinates") is the datum Chinese law requires of maps
// published in mainland China: WGS-84 shifted by an obfuscating offset of
// typically 100–700 m. Amap takes and returns GCJ-02; the rest of tripweave
// is WGS-84, so this package converts at its boundary: WGS-84 → GCJ-02 on
// every coordinate it sends, GCJ-02 → WGS-84 on every coordinate it
// returns.
//
// ToGCJ02 is the forward formula as reconstructed publicly (Krasovsky 1940
// ellipsoid, the polynomial-and-sine offset used by eviltransform,
// coordtransform and most open-source converters); it reproduces their
// published pairs to 1e-9°. The official algorithm is not published, so
// the formula's agreement with Amap's own conversion cannot be verified
// here; community comparisons put it within about a metre (unverified).
// ToWGS84 inverts the formula by fixed-point iteration to below 1e-9°
// (about 0.1 mm) of the formula's inverse, instead of the common one-step
// approximation that is off by up to ~2 m. Outside mainland China's
// bounding box (OutOfChina) no offset applies and points pass unchanged.

const (
	krasovskyA  = 6378245.0              // semi-major axis, m
	krasovskyE2 = 0.00669342162296594323 // first eccentricity squared
)

// OutOfChina reports whether p lies outside the rectangle where GCJ-02
// applies (lon 72.004–137.8347, lat 0.8293–55.8271). The rectangle is the
// one the public converters use; it is coarse (it includes e.g. Seoul and
// Hanoi, whose Amap coordinates are then shifted like China's).
func OutOfChina(p orchestrator.GeoPoint) bool {
	return p.Lon < 72.004 || p.Lon > 137.8347 || p.Lat < 0.8293 || p.Lat > 55.8271
}

// ToGCJ02 converts a WGS-84 point to GCJ-02.
func ToGCJ02(p orchestrator.GeoPoint) orchestrator.GeoPoint {
	if OutOfChina(p) {
		return p
	}
	dLat, dLon := gcjOffset(p)
	return orchestrator.GeoPoint{Lat: p.Lat + dLat, Lon: p.Lon + dLon}
}

// ToWGS84 converts a GCJ-02 point to WGS-84.
func ToWGS84(g orchestrator.GeoPoint) orchestrator.GeoPoint {
	if OutOfChina(g) {
		return g
	}
	w := g
	for range 30 {
		f := ToGCJ02(w)
		dLat, dLon := g.Lat-f.Lat, g.Lon-f.Lon
		w.Lat += dLat
		w.Lon += dLon
		if math.Abs(dLat) < 1e-10 && math.Abs(dLon) < 1e-10 {
			break
		}
	}
	return w
}

// gcjOffset returns the GCJ-02 offset at WGS-84 point p, in degrees.
func gcjOffset(p orchestrator.GeoPoint) (dLat, dLon float64) {
	x, y := p.Lon-105.0, p.Lat-35.0
	dLat = transformLat(x, y)
	dLon = transformLon(x, y)
	radLat := p.Lat / 180.0 * math.Pi
	magic := math.Sin(radLat)
	magic = 1 - krasovskyE2*magic*magic
	sqrtMagic := math.Sqrt(magic)
	dLat = (dLat * 180.0) / ((krasovskyA * (1 - krasovskyE2)) / (magic * sqrtMagic) * math.Pi)
	dLon = (dLon * 180.0) / (krasovskyA / sqrtMagic * math.Cos(radLat) * math.Pi)
	return dLat, dLon
}

func transformLat(x, y float64) float64 {
	r := -100.0 + 2.0*x + 3.0*y + 0.2*y*y + 0.1*x*y + 0.2*math.Sqrt(math.Abs(x))
	r += (20.0*math.Sin(6.0*x*math.Pi) + 20.0*math.Sin(2.0*x*math.Pi)) * 2.0 / 3.0
	r += (20.0*math.Sin(y*math.Pi) + 40.0*math.Sin(y/3.0*math.Pi)) * 2.0 / 3.0
	r += (160.0*math.Sin(y/12.0*math.Pi) + 320*math.Sin(y*math.Pi/30.0)) * 2.0 / 3.0
	return r
}

func transformLon(x, y float64) float64 {
	r := 300.0 + x + 2.0*y + 0.1*x*x + 0.1*x*y + 0.1*math.Sqrt(math.Abs(x))
	r += (20.0*math.Sin(6.0*x*math.Pi) + 20.0*math.Sin(2.0*x*math.Pi)) * 2.0 / 3.0
	r += (20.0*math.Sin(x*math.Pi) + 40.0*math.Sin(x/3.0*math.Pi)) * 2.0 / 3.0
	r += (150.0*math.Sin(x/12.0*math.Pi) + 300.0*math.Sin(x/30.0*math.Pi)) * 2.0 / 3.0
	return r
}

// round6 rounds v to 6 decimals (about 0.1 m), the precision Amap uses.
func round6(v float64) float64 { return math.Round(v*1e6) / 1e6 }
