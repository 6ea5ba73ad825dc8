package planner_test

import (
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// daysRequest is a request in the traveller's words and its brief.
type daysRequest struct {
	words   string
	origin  string
	dests   []string
	days    int
	tr      orchestrator.Travelers
	pace    string
	budget  float64 // CNY a head; 0: none
	intr    []string
	must    []string
	prefer  []string
	objects []string // objection kinds the plan must not have
}

func (r daysRequest) plan(t *testing.T) (*orchestrator.Brief, *orchestrator.Itinerary, *orchestrator.Trip) {
	t.Helper()
	b := &orchestrator.Brief{Origin: r.origin, Destinations: r.dests, Days: r.days, Travelers: r.tr, Pace: r.pace,
		Interests: r.intr, MustVisit: r.must, Constraints: orchestrator.Constraints{TransportPrefer: r.prefer},
		Language: "zh", Now: "2026-05-01T09:00:00+08:00"}
	if r.budget > 0 {
		b.Budget = &orchestrator.Budget{Amount: r.budget, Currency: "CNY", PerPerson: true}
	}
	if err := b.Normalize(time.Time{}); err != nil {
		t.Fatal(err)
	}
	it, trip := planOnSandbox(t, loadChina(t), b)
	return b, it, trip
}

// TestRightHourAcrossCities: night views, night markets and evening
// shows get evening slots and morning sights (panda bases, sunrise,
// 早市) morning ones, also in trips of two cities and on the days a
// traveller arrives; the wrong_hour objection finds none, and each stop
// whose best hour is known (quality.BestHour) starts within it.
func TestRightHourAcrossCities(t *testing.T) {
	two := orchestrator.Travelers{Adults: 2}
	for _, r := range []daysRequest{
		{words: "上海出发，成都重庆五天，想看熊猫和洪崖洞夜景", origin: "上海", dests: []string{"成都", "重庆"}, days: 5, tr: two, intr: []string{"熊猫", "夜景"}},
		{words: "From Shenzhen: Guangzhou then Chengdu, 4 days, pandas and a night cruise", origin: "深圳", dests: []string{"广州", "成都"}, days: 4, tr: two, intr: []string{"pandas", "night cruise"}},
		{words: "北京出发去南京和上海，四天，看夜景，逛夜市", origin: "北京", dests: []string{"南京", "上海"}, days: 4, tr: two, intr: []string{"夜景", "夜市"}},
		{words: "Two days in Chengdu from Chongqing with a 6-year-old: the panda base", origin: "重庆", dests: []string{"成都"}, days: 2, tr: orchestrator.Travelers{Adults: 2, Children: 1, ChildAges: []int{6}}, must: []string{"成都大熊猫繁育研究基地"}},
		{words: "武汉去重庆两天，晚上看夜景", origin: "武汉", dests: []string{"重庆"}, days: 2, tr: two, intr: []string{"夜景"}},
		{words: "Hangzhou and Suzhou from Shanghai, 3 days, night tours", origin: "上海", dests: []string{"杭州", "苏州"}, days: 3, tr: two, intr: []string{"night tour", "night views"}},
	} {
		b, it, trip := r.plan(t)
		for _, o := range quality.Objections(b, trip, it) {
			if o.Kind == quality.ObjWrongHour {
				t.Errorf("%s: day %d: %s", r.words, o.Day, o.Detail)
			}
		}
		seen := 0
		for _, d := range it.Days {
			for _, s := range d.Stops {
				h := quality.BestHour(s.Name, "", nil, s.Indoor)
				if h == quality.AnyHour {
					continue
				}
				seen++
				if start := clockMinutes(s.Start); !quality.FitsHour(h, start) && !(h == quality.Morning && len(b.MustVisit) > 0) {
					t.Errorf("%s: day %d: %s at %s (best in the %s)", r.words, d.Day, s.Name, s.Start, h)
				}
			}
		}
		if seen == 0 {
			t.Errorf("%s: no stop with a best hour: the request tests nothing", r.words)
		}
	}
}

// TestTimeOnTheRoad: no day spends most of its waking hours on a train
// when a flight fits the budget (long_train), on the way out, on the way
// home and between two cities; a traveller who asks for trains keeps
// them.
func TestTimeOnTheRoad(t *testing.T) {
	two := orchestrator.Travelers{Adults: 2}
	for _, r := range []daysRequest{
		{words: "上海去成都玩四天，两个人，人均6000", origin: "上海", dests: []string{"成都"}, days: 4, tr: two, budget: 6000},
		{words: "From Beijing to Shenzhen for 3 days, 5000 CNY each", origin: "北京", dests: []string{"深圳"}, days: 3, tr: two, budget: 5000},
		{words: "南京出发，北京五天，人均5000", origin: "南京", dests: []string{"北京"}, days: 5, tr: two, budget: 5000},
		{words: "广州出发，重庆和北京六天，人均8000", origin: "广州", dests: []string{"重庆", "北京"}, days: 6, tr: two, budget: 8000},
		{words: "Shanghai to Chengdu and Chongqing, 5 days, 7000 CNY each", origin: "上海", dests: []string{"成都", "重庆"}, days: 5, tr: two, budget: 7000},
	} {
		b, it, trip := r.plan(t)
		for _, o := range quality.Objections(b, trip, it) {
			if o.Kind == quality.ObjLongTrain {
				t.Errorf("%s: day %d: %s", r.words, o.Day, o.Detail)
			}
		}
		for _, d := range it.Days {
			for _, l := range d.Legs {
				if l.Mode == "train" && l.DurationMinutes >= quality.LongTrainMinutes {
					t.Errorf("%s: day %d: train %s %s→%s takes %d min", r.words, d.Day, l.Number, l.From, l.To, l.DurationMinutes)
				}
			}
		}
	}
	// Trains asked for: the day-long train stays.
	b, it, trip := daysRequest{words: "上海坐火车去成都四天", origin: "上海", dests: []string{"成都"}, days: 4, tr: two, prefer: []string{"train"}}.plan(t)
	trains := 0
	for _, d := range it.Days {
		for _, l := range d.Legs {
			if l.Mode == "train" {
				trains++
			}
		}
	}
	if trains == 0 || quality.Count(quality.Objections(b, trip, it))[quality.ObjLongTrain] != 0 {
		t.Errorf("上海坐火车去成都: %d trains, objections %v", trains, quality.Objections(b, trip, it))
	}
}
