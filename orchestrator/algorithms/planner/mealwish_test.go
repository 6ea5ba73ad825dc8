package planner_test

import (
	"fmt"
	"slices"
	"sort"
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
	"github.com/tripweave/tripweave/orchestrator/algorithms/planner"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// wishDishes lists, for a sandbox city, the dishes of the dish table
// (concepts.Dishes) that at least min of its restaurants serve, most
// served first, then in table order.
func wishDishes(rs []orchestrator.Restaurant, min int) []*concepts.Dish {
	type dc struct {
		d *concepts.Dish
		n int
	}
	var out []dc
	for _, d := range concepts.Dishes() {
		f := quality.NewFood(d.Chinese[0])
		n := 0
		for i := range rs {
			if f.Serves(&rs[i]) {
				n++
			}
		}
		if n >= min {
			out = append(out, dc{d, n})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].n > out[j].n })
	ds := make([]*concepts.Dish, len(out))
	for i := range out {
		ds[i] = out[i].d
	}
	return ds
}

// TestWishServedWhenServable is the invariant that a food wish the data
// can serve is served: trips to every sandbox city, each asking for one
// to three of the dishes (of the dish table) three or more of its
// restaurants serve, written in Chinese and in the table's first and
// last English or pinyin names, of one to four days, for two adults, a
// relaxed party of three and a family with a five-year-old. Every wish
// a restaurant of the city serves must be served by a meal that says
// so, and the plan must have no food_missed objection, wherever the
// plan has as many meals in the city as wishes. The passes after the
// wish placement (meal hours, no cuisine twice in a row, no food from
// abroad unasked, near meals for a relaxed party, unfit fares) could
// move the only meal that served it; at the start of meals round 4, 2
// of these 429 plans left a wish unserved (three wishes, three meals,
// one a breakfast: planner.moveForWish).
func TestWishServedWhenServable(t *testing.T) {
	if testing.Short() {
		t.Skip("plans about 430 trips")
	}
	cat := loadChina(t)
	origins := map[string]string{"上海": "北京"}
	parties := []struct {
		name string
		edit func(*orchestrator.Brief)
	}{
		{"two adults", func(*orchestrator.Brief) {}},
		{"relaxed party", func(b *orchestrator.Brief) { b.Pace = "relaxed"; b.Travelers.Adults = 3 }},
		{"five-year-old", func(b *orchestrator.Brief) {
			b.Travelers = orchestrator.Travelers{Adults: 2, Children: 1, ChildAges: []int{5}}
		}},
	}
	missed, plans, nomeal := 0, 0, 0
	for _, city := range []string{"北京", "上海", "南京", "苏州", "杭州", "广州", "深圳", "成都", "重庆", "武汉"} {
		origin := "上海"
		if o, ok := origins[city]; ok {
			origin = o
		}
		trip, err := cat.Trip(origin, []string{city})
		if err != nil || len(trip.Cities) == 0 || trip.Cities[0].Restaurants == nil {
			t.Fatalf("%s: no restaurants (%v)", city, err)
		}
		rs := trip.Cities[0].Restaurants.Value
		ds := wishDishes(rs, 3)
		if len(ds) < 2 {
			t.Errorf("%s: %d dishes of the dish table served by three restaurants, want 2 or more", city, len(ds))
		}
		for i, d := range ds[:min(len(ds), 6)] {
			forms := []string{d.Chinese[0], d.English[0], d.English[len(d.English)-1]}
			for j, wish := range slices.Compact(forms) {
				// A name the data cannot serve asks nothing of the plan.
				if !quality.NewFood(wish).Sought(rs) {
					continue
				}
				for pi, p := range parties {
					n := i*3 + j + pi
					var it *orchestrator.Itinerary
					var b *orchestrator.Brief
					days := 1 + n%4
					// A one-day trip the timetables cannot make is planned
					// over two days.
					for ; it == nil && days <= 4; days++ {
						b = mealBrief(t, origin, city, days, func(b *orchestrator.Brief) {
							b.Foods = []string{wish}
							if i%2 == 1 {
								// With a second wish, which competes for the meals.
								b.Foods = append(b.Foods, ds[i-1].Chinese[0])
							}
							if i >= 2 && j == 0 {
								// And a third.
								b.Foods = append(b.Foods, ds[i-2].English[0])
							}
							p.edit(b)
						})
						it, _ = planner.Plan(b, trip, planner.Options{})
					}
					if it == nil {
						t.Fatalf("%s, %s: no plan", city, wish)
					}
					days--
					plans++
					served, meals := false, 0
					for _, day := range it.Days {
						for _, m := range day.Meals {
							served = served || slices.Contains(m.Serves, wish)
							if orchestrator.SameCity(m.City, city) {
								meals++
							}
						}
					}
					if meals < len(b.Foods) {
						// Fewer meals in the city than wishes (a day
						// trip between a midday arrival and an evening
						// departure): a missing meal, not a wish passed
						// over.
						nomeal++
						continue
					}
					fm := quality.Count(quality.Objections(b, trip, it))[quality.ObjFoodMissed]
					if !served || fm > 0 {
						missed++
						var ms []string
						for _, day := range it.Days {
							for _, m := range day.Meals {
								ms = append(ms, fmt.Sprintf("d%d %s %s %s %v", day.Day, m.Slot, m.City, m.Name, m.Serves))
							}
						}
						t.Errorf("%s, %d days, %s, wishes %q (%s): served %v, %d food_missed; meals %v", city, days, p.name, b.Foods, d.ID, served, fm, ms)
					}
				}
			}
		}
	}
	t.Logf("%d plans, %d with fewer meals than wishes, %d with a wish unserved", plans, nomeal, missed)
}
