package planner_test

import (
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// TestPairedEveningSoftEnd: two must-see evening sights paired on one
// evening (pairFor: both shortest visits fit after dinner by 22:30) are
// both seen after dark when the second ends a few minutes past 22:30
// (eveningLate, a soft bound) — not the second by day for want of those
// minutes. Nothing ends past 23:00, and with a young child nothing ends
// past 21:00 (the soft end is not theirs).
func TestPairedEveningSoftEnd(t *testing.T) {
	cat := loadChina(t)
	for _, c := range []struct {
		origin, city string
		must         []string
		child        bool
	}{
		{"南京", "上海", []string{"外滩", "陆家嘴"}, false},
		{"杭州", "上海", []string{"外滩", "陆家嘴"}, false},
		{"苏州", "上海", []string{"外滩", "陆家嘴"}, false},
		{"南京", "上海", []string{"陆家嘴", "外滩"}, false},
		{"南京", "上海", []string{"南京路步行街", "陆家嘴"}, false},
		{"上海", "南京", []string{"夫子庙", "秦淮河"}, false},
		{"深圳", "广州", []string{"广州塔", "海心沙"}, false},
		{"重庆", "成都", []string{"锦里", "宽窄巷子"}, false},
		{"南京", "上海", []string{"外滩", "陆家嘴"}, true},
	} {
		b := &orchestrator.Brief{
			Origin: c.origin, Destinations: []string{c.city}, Days: 2,
			Travelers: orchestrator.Travelers{Adults: 1}, MustVisit: c.must,
		}
		if c.child {
			b.Travelers = orchestrator.Travelers{Adults: 2, Children: 1, ChildAges: []int{5}}
		}
		for _, m := range c.must {
			b.VisitTimes = append(b.VisitTimes, orchestrator.VisitTime{Sight: m, When: "night"})
		}
		if err := b.Normalize(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)); err != nil {
			t.Fatal(err)
		}
		it, _ := planOnSandbox(t, cat, b)
		latest := "23:00"
		if c.child {
			latest = "21:00"
		}
		for _, d := range it.Days {
			for _, s := range d.Stops {
				if s.End > latest {
					t.Errorf("%v child=%v: %s ends at %s, after %s", c.must, c.child, s.Name, s.End, latest)
				}
			}
		}
		if c.child {
			continue
		}
		for _, m := range c.must {
			start := lastStart(it, m)
			if start == "" || start < "17:30" {
				t.Errorf("from %s %v: %s at %q, want after dark beside the other", c.origin, c.must, m, start)
			}
		}
	}
}
