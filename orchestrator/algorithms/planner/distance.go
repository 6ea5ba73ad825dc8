package planner

import (
	"math"
	"sync"
	"sync/atomic"

	"github.com/tripweave/tripweave/orchestrator"
)

// distRows holds, for one restaurant catalog, rows of distances from a
// point to each of its restaurants (by catalog index; 0 for a restaurant
// without a position): p.DistanceKM(*r.Location), the very floats the meal
// choice would compute, computed once per point rather than once per
// comparison, variant and plan.
//
// Rows are kept for the points of catalogs — attractions, hotels, city
// centres — up to maxDistRows per catalog and distBudget distances in all
// (returned when the catalog index drops the facts: evict); a row is
// immutable once stored and read by concurrent plans under a read lock.
// Points a plan makes up (the centroid of a city's stops, often the same in
// several variants and plans) are kept apart (made, city.pointRow).
type distRows struct {
	// refs are the restaurants' positions prepared (GeoPoint.Ref; zero
	// for one without a position, which has no entry in has).
	refs []orchestrator.GeoRef
	has  []bool
	mu   sync.RWMutex
	m    map[[2]uint64][]float64
	// made holds the rows of points plans made up (city.pointRow: the
	// centroid of a city's stops, which plans of the same stops meet
	// again), up to maxMadeRows, apart from m so that they never crowd
	// out the catalogs' points; shared facts only.
	made map[[2]uint64][]float64
	// shared is set for the facts of the catalog index, whose rows count
	// against distBudget (a plan's own facts die with it); held counts
	// the distances they keep; evicted is set once the catalog index has
	// dropped the facts (no more rows are kept).
	shared  bool
	held    int64
	evicted bool
}

// maxDistRows bounds the rows one restaurant catalog keeps: more than the
// attractions and hotels of the largest city.
const maxDistRows = 2048

// maxMadeRows bounds the rows of made-up points one restaurant catalog
// keeps.
const maxMadeRows = 1024

// distBudget is how many more distances all catalogs' rows may keep: 4M,
// 32 MB.
var distBudget atomic.Int64

func init() { distBudget.Store(4 << 20) }

// evict returns the distances the rows keep to distBudget, keeping no
// more: the catalog index has dropped the facts (plans still holding them
// read the rows kept).
func (d *distRows) evict() {
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.evicted {
		d.evicted = true
		distBudget.Add(d.held)
		d.held = 0
	}
}

// pointBits is a point's exact bits, for a map key.
func pointBits(p orchestrator.GeoPoint) [2]uint64 {
	return [2]uint64{math.Float64bits(p.Lat), math.Float64bits(p.Lon)}
}

// compute returns the row of p, computed afresh.
func (d *distRows) compute(p orchestrator.GeoPoint) []float64 {
	row := make([]float64, len(d.refs))
	pr := p.Ref()
	for i := range d.refs {
		if d.has[i] {
			row[i] = pr.DistanceKM(d.refs[i])
		}
	}
	return row
}

// row returns the row of p, from the table when it holds it, else
// computed and (while there is room) kept.
func (d *distRows) row(p orchestrator.GeoPoint) []float64 {
	return d.rowIn(&d.m, maxDistRows, p)
}

// madeRow is row for a point a plan made up: kept in made when the facts
// are shared (else nil: the plan keeps it).
func (d *distRows) madeRow(p orchestrator.GeoPoint) []float64 {
	if !d.shared {
		return nil
	}
	return d.rowIn(&d.made, maxMadeRows, p)
}

// rowIn returns the row of p from the table *tab, else computed and
// (while there is room, up to most rows) kept there.
func (d *distRows) rowIn(tab *map[[2]uint64][]float64, most int, p orchestrator.GeoPoint) []float64 {
	k := pointBits(p)
	d.mu.RLock()
	row, ok := (*tab)[k]
	d.mu.RUnlock()
	if ok {
		return row
	}
	row = d.compute(p)
	d.mu.Lock()
	defer d.mu.Unlock()
	if prev, ok := (*tab)[k]; ok {
		return prev
	}
	if d.evicted || len(*tab) >= most {
		return row
	}
	if *tab == nil {
		*tab = map[[2]uint64][]float64{}
	}
	if !d.shared {
		(*tab)[k] = row
		return row
	}
	if n := int64(len(row)); distBudget.Add(-n) >= 0 {
		(*tab)[k] = row
		d.held += n
	} else {
		distBudget.Add(n) // over the budget: not kept
	}
	return row
}

// restRow returns the distances from p to c's restaurants by catalog
// index, or nil when p is nil or c has no restaurant facts. p is a point
// of the catalogs (see distRows).
func (c *city) restRow(p *orchestrator.GeoPoint) []float64 {
	if p == nil || c.rfacts == nil {
		return nil
	}
	return c.rfacts.dist.row(*p)
}

// pointRow is restRow for a point the plan made up: kept with the shared
// facts (distRows.made) for later plans, else by the plan, for the
// variants that meet the same point again.
func (c *city) pointRow(p *orchestrator.GeoPoint) []float64 {
	if p == nil || c.rfacts == nil {
		return nil
	}
	k := pointBits(*p)
	for _, e := range c.pointRows {
		if e.key == k {
			return e.row
		}
	}
	row := c.rfacts.dist.madeRow(*p)
	if row == nil {
		row = c.rfacts.dist.compute(*p)
	}
	c.pointRows = append(c.pointRows, pointRowEntry{k, row})
	return row
}

// pointRowEntry is a row kept by a plan.
type pointRowEntry struct {
	key [2]uint64
	row []float64
}
