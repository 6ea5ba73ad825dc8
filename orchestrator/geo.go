package orchestrator

import "math"

// GeoRef is a point prepared for many great-circle distances to and from
// it: the cosine of its latitude computed once. Make one with
// GeoPoint.Ref; the zero value is the point (0, 0) without its cosine.
type GeoRef struct {
	P      GeoPoint
	cosLat float64
}

// Ref prepares p for GeoRef.DistanceKM.
func (p GeoPoint) Ref() GeoRef {
	const rad = math.Pi / 180
	return GeoRef{P: p, cosLat: math.Cos(p.Lat * rad)}
}

// DistanceKM returns p.P.DistanceKM(q.P), bit for bit: the same haversine
// with the cosines of the latitudes prepared and each sine computed once.
func (p GeoRef) DistanceKM(q GeoRef) float64 {
	const rad = math.Pi / 180
	dLat := (q.P.Lat - p.P.Lat) * rad
	dLon := (q.P.Lon - p.P.Lon) * rad
	sLat, sLon := math.Sin(dLat/2), math.Sin(dLon/2)
	a := sLat*sLat + p.cosLat*q.cosLat*sLon*sLon
	return 2 * earthRadiusKM * math.Asin(math.Min(1, math.Sqrt(a)))
}
