package planner

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// FindingTransportRequireUnmet flags a leg no option of the required mode
// (or a high-speed train) could cover.
const FindingTransportRequireUnmet = "transport_require_unmet"

// FindingOddHourForBudget flags a leg at an odd hour (before 06:30, after
// 23:30) taken to meet the budget when one at a sensible hour exists: the
// traveller sees what the sensible one would cost.
const FindingOddHourForBudget = "odd_hour_for_budget"

// Leg utility. A leg is chosen by a documented utility rather than by
// price alone, so a traveller is not sent out at 05:26 to save a little:
//
//	utility = − wPrice × price / cheapest price of the leg
//	          − wTime  × (door-to-door time + changePenalty per change of a journey)
//	                     / fastest door-to-door time of the leg
//	                     (door to door: the timetabled duration and the
//	                     access, check-in and boarding minutes before it and
//	                     the minutes to leave the station or airport after
//	                     it, quality.Before and quality.After; they count in
//	                     the city hours too, and decide which connections
//	                     are offered at all: doorToDoor, withConnections)
//	          + wCity  × hours the leg leaves in the cities at either end
//	                     (08:00 to the departure, the arrival to 21:30)
//	          − oddPenalty when it departs before 06:30, arrives after 23:30
//	                     or arrives after midnight, or (access measured)
//	                     asks the traveller to leave before 05:30
//
// The odd-hour penalty outweighs any price or time advantage, so an
// odd-hour leg is booked only when no alternative exists. Weights depend
// on the tier (economy weighs price, comfort time). The function takes
// plain numbers so a route search over connections can score a chain of
// legs with it as well.
type legWeights struct{ price, time, city float64 }

var tierLegWeights = map[orchestrator.Tier]legWeights{
	orchestrator.TierEconomy: {price: 2, time: 1.5, city: 0.1},
	orchestrator.TierMid:     {price: 1, time: 2, city: 0.15},
	orchestrator.TierComfort: {price: 0.5, time: 2.5, city: 0.2},
}

// Odd hours, in minutes after midnight.
const (
	earliestDepart = 6*60 + 30
	latestArrive   = 23*60 + 30
	oddPenalty     = 10.0
	// oddSaving is the share of a leg's price a plan chosen by price (to
	// meet a budget) must save for an odd-hour leg to be booked over the
	// cheapest one at a sensible hour.
	oddSaving = 0.10
	// latestOvernight is the latest next-day arrival an overnight leg may
	// have (22:51 → 00:42 is a valid first day; a train arriving at 18:44
	// the next day is not).
	latestOvernight = 6 * 60
	// earliestLeave is the earliest a traveller is asked to leave the
	// day's place (home, the stay) for a departure, door to door: a 06:35
	// flight from an airport an hour out and its check-in mean leaving at
	// 04:45. It applies where access is measured from the place (the
	// station's position is known); elsewhere the departure's clock
	// decides (earliestDepart).
	earliestLeave = 5*60 + 30
	// earlyHopBefore, shortHopMinutes, earlyHopFixed and earlyHopPenalty:
	// a timetabled leg of at most shortHopMinutes departing before
	// earlyHopBefore loses earlyHopFixed and earlyHopPenalty per hour
	// before it (legUtility) — more than the city time (at most 0.2 an
	// hour) and half more fare (0.5 mid, 1.0 economy) a later departure of the
	// same short hop costs, less than a fare twice as high: the train
	// after 07:00 wins when one runs, the early one stays when it is the
	// only one or by far the cheapest.
	earlyHopBefore  = quality.EarlyHopBefore
	shortHopMinutes = quality.ShortHopMinutes
	earlyHopFixed   = 1.0
	earlyHopPenalty = 1.0
)

// legOffer is what the utility needs to know of one way to cover a leg.
type legOffer struct {
	price int64 // for the group, cents
	dur   int   // minutes
	// depart and arrive are minutes after midnight of the travel day;
	// arrive passes 1440 for an arrival the next day.
	depart, arrive int
	// atFrom and atTo say whether the cities at either end are visited
	// (not the traveller's home), so time there counts.
	atFrom, atTo bool
	// before and after are the buffers at the station or airport.
	before, after int
	// extra is the time a journey's changes cost beyond dur
	// (changePenalty per change).
	extra int
	// early is set when the traveller must leave the day's place before
	// earliestLeave to catch it, access measured (w.before).
	early bool
	// timed is set for an option of the timetable (not a drive whose
	// hours the planner sets).
	timed bool
}

// legUtility scores an offer against the cheapest price and the fastest
// duration among the leg's alternatives.
func legUtility(o legOffer, cheapest int64, fastest int, wt legWeights) float64 {
	u := -wt.price*float64(o.price+100)/float64(cheapest+100) - wt.time*float64(o.dur+o.extra+10)/float64(fastest+10)
	city := 0
	if o.atFrom {
		city += max(0, min(o.depart-o.before, dayEnd)-dayStart)
	}
	if o.atTo && o.arrive < 1440 {
		city += max(0, dayEnd-max(o.arrive+o.after, dayStart))
	}
	u += wt.city * float64(city) / 60
	if oddHours(o.depart, o.arrive) || o.early {
		u -= oddPenalty
	}
	if o.timed && o.dur <= shortHopMinutes && o.depart >= 0 && o.depart < earlyHopBefore {
		// A short hop before 07:00 (广州→深圳 at 06:43 for 32 minutes):
		// the hour of sleep weighs more than the half hour more in the
		// city a later train of the same hop costs.
		u -= earlyHopFixed + earlyHopPenalty*float64(earlyHopBefore-o.depart)/60
	}
	if o.timed && quality.DeadOfNight(o.depart, o.arrive) {
		u -= oddPenalty // after any other odd hour
	}
	return u
}

// oddDoor reports whether a leg departing at dep and arriving at arr,
// with before minutes from the day's place to the departure, is at an odd
// hour for the party beyond oddHours: for most parties, leaving before
// earliestLeave where access is measured (measured) or arriving after
// quality.OddArrive where the catalog locates the arrival station
// (arrLocated: the ChinaTravel sandbox, not TravelPlanner, whose
// self-drives arrive at 23:59 with no alternative); for a gentle party
// (quality.Gentle: young children, a relaxed pace) leaving before
// quality.GentleLeave or arriving after quality.GentleArrive, measured or
// typical access alike.
func (w *world) oddDoor(dep, arr, before int, measured, arrLocated bool) bool {
	if !w.gentle {
		return measured && dep-before < earliestLeave || arrLocated && arr > quality.OddArrive
	}
	return dep-before < quality.GentleLeave || arr > quality.GentleArrive
}

// oddTyped reports whether op, on leg l, runs at odd hours (oddHours) or,
// for a gentle party, asks it to leave before quality.GentleLeave with the
// mode's typical access (preBuffer) or arrives after quality.GentleArrive;
// for any party, arrives after quality.OddArrive at a located station.
func (w *world) oddTyped(op *option, l routeLeg, outbound, home bool, notBefore int) bool {
	dep, arr := w.legTimes(op, l, outbound, home, notBefore)
	return oddHours(dep, arr) || w.oddDoor(dep, arr, preBuffer(op), false, w.measured(op, false))
}

// dead reports whether op, on leg l, leaves or arrives in the dead of
// night (quality.DeadOfNight).
func (w *world) dead(op *option, l routeLeg, outbound, home bool, notBefore int) bool {
	dep, arr := w.legTimes(op, l, outbound, home, notBefore)
	return op.depart >= 0 && quality.DeadOfNight(dep, arr)
}

// oddHours reports a departure before 06:30 or an arrival after 23:30 (or
// the next day).
func oddHours(depart, arrive int) bool {
	return depart < earliestDepart || arrive > latestArrive
}

// overnight reports whether a timetabled option arrives the day after it
// departs.
func (op *option) overnight() bool {
	return op.depart >= 0 && (op.o.ArriveDayOffset == 1 || (op.o.ArriveDayOffset == 0 && op.arrive < op.depart))
}

// chooseLeg picks a leg's option at a variant by legUtility: the cheapest
// for the lean plan, which exists to meet a budget.
//
// A plan chosen by price takes the cheapest leg at a sensible hour over an
// odd-hour one that saves less than oddSaving, when the leg is the last of
// its day (lastOfDay): an earlier leg's later arrival could leave no
// connection after it.
func (w *world) chooseLeg(l routeLeg, fam int, v variant, notBefore int, outbound, home, lastOfDay bool) *option {
	// The choice depends on the variant only through legsByPrice, and
	// on lastOfDay only then; by tier otherwise: the variants of a plan
	// (fitted, budget, the odd-hour finding's) ask again what another
	// variant asked.
	key := legChoiceKey{l.fromID, l.toID, l.day, fam, notBefore, outbound, home, v.legsByPrice(), "", false, v.shortLegs && v.legsByPrice(), v.nightLegs && v.legsByPrice(), v.calmLegs && v.legsByPrice()}
	if key.byPrice {
		key.lastOfDay = lastOfDay
	} else {
		key.tier = v.tier
	}
	if w.usableMemo == nil || w.scratch == nil { // constraints relaxed, or no variant built: no memo
		return w.chooseLegFresh(l, fam, v, notBefore, outbound, home, lastOfDay)
	}
	choices := &w.scratch.legChoices
	for i := range *choices {
		if (*choices)[i].key == key {
			return (*choices)[i].op
		}
	}
	op := w.chooseLegFresh(l, fam, v, notBefore, outbound, home, lastOfDay)
	*choices = append(*choices, legChoice{key, op})
	return op
}

// legChoiceKey is what chooseLeg's choice depends on.
type legChoiceKey struct {
	fromID, toID, day, fam, notBefore int
	outbound, home, byPrice           bool
	tier                              orchestrator.Tier
	lastOfDay                         bool
	short                             bool // variant.shortLegs
	night                             bool // variant.nightLegs
	calm                              bool // variant.calmLegs
}

// legChoice is a choice of chooseLeg, kept for the plan's other variants.
type legChoice struct {
	key legChoiceKey
	op  *option
}

// chooseLegFresh computes chooseLeg.
func (w *world) chooseLegFresh(l routeLeg, fam int, v variant, notBefore int, outbound, home, lastOfDay bool) *option {
	cands := w.candidates(l, fam)
	opts := cands // read only
	if notBefore >= 0 {
		opts = make([]*option, 0, len(cands))
		for _, op := range cands {
			if op.depart >= 0 && op.depart < notBefore {
				continue
			}
			opts = append(opts, op)
		}
	}
	if len(opts) == 0 {
		return nil
	}
	if v.legsByPrice() {
		if v.shortLegs {
			// Day-long options out while a shorter one remains.
			short := make([]*option, 0, len(opts))
			for _, op := range opts {
				if op.dur < quality.LongTrainMinutes {
					short = append(short, op)
				}
			}
			if len(short) > 0 && len(short) < len(opts) {
				opts, notBefore = short, max(notBefore, 0)
			}
		}
		if v.calmLegs {
			opts, notBefore = w.calm(opts, l, outbound, home, notBefore)
		}
		var best *option
		if notBefore < 0 {
			best = w.cheapestLeg(l, fam)
		} else {
			best = opts[0]
			for _, op := range opts[1:] {
				if op.cost < best.cost || (op.cost == best.cost && op.o.ID < best.o.ID) {
					best = op
				}
			}
		}
		// Never in the dead of night while another option exists,
		// whatever it saves (quality.DeadOfNight: 1461 北京→南京 11:56 →
		// 02:56 the next day): the cheapest of the others — unless only
		// such a leg meets the budget (variant.nightLegs).
		if best != nil && lastOfDay && !v.nightLegs && w.dead(best, l, outbound, home, notBefore) {
			var other *option
			for _, op := range opts {
				if w.dead(op, l, outbound, home, notBefore) {
					continue
				}
				if other == nil || op.cost < other.cost || (op.cost == other.cost && op.o.ID < other.o.ID) {
					other = op
				}
			}
			if other != nil {
				best = other
			}
		}
		// Not at an odd hour to save a few per cent: the cheapest leg at a
		// sensible hour within oddSaving of the cheapest is booked instead
		// (a 01:46 flight home saves 5 CNY on 500 and loses the last day).
		if best != nil && lastOfDay && w.oddTyped(best, l, outbound, home, notBefore) {
			var sensible *option
			for _, op := range opts {
				// Nor a day-long train for an odd hour (quality.LongTrainMinutes).
				if w.oddTyped(op, l, outbound, home, notBefore) || float64(op.cost) > float64(best.cost)*(1+oddSaving) ||
					op.dur >= quality.LongTrainMinutes && best.dur < quality.LongTrainMinutes {
					continue
				}
				if sensible == nil || op.cost < sensible.cost || (op.cost == sensible.cost && op.o.ID < sensible.o.ID) {
					sensible = op
				}
			}
			if sensible != nil {
				best = sensible
			}
		}
		return best
	}
	// Time is door to door: a 20-minute flight is a morning's errand
	// once the airport is reached, checked in and left (quality.Before,
	// quality.After), and loses to the hour's train it seemed to beat.
	// Access is measured from the cities' centres: the day's places are
	// not known yet (w.before, w.after).
	from, to := w.centre(l.from), w.centre(l.to)
	// The options leave from and reach a few stations: each one's
	// access is measured once (accessMemo).
	fromM, toM := accessMemo{at: from}, accessMemo{at: to}
	cheapest, fastest := opts[0].cost, opts[0].dur+fromM.before(opts[0])+toM.after(opts[0])
	for _, op := range opts {
		cheapest, fastest = min(cheapest, op.cost), min(fastest, op.dur+fromM.before(op)+toM.after(op))
	}
	wt := tierLegWeights[v.tier]
	var best *option
	var bu float64
	for _, op := range opts {
		u := w.utility(op, l, outbound, home, notBefore, &fromM, &toM, cheapest, fastest, wt)
		if best == nil || u > bu || (u == bu && op.o.ID < best.o.ID) {
			best, bu = op, u
		}
	}
	// A conventional train a high-speed one outpaces at comparable hours
	// gives way to the best of those (quality.Outpaces).
	if fast := w.outpacing(best, opts, l, outbound, home, notBefore); len(fast) > 0 {
		best = nil
		for _, op := range fast {
			u := w.utility(op, l, outbound, home, notBefore, &fromM, &toM, cheapest, fastest, wt)
			if best == nil || u > bu || (u == bu && op.o.ID < best.o.ID) {
				best, bu = op, u
			}
		}
	}
	return best
}

// utility is legUtility of op on leg l, access measured from the
// memos' places (the cities' centres).
func (w *world) utility(op *option, l routeLeg, outbound, home bool, notBefore int, fromM, toM *accessMemo, cheapest int64, fastest int, wt legWeights) float64 {
	dep, arr := w.legTimes(op, l, outbound, home, notBefore)
	before, after := fromM.before(op), toM.after(op)
	return legUtility(legOffer{
		price: op.cost, dur: op.dur + before + after, depart: dep, arrive: arr,
		atFrom: l.from != w.originKey, atTo: l.to != w.originKey,
		before: before, after: after, extra: changes(op) * changePenalty,
		early: w.oddDoor(dep, arr, before, fromM.at != nil && w.measured(op, true), w.measured(op, false)),
		timed: op.depart >= 0,
	}, cheapest, fastest, wt)
}

// requireText words the brief's explicit transport constraints.
func (w *world) requireText() string {
	c := w.b.Constraints
	var parts []string
	if len(c.TransportRequire) > 0 {
		parts = append(parts, strings.Join(c.TransportRequire, " or "))
	}
	if c.HighSpeedRail {
		parts = append(parts, "high-speed trains (G/D/C)")
	}
	return strings.Join(parts, ", ")
}

// oddHourFinding words a leg chosen by price at an odd hour when the
// tier's own choice (by legUtility) leaves at a sensible hour: its times
// and what it costs more.
func (w *world) oddHourFinding(l routeLeg, fam int, v variant, notBefore int, outbound, home bool, cl *chosenLeg) (orchestrator.Finding, bool) {
	alt := w.chooseLeg(l, fam, variant{tier: v.tier}, notBefore, outbound, home, false)
	if alt == nil || alt == cl.op {
		return orchestrator.Finding{}, false
	}
	dep, arr := w.legTimes(alt, l, outbound, home, notBefore)
	if oddHours(dep, arr) || alt.cost <= cl.op.cost {
		return orchestrator.Finding{}, false
	}
	more := orchestrator.Money{Cents: alt.cost - cl.op.cost, Currency: w.currency} // for the group
	name := func(op *option) string { return strings.TrimSpace(op.o.Mode + " " + op.o.Number) }
	return orchestrator.Finding{
		Code: FindingOddHourForBudget, Severity: orchestrator.SeverityWarning, Check: "legs", Day: l.day + 1,
		Subject: name(cl.op),
		Message: fmt.Sprintf("to keep within the budget, %s from %s to %s leaves at %s and arrives at %s; %s at %s–%s costs %s more",
			name(cl.op), w.cityName(l.from), w.cityName(l.to), orchestrator.FormatClock(cl.depart%1440), orchestrator.FormatClock(cl.arrive%1440), name(alt), orchestrator.FormatClock(dep%1440), orchestrator.FormatClock(arr%1440), more.String()),
	}, true
}

// before is the time from leaving from (a place of the day, else the
// city's centre) to op's departure: getting to the station or airport,
// measured from the place when the option gives the station's position
// (quality.AccessMinutes), and the mode's check-in and boarding minimum
// (quality.MinBefore); the mode's typical time when either position is
// unknown (preBuffer). Documented in docs/plan-quality.md.
func (w *world) before(op *option, from *orchestrator.GeoPoint) int {
	if len(op.parts) > 0 {
		op = op.parts[0].op
	}
	if op.o.FromPoint == nil || from == nil {
		return preBuffer(op)
	}
	return quality.MinBefore(op.o.Mode) + quality.AccessMinutes(from.DistanceKM(*op.o.FromPoint))
}

// after is the time from op's arrival to reaching to (the day's next
// place, else the city's centre): the mode's minimum to leave the station
// or airport (quality.MinAfter) and the access from it, as for before.
func (w *world) after(op *option, to *orchestrator.GeoPoint) int {
	if len(op.parts) > 0 {
		op = op.parts[len(op.parts)-1].op
	}
	if op.o.ToPoint == nil || to == nil {
		return postBuffer(op)
	}
	return quality.MinAfter(op.o.Mode) + quality.AccessMinutes(to.DistanceKM(*op.o.ToPoint))
}

// accessMemo answers w.before (from at) or w.after (to at) for the options
// of a leg, measuring the distance from at to each of the first
// len(pts) stations once: the same float64 DistanceKM gives.
type accessMemo struct {
	at  *orchestrator.GeoPoint
	n   int
	pts [16]orchestrator.GeoPoint
	km  [16]float64
}

// dist is at.DistanceKM(p).
func (m *accessMemo) dist(p orchestrator.GeoPoint) float64 {
	for i := range m.n {
		if m.pts[i] == p {
			return m.km[i]
		}
	}
	d := m.at.DistanceKM(p)
	if m.n < len(m.pts) {
		m.pts[m.n], m.km[m.n] = p, d
		m.n++
	}
	return d
}

// before is w.before(op, m.at).
func (m *accessMemo) before(op *option) int {
	if len(op.parts) > 0 {
		op = op.parts[0].op
	}
	if op.o.FromPoint == nil || m.at == nil {
		return preBuffer(op)
	}
	return quality.MinBefore(op.o.Mode) + quality.AccessMinutes(m.dist(*op.o.FromPoint))
}

// after is w.after(op, m.at).
func (m *accessMemo) after(op *option) int {
	if len(op.parts) > 0 {
		op = op.parts[len(op.parts)-1].op
	}
	if op.o.ToPoint == nil || m.at == nil {
		return postBuffer(op)
	}
	return quality.MinAfter(op.o.Mode) + quality.AccessMinutes(m.dist(*op.o.ToPoint))
}

// centre is where a traveller is in the city of key when the day's places
// are not known: the city's centre (its place, else the middle of its
// sights), the city's position for one without data (the origin); nil
// when unknown.
func (w *world) centre(key string) *orchestrator.GeoPoint {
	if c := w.byKey[key]; c != nil && c.center != nil {
		return c.center
	}
	if p, ok := w.position(key); ok {
		return &p
	}
	return nil
}

// preBuffer is the mode's typical time from leaving the last place in the
// city to the departure: access to the station or airport, check-in and
// boarding (quality.Before). It stands in where the station's position or
// the day's place is unknown, and decides which connections are offered
// (doorToDoor).
func preBuffer(op *option) int {
	if len(op.parts) > 0 {
		op = op.parts[0].op
	}
	return quality.Before(op.o.Mode)
}

// postBuffer is the mode's typical time from arrival to being free in the
// city (quality.After).
func postBuffer(op *option) int {
	if len(op.parts) > 0 {
		op = op.parts[len(op.parts)-1].op
	}
	return quality.After(op.o.Mode)
}

// legTimes returns when a leg departs and arrives. Scheduled options run on
// their timetable; a flexible drive leaves home at 08:00, leaves a city
// mid-morning, and heads home as late as still arrives by 23:00 (but not
// after 17:00); always arriving before midnight.
func (w *world) legTimes(op *option, l routeLeg, outbound, home bool, notBefore int) (int, int) {
	if op.depart >= 0 {
		if op.overnight() {
			return op.depart, op.arrive + 1440
		}
		return op.depart, op.arrive
	}
	dep := 10 * 60
	switch {
	case outbound:
		dep = dayStart
	case home:
		dep = min(17*60, 23*60-op.dur)
		dep = max(dep, 10*60)
	}
	if notBefore >= 0 {
		dep = max(dep, notBefore)
	}
	if dep+op.dur >= 1440 {
		dep = 1440 - 1 - op.dur
	}
	dep = max(dep, 0)
	return dep, dep + op.dur
}

// legOut renders a chosen leg.
func (w *world) legOut(cl *chosenLeg, day int) orchestrator.Leg {
	o := cl.op.o
	return orchestrator.Leg{
		OptionID: o.ID, Mode: o.Mode, Number: o.Number, Class: o.Class,
		From: w.cityName(cl.l.from), To: w.cityName(cl.l.to),
		FromStation: o.FromStation, ToStation: o.ToStation,
		Date: w.date(day), Depart: orchestrator.FormatClock(cl.depart), Arrive: orchestrator.FormatClock(cl.arrive % 1440), ArriveDayOffset: cl.arrive / 1440,
		DurationMinutes: cl.op.dur, DistanceKM: o.DistanceKM,
		Pricing: pricing(o), Price: orchestrator.Money{Cents: cl.op.price, Currency: w.currency},
		Units: cl.op.units, Cost: orchestrator.Money{Cents: cl.op.cost, Currency: w.currency},
		Estimate: o.PriceEstimate,
	}
}

// legsOut appends to out a chosen leg rendered: one leg for a direct
// option; for a journey its legs, numbered with the journey appended to
// day.Journeys.
func (w *world) legsOut(out []orchestrator.Leg, cl *chosenLeg, d int, day *orchestrator.Day) []orchestrator.Leg {
	if len(cl.op.parts) == 0 {
		return append(out, w.legOut(cl, d))
	}
	j := orchestrator.Journey{
		From: w.cityName(cl.l.from), To: w.cityName(cl.l.to), Via: slices.Clone(cl.op.via),
		Depart: orchestrator.FormatClock(cl.depart), Arrive: orchestrator.FormatClock(cl.arrive % 1440), ArriveDayOffset: cl.arrive / 1440,
		DurationMinutes: cl.arrive - cl.depart, Legs: len(cl.op.parts),
		Cost: orchestrator.Money{Cents: cl.op.cost, Currency: w.currency},
	}
	day.Journeys = append(day.Journeys, j)
	n := len(day.Journeys)
	for i, p := range cl.op.parts {
		from, to := orchestrator.CanonicalCity(p.op.o.From), orchestrator.CanonicalCity(p.op.o.To)
		leg := w.legOut(&chosenLeg{l: routeLeg{from: from, to: to, day: d}, op: p.op, depart: p.depart, arrive: p.arrive}, d)
		leg.Journey = n
		if i > 0 {
			prev := cl.op.parts[i-1]
			leg.TransferMinutes = p.depart - prev.arrive
			leg.MinTransferMinutes = transfer(prev.op, p.op)
		}
		day.Journeys[n-1].Estimate = day.Journeys[n-1].Estimate || leg.Estimate
		out = append(out, leg)
	}
	return out
}

// accessOut labels the day's rendered legs with their door-to-door times
// around each chosen leg, estimates measured from the day's own places
// (w.before, w.after): before the departure from the last stop or meal
// in the city before it, else from the stay; after the arrival to the
// stay, else to the first stop or meal after it (anchor: the stay, with
// stay set, else the city's centre). A place is named only when the
// access is measured from it.
func (w *world) accessOut(day *orchestrator.Day, cls []*chosenLeg, anchor func(key string) (name string, at *orchestrator.GeoPoint, stay bool)) {
	li, prevArrive := 0, -1
	for k, cl := range cls {
		n := max(1, len(cl.op.parts))
		if li+n > len(day.Legs) {
			return
		}
		first, last := &day.Legs[li], &day.Legs[li+n-1]
		li += n
		nextDepart := 1 << 30
		if k+1 < len(cls) {
			nextDepart = cls[k+1].depart
		}
		name, loc := dayPlace(day, prevArrive, cl.depart, true)
		if loc == nil {
			name, loc, _ = anchor(cl.l.from)
		}
		first.BeforeMinutes, first.AccessEstimate = w.before(cl.op, loc), true
		if w.measured(cl.op, true) && loc != nil {
			first.BeforeFrom = name
		}
		// After an arrival the traveller heads for the stay first (the
		// window's visits start there, dayWindows), else the day's next
		// place.
		name, loc, stay := anchor(cl.l.to)
		if !stay {
			if n, at := dayPlace(day, cl.arrive, nextDepart, false); at != nil {
				name, loc = n, at
			}
		}
		last.AfterMinutes, last.AccessEstimate = w.after(cl.op, loc), true
		if w.measured(cl.op, false) && loc != nil {
			last.AfterTo = name
		}
		prevArrive = cl.arrive
	}
}

// measured reports whether op's station or airport at the departure
// (else the arrival) end has a position to measure access from.
func (w *world) measured(op *option, departure bool) bool {
	if len(op.parts) > 0 {
		if departure {
			op = op.parts[0].op
		} else {
			op = op.parts[len(op.parts)-1].op
		}
	}
	if departure {
		return op.o.FromPoint != nil
	}
	return op.o.ToPoint != nil
}

// dayPlace is the day's stop or meal starting within [from, to) (minutes
// after midnight) with a position: the last of them when last is set,
// else the first.
func dayPlace(day *orchestrator.Day, from, to int, last bool) (string, *orchestrator.GeoPoint) {
	best, name := -1, ""
	var loc *orchestrator.GeoPoint
	consider := func(start int, n string, at *orchestrator.GeoPoint) {
		if at == nil || start < from || start >= to {
			return
		}
		if best < 0 || (last && start >= best) || (!last && start < best) {
			best, name, loc = start, n, at
		}
	}
	for i := range day.Stops {
		if t, ok := orchestrator.ParseClock(day.Stops[i].Start); ok {
			consider(t, day.Stops[i].Name, day.Stops[i].Location)
		}
	}
	for i := range day.Meals {
		if t, ok := orchestrator.ParseClock(day.Meals[i].Time); ok {
			consider(t, day.Meals[i].Name, day.Meals[i].Location)
		}
	}
	return name, loc
}

func pricing(o *orchestrator.TransportOption) string {
	if o.Pricing == orchestrator.PerVehicle {
		return orchestrator.PerVehicle
	}
	return orchestrator.PerPerson
}
