package planner

import (
	"math"
	"slices"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// Straight-line travel estimate inside a city: quality.TravelEstimate (a
// fixed overhead, the first 10 km at an average urban speed, the rest at
// suburban expressway speed).
const (
	unknownTravel   = 20 // minutes, when a position is missing
	maxTwoOptRounds = 50
)

// place is a point of a day's route: an attraction, a hotel or a station.
type place struct {
	id  string
	loc *orchestrator.GeoPoint
	// ref is loc prepared for distances (GeoPoint.Ref; nil: not
	// prepared), from the catalog index.
	ref *orchestrator.GeoRef
	// ai is 1 + the catalog index of the city's attraction the place is
	// (0: another place).
	ai int32
}

// place is the attraction as a point of a route.
func (a *attraction) place() place { return place{a.a.ID, a.a.Location, a.ref, int32(a.idx) + 1} }

// travel returns the minutes from a to b in city c: the travel matrix when
// both are in it, else a straight-line estimate (estimate = true).
func (c *city) travel(a, b place) (int, bool) {
	if a.id != "" && a.id == b.id {
		return 0, false
	}
	if m := c.matrix; m != nil && a.id != "" && b.id != "" {
		i, j := c.row(a.id), c.row(b.id)
		if i >= 0 && j >= 0 && i < len(m.Seconds) && j < len(m.Seconds[i]) && m.Seconds[i][j] >= 0 {
			return (m.Seconds[i][j] + 59) / 60, false
		}
	}
	if a.loc == nil || b.loc == nil {
		return unknownTravel, true
	}
	if a.ai > 0 && b.ai > 0 && c.afacts != nil && c.afacts.travel != nil {
		// Two attractions: the estimate below, kept by the catalog index.
		return int(c.afacts.travelRow(int(a.ai - 1))[b.ai-1]), true
	}
	var km float64
	if a.ref != nil && b.ref != nil {
		km = a.ref.DistanceKM(*b.ref) // a.loc.DistanceKM(*b.loc), bit for bit
	} else {
		km = a.loc.DistanceKM(*b.loc)
	}
	return quality.TravelEstimate(km), true
}

// row is the matrix row of place id, or -1.
func (c *city) row(id string) int {
	if c.matrixRow == nil {
		return c.matrix.Index(id)
	}
	if i, ok := c.matrixRow[id]; ok {
		return i
	}
	return -1
}

// orderStops orders stops into a short open path from start: nearest
// neighbour, then 2-opt improvement, over the city's travel times. Ties are
// broken by input order, so the result is deterministic.
func (c *city) orderStops(start place, stops []*attraction) []*attraction {
	n := len(stops)
	if n <= 1 {
		return stops
	}
	// The places, travel times and path in the city's arena (a fresh one
	// for a city without).
	ar := c.arena
	if ar == nil {
		ar = new(cityArena)
	}
	pts := reuse(ar.pts, n+1)
	ar.pts = pts
	pts[0] = start
	for i, s := range stops {
		pts[i+1] = s.place()
	}
	// The travel times, in one block: d(i, j) from pts[i] to pts[j].
	cells := reuse(ar.cells, (n+1)*(n+1))
	ar.cells = cells
	// Without a travel matrix, travel is symmetric — the same ids, the
	// attractions' rows and the straight-line estimate alike (the
	// haversine's differences change sign exactly, its sines are odd, its
	// product commutes) — so each pair is computed once.
	sym := c.matrix == nil
	for i := 0; i <= n; i++ {
		cells[i*(n+1)+i] = 0
		for j := 0; j <= n; j++ {
			switch {
			case i == j:
			case sym && j < i:
				cells[i*(n+1)+j] = cells[j*(n+1)+i]
			default:
				cells[i*(n+1)+j], _ = c.travel(pts[i], pts[j])
			}
		}
	}
	d := func(i, j int) int { return cells[i*(n+1)+j] }
	// Nearest neighbour from the start.
	path := reuse(ar.path, n+1)[:1]
	ar.path = path
	path[0] = 0
	used := reuse(ar.used, n+1)
	ar.used = used
	clear(used)
	used[0] = true
	for len(path) <= n {
		last, next := path[len(path)-1], -1
		for j := 1; j <= n; j++ {
			if !used[j] && (next < 0 || d(last, j) < d(last, next)) {
				next = j
			}
		}
		used[next] = true
		path = append(path, next)
	}
	// 2-opt on the open path (the start stays first, the end is free).
	for round := 0; round < maxTwoOptRounds; round++ {
		improved := false
		for i := 1; i < n; i++ {
			for j := i + 1; j <= n; j++ {
				before := d(path[i-1], path[i])
				after := d(path[i-1], path[j])
				if j < n {
					before += d(path[j], path[j+1])
					after += d(path[i], path[j+1])
				}
				if after < before {
					for a, b := i, j; a < b; a, b = a+1, b-1 {
						path[a], path[b] = path[b], path[a]
					}
					improved = true
				}
			}
		}
		if !improved {
			break
		}
	}
	out := make([]*attraction, n)
	for i, p := range path[1:] {
		out[i] = stops[p-1]
	}
	return out
}

// sweep orders attractions by bearing around center, starting after the
// widest angular gap, so that consecutive runs are geographic clusters.
// Attractions without a position come last, in rank order. The order is
// a new list: as is left as it is.
func sweep(center *orchestrator.GeoPoint, as []*attraction) []*attraction {
	if center == nil {
		return slices.Clone(as)
	}
	type ang struct {
		a   *attraction
		deg float64
	}
	with := make([]ang, 0, len(as))
	var without []*attraction
	for _, a := range as {
		if a.a.Location == nil {
			without = append(without, a)
			continue
		}
		dy := a.a.Location.Lat - center.Lat
		dx := (a.a.Location.Lon - center.Lon) * math.Cos(center.Lat*math.Pi/180)
		with = append(with, ang{a, math.Atan2(dy, dx)})
	}
	stableSort(with, func(x, y ang) bool {
		if x.deg != y.deg {
			return x.deg < y.deg
		}
		return x.a.idx < y.a.idx
	})
	start, gap := 0, -1.0
	for i := range with {
		next := with[(i+1)%len(with)].deg
		g := next - with[i].deg
		if i == len(with)-1 {
			g += 2 * math.Pi
		}
		if g > gap {
			gap, start = g, (i+1)%len(with)
		}
	}
	out := make([]*attraction, 0, len(as))
	for i := range with {
		out = append(out, with[(start+i)%len(with)].a)
	}
	return append(out, without...)
}
