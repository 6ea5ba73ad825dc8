package brief

import (
	"strings"
)

// Places that are no stay. A city the traveller only passes through ("fly
// into Osaka then take the train to Kyoto", 先飞到昆明，再坐大巴去大理,
// "a layover in Doha", 在香港转机) and a town named only in a hedged clause
// beside a firm destination ("maybe a day in Kamakura", 有空的话去一趟乌镇)
// are left out of the destinations, with a note, so that no day is planned
// there that the traveller did not ask for.

// arriveCuesEN and arriveCuesZH are written right before a city the
// traveller arrives in; a transfer onward must follow for it to be a
// transit.
var (
	arriveCuesEN = []string{"fly into", "flying into", "fly in to", "flying in to", "land in", "landing in", "arrive in",
		"arriving in", "arrive at", "arriving at"}
	arriveCuesZH = []string{"先飞到", "先飞", "飞到", "飞抵", "落地", "降落在", "降落"}
	// transferCuesEN and transferCuesZH follow the arrival city: the
	// journey goes on to another place.
	transferCuesEN = []string{"then take", "then the train", "then a train", "then the bus", "then a bus", "then the ferry",
		"then a ferry", "then the shinkansen", "then a flight", "and then the", "then catch", "then hop", "then ride", "then drive", "then train", "then bus",
		"then ferry", "and take the", "and take a", "and catch the", "and catch a", "and hop on", "and drive", "and then take",
		"then head", "and head", "then transfer", "and transfer"}
	transferCuesZH = []string{"再坐", "然后坐", "转坐", "转乘", "再转", "转高铁", "转大巴", "转火车", "坐大巴去", "坐高铁去", "坐火车去",
		"坐车去", "再开车", "自驾去", "转车去", "再打车"}
	// stopoverCuesEN and stopoverCuesZH name a transfer outright.
	stopoverCuesEN = []string{"layover in", "layover at", "stopover in", "transfer in", "connect in", "connecting in",
		"connecting through", "change planes in", "transit in", "transit through"}
	stopoverAfterZH = []string{"转机", "中转", "转车", "经停"}
)

// dropPassThrough applies the rules above to the place spans.
func (d *doc) dropPassThrough(spans []*span) {
	var live []*span
	for _, sp := range spans {
		if !sp.dropped && !sp.qualifier && sp.pick != nil && sp.role != roleOrigin && sp.role != roleReturn && !sp.base {
			live = append(live, sp)
		}
	}
	if len(live) < 2 {
		return
	}
	d.dayTripNamesakes(live)
	var transit, hedged []string
	firm := 0
	for _, sp := range live {
		if !d.hedgedAt(sp.start) || !d.mayHedge() {
			firm++
		}
	}
	for i, sp := range live {
		switch {
		case d.transitAt(sp, live[i+1:]):
			sp.dropped = true
			transit = append(transit, sp.text)
		case firm > 0 && firm < len(live) && d.mayHedge() && d.hedgedAt(sp.start):
			sp.dropped = true
			hedged = append(hedged, sp.text)
		default:
			continue
		}
		d.placeSpans = append(d.placeSpans, [2]int{sp.start, sp.end}) // read: no "not understood" note
	}
	if len(transit) > 0 {
		d.notes = append(d.notes, "passed through, no stay planned: "+strings.Join(transit, ", "))
	}
	if len(hedged) > 0 {
		d.notes = append(d.notes, "if time allows (not a destination): "+strings.Join(hedged, ", "))
	}
}

// transitAt reports whether the place sp is only passed through on the
// way to one of the places after it: arrived in and left at once by a
// transfer, or named as a layover. A stay stated for it keeps it.
func (d *doc) transitAt(sp *span, after []*span) bool {
	if !sp.han && endsWithAny(strings.TrimRight(d.low[:sp.start], " "), stopoverCuesEN...) {
		return true // "with a layover in Doha", wherever it is written
	}
	if len(after) == 0 {
		return false
	}
	next := after[0].start
	if next < sp.end {
		return false
	}
	// a stay for every city, or the city written again, keeps it
	if strings.Count(d.clean, sp.text) > 1 || hasAny(d.clean, "各", "每个", "每座") || hasWord(d.low, "each", "apiece", "both") {
		return false
	}
	between := d.clean[sp.end:next]
	lowBetween := d.low[sp.end:next]
	if hasAny(between, "天", "晚", "日") || statesStayEN(lowBetween) {
		return false
	}
	if sp.han {
		before := strings.TrimRight(d.clean[:sp.start], " ")
		for _, w := range stopoverAfterZH {
			if strings.HasPrefix(between, w) {
				return true
			}
		}
		return endsWithAny(before, arriveCuesZH...) && hasAny(between, transferCuesZH...)
	}
	before := strings.TrimRight(d.low[:sp.start], " ")
	if !endsWithAny(before, arriveCuesEN...) {
		return false
	}
	return hasAny(lowBetween, transferCuesEN...)
}

// statesStayEN reports whether low counts days or nights ("2 days", "a
// night", "three nights"); a "night train" or "day trip" is no stay.
func statesStayEN(low string) bool {
	ws := strings.Fields(low)
	for i := 1; i < len(ws); i++ {
		switch strings.Trim(ws[i], ",.;") {
		case "day", "days", "night", "nights":
			if p := ws[i-1]; p == "a" || p == "one" || wordNumber(p) > 0 {
				return true
			}
		}
	}
	return false
}

// dayTripCuesEN are written right before a place visited for a day from
// the trip's base.
var dayTripCuesEN = []string{"day trip to", "day trip out to", "day-trip to", "a day in", "half a day in", "an afternoon in",
	"a morning in", "side trip to", "excursion to", "a day out in", "a day out to"}

// dayTripNamesakeKM is how far from every other destination a place
// visited for a day must lie to be a namesake of a place near the base.
const dayTripNamesakeKM = 500

// dayTripNamesakes reads a place visited for a day from a destination
// ("Melbourne 4 days, a day trip to Brighton") that the gazetteer only
// knows in another country, far from every other destination, as a place
// near the base the gazetteer lacks (Brighton, Victoria): a sight to see,
// not a destination abroad.
func (d *doc) dayTripNamesakes(live []*span) {
	if !d.hasLatin || !hasAny(d.low, "day", "afternoon", "morning", "trip to", "excursion") {
		return
	}
	for _, sp := range live {
		if sp.dropped || sp.han || !sp.pick.HasCoords || !endsWithAny(strings.TrimRight(d.low[:sp.start], " "), dayTripCuesEN...) {
			continue
		}
		far, others := true, 0
		for _, o := range live {
			if o == sp || o.dropped || !o.pick.HasCoords {
				continue
			}
			others++
			if o.pick.CountryCode == sp.pick.CountryCode || nearKM(o.pick, sp.pick) < dayTripNamesakeKM {
				far = false
			}
		}
		if others == 0 || !far {
			continue
		}
		sp.dropped = true
		d.landmarkPlaces = append(d.landmarkPlaces, sp.text)
		d.notes = append(d.notes, "a day trip to "+sp.text+" is read as a place near the trip's base, not "+sp.pick.Name+" ("+sp.pick.CountryCode+")")
	}
}
