package planner

import (
	"cmp"
	"fmt"
	"math"
	"math/rand"
	"slices"
	"sort"
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
)

// Opening hours read once answer as openFor and openStartFor on the hours
// themselves, for every weekday and span, odd hours included (unreadable
// times, spans past midnight, weekdays out of range).
func TestReadHoursAsOpenFor(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	times := []string{"00:00", "07:30", "09:00", "11:30", "14:00", "17:00", "21:30", "24:00", "02:00", "9:5", "", "25:00"}
	for trial := 0; trial < 2000; trial++ {
		var hours []orchestrator.OpeningHours
		for range rng.Intn(4) {
			h := orchestrator.OpeningHours{Open: times[rng.Intn(len(times))], Close: times[rng.Intn(len(times))]}
			for range rng.Intn(4) {
				h.Weekdays = append(h.Weekdays, []int{rng.Intn(9) - 1, 64 + rng.Intn(3)}[rng.Intn(5)/4])
			}
			hours = append(hours, h)
		}
		oh := readHours(hours)
		for _, wd := range []int{-1, 0, 1, 2, 3, 4, 5, 6, 7, 64, 65, 66} {
			for range 8 {
				start := rng.Intn(1600)
				end := start + rng.Intn(200)
				if got, want := oh.open(wd, start, end), orchestrator.OpenDuring(hours, wd, start, end); got != want {
					t.Fatalf("hours %+v on %d %d–%d: read %v, openFor %v", hours, wd, start, end, got, want)
				}
				a := &attraction{a: &orchestrator.Attraction{Hours: hours}}
				got, gok := oh.start(wd, start, end-start)
				want, wok := openStartFor(a, wd, start, end-start)
				if got != want || gok != wok {
					t.Fatalf("hours %+v on %d from %d for %d: read %d %v, openStartFor %d %v", hours, wd, start, end-start, got, gok, want, wok)
				}
			}
		}
	}
}

// candidates keeps, per cuisine mask, the m lightest restaurants in weight
// order: the same as sorting them all and taking the first m of each mask.
func TestCandidatesAsSorted(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for trial := 0; trial < 500; trial++ {
		n := rng.Intn(60)
		rs := make([]*restaurant, n)
		weight := make([]int64, n)
		for i := range rs {
			rs[i] = &restaurant{idx: 2*i + rng.Intn(2), mask: rng.Intn(1 << rng.Intn(4))}
			weight[i] = int64(rng.Intn(12))
		}
		m := rng.Intn(7)
		order := make([]int, n)
		for i := range order {
			order[i] = i
		}
		slices.SortFunc(order, func(x, y int) int {
			if c := cmp.Compare(weight[x], weight[y]); c != 0 {
				return c
			}
			if c := cmp.Compare(rs[x].idx, rs[y].idx); c != 0 {
				return c
			}
			return cmp.Compare(x, y)
		})
		per := map[int]int{}
		var want []int
		for _, i := range order {
			if per[rs[i].mask] < m {
				per[rs[i].mask]++
				want = append(want, i)
			}
		}
		if got := candidates(rs, weight, m); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("trial %d (n=%d, m=%d): candidates %v, want %v", trial, n, m, got, want)
		}
	}
}

// stableSort orders as sort.SliceStable does, NaN keys (no strict weak
// order) included.
func TestStableSortAsSliceStable(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	for trial := 0; trial < 300; trial++ {
		n := rng.Intn(120)
		type kv struct {
			k float64
			i int
		}
		a := make([]kv, n)
		for i := range a {
			a[i] = kv{float64(rng.Intn(8)), i}
			if rng.Intn(6) == 0 {
				a[i].k = math.NaN()
			}
		}
		b := slices.Clone(a)
		sort.SliceStable(a, func(i, j int) bool { return a[i].k < a[j].k })
		stableSort(b, func(x, y kv) bool { return x.k < y.k })
		for i := range a {
			if a[i].i != b[i].i {
				t.Fatalf("trial %d: position %d holds %d, sort.SliceStable %d", trial, i, b[i].i, a[i].i)
			}
		}
	}
}

// Distance rows hold GeoPoint.DistanceKM's floats; the catalog index's
// rows count against distBudget until the index drops their facts, a
// plan's own rows never do.
func TestDistRowsBudget(t *testing.T) {
	rs := []orchestrator.Restaurant{
		{Location: &orchestrator.GeoPoint{Lat: 30.66, Lon: 104.06}},
		{},
		{Location: &orchestrator.GeoPoint{Lat: 30.7, Lon: 104.1}},
	}
	p := orchestrator.GeoPoint{Lat: 30.65, Lon: 104.07}
	before := distBudget.Load()
	f := buildRestaurantFacts("成都", rs, "", true)
	row := f.dist.row(p)
	for i, r := range rs {
		want := 0.0
		if r.Location != nil {
			want = p.DistanceKM(*r.Location)
		}
		if math.Float64bits(row[i]) != math.Float64bits(want) {
			t.Errorf("row[%d] = %v, want %v", i, row[i], want)
		}
	}
	if got := distBudget.Load(); got != before-int64(len(rs)) {
		t.Errorf("budget %d after a kept row, want %d", got, before-int64(len(rs)))
	}
	if again := f.dist.row(p); &again[0] != &row[0] {
		t.Error("the kept row was computed again")
	}
	f.evict()
	if got := distBudget.Load(); got != before {
		t.Errorf("budget %d after eviction, want %d", got, before)
	}
	f.dist.row(orchestrator.GeoPoint{Lat: 31, Lon: 104})
	if len(f.dist.m) != 1 || distBudget.Load() != before {
		t.Errorf("evicted facts kept a row (%d rows, budget %d)", len(f.dist.m), distBudget.Load())
	}
	g := buildRestaurantFacts("成都", rs, "", false)
	g.dist.row(p)
	if len(g.dist.m) != 1 || distBudget.Load() != before {
		t.Errorf("a plan's own rows: %d kept, budget %d, want 1 and %d", len(g.dist.m), distBudget.Load(), before)
	}
}
