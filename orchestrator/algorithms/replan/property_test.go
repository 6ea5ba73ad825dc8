package replan

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
)

// TestRepairProperties plans trips between the sandbox's cities and
// repairs each with events drawn at random (seeded): no repair panics,
// fails a check the plan passed or touches a day before now; a closed sight
// is not visited that day; a cancelled leg is not taken; a repair is
// deterministic.
func TestRepairProperties(t *testing.T) {
	cities := []string{"上海", "北京", "成都", "杭州", "南京", "广州", "深圳", "重庆", "武汉", "苏州"}
	r := rand.New(rand.NewPCG(7, 2026))
	n := 160
	if testing.Short() {
		n = 8
	}
	for k := range n {
		from, to := cities[r.IntN(len(cities))], cities[r.IntN(len(cities))]
		if from == to {
			continue
		}
		days := 2 + r.IntN(4)
		lang := []string{"zh", "en"}[r.IntN(2)]
		p := sandboxPlan(t, orchestrator.Brief{Origin: from, Destinations: []string{to}, StartDate: "2026-06-03", Days: days,
			Travelers: orchestrator.Travelers{Adults: 1 + r.IntN(3)}, Language: lang, Now: "2026-05-20T09:00:00+08:00"})
		it := p.Itinerary
		di := r.IntN(len(it.Days))
		d := it.Days[di]
		nowDay := max(0, di-r.IntN(2))
		now := fmt.Sprintf("%sT%02d:00:00+08:00", it.Days[nowDay].Date, 6+r.IntN(4))
		if nowDay == di {
			now = fmt.Sprintf("%sT06:00:00+08:00", d.Date)
		}
		var ev Event
		switch k % 8 {
		case 0:
			if len(d.Stops) == 0 {
				continue
			}
			ev = Event{Kind: Closed, Place: d.Stops[r.IntN(len(d.Stops))].Name, Date: d.Date}
		case 1:
			if len(d.Legs) == 0 {
				d = it.Days[0]
				now = fmt.Sprintf("%sT05:00:00+08:00", d.Date)
				if len(d.Legs) == 0 {
					continue
				}
			}
			ev = Event{Kind: Cancelled, Leg: LegRef(d.Legs[0].Number), Date: d.Date}
		case 2:
			if len(d.Legs) == 0 {
				continue
			}
			ev = Event{Kind: Delayed, Leg: LegRef(d.Legs[0].Number), Date: d.Date, Minutes: 30 + r.IntN(200)}
		case 3:
			ev = Event{Kind: Weather, Date: d.Date, Condition: Conditions[r.IntN(len(Conditions))]}
		case 4:
			ev = Event{Kind: LateStart, Date: d.Date, Time: fmt.Sprintf("%02d:%02d", 9+r.IntN(5), 15*r.IntN(4))}
		case 5:
			if len(d.Meals) == 0 {
				continue
			}
			ev = Event{Kind: Closed, Place: d.Meals[r.IntN(len(d.Meals))].Name, Date: d.Date}
		case 6:
			if len(d.Stops) == 0 {
				continue
			}
			ev = Event{Kind: Skip, Place: d.Stops[r.IntN(len(d.Stops))].Name}
		case 7:
			var unused []string
			for _, c := range p.Trip.Cities {
				if c.Attractions == nil {
					continue
				}
				for _, a := range c.Attractions.Value {
					if !slices.ContainsFunc(it.Days, func(x orchestrator.Day) bool { return slices.Contains(stopNames(x), a.Name) }) {
						unused = append(unused, a.Name)
					}
				}
			}
			if len(unused) == 0 {
				continue
			}
			ev = Event{Kind: Add, Place: unused[r.IntN(len(unused))]}
		}
		name := fmt.Sprintf("%d %s→%s %s %+v now %s", k, from, to, lang, ev, now)
		t.Run(name, func(t *testing.T) {
			if _, err := Repair(p, []Event{ev}, at(now)); ev.Kind == Add && orchestrator.ErrorField(err) == "events[0].place" {
				return // the sight's city has no day left: refused, as it should be
			}
			res := repair(t, p, now, ev)
			ndi := slices.IndexFunc(res.Itinerary.Days, func(x orchestrator.Day) bool { return x.Date == ev.Date })
			var nd orchestrator.Day
			if ndi >= 0 {
				nd = res.Itinerary.Days[ndi]
			}
			switch ev.Kind {
			case Skip:
				for _, x := range res.Itinerary.Days {
					if x.Date >= now[:10] {
						for _, s := range x.Stops {
							if s.Name == ev.Place && s.Start > now[11:16] {
								t.Errorf("skipped %s still visited on day %d", ev.Place, x.Day)
							}
						}
					}
				}
			case Closed:
				for _, s := range nd.Stops {
					if s.Name == ev.Place {
						t.Errorf("closed %s still visited", ev.Place)
					}
				}
				for _, m := range nd.Meals {
					if m.Name == ev.Place {
						t.Errorf("closed %s still eaten at", ev.Place)
					}
				}
			case Cancelled:
				for _, l := range nd.Legs {
					if l.Number == string(ev.Leg) {
						t.Errorf("cancelled %s still taken", ev.Leg)
					}
				}
				if len(nd.Legs) == 0 && len(res.Findings) == 0 {
					t.Error("no leg and no finding")
				}
			}
			a, _ := json.Marshal(res.Itinerary)
			if bytes.Contains(a, []byte(`"start":"24:`)) {
				t.Error("a time past midnight")
			}
		})
	}
}
