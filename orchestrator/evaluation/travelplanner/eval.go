package travelplanner

import (
	"fmt"
	"math"
	"regexp"
	"strings"
)

// Commonsense check names, in the paper's order.
const (
	CheckWithinSandbox     = "within_sandbox"
	CheckCompleteInfo      = "complete_information"
	CheckWithinCurrentCity = "within_current_city"
	CheckReasonableRoute   = "reasonable_city_route"
	CheckDiverseRestaurant = "diverse_restaurants"
	CheckDiverseAttraction = "diverse_attractions"
	CheckNonConflictTrans  = "non_conflicting_transportation"
	CheckMinimumNights     = "minimum_nights_stay"
)

// Hard constraint names.
const (
	HardBudget    = "budget"
	HardRoomRule  = "room_rule"
	HardRoomType  = "room_type"
	HardCuisine   = "cuisine"
	HardTransport = "transportation"
)

// CommonsenseChecks and HardChecks list the check names in order.
var (
	CommonsenseChecks = []string{CheckWithinSandbox, CheckCompleteInfo, CheckWithinCurrentCity, CheckReasonableRoute,
		CheckDiverseRestaurant, CheckDiverseAttraction, CheckNonConflictTrans, CheckMinimumNights}
	HardChecks = []string{HardBudget, HardRoomRule, HardRoomType, HardCuisine, HardTransport}
)

// Result is one plan's evaluation.
type Result struct {
	Delivered bool `json:"delivered"`
	// Commonsense maps each commonsense check to whether it passed.
	Commonsense map[string]bool `json:"commonsense"`
	// Hard maps the budget and every hard constraint the query sets to
	// whether it passed; constraints the query does not set are absent.
	Hard map[string]bool `json:"hard"`
	// HardEvaluated is false when Complete Information or Within Sandbox
	// failed, in which case every applicable hard check counts as failed.
	HardEvaluated bool `json:"hard_evaluated"`
	// Reasons explains failed checks.
	Reasons map[string]string `json:"reasons,omitempty"`
	// Cost is the plan's total as the budget check computes it.
	Cost float64 `json:"cost"`
}

// CommonsensePass reports whether all eight commonsense checks passed.
func (r Result) CommonsensePass() bool {
	if !r.Delivered {
		return false
	}
	for _, c := range CommonsenseChecks {
		if !r.Commonsense[c] {
			return false
		}
	}
	return true
}

// HardPass reports whether every hard check the query sets passed.
func (r Result) HardPass() bool {
	if !r.Delivered || !r.HardEvaluated {
		return false
	}
	for _, ok := range r.Hard {
		if !ok {
			return false
		}
	}
	return true
}

// FinalPass reports whether the plan passes everything.
func (r Result) FinalPass() bool { return r.CommonsensePass() && r.HardPass() }

// day is one day of a plan as the evaluator reads it.
type day map[string]any

// str returns a day's field as text ("" when absent or null).
func (d day) str(key string) string {
	v, ok := d[key]
	if !ok || v == nil {
		return ""
	}
	if s, ok := v.(string); ok {
		return s
	}
	if f, ok := v.(float64); ok && f == math.Trunc(f) {
		return fmt.Sprintf("%d", int64(f))
	}
	return fmt.Sprint(v)
}

func filled(s string) bool { return s != "" && s != "-" }

// truthy mirrors Python's `value and value != '-'` on a JSON value.
func truthy(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case string:
		return filled(x)
	case bool:
		return x
	case float64:
		return x != 0
	case []any:
		return len(x) > 0
	case map[string]any:
		return len(x) > 0
	}
	return true
}

var (
	fromToRE = regexp.MustCompile(`from\s+(.+?)\s+to\s+([^,]+)`)
	parenRE  = regexp.MustCompile(`^(.*?)\([^)]*\)`)
)

// beforeParen removes a "(…)" suffix: the text before the first
// parenthesised group, as the official extract_before_parenthesis does.
func beforeParen(s string) string {
	if m := parenRE.FindStringSubmatch(s); m != nil {
		return m[1]
	}
	return s
}

// fromTo parses "from A to B" (A the shortest text up to the next " to ",
// B up to the next comma), parentheses removed; ok is false without a match.
func fromTo(s string) (string, string, bool) {
	m := fromToRE.FindStringSubmatch(s)
	if m == nil {
		return "", "", false
	}
	return beforeParen(m[1]), beforeParen(m[2]), true
}

// nameCity parses "Name, City": the name before the last comma, the city
// after it without a "(…)" suffix; "-", "-" without a comma.
func nameCity(s string) (string, string) {
	i := strings.LastIndex(s, ",")
	if i < 0 || strings.TrimSpace(s[i+1:]) == "" {
		return "-", "-"
	}
	return strings.TrimSpace(s[:i]), strings.TrimSpace(beforeParen(strings.TrimSpace(s[i+1:])))
}

// attractionList splits an attraction field on ";" and drops the text after
// the last ";".
func attractionList(s string) []string {
	parts := strings.Split(s, ";")
	return parts[:len(parts)-1]
}

var mealKeys = []string{"breakfast", "lunch", "dinner"}

const notNeeded = "You don't need to fill in the information for this or later days."

// Evaluate scores one plan for query q by the official rules (see the
// dataset README). plan is nil or empty for an undelivered plan.
func (s *Sandbox) Evaluate(q *Query, plan []map[string]any) Result {
	res := Result{Commonsense: map[string]bool{}, Hard: map[string]bool{}, Reasons: map[string]string{}}
	if len(plan) == 0 {
		return res
	}
	res.Delivered = true
	n := min(q.Days, len(plan))
	days := make([]day, n)
	for i := range days {
		days[i] = day(plan[i])
		if days[i] == nil {
			days[i] = day{}
		}
	}
	set := func(name string, ok bool, why string) {
		res.Commonsense[name] = ok
		if !ok {
			res.Reasons[name] = why
		}
	}
	ok, why := s.withinSandbox(days)
	set(CheckWithinSandbox, ok, why)
	sandboxOK := ok
	ok, why = s.completeInfo(q, days)
	set(CheckCompleteInfo, ok, why)
	completeOK := ok
	ok, why = withinCurrentCity(days)
	set(CheckWithinCurrentCity, ok, why)
	ok, why = s.reasonableRoute(q, days)
	set(CheckReasonableRoute, ok, why)
	ok, why = diverse(days, mealKeys, false)
	set(CheckDiverseRestaurant, ok, why)
	ok, why = diverse(days, []string{"attraction"}, true)
	set(CheckDiverseAttraction, ok, why)
	ok, why = nonConflicting(days)
	set(CheckNonConflictTrans, ok, why)
	ok, why = s.minimumNights(days)
	set(CheckMinimumNights, ok, why)

	res.Cost = s.cost(q, days)
	res.HardEvaluated = completeOK && sandboxOK
	for _, h := range q.constraints() {
		if !res.HardEvaluated {
			res.Hard[h] = false
			res.Reasons[h] = "not evaluated: complete information or within sandbox failed"
			continue
		}
		ok, why := s.hard(h, q, days, res.Cost)
		res.Hard[h] = ok
		if !ok {
			res.Reasons[h] = why
		}
	}
	return res
}

func (s *Sandbox) withinSandbox(days []day) (bool, string) {
	for i, d := range days {
		if t := d.str("transportation"); filled(t) {
			a, b, ok := fromTo(t)
			if !ok {
				a, b, _ = fromTo(d.str("current_city"))
			}
			lt := strings.ToLower(t)
			switch {
			case strings.Contains(lt, "flight number"):
				_, rest, found := strings.Cut(t, "Flight Number: ")
				num, _, _ := strings.Cut(rest, ",")
				if !found || !s.flightExists(num, a, b) {
					return false, fmt.Sprintf("day %d: flight %q from %s to %s is not in the sandbox", i+1, num, a, b)
				}
			case strings.Contains(lt, "self-driving"), strings.Contains(lt, "taxi"):
				if _, ok := s.drivableKM(a, b); !ok {
					return false, fmt.Sprintf("day %d: %s to %s is not drivable", i+1, a, b)
				}
			}
		}
		for _, k := range mealKeys {
			if v := d.str(k); filled(v) {
				if _, ok := s.firstRestaurant(nameCity(v)); !ok {
					return false, fmt.Sprintf("day %d: restaurant %q is not in the sandbox", i+1, v)
				}
			}
		}
		if v := d.str("attraction"); filled(v) {
			for _, a := range attractionList(v) {
				if _, ok := s.firstAttraction(nameCity(a)); !ok {
					return false, fmt.Sprintf("day %d: attraction %q is not in the sandbox", i+1, a)
				}
			}
		}
		if v := d.str("accommodation"); filled(v) {
			if _, ok := s.firstAcc(nameCity(v)); !ok {
				return false, fmt.Sprintf("day %d: accommodation %q is not in the sandbox", i+1, v)
			}
		}
	}
	return true, ""
}

func (s *Sandbox) completeInfo(q *Query, days []day) (bool, string) {
	count := 0
	for _, d := range days {
		if len(d) > 0 && d.str("current_city") != notNeeded {
			count++
		}
	}
	if count != q.Days {
		return false, fmt.Sprintf("%d days filled, %d expected", count, q.Days)
	}
	cities := map[string]bool{}
	for i, d := range days {
		cc := d.str("current_city")
		if strings.Contains(cc, "from") {
			a, b, ok := fromTo(cc)
			if ok {
				cities[a], cities[b] = true, true
			}
			if i == 0 && (!ok || a != q.Org) {
				return false, "day 1 does not leave from the origin"
			}
		} else {
			cities[beforeParen(cc)] = true
		}
	}
	delete(cities, q.Org)
	if len(cities) != q.VisitingCityNumber {
		return false, fmt.Sprintf("%d cities visited, %d expected", len(cities), q.VisitingCityNumber)
	}
	keys := []string{"transportation", "breakfast", "lunch", "dinner", "attraction", "accommodation"}
	filledCount := 0
	for i, d := range days {
		for _, k := range keys {
			if _, ok := d[k]; !ok {
				return false, fmt.Sprintf("day %d lacks %s", i+1, k)
			}
		}
		cc := d.str("current_city")
		if (strings.Contains(cc, "from ") || strings.Contains(cc, "to ")) && !filled(d.str("transportation")) {
			return false, fmt.Sprintf("day %d travels without transportation", i+1)
		}
		if !strings.Contains(cc, "from ") && !strings.Contains(cc, " to ") && !filled(d.str("attraction")) {
			return false, fmt.Sprintf("day %d has no attraction", i+1)
		}
		if i != q.Days-1 && !filled(d.str("accommodation")) {
			return false, fmt.Sprintf("day %d has no accommodation", i+1)
		}
		if !strings.Contains(cc, "from ") {
			for _, k := range mealKeys {
				if !filled(d.str(k)) {
					return false, fmt.Sprintf("day %d lacks %s", i+1, k)
				}
			}
		}
		for _, v := range d {
			if truthy(v) {
				filledCount++
			}
		}
	}
	if float64(filledCount) < 0.5*float64(6*q.Days) {
		return false, fmt.Sprintf("only %d fields filled", filledCount)
	}
	return true, ""
}

func withinCurrentCity(days []day) (bool, string) {
	for i, d := range days {
		cc := d.str("current_city")
		if strings.Contains(cc, "from") {
			a, b, ok := fromTo(cc)
			if !ok {
				continue
			}
			if t := d.str("transportation"); filled(t) && !(strings.Contains(t, a) && strings.Contains(t, b)) {
				return false, fmt.Sprintf("day %d: transportation does not go from %s to %s", i+1, a, b)
			}
			for _, k := range mealKeys {
				if v := d.str(k); filled(v) && !strings.Contains(v, a) && !strings.Contains(v, b) {
					return false, fmt.Sprintf("day %d: %s %q is in neither %s nor %s", i+1, k, v, a, b)
				}
			}
			if v := d.str("attraction"); filled(v) {
				for _, at := range attractionList(v) {
					if !strings.Contains(at, a) && !strings.Contains(at, b) {
						return false, fmt.Sprintf("day %d: attraction %q is in neither %s nor %s", i+1, at, a, b)
					}
				}
			}
			if v := d.str("accommodation"); filled(v) && !strings.Contains(v, b) {
				return false, fmt.Sprintf("day %d: accommodation %q is not in %s", i+1, v, b)
			}
			continue
		}
		city := beforeParen(cc)
		if city == "" {
			continue
		}
		if t := d.str("transportation"); filled(t) {
			for _, ch := range city {
				if !strings.ContainsRune(t, ch) {
					return false, fmt.Sprintf("day %d: transportation %q is not in %s", i+1, t, city)
				}
			}
		}
		anyChar := func(v string) bool { return strings.ContainsAny(v, city) }
		for _, k := range mealKeys {
			if v := d.str(k); filled(v) && !anyChar(v) {
				return false, fmt.Sprintf("day %d: %s %q is not in %s", i+1, k, v, city)
			}
		}
		if v := d.str("attraction"); filled(v) {
			for _, at := range attractionList(v) {
				if !anyChar(at) {
					return false, fmt.Sprintf("day %d: attraction %q is not in %s", i+1, at, city)
				}
			}
		}
		if v := d.str("accommodation"); filled(v) {
			r := []rune(city)
			if !strings.ContainsRune(v, r[len(r)-1]) {
				return false, fmt.Sprintf("day %d: accommodation %q is not in %s", i+1, v, city)
			}
		}
	}
	return true, ""
}

func (s *Sandbox) reasonableRoute(q *Query, days []day) (bool, string) {
	var list []string
	for i, d := range days {
		cc := d.str("current_city")
		if strings.Contains(cc, "from") {
			a, b, ok := fromTo(cc)
			if !ok {
				return false, fmt.Sprintf("day %d: cannot parse %q", i+1, cc)
			}
			if i == 0 && a != q.Org {
				return false, "day 1 does not leave from the origin"
			}
			list = append(list, a, b)
		} else {
			list = append(list, beforeParen(cc))
		}
	}
	if len(list) < 3 || list[0] != list[len(list)-1] {
		return false, "the route does not return to where it started"
	}
	type run struct {
		city string
		n    int
	}
	var runs []run
	for _, c := range list {
		if len(runs) > 0 && runs[len(runs)-1].city == c {
			runs[len(runs)-1].n++
		} else {
			runs = append(runs, run{c, 1})
		}
	}
	// A run starting at list position p: a city seen before may start a
	// run only at the first or the last position; a one-day run must sit
	// at either end.
	seen := map[string]bool{}
	p := 0
	for _, r := range runs {
		if seen[r.city] && p != 0 && p != len(list)-1 {
			return false, fmt.Sprintf("%s is visited twice", r.city)
		}
		if r.n == 1 && p != 0 && p != len(list)-1 {
			return false, fmt.Sprintf("%s is visited in passing", r.city)
		}
		seen[r.city] = true
		p += r.n
	}
	for _, c := range list {
		if !s.InCitySet(c) {
			return false, fmt.Sprintf("%s is not a sandbox city", c)
		}
	}
	if q.Days > 3 {
		for _, c := range list[1 : len(list)-1] {
			if s.State(c) != q.Dest {
				return false, fmt.Sprintf("%s is not in %s", c, q.Dest)
			}
		}
	}
	return true, ""
}

func diverse(days []day, keys []string, split bool) (bool, string) {
	seen := map[string]bool{}
	for i, d := range days {
		for _, k := range keys {
			v := d.str(k)
			if !filled(v) {
				continue
			}
			items := []string{v}
			if split {
				items = attractionList(v)
			}
			for _, it := range items {
				if seen[it] {
					return false, fmt.Sprintf("day %d repeats %q", i+1, it)
				}
				seen[it] = true
			}
		}
	}
	return true, ""
}

func nonConflicting(days []day) (bool, string) {
	if len(days) == 0 || !filled(days[0].str("transportation")) {
		return false, "day 1 has no transportation"
	}
	modes := map[string]bool{}
	for _, d := range days {
		t := strings.ToLower(d.str("transportation"))
		if !filled(t) {
			continue
		}
		switch {
		case strings.Contains(t, "taxi"):
			modes["taxi"] = true
		case strings.Contains(t, "self-driving"):
			modes["self-driving"] = true
		case strings.Contains(t, "flight"):
			modes["flight"] = true
		}
	}
	if modes["self-driving"] && (modes["flight"] || modes["taxi"]) {
		return false, "self-driving is mixed with flights or taxis"
	}
	return true, ""
}

func (s *Sandbox) minimumNights(days []day) (bool, string) {
	vals := make([]string, len(days))
	for i, d := range days {
		if _, ok := d["accommodation"]; !ok {
			return false, fmt.Sprintf("day %d lacks accommodation", i+1)
		}
		vals[i] = d.str("accommodation")
	}
	for i := 0; i < len(vals); {
		j := i
		for j < len(vals) && vals[j] == vals[i] {
			j++
		}
		if filled(vals[i]) {
			rows := s.findAcc(nameCity(vals[i]))
			if len(rows) == 1 && float64(j-i) < s.accommodations[rows[0]].minNights {
				return false, fmt.Sprintf("%q is booked for %d nights, minimum %g", vals[i], j-i, s.accommodations[rows[0]].minNights)
			}
		}
		i = j
	}
	return true, ""
}

// cost totals a plan as the budget check does.
func (s *Sandbox) cost(q *Query, days []day) float64 {
	p := float64(q.PeopleNumber)
	total := 0.0
	for _, d := range days {
		if t := d.str("transportation"); filled(t) {
			a, b, ok := fromTo(t)
			if !ok {
				a, b, ok = fromTo(d.str("current_city"))
			}
			if ok {
				lt := strings.ToLower(t)
				switch {
				case strings.Contains(lt, "flight number"):
					_, rest, _ := strings.Cut(t, "Flight Number: ")
					num, _, _ := strings.Cut(rest, ",")
					if price, ok := s.flightPrice(num); ok {
						total += price * p
					}
				case strings.Contains(lt, "self-driving"):
					if km, ok := s.drivableKM(a, b); ok {
						total += float64(int64(km*0.05)) * math.Ceil(p/5)
					}
				case strings.Contains(lt, "taxi"):
					if km, ok := s.drivableKM(a, b); ok {
						total += float64(int64(km)) * math.Ceil(p/4)
					}
				}
			}
		}
		for _, k := range mealKeys {
			if v := d.str(k); filled(v) {
				if r, ok := s.firstRestaurant(nameCity(v)); ok {
					total += r.cost * p
				}
			}
		}
		if v := d.str("accommodation"); filled(v) {
			if r, ok := s.firstAcc(nameCity(v)); ok && r.occupancy > 0 {
				total += r.price * math.Ceil(p/r.occupancy)
			}
		}
	}
	return total
}

// roomTypeNeeds maps a requested room type to the required "room type".
func roomTypeOK(want, have string) bool {
	switch want {
	case "not shared room":
		return have != "Shared room"
	case "shared room":
		return have == "Shared room"
	case "private room":
		return have == "Private room"
	case "entire room":
		return have == "Entire home/apt"
	}
	return false
}

func (s *Sandbox) hard(name string, q *Query, days []day, cost float64) (bool, string) {
	lc := q.LocalConstraint
	switch name {
	case HardBudget:
		if cost > q.Budget {
			return false, fmt.Sprintf("costs %g, budget %g", cost, q.Budget)
		}
	case HardRoomRule:
		for _, d := range days {
			if v := d.str("accommodation"); filled(v) {
				if r, ok := s.firstAcc(nameCity(v)); ok && strings.Contains(r.houseRules, "No "+*lc.HouseRule) {
					return false, fmt.Sprintf("%q forbids %s", v, *lc.HouseRule)
				}
			}
		}
	case HardRoomType:
		for _, d := range days {
			if v := d.str("accommodation"); filled(v) {
				if r, ok := s.firstAcc(nameCity(v)); ok && !roomTypeOK(*lc.RoomType, r.roomType) {
					return false, fmt.Sprintf("%q is a %s", v, r.roomType)
				}
			}
		}
	case HardCuisine:
		met := map[string]bool{}
		for _, d := range days {
			for _, k := range mealKeys {
				v := d.str(k)
				if !filled(v) {
					continue
				}
				n, c := nameCity(v)
				if c == q.Org {
					break
				}
				if r, ok := s.firstRestaurant(n, c); ok {
					for _, want := range lc.Cuisine {
						if strings.Contains(r.cuisines, want) {
							met[want] = true
						}
					}
				}
			}
		}
		for _, want := range lc.Cuisine {
			if !met[want] {
				return false, "no " + want + " restaurant"
			}
		}
	case HardTransport:
		bad := "Flight"
		if *lc.Transportation == "no self-driving" {
			bad = "Self-driving"
		}
		for _, d := range days {
			if t := d.str("transportation"); filled(t) && strings.Contains(t, bad) {
				return false, "uses " + bad
			}
		}
	}
	return true, ""
}
