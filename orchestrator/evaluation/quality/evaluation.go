// Package evaluation runs tripweave's quality evaluation: requests of its
// own (requests.jsonl, Chinese and English, over the ChinaTravel sandbox's
// ten cities and TravelPlanner cities), each a structured brief with the
// facts a good plan must show. Every request is planned from the offline
// catalogs, verified, scored (orchestrator/algorithms/quality) and checked against its
// expected facts and against rules every plan must keep: no odd-hour leg
// where the data offers an alternative, no meal that cannot be reached in
// time, no trip without a sight.
package evaluation

import (
	"bufio"
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
	"github.com/tripweave/tripweave/orchestrator/algorithms/planner"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
	"github.com/tripweave/tripweave/orchestrator/algorithms/verifier"
)

// Requests is the shipped evaluation set, one Request per line.
//
//go:embed requests.jsonl
var Requests []byte

// Request is one evaluation request.
type Request struct {
	ID string `json:"id"`
	// Dataset is "chinatravel" or "travelplanner": the catalog to plan from.
	Dataset string `json:"dataset"`
	// Query is the request as a traveller would write it (documentation;
	// the brief is its reading).
	Query  string             `json:"query"`
	Brief  orchestrator.Brief `json:"brief"`
	Expect Expect             `json:"expect"`
}

// Expect lists facts the plan must show.
type Expect struct {
	// Visits are words one stop's name must contain each (熊猫, 园).
	Visits []string `json:"visits,omitempty"`
	// Interests lists interests (concept terms) some stop or meal must meet.
	Interests []string `json:"interests,omitempty"`
}

// ReadRequests parses JSON-lines requests.
func ReadRequests(r io.Reader) ([]Request, error) {
	var out []Request
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		var q Request
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&q); err != nil {
			return nil, fmt.Errorf("requests line %d: %w", n, err)
		}
		out = append(out, q)
	}
	return out, sc.Err()
}

// Result is one request's outcome.
type Result struct {
	ID      string `json:"id"`
	Dataset string `json:"dataset"`
	Error   string `json:"error,omitempty"`
	// HardPass is the verifier's verdict (every check passed).
	HardPass bool `json:"hard_pass"`
	// Failed names the verifier checks that failed.
	Failed []string `json:"failed,omitempty"`
	// Expected counts the expected facts met, of ExpectedTotal.
	Expected      int      `json:"expected"`
	ExpectedTotal int      `json:"expected_total"`
	Missed        []string `json:"missed,omitempty"`
	OddLegs       int      `json:"odd_legs"`
	LateMeals     int      `json:"late_meals"`
	NoSight       bool     `json:"no_sight"`
	// MealRepeats counts lunches and dinners repeating a restaurant
	// category that day or beyond the trip's cap (quality.MealRepeats).
	MealRepeats int `json:"meal_repeats"`
	// MustMissed lists must-see sights the trip data holds that the plan
	// does not visit.
	MustMissed []string `json:"must_missed,omitempty"`
	// BudgetUse is the plan's cost over the budget (0 without a budget).
	BudgetUse float64              `json:"budget_use,omitempty"`
	Tier      orchestrator.Tier    `json:"tier,omitempty"`
	Quality   orchestrator.Quality `json:"quality"`
	PlanTime  time.Duration        `json:"plan_time"`
	// Objections are what a traveller would change (quality.Objections).
	Objections []quality.Objection `json:"objections,omitempty"`
	// Itinerary is the plan (not in the JSON summary).
	Itinerary *orchestrator.Itinerary `json:"-"`
}

// Summary aggregates the results.
type Summary struct {
	Requests  int     `json:"requests"`
	Planned   int     `json:"planned"`
	HardPass  float64 `json:"hard_pass_rate"`
	Expected  float64 `json:"expected_facts_rate"`
	OddLegs   int     `json:"odd_legs_with_alternative"`
	LateMeals int     `json:"meals_unreachable_in_time"`
	NoSight   int     `json:"trips_without_sight"`
	// MealRepeats totals the results' meal repeats; MustMissed the
	// must-see sights in the data left out.
	MealRepeats int `json:"meal_repeats"`
	MustMissed  int `json:"must_see_missed"`
	// BudgetUse describes cost ÷ budget over the requests with a budget:
	// its quartiles and how many plans spend under half of it.
	BudgetUse BudgetUse `json:"budget_use"`
	// Score is the mean quality score; Components the mean of each
	// applicable component.
	Score      float64            `json:"mean_score"`
	Components map[string]float64 `json:"components"`
	PlanP95    time.Duration      `json:"plan_p95"`
	// Objections counts each kind of quality.Objections over the plans,
	// and WithObjections the plans with any (late meals and odd-hour
	// legs with an alternative included).
	Objections     map[string]int `json:"objections"`
	WithObjections int            `json:"plans_with_objections"`
}

// Catalogs are the offline data the requests plan from; a nil catalog
// fails its requests.
type Catalogs struct {
	ChinaTravel, TravelPlanner *datasets.Catalog
}

// Run plans, verifies and scores every request, in order. ctx is checked
// between requests.
func Run(ctx context.Context, cats Catalogs, reqs []Request) (Summary, []Result, error) {
	var results []Result
	for _, q := range reqs {
		if err := ctx.Err(); err != nil {
			return Summary{}, results, err
		}
		results = append(results, one(ctx, cats, q))
	}
	return summarize(results), results, nil
}

func one(ctx context.Context, cats Catalogs, q Request) Result {
	res := Result{ID: q.ID, Dataset: q.Dataset}
	cat := cats.ChinaTravel
	if q.Dataset == "travelplanner" {
		cat = cats.TravelPlanner
	}
	if cat == nil {
		res.Error = "no " + q.Dataset + " catalog loaded"
		return res
	}
	nb, err := orchestrator.NormalizeBrief(q.Brief, time.Time{})
	if err != nil {
		res.Error = err.Error()
		return res
	}
	b := nb.Brief()
	trip, err := tripWithHubs(cat, b.Origin, b.Cities())
	if err != nil {
		res.Error = err.Error()
		return res
	}
	t0 := time.Now()
	it, err := planner.PlanContext(ctx, &b, trip, planner.Options{Cities: b.CityCount})
	res.PlanTime = time.Since(t0)
	if err != nil {
		res.Error = err.Error()
		return res
	}
	rep := verifier.Verify(&b, trip, it)
	res.HardPass, res.Tier = rep.Passed, it.Tier
	for _, c := range rep.Checks {
		if c.Status == orchestrator.CheckFail {
			res.Failed = append(res.Failed, c.Name)
		}
	}
	res.Quality = *rep.Quality
	expect(&res, q.Expect, trip, it)
	res.OddLegs = oddLegs(&b, trip, it)
	res.LateMeals = lateMeals(it)
	same, over := quality.MealRepeatsOnce(quality.TravellerMealCategories(&b, trip, it), quality.OnceCategory(&b))
	res.MealRepeats = same + over
	res.MustMissed = mustMissed(&b, trip, it)
	if lim := it.Budget.Limit; lim != nil && lim.Cents > 0 {
		var cost int64
		for _, d := range it.Days {
			cost += d.Cost.Cents
		}
		res.BudgetUse = math.Round(1000*float64(cost)/float64(lim.Cents)) / 1000
	}
	res.Objections = quality.Objections(&b, trip, it)
	res.Itinerary = it
	res.NoSight = true
	for _, d := range it.Days {
		if len(d.Stops) > 0 {
			res.NoSight = false
		}
	}
	return res
}

func expect(res *Result, e Expect, trip *orchestrator.Trip, it *orchestrator.Itinerary) {
	// A stop meets an interest by its data (category, tags) as well as its
	// name, as the quality score reads it.
	byID := map[string]*orchestrator.Attraction{}
	for i := range trip.Cities {
		if as := trip.Cities[i].Attractions; as != nil {
			for j := range as.Value {
				byID[as.Value[j].ID] = &as.Value[j]
			}
		}
	}
	var names []string
	for _, d := range it.Days {
		for _, s := range d.Stops {
			names = append(names, s.Name)
		}
	}
	for _, v := range e.Visits {
		res.ExpectedTotal++
		if slices.ContainsFunc(names, func(n string) bool { return strings.Contains(strings.ToLower(n), strings.ToLower(v)) }) {
			res.Expected++
		} else {
			res.Missed = append(res.Missed, "visit "+v)
		}
	}
	for _, in := range e.Interests {
		res.ExpectedTotal++
		c := planner.InterestConcept(in)
		ok := false
		for _, d := range it.Days {
			for _, s := range d.Stops {
				category, tags := "", []string(nil)
				if a := byID[s.AttractionID]; a != nil {
					category, tags = a.Category, a.Tags
				}
				ok = ok || c.Kind != concepts.Cuisine && c.Attraction(s.Name, category, tags)
			}
			for _, m := range d.Meals {
				ok = ok || c.Kind == concepts.Cuisine && c.Restaurant(m.Name, m.Cuisines)
			}
		}
		if ok {
			res.Expected++
		} else {
			res.Missed = append(res.Missed, "interest "+in)
		}
	}
}

// mustMissed lists the brief's must-see sights that some city of the trip
// holds (concepts.Resolve) and no stop of the plan is.
func mustMissed(b *orchestrator.Brief, trip *orchestrator.Trip, it *orchestrator.Itinerary) []string {
	var stops []concepts.Candidate
	for _, d := range it.Days {
		for _, s := range d.Stops {
			stops = append(stops, concepts.Candidate{Name: s.Name})
		}
	}
	var out []string
	for _, name := range b.MustVisit {
		held := false
		for i := range trip.Cities {
			if as := trip.Cities[i].Attractions; as != nil {
				if j, _ := concepts.Resolve(name, concepts.AttractionCandidates(as.Value)); j >= 0 {
					held = true
					break
				}
			}
		}
		if i, _ := concepts.Resolve(name, stops); held && i < 0 {
			out = append(out, name)
		}
	}
	return out
}

// odd reports a departure before 06:30 or an arrival after 23:30 or the
// next day.
func odd(depart, arrive string, offset int) bool {
	return depart < "06:30" || offset > 0 || arrive > "23:30" || arrive < depart
}

// oddLegs counts legs at odd hours for which the trip data offers an
// option of the same pair, date and allowed mode at sensible hours.
func oddLegs(b *orchestrator.Brief, trip *orchestrator.Trip, it *orchestrator.Itinerary) int {
	n := 0
	for _, d := range it.Days {
		for _, l := range d.Legs {
			if !odd(l.Depart, l.Arrive, l.ArriveDayOffset) {
				continue
			}
			alt := false
			for _, sl := range trip.Transport {
				tl := sl.Value
				if !orchestrator.SameCity(tl.From, l.From) || !orchestrator.SameCity(tl.To, l.To) {
					continue
				}
				for _, o := range tl.Options {
					if o.Depart == "" || (o.Date != "" && d.Date != "" && o.Date != d.Date) || slices.Contains(b.Constraints.TransportExclude, o.Mode) ||
						!b.Constraints.LegAllowed(o.Mode, o.Number, o.Class) || (l.Mode == "self_driving") != (o.Mode == "self_driving") {
						continue
					}
					if !odd(o.Depart, o.Arrive, o.ArriveDayOffset) {
						alt = true
					}
				}
			}
			if alt {
				n++
			}
		}
	}
	return n
}

// lateMeals counts meals that start before the previous stop in the same
// city ends plus the time to get there (movingMinutes), or that
// end after the next stop's travel would have to begin.
func lateMeals(it *orchestrator.Itinerary) int {
	n := 0
	for _, d := range it.Days {
		for _, m := range d.Meals {
			mt := clock(m.Time)
			end := mt
			if m.Slot == orchestrator.Breakfast || m.Slot == orchestrator.Lunch || m.Slot == orchestrator.Dinner {
				end += orchestrator.MealMinutes(m.Slot)
			}
			for _, s := range d.Stops {
				if m.Location == nil || s.Location == nil || s.City != m.City {
					continue // another city of a travel day: a leg lies between
				}
				travel := movingMinutes(s.Location.DistanceKM(*m.Location))
				se, ss := clock(s.End), clock(s.Start)
				if se <= mt && mt < se+travel {
					n++
					break
				}
				if ss >= end && ss < end+travel {
					n++
					break
				}
			}
		}
	}
	return n
}

// movingMinutes is the least time to cover km of straight line between
// two places of a city: the planner's estimate (quality.TravelEstimate)
// without its fixed overhead, rounded up — 25 km/h over the first 10 km,
// 50 km/h beyond (the ring roads and expressways to a sight out of town).
func movingMinutes(km float64) int {
	if km <= quality.MealTravelUrbanKM {
		return int(math.Ceil(km / quality.MealTravelKMH * 60))
	}
	return int(math.Ceil(quality.MealTravelUrbanKM/quality.MealTravelKMH*60 + (km-quality.MealTravelUrbanKM)/quality.MealTravelFastKMH*60))
}

// clock reads an itinerary time; one that does not read is midnight.
func clock(s string) int {
	m, _ := orchestrator.ParseClockSpan(s)
	return m
}

// BudgetUse is the distribution of cost ÷ budget.
type BudgetUse struct {
	Plans             int      `json:"plans"`
	Min               float64  `json:"min"`
	P25               float64  `json:"p25"`
	Median            float64  `json:"median"`
	P75               float64  `json:"p75"`
	Max               float64  `json:"max"`
	UnderHalf         int      `json:"under_half"`
	Over              int      `json:"over"`
	UnderHalfRequests []string `json:"under_half_requests,omitempty"`
}

func budgetUse(rs []Result) BudgetUse {
	var u BudgetUse
	var xs []float64
	for _, r := range rs {
		if r.Error != "" || r.BudgetUse <= 0 {
			continue
		}
		xs = append(xs, r.BudgetUse)
		switch {
		case r.BudgetUse < 0.5:
			u.UnderHalf++
			u.UnderHalfRequests = append(u.UnderHalfRequests, r.ID)
		case r.BudgetUse > 1:
			u.Over++
		}
	}
	if len(xs) == 0 {
		return u
	}
	sort.Float64s(xs)
	at := func(p float64) float64 { return xs[int(math.Round(p*float64(len(xs)-1)))] }
	u.Plans, u.Min, u.P25, u.Median, u.P75, u.Max = len(xs), xs[0], at(0.25), at(0.5), at(0.75), xs[len(xs)-1]
	return u
}

func summarize(rs []Result) Summary {
	s := Summary{Requests: len(rs), Components: map[string]float64{}, BudgetUse: budgetUse(rs), Objections: map[string]int{}}
	for _, k := range quality.ObjectionKinds {
		s.Objections[k] = 0
	}
	counts := map[string]int{}
	var hard, exp, expT int
	var times []time.Duration
	for _, r := range rs {
		if r.Error != "" {
			continue
		}
		s.Planned++
		if r.HardPass {
			hard++
		}
		exp += r.Expected
		expT += r.ExpectedTotal
		s.OddLegs += r.OddLegs
		s.LateMeals += r.LateMeals
		if r.NoSight {
			s.NoSight++
		}
		s.MealRepeats += r.MealRepeats
		s.MustMissed += len(r.MustMissed)
		for _, x := range r.Objections {
			s.Objections[x.Kind]++
		}
		if len(r.Objections) > 0 || r.LateMeals > 0 || r.OddLegs > 0 {
			s.WithObjections++
		}
		s.Score += float64(r.Quality.Score)
		for _, c := range r.Quality.Components {
			if c.Applicable {
				s.Components[c.Name] += c.Value
				counts[c.Name]++
			}
		}
		times = append(times, r.PlanTime)
	}
	if s.Requests > 0 {
		s.HardPass = float64(hard) / float64(s.Requests)
	}
	if expT > 0 {
		s.Expected = float64(exp) / float64(expT)
	}
	if s.Planned > 0 {
		s.Score /= float64(s.Planned)
	}
	for k, v := range s.Components {
		s.Components[k] = math.Round(v/float64(counts[k])*1000) / 1000
	}
	if len(times) > 0 {
		sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
		s.PlanP95 = times[min(len(times)-1, int(math.Ceil(0.95*float64(len(times))))-1)]
	}
	return s
}

// Print writes a human summary: one line per request, then the totals and
// the mean of each score component.
func Print(w io.Writer, s Summary, rs []Result) {
	for _, r := range rs {
		if r.Error != "" {
			fmt.Fprintf(w, "%-28s ERROR %s\n", r.ID, r.Error)
			continue
		}
		status := "pass"
		if !r.HardPass {
			status = "FAIL " + strings.Join(r.Failed, ",")
		}
		extra := ""
		if len(r.Missed) > 0 {
			extra = "  missed: " + strings.Join(r.Missed, "; ")
		}
		if len(r.MustMissed) > 0 {
			extra += "  must-see left out: " + strings.Join(r.MustMissed, ", ")
		}
		spend := "   -"
		if r.BudgetUse > 0 {
			spend = fmt.Sprintf("%3.0f%%", 100*r.BudgetUse)
		}
		if len(r.Objections) > 0 {
			var os []string
			for _, x := range r.Objections {
				os = append(os, fmt.Sprintf("%s d%d: %s", x.Kind, x.Day, x.Detail))
			}
			extra += "  objections: " + strings.Join(os, "; ")
		}
		fmt.Fprintf(w, "%-28s %-7s score %3d  facts %d/%d  odd legs %d  late meals %d  meal repeats %d  objections %d  spend %s  %s%s\n",
			r.ID, r.Tier, r.Quality.Score, r.Expected, r.ExpectedTotal, r.OddLegs, r.LateMeals, r.MealRepeats, len(r.Objections), spend, status, extra)
	}
	fmt.Fprintf(w, "\nrequests %d, planned %d, hard checks passed %.1f%%, expected facts %.1f%%\n", s.Requests, s.Planned, 100*s.HardPass, 100*s.Expected)
	fmt.Fprintf(w, "odd-hour legs with an alternative %d, meals unreachable in time %d, trips without a sight %d\n", s.OddLegs, s.LateMeals, s.NoSight)
	fmt.Fprintf(w, "meal category repeats %d, must-see sights in the data left out %d\n", s.MealRepeats, s.MustMissed)
	if u := s.BudgetUse; u.Plans > 0 {
		fmt.Fprintf(w, "spend ÷ budget over %d plans: min %.0f%%, p25 %.0f%%, median %.0f%%, p75 %.0f%%, max %.0f%%; under half %d, over %d\n",
			u.Plans, 100*u.Min, 100*u.P25, 100*u.Median, 100*u.P75, 100*u.Max, u.UnderHalf, u.Over)
	}
	fmt.Fprintf(w, "plans with an objection (these below, late meals or odd-hour legs) %d of %d\n", s.WithObjections, s.Planned)
	for _, k := range quality.ObjectionKinds {
		fmt.Fprintf(w, "  %-14s %d\n", k, s.Objections[k])
	}
	fmt.Fprintf(w, "mean quality score %.1f, plan p95 %v\n", s.Score, s.PlanP95)
	for _, c := range quality.Weights {
		if v, ok := s.Components[c.Name]; ok {
			fmt.Fprintf(w, "  %-12s %.3f\n", c.Name, v)
		}
	}
}

// tripWithHubs assembles the trip as the pipeline gathers it: the brief's
// cities, and the transport to and from the hubs a connection may change
// at (orchestrator.HubsFor) that the catalog holds, so the planner can
// weigh connections against direct legs as it does in service.
func tripWithHubs(cat *datasets.Catalog, origin string, cities []string) (*orchestrator.Trip, error) {
	canon := func(c string) string { return orchestrator.CanonicalCity(c) }
	places := append([]string{origin}, cities...)
	all := slices.Clone(cities)
	for _, a := range places {
		for _, b := range places {
			if a == "" || b == "" || canon(a) == canon(b) {
				continue
			}
			for _, h := range orchestrator.HubsFor(a, b) {
				if _, ok := cat.City(h); !ok || canon(h) == canon(origin) || slices.ContainsFunc(all, func(c string) bool { return canon(c) == canon(h) }) {
					continue
				}
				all = append(all, h)
			}
		}
	}
	trip, err := cat.Trip(origin, all)
	if err != nil {
		return nil, err
	}
	trip.Cities = trip.Cities[:min(len(cities), len(trip.Cities))]
	return trip, nil
}
