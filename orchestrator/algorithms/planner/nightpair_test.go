package planner_test

import (
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// TestTwoNightViewsOneEvening: two must-see night views near each other
// on a trip with one evening in the city share it, each for its shortest
// time (the Bund and Nanjing Road, Canton Tower and Huacheng Square);
// where both do not fit, the second is still visited, by day.
func TestTwoNightViewsOneEvening(t *testing.T) {
	cat := loadChina(t)
	for _, c := range []struct {
		origin, city string
		must         []string
		bothAtNight  bool
	}{
		{"Nanjing", "Shanghai", []string{"外滩", "南京路步行街"}, true},
		{"Shenzhen", "Guangzhou", []string{"广州塔", "花城广场"}, true},
		{"Chengdu", "Chongqing", []string{"洪崖洞", "解放碑"}, false},
		{"Shanghai", "Nanjing", []string{"夫子庙", "老门东"}, false},
	} {
		b := &orchestrator.Brief{
			Origin: c.origin, Destinations: []string{c.city}, Days: 2,
			Travelers: orchestrator.Travelers{Adults: 2},
			Interests: []string{"night views"}, MustVisit: c.must,
		}
		for _, m := range c.must {
			b.VisitTimes = append(b.VisitTimes, orchestrator.VisitTime{Sight: m, When: "night"})
		}
		if err := b.Normalize(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)); err != nil {
			t.Fatal(err)
		}
		it, _ := planOnSandbox(t, cat, b)
		for _, m := range c.must {
			start := lastStart(it, m)
			switch {
			case start == "":
				t.Errorf("%v: %s not visited", c.must, m)
			case c.bothAtNight && start < "17:30":
				t.Errorf("%v: %s at %s, want after dark beside the other", c.must, m, start)
			}
		}
	}
}

// lastStart is the start of the last stop whose name holds m ("" if none).
func lastStart(it *orchestrator.Itinerary, m string) string {
	start := ""
	for _, d := range it.Days {
		for _, s := range d.Stops {
			if strings.Contains(s.Name, m) {
				start = s.Start
			}
		}
	}
	return start
}
