package quality

import (
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
)

// WhenWindow returns the starts, minutes after midnight, that honour a
// time of day the traveller asks for at a sight (orchestrator.VisitWhens,
// whose hours it follows): a visit starting in [from, to] is at that time.
// Sunrise and early morning are before 09:00 (WhenAllowed stretches them
// to the hour after opening for a sight opening later), morning before
// noon, afternoon 12:00–17:00, sunset and evening 17:00–21:00, night from
// NightFrom. ok is false for a time it does not know.
func WhenWindow(when string) (from, to int, ok bool) {
	switch when {
	case "sunrise", "early morning":
		return 0, 9 * 60, true
	case "morning":
		return 0, 12 * 60, true
	case "afternoon":
		return 12 * 60, 17 * 60, true
	case "sunset", "evening":
		return 17 * 60, 21 * 60, true
	case "night":
		return NightFrom, 24 * 60, true
	}
	return 0, 0, false
}

// WhenAllowed reports whether a sight open at hours on weekday wd admits a
// visit of visit minutes starting within the window of when (WhenWindow).
// For sunrise and early morning, which most sights' hours do not reach, a
// start within an hour of opening counts as the window: allowed is then
// the window [open, open+60] (from and to return it).
func WhenAllowed(when string, hours []orchestrator.OpeningHours, wd, visit int) (from, to int, allowed bool) {
	from, to, ok := WhenWindow(when)
	if !ok {
		return 0, 0, false
	}
	if len(hours) == 0 {
		return from, to, true
	}
	early := when == "sunrise" || when == "early morning"
	for _, h := range hours {
		if wd >= 0 && len(h.Weekdays) > 0 && !containsInt(h.Weekdays, wd) {
			continue
		}
		o, ok1 := orchestrator.ParseClock(h.Open)
		c, ok2 := orchestrator.ParseClock(h.Close)
		if !ok1 || !ok2 {
			continue
		}
		if c <= o {
			c += 24 * 60
		}
		if early && o > from {
			to = max(to, o+60)
		}
		if max(o, from)+visit <= c && max(o, from) <= to {
			return from, to, true
		}
	}
	return from, to, false
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// visitTimes finds the brief's visit_times not honoured: the sight
// planned outside the time asked for while its hours allow that time on
// its day, or not planned at all while a trip city's data has it and its
// hours allow the time (ObjWrongHour).
func (o *objector) visitTimes() {
	for _, vt := range o.b.VisitTimes {
		day, st := o.stopFor(vt.Sight)
		if st == nil {
			if a := o.dataSight(vt.Sight); a != nil {
				if _, _, ok := WhenAllowed(vt.When, a.Hours, -1, max(a.VisitMinMinutes, 60)); ok {
					o.add(ObjWrongHour, 0, "%s asked for in the %s, not planned", vt.Sight, vt.When)
					o.untimely++
				}
			}
			continue
		}
		o.timed = append(o.timed, st.AttractionID)
		start, _ := orchestrator.ParseClock(st.Start)
		end, _ := orchestrator.ParseClock(st.End)
		var hours []orchestrator.OpeningHours
		if a := o.attractions.get(st.AttractionID); a != nil {
			hours = a.Hours
		}
		from, to, ok := WhenAllowed(vt.When, hours, orchestrator.Weekday(day.Date), max(end-start, 30))
		if vt.When == "sunset" && ok {
			// At sunset by the day's own sun: in progress as the sun
			// sets, not after dinner (西湖看日落 at 19:32 in May, the sun
			// down at 18:50).
			if f, t, sun := SunsetWindow(o.b, day.City, day.Date, st.Location); sun {
				from, to = f, t
			}
		}
		if ok && (start < from || start > to) {
			o.add(ObjWrongHour, day.Day, "%s at %s, asked for in the %s", st.Name, st.Start, vt.When)
			o.untimely++
		}
	}
}

// stopFor returns the plan's stop a sight name means (concepts.Resolve
// over the plan's stops) and its day, nil when none.
func (o *objector) stopFor(sight string) (*orchestrator.Day, *orchestrator.Stop) {
	var cands []concepts.Candidate
	type at struct{ d, s int }
	var where []at
	for d := range o.it.Days {
		for s := range o.it.Days[d].Stops {
			cands = append(cands, concepts.Candidate{Name: o.it.Days[d].Stops[s].Name})
			where = append(where, at{d, s})
		}
	}
	i, _ := concepts.Resolve(sight, cands)
	if i < 0 {
		return nil, nil
	}
	d := &o.it.Days[where[i].d]
	return d, &d.Stops[where[i].s]
}

// dataSight returns the attraction of a trip city's data that a sight name
// means, nil when none.
func (o *objector) dataSight(sight string) *orchestrator.Attraction {
	if o.trip == nil {
		return nil
	}
	for i := range o.trip.Cities {
		cd := &o.trip.Cities[i]
		if cd.Attractions == nil || o.atHome(cd.Name) {
			continue
		}
		as := cd.Attractions.Value
		cands := make([]concepts.Candidate, len(as))
		for k := range as {
			cands[k] = concepts.Candidate{Name: as[k].Name, Popularity: as[k].Popularity}
		}
		if k, _ := concepts.Resolve(sight, cands); k >= 0 {
			return &as[k]
		}
	}
	return nil
}

// untimelyPart is the time_of_day part less a quarter for each visit time
// not honoured; it applies whenever the brief asks for one.
func (o *objector) untimelyPart(c orchestrator.QualityComponent) orchestrator.QualityComponent {
	if o.untimely == 0 {
		return c
	}
	if !c.Applicable {
		c = orchestrator.QualityComponent{Applicable: true, Value: 1}
	}
	c.Value -= 0.25 * float64(o.untimely)
	if c.Detail != "" {
		c.Detail += "; "
	}
	c.Detail += detailf("%d visit times asked for not kept", o.untimely)
	return c
}
