package planner_test

import (
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// TestSightKindWishes plans a sight asked for by its kind (a zoo, an
// aquarium, a night market, in English and Chinese) in cities whose data
// has one, and holds that a stop of the plan is of that kind
// (quality.SightKind) and that kind_missed finds none. Without the
// planner's lift (sightKinds) Beijing and Suzhou get no zoo, Nanjing,
// Shenzhen and Chengdu no aquarium (a zoo met the concept table's broader
// interest), Guangzhou no night market.
func TestSightKindWishes(t *testing.T) {
	cat := loadChina(t)
	for _, c := range []struct{ city, wish string }{
		{"北京", "zoo"}, {"北京", "动物园"}, {"苏州", "zoo"}, {"南京", "aquarium"}, {"南京", "海洋馆"},
		{"深圳", "aquarium"}, {"成都", "海洋馆"}, {"广州", "night market"}, {"广州", "夜市"},
	} {
		origin := "上海"
		b := &orchestrator.Brief{Origin: origin, Destinations: []string{c.city}, Days: 3, Interests: []string{c.wish},
			Travelers: orchestrator.Travelers{Adults: 2}, Language: "zh", Now: "2026-05-01T09:00:00+08:00"}
		if err := b.Normalize(time.Time{}); err != nil {
			t.Fatal(err)
		}
		it, trip := planOnSandbox(t, cat, b)
		k := quality.SightKindOf(c.wish)
		if k == nil {
			t.Fatalf("%s: no kind", c.wish)
		}
		found := false
		for _, cd := range trip.Cities {
			if cd.Attractions == nil {
				continue
			}
			for i := range cd.Attractions.Value {
				a := &cd.Attractions.Value[i]
				for _, d := range it.Days {
					for _, s := range d.Stops {
						if s.AttractionID == a.ID && k.Of(a) {
							found = true
						}
					}
				}
			}
		}
		if !found {
			t.Errorf("%s, %s: no %s planned", c.city, c.wish, k.Name)
		}
		for _, o := range quality.Objections(b, trip, it) {
			if o.Kind == quality.ObjKindMissed {
				t.Errorf("%s: %s", c.city, o.Detail)
			}
		}
	}
}
