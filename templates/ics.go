package templates

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // time zones for calendars even where the system has no zoneinfo
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator"
)

// icsTime is an event boundary: a wall-clock time in a named zone
// (TZID), a floating time (zone unknown), or a date (all day).
type icsTime struct {
	t      time.Time
	tz     string
	allDay bool
}

type icsEvent struct {
	uid                               string
	start, end                        icsTime
	hasEnd                            bool
	summary, location, desc, category string
	geo                               *orchestrator.GeoPoint
	transparent                       bool
}

// ICS writes the plan's itinerary as an iCalendar (RFC 5545) document: one
// VEVENT per stop, meal and transport leg and one all-day event per stay,
// each at its city's local time with a VTIMEZONE for every zone used
// (floating times when a city's zone is unknown). UIDs are stable for a
// plan. It returns an EUNPROCESSABLE *orchestrator.Error when the plan has
// no itinerary or no dated day.
func (r *Renderer) ICS(w io.Writer, plan *orchestrator.Plan) error {
	if plan == nil {
		return errNoPlan
	}
	it := plan.Itinerary
	if it == nil {
		return &orchestrator.Error{Code: orchestrator.EUNPROCESSABLE, Message: "the plan has no itinerary to put in a calendar"}
	}
	c := &calendar{r: r, p: plan, l: labelsFor(plan.Brief.Language), zones: map[string]*time.Location{}}
	c.collect(it)
	if len(c.events) == 0 {
		return &orchestrator.Error{Code: orchestrator.EUNPROCESSABLE, Message: "the plan has no dated events for a calendar (the brief gives a duration, not dates)"}
	}
	var buf bytes.Buffer
	buf.Grow(4096 + 512*len(c.events))
	c.write(&icsWriter{&buf})
	_, err := w.Write(buf.Bytes())
	return err
}

type calendar struct {
	r      *Renderer
	p      *orchestrator.Plan
	l      *labels
	events []icsEvent
	zones  map[string]*time.Location
	first  time.Time
	last   time.Time
}

// tzOf returns the IANA zone of city, "" when unknown.
func (c *calendar) tzOf(city string) (string, *time.Location) {
	name := ""
	for i := range c.p.Trip.Cities {
		cd := &c.p.Trip.Cities[i]
		if !orchestrator.SameCity(cd.Name, city) {
			continue
		}
		if cd.Place != nil && cd.Place.Value.Timezone != "" {
			name = cd.Place.Value.Timezone
		} else if cd.Weather != nil {
			name = cd.Weather.Value.Timezone
		}
		break
	}
	if name == "" && c.p.Trip.Origin != nil && (orchestrator.SameCity(c.p.Brief.Origin, city) || orchestrator.SameCity(c.p.Trip.Origin.Value.Name, city)) {
		name = c.p.Trip.Origin.Value.Timezone
	}
	if name == "" || strings.ContainsAny(name, "\";:,\\ ") {
		return "", nil
	}
	loc := c.r.location(name)
	if loc == nil {
		return "", nil
	}
	c.zones[name] = loc
	return name, loc
}

func (c *calendar) uid(parts ...string) string {
	h := sha256.New()
	h.Write([]byte(c.p.ID))
	for _, p := range parts {
		h.Write([]byte{0})
		h.Write([]byte(p))
	}
	return hex.EncodeToString(h.Sum(nil)[:12]) + "@tripweave"
}

// at returns the wall-clock time hhmm on date in loc (UTC as a carrier for
// floating times).
func at(date time.Time, minutes int, loc *time.Location) time.Time {
	if loc == nil {
		loc = time.UTC
	}
	return time.Date(date.Year(), date.Month(), date.Day(), minutes/60, minutes%60, 0, 0, loc)
}

func (c *calendar) span(t time.Time) {
	d := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	if c.first.IsZero() || d.Before(c.first) {
		c.first = d
	}
	if d.After(c.last) {
		c.last = d
	}
}

func (c *calendar) collect(it *orchestrator.Itinerary) {
	dates := map[int]time.Time{}
	for di := range it.Days {
		d := &it.Days[di]
		date, err := time.Parse(orchestrator.DateLayout, d.Date)
		if err != nil {
			continue
		}
		dates[d.Day] = date
		day := strconv.Itoa(d.Day)
		for i := range d.Legs {
			c.addLeg(day, i, &d.Legs[i], date)
		}
		c.addStops(d, day, date)
		c.addMeals(d, day, date)
	}
	c.addStays(it, dates)
}

// addLeg adds the event of leg i of a day: from departure to arrival at
// the two cities' local times, or all day when the departure is unknown.
func (c *calendar) addLeg(day string, i int, lg *orchestrator.Leg, date time.Time) {
	legDate := date
	if ld, err := time.Parse(orchestrator.DateLayout, lg.Date); err == nil {
		legDate = ld
	}
	ev := c.legEvent(day, i, lg)
	fromTZ, fromLoc := c.tzOf(lg.From)
	toTZ, toLoc := c.tzOf(lg.To)
	if fromLoc == nil || toLoc == nil {
		fromTZ, fromLoc, toTZ, toLoc = "", nil, "", nil
	}
	dep, okDep := clockMinutes(lg.Depart)
	if !okDep {
		ev.start = icsTime{t: legDate, allDay: true}
		ev.end, ev.hasEnd = icsTime{t: legDate.AddDate(0, 0, 1), allDay: true}, true
		c.span(legDate)
		c.events = append(c.events, ev)
		return
	}
	start := at(legDate, dep, fromLoc)
	ev.start = icsTime{t: start, tz: fromTZ}
	arr, okArr := clockMinutes(lg.Arrive)
	switch {
	case lg.DurationMinutes > 0 && toLoc != nil:
		ev.end, ev.hasEnd = icsTime{t: start.Add(time.Duration(lg.DurationMinutes) * time.Minute).In(toLoc), tz: toTZ}, true
	case okArr:
		end := at(legDate, arr, toLoc)
		for i := 0; i < 2 && !end.After(start); i++ {
			end = end.AddDate(0, 0, 1)
		}
		ev.end, ev.hasEnd = icsTime{t: end, tz: toTZ}, true
	case lg.DurationMinutes > 0:
		ev.end, ev.hasEnd = icsTime{t: start.Add(time.Duration(lg.DurationMinutes) * time.Minute), tz: fromTZ}, true
	}
	c.span(start)
	if ev.hasEnd {
		c.span(ev.end.t)
	}
	c.events = append(c.events, ev)
}

// legEvent returns leg i's event without its times: the mode and number,
// the cities, the stations, the duration, the class and the cost.
func (c *calendar) legEvent(day string, i int, lg *orchestrator.Leg) icsEvent {
	l := c.l
	label := word(l.Modes, lg.Mode, lg.Mode)
	if lg.Number != "" {
		label += " " + clean(lg.Number)
	}
	ev := icsEvent{
		uid:      c.uid("leg", day, strconv.Itoa(i), lg.OptionID),
		summary:  label + ": " + PlaceName(clean(lg.From), l.Lang) + " → " + PlaceName(clean(lg.To), l.Lang),
		location: firstNonEmpty(clean(lg.FromStation), PlaceName(clean(lg.From), l.Lang)),
		category: "TRANSPORT",
	}
	var desc []string
	if lg.FromStation != "" || lg.ToStation != "" {
		desc = append(desc, clean(lg.FromStation)+" → "+clean(lg.ToStation))
	}
	if lg.DurationMinutes > 0 {
		desc = append(desc, l.minutes(lg.DurationMinutes))
	}
	if lg.Class != "" {
		desc = append(desc, clean(lg.Class))
	}
	if lg.Cost.Cents > 0 {
		cost := l.Cost + ": " + money(lg.Cost)
		if lg.Estimate {
			cost += " (" + l.Estimated + ")"
		}
		desc = append(desc, cost)
	}
	ev.desc = strings.Join(desc, "\n")
	return ev
}

// addStops adds an event per timed stop of day d, on date at its city's
// local time.
func (c *calendar) addStops(d *orchestrator.Day, day string, date time.Time) {
	l := c.l
	for i, s := range d.Stops {
		st, ok := clockMinutes(s.Start)
		if !ok {
			continue
		}
		city := firstNonEmpty(s.City, d.City)
		tz, loc := c.tzOf(city)
		ev := icsEvent{
			uid:      c.uid("stop", day, strconv.Itoa(i), s.AttractionID),
			summary:  clean(s.Name),
			location: joinNonEmpty(", ", clean(s.Name), clean(city)),
			geo:      s.Location,
			category: "SIGHTSEEING",
			start:    icsTime{t: at(date, st, loc), tz: tz},
		}
		if en, ok := clockMinutes(s.End); ok && en > st {
			ev.end, ev.hasEnd = icsTime{t: at(date, en, loc), tz: tz}, true
		}
		var desc []string
		if s.Cost.Cents > 0 {
			desc = append(desc, l.Cost+": "+money(s.Cost))
		}
		if s.TravelMinutes > 0 {
			t := "+" + l.minutes(s.TravelMinutes)
			if s.TravelEstimate {
				t += " (" + l.Estimated + ")"
			}
			desc = append(desc, t)
		}
		ev.desc = strings.Join(desc, "\n")
		c.span(date)
		c.events = append(c.events, ev)
	}
}

// addMeals adds an event per timed meal of day d, on date at its city's
// local time and as long as the planner's meal length for its slot.
func (c *calendar) addMeals(d *orchestrator.Day, day string, date time.Time) {
	l := c.l
	for i, m := range d.Meals {
		st, ok := clockMinutes(m.Time)
		if !ok {
			continue
		}
		city := firstNonEmpty(m.City, d.City)
		tz, loc := c.tzOf(city)
		dur := orchestrator.MealMinutes(m.Slot) // the planner's meal lengths
		start := at(date, st, loc)
		ev := icsEvent{
			uid:      c.uid("meal", day, strconv.Itoa(i), m.RestaurantID),
			summary:  word(l.Slots, m.Slot, m.Slot) + ": " + clean(m.Name),
			location: joinNonEmpty(", ", clean(m.Name), clean(city)),
			geo:      m.Location,
			category: "MEAL",
			start:    icsTime{t: start, tz: tz},
			end:      icsTime{t: start.Add(time.Duration(dur) * time.Minute), tz: tz},
			hasEnd:   true,
		}
		var desc []string
		var cuisines []string
		for _, cu := range m.Cuisines {
			if cu = clean(cu); cu != "" {
				cuisines = append(cuisines, cu)
			}
		}
		if len(cuisines) > 0 {
			desc = append(desc, strings.Join(cuisines, ", "))
		}
		if m.Cost.Cents > 0 {
			desc = append(desc, l.Cost+": "+money(m.Cost))
		}
		ev.desc = strings.Join(desc, "\n")
		c.span(date)
		c.events = append(c.events, ev)
	}
}

// addStays adds an all-day event per stay over its nights, for stays
// whose first night has a dated day.
func (c *calendar) addStays(it *orchestrator.Itinerary, dates map[int]time.Time) {
	l := c.l
	for i, s := range it.Stays {
		date, ok := dates[s.FirstNight]
		if !ok || s.Nights <= 0 {
			continue
		}
		c.events = append(c.events, icsEvent{
			uid:         c.uid("stay", strconv.Itoa(i), s.AccommodationID),
			summary:     l.Hotel + ": " + clean(s.Name),
			location:    joinNonEmpty(", ", clean(s.Name), PlaceName(clean(s.City), l.Lang)),
			geo:         s.Location,
			desc:        joinNonEmpty("\n", l.nights(s.Nights), word(l.RoomTypes, s.RoomType, clean(strings.ReplaceAll(s.RoomType, "_", " "))), l.Cost+": "+money(s.Cost)),
			category:    "LODGING",
			start:       icsTime{t: date, allDay: true},
			end:         icsTime{t: date.AddDate(0, 0, s.Nights), allDay: true},
			hasEnd:      true,
			transparent: true,
		})
		c.span(date)
		c.span(date.AddDate(0, 0, s.Nights))
	}
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

func joinNonEmpty(sep string, s ...string) string {
	out := s[:0:0]
	for _, x := range s {
		if x != "" {
			out = append(out, x)
		}
	}
	return strings.Join(out, sep)
}

func (c *calendar) write(w *icsWriter) {
	w.line("BEGIN:VCALENDAR")
	w.line("VERSION:2.0")
	w.line("PRODID:-//tripweave//itinerary " + Version + "//" + strings.ToUpper(c.l.Lang))
	w.line("CALSCALE:GREGORIAN")
	w.line("METHOD:PUBLISH")
	w.prop("X-WR-CALNAME", escapeText(c.l.title(localNames(c.p.Brief.Cities(), c.l.Lang), c.p.Brief.Days)))
	names := make([]string, 0, len(c.zones))
	for n := range c.zones {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		writeTimezone(w, n, c.zones[n], c.first.AddDate(0, 0, -1), c.last.AddDate(0, 0, 2))
	}
	stamp := c.p.CreatedAt.UTC()
	if c.p.CreatedAt.IsZero() {
		stamp = time.Unix(0, 0).UTC()
	}
	for _, ev := range c.events {
		w.line("BEGIN:VEVENT")
		w.line("UID:" + ev.uid)
		w.line("DTSTAMP:" + stamp.Format("20060102T150405Z"))
		w.time("DTSTART", ev.start)
		if ev.hasEnd {
			w.time("DTEND", ev.end)
		}
		w.prop("SUMMARY", escapeText(ev.summary))
		if ev.location != "" {
			w.prop("LOCATION", escapeText(ev.location))
		}
		if g := ev.geo; g != nil && validPos(*g) {
			w.line("GEO:" + strconv.FormatFloat(g.Lat, 'f', 6, 64) + ";" + strconv.FormatFloat(g.Lon, 'f', 6, 64))
		}
		if ev.desc != "" {
			w.prop("DESCRIPTION", escapeText(ev.desc))
		}
		w.line("CATEGORIES:" + ev.category)
		if ev.transparent {
			w.line("TRANSP:TRANSPARENT")
		} else {
			w.line("TRANSP:OPAQUE")
		}
		w.line("END:VEVENT")
	}
	w.line("END:VCALENDAR")
}

// writeTimezone writes a VTIMEZONE for loc whose observances cover
// [from, to]: one per period between the zone's transitions, each starting
// at its transition, so every instant in range resolves exactly.
func writeTimezone(w *icsWriter, name string, loc *time.Location, from, to time.Time) {
	w.line("BEGIN:VTIMEZONE")
	w.line("TZID:" + name)
	t := time.Date(from.Year(), from.Month(), from.Day(), 0, 0, 0, 0, loc)
	end := time.Date(to.Year(), to.Month(), to.Day(), 0, 0, 0, 0, loc)
	for i := 0; i < 16; i++ { // a few transitions at most in a 32-day trip
		abbr, off := t.Zone()
		start, next := t.ZoneBounds()
		prevOff := off
		var dtstart string
		if start.IsZero() {
			dtstart = "19700101T000000"
		} else {
			_, prevOff = start.Add(-time.Second).In(loc).Zone()
			dtstart = start.In(time.FixedZone("", prevOff)).Format("20060102T150405")
		}
		kind := "STANDARD"
		if t.IsDST() {
			kind = "DAYLIGHT"
		}
		w.line("BEGIN:" + kind)
		w.line("DTSTART:" + dtstart)
		w.line("TZOFFSETFROM:" + utcOffset(prevOff))
		w.line("TZOFFSETTO:" + utcOffset(off))
		if abbr != "" && !strings.ContainsAny(abbr, "+-") {
			w.line("TZNAME:" + escapeText(abbr))
		}
		w.line("END:" + kind)
		if next.IsZero() || next.After(end) {
			break
		}
		t = next
	}
	w.line("END:VTIMEZONE")
}

// utcOffset formats seconds east of UTC as RFC 5545's utc-offset.
func utcOffset(sec int) string {
	sign := "+"
	if sec < 0 {
		sign, sec = "-", -sec
	}
	s := fmt.Sprintf("%s%02d%02d", sign, sec/3600, sec/60%60)
	if sec%60 != 0 {
		s += fmt.Sprintf("%02d", sec%60)
	}
	return s
}

// escapeText escapes an RFC 5545 TEXT value; s is cleaned first.
func escapeText(s string) string {
	var b strings.Builder
	for _, line := range strings.Split(s, "\n") {
		if b.Len() > 0 {
			b.WriteString(`\n`)
		}
		for _, r := range clean(line) {
			switch r {
			case '\\', ';', ',':
				b.WriteByte('\\')
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}

// icsWriter writes content lines with CRLF endings, folded at 75 octets
// without splitting a UTF-8 sequence.
type icsWriter struct{ b *bytes.Buffer }

const icsLineOctets = 75

func (w *icsWriter) line(s string) {
	limit := icsLineOctets
	for len(s) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		w.b.WriteString(s[:cut])
		w.b.WriteString("\r\n ")
		s = s[cut:]
		limit = icsLineOctets - 1 // the leading space counts
	}
	w.b.WriteString(s)
	w.b.WriteString("\r\n")
}

func (w *icsWriter) prop(name, value string) {
	w.line(name + ":" + value)
}

func (w *icsWriter) time(name string, t icsTime) {
	switch {
	case t.allDay:
		w.line(name + ";VALUE=DATE:" + t.t.Format("20060102"))
	case t.tz != "":
		w.line(name + ";TZID=" + t.tz + ":" + t.t.Format("20060102T150405"))
	default:
		w.line(name + ":" + t.t.Format("20060102T150405"))
	}
}
