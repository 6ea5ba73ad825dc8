package orchestrator

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"
)

// MarshalLeanPlan returns json.Marshal(LeanPlan{Plan: p}), the plan's JSON
// as the API sends it by default, written without reflection: a warm plan
// encodes it for every request, and encoding/json's reflection was the
// larger part of that. brief, when not nil, must be json.Marshal(&p.Brief)
// (a caller that encoded the brief already passes it; nil encodes it). The
// bytes are json.Marshal's exactly — HTML characters escaped, floats and
// times formatted as it formats them (TestLeanJSONSameBytes); a plan
// json.Marshal cannot encode (a NaN, a year past 9999) is handed to
// json.Marshal for its error.
//
// The encoder names every field of the types it writes: a field added to
// Plan, Itinerary or the types below them must be added here too, which
// TestLeanJSONCoversFields enforces.
func MarshalLeanPlan(p *Plan, brief []byte) ([]byte, error) {
	if p == nil {
		return json.Marshal(LeanPlan{Plan: p})
	}
	if brief == nil {
		var err error
		if brief, err = json.Marshal(&p.Brief); err != nil {
			return nil, err
		}
	}
	buf := leanBuffers.Get().(*[]byte)
	w := leanWriter{b: (*buf)[:0]}
	w.plan(p, brief)
	out := bytes.Clone(w.b)
	if cap(w.b) <= maxLeanBuffer {
		*buf = w.b
		leanBuffers.Put(buf)
	}
	if w.bad {
		return json.Marshal(LeanPlan{Plan: p})
	}
	return out, nil
}

// leanBuffers hold the encoder's scratch buffers: the result is copied
// out at its size, so that a plan allocates its JSON once.
var leanBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 16<<10); return &b }}

// maxLeanBuffer bounds the buffers kept: a plan of weeks is not kept.
const maxLeanBuffer = 256 << 10

// leanWriter appends JSON as encoding/json writes it; bad is set on a value
// json.Marshal refuses (the caller then asks json.Marshal).
type leanWriter struct {
	b   []byte
	bad bool
}

func (w *leanWriter) raw(s string) { w.b = append(w.b, s...) }

// key writes a member name after its opening brace or a comma; first is
// true for the first member of an object. Names are plain ASCII.
func (w *leanWriter) key(name string, first bool) {
	if !first {
		w.b = append(w.b, ',')
	}
	w.b = append(w.b, '"')
	w.b = append(w.b, name...)
	w.b = append(w.b, '"', ':')
}

func (w *leanWriter) str(s string) { w.b = AppendJSONString(w.b, s) }

func (w *leanWriter) int(n int64) { w.b = strconv.AppendInt(w.b, n, 10) }

func (w *leanWriter) bool(v bool) {
	if v {
		w.raw("true")
	} else {
		w.raw("false")
	}
}

// float writes f as encoding/json does (ES6 number formatting).
func (w *leanWriter) float(f float64) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		w.bad = true
		w.raw("null")
		return
	}
	w.b = AppendJSONFloat(w.b, f)
}

// time writes t as time.Time's MarshalJSON does (RFC 3339 with
// nanoseconds); a year outside 0–9999 is json.Marshal's error.
func (w *leanWriter) time(t time.Time) {
	if y := t.Year(); y < 0 || y > 9999 {
		w.bad = true
	}
	if _, off := t.Zone(); off%60 != 0 || off <= -24*3600 || off >= 24*3600 {
		w.bad = true // MarshalJSON refuses offsets it cannot write as ±hh:mm
	}
	w.b = append(w.b, '"')
	w.b = t.AppendFormat(w.b, time.RFC3339Nano)
	w.b = append(w.b, '"')
}

func (w *leanWriter) strings(list []string) {
	if list == nil {
		w.raw("null")
		return
	}
	w.b = append(w.b, '[')
	for i, s := range list {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.str(s)
	}
	w.b = append(w.b, ']')
}

// array opens a slice's array, or writes null for a nil slice and
// reports false.
func (w *leanWriter) array(isNil bool) bool {
	if isNil {
		w.raw("null")
		return false
	}
	w.b = append(w.b, '[')
	return true
}

// elem writes the comma before element i of an array.
func (w *leanWriter) elem(i int) {
	if i > 0 {
		w.b = append(w.b, ',')
	}
}

func (w *leanWriter) end(c byte) { w.b = append(w.b, c) }

// plan writes LeanPlan{Plan: p}: the plan's members in declaration order,
// the trip left out.
func (w *leanWriter) plan(p *Plan, brief []byte) {
	w.raw(`{"id":`)
	w.str(p.ID)
	w.key("created_at", false)
	w.time(p.CreatedAt)
	if p.Query != "" {
		w.key("query", false)
		w.str(p.Query)
	}
	w.key("brief", false)
	w.b = append(w.b, brief...)
	w.key("status", false)
	w.str(p.Status)
	w.key("itinerary", false)
	if p.Itinerary == nil {
		w.raw("null")
	} else {
		w.itinerary(p.Itinerary)
	}
	w.key("notes", false)
	if w.array(p.Notes == nil) {
		for i := range p.Notes {
			w.elem(i)
			w.note(&p.Notes[i])
		}
		w.end(']')
	}
	w.key("trace", false)
	w.trace(&p.Trace)
	if len(p.Sources) > 0 {
		w.key("sources", false)
		if w.array(p.Sources == nil) {
			for i := range p.Sources {
				w.elem(i)
				w.source(&p.Sources[i])
			}
			w.end(']')
		}
	}
	if len(p.Questions) > 0 {
		w.key("questions", false)
		if w.array(p.Questions == nil) {
			for i := range p.Questions {
				w.elem(i)
				w.question(&p.Questions[i])
			}
			w.end(']')
		}
	}
	if p.Replaces != "" {
		w.key("replaces", false)
		w.str(p.Replaces)
	}
	if len(p.Changes) > 0 {
		w.key("changes", false)
		if w.array(p.Changes == nil) {
			for i := range p.Changes {
				w.elem(i)
				w.change(&p.Changes[i])
			}
			w.end(']')
		}
	}
	w.b = append(w.b, '}')
}

func (w *leanWriter) change(c *Change) {
	w.raw(`{"action":`)
	w.str(c.Action)
	w.key("what", false)
	w.str(c.What)
	w.key("name", false)
	w.str(c.Name)
	w.key("day", false)
	w.int(int64(c.Day))
	if c.ToDay != 0 {
		w.key("to_day", false)
		w.int(int64(c.ToDay))
	}
	if c.From != "" {
		w.key("from", false)
		w.str(c.From)
	}
	if c.To != "" {
		w.key("to", false)
		w.str(c.To)
	}
	w.key("event", false)
	w.int(int64(c.Event))
	w.key("reason", false)
	w.str(c.Reason)
	w.end('}')
}

func (w *leanWriter) note(n *Note) {
	w.b = append(w.b, '{')
	first := true
	if n.Subtask != "" {
		w.key("subtask", true)
		w.str(n.Subtask)
		first = false
	}
	if n.Kind != "" {
		w.key("kind", first)
		w.str(string(n.Kind))
		first = false
	}
	w.key("level", first)
	w.str(n.Level)
	w.key("code", false)
	w.str(n.Code)
	w.key("message", false)
	w.str(n.Message)
	if len(n.Places) > 0 {
		w.key("places", false)
		w.strings(n.Places)
	}
	if n.Traveller != "" {
		w.key("traveller", false)
		w.str(n.Traveller)
	}
	if n.Audience != "" {
		w.key("audience", false)
		w.str(n.Audience)
	}
	w.b = append(w.b, '}')
}

func (w *leanWriter) trace(t *TraceSummary) {
	w.raw(`{"nodes":`)
	w.int(int64(t.Nodes))
	w.key("cache_hits", false)
	w.int(int64(t.CacheHits))
	w.key("failed", false)
	w.int(int64(t.Failed))
	w.key("duration_ms", false)
	w.float(t.DurationMS)
	w.key("routes", false)
	if t.Routes == nil {
		w.raw("null")
	} else {
		var buf [8]string // routes: cache, mcp, browser, local, none
		keys := buf[:0]
		for k := range t.Routes {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		w.b = append(w.b, '{')
		for i, k := range keys {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.str(k)
			w.b = append(w.b, ':')
			w.int(int64(t.Routes[k]))
		}
		w.b = append(w.b, '}')
	}
	w.b = append(w.b, '}')
}

func (w *leanWriter) source(s *SourceSummary) {
	w.raw(`{"kind":`)
	w.str(string(s.Kind))
	if s.About != "" {
		w.key("about", false)
		w.str(s.About)
	}
	if s.Items != 0 {
		w.key("items", false)
		w.int(int64(s.Items))
	}
	w.key("source", false)
	w.provenance(&s.Provenance)
	w.b = append(w.b, '}')
}

// provenance writes p's members, from the value of "source" on (they are
// inlined in SourceSummary).
func (w *leanWriter) provenance(p *Provenance) {
	w.str(p.Source)
	w.key("fetched_at", false)
	w.time(p.FetchedAt)
	w.key("ttl", false)
	w.int(p.TTL)
	w.key("cache_hit", false)
	w.bool(p.CacheHit)
	if p.Stale {
		w.raw(`,"stale":true`)
	}
	if p.Estimate {
		w.raw(`,"estimate":true`)
	}
	if a := p.Attribution; a != nil {
		w.raw(`,"attribution":{"text":`)
		w.str(a.Text)
		if a.URL != "" {
			w.key("url", false)
			w.str(a.URL)
		}
		if a.License != "" {
			w.key("license", false)
			w.str(a.License)
		}
		w.b = append(w.b, '}')
	}
}

func (w *leanWriter) question(q *Question) {
	w.raw(`{"field":`)
	w.str(q.Field)
	w.key("text", false)
	w.str(q.Text)
	if len(q.Choices) > 0 {
		w.key("choices", false)
		w.strings(q.Choices)
	}
	w.b = append(w.b, '}')
}

func (w *leanWriter) itinerary(it *Itinerary) {
	w.raw(`{"tier":`)
	w.str(string(it.Tier))
	if it.Lean {
		w.raw(`,"lean":true`)
	}
	w.key("currency", false)
	w.str(it.Currency)
	w.key("people", false)
	w.int(int64(it.People))
	if it.Origin != "" {
		w.key("origin", false)
		w.str(it.Origin)
	}
	w.key("cities", false)
	if w.array(it.Cities == nil) {
		for i := range it.Cities {
			w.elem(i)
			w.cityVisit(&it.Cities[i])
		}
		w.end(']')
	}
	w.key("days", false)
	if w.array(it.Days == nil) {
		for i := range it.Days {
			w.elem(i)
			w.day(&it.Days[i])
		}
		w.end(']')
	}
	w.key("stays", false)
	if w.array(it.Stays == nil) {
		for i := range it.Stays {
			w.elem(i)
			w.stay(&it.Stays[i])
		}
		w.end(']')
	}
	w.key("budget", false)
	w.budget(&it.Budget)
	if len(it.Findings) > 0 {
		w.key("findings", false)
		if w.array(it.Findings == nil) {
			for i := range it.Findings {
				w.elem(i)
				w.finding(&it.Findings[i])
			}
			w.end(']')
		}
	}
	if it.Quality != nil {
		w.key("quality", false)
		w.quality(it.Quality)
	}
	if it.Report != nil {
		w.key("report", false)
		w.report(it.Report)
	}
	w.b = append(w.b, '}')
}

func (w *leanWriter) cityVisit(c *CityVisit) {
	w.raw(`{"city":`)
	w.str(c.City)
	w.key("arrive_day", false)
	w.int(int64(c.ArriveDay))
	w.key("nights", false)
	w.int(int64(c.Nights))
	w.b = append(w.b, '}')
}

func (w *leanWriter) day(d *Day) {
	w.raw(`{"day":`)
	w.int(int64(d.Day))
	if d.Date != "" {
		w.key("date", false)
		w.str(d.Date)
	}
	w.key("city", false)
	w.str(d.City)
	if d.From != "" {
		w.key("from", false)
		w.str(d.From)
	}
	if d.Weather != "" {
		w.key("weather", false)
		w.str(d.Weather)
	}
	if len(d.Legs) > 0 {
		w.key("legs", false)
		if w.array(d.Legs == nil) {
			for i := range d.Legs {
				w.elem(i)
				w.leg(&d.Legs[i])
			}
			w.end(']')
		}
	}
	if len(d.Journeys) > 0 {
		w.key("journeys", false)
		if w.array(d.Journeys == nil) {
			for i := range d.Journeys {
				w.elem(i)
				w.journey(&d.Journeys[i])
			}
			w.end(']')
		}
	}
	w.key("stops", false)
	if w.array(d.Stops == nil) {
		for i := range d.Stops {
			w.elem(i)
			w.stop(&d.Stops[i])
		}
		w.end(']')
	}
	w.key("meals", false)
	if w.array(d.Meals == nil) {
		for i := range d.Meals {
			w.elem(i)
			w.meal(&d.Meals[i])
		}
		w.end(']')
	}
	if s := d.Stay; s != nil {
		w.raw(`,"stay":{"accommodation_id":`)
		w.str(s.AccommodationID)
		w.key("name", false)
		w.str(s.Name)
		w.key("city", false)
		w.str(s.City)
		w.b = append(w.b, '}')
	}
	w.key("cost", false)
	w.money(&d.Cost)
	if d.StartsAt != "" {
		w.key("starts_at", false)
		w.str(d.StartsAt)
	}
	w.b = append(w.b, '}')
}

func (w *leanWriter) money(m *Money) {
	w.raw(`{"cents":`)
	w.int(m.Cents)
	w.key("currency", false)
	w.str(m.Currency)
	w.b = append(w.b, '}')
}

// location writes a place's optional "location" member.
func (w *leanWriter) location(g *GeoPoint) {
	if g == nil {
		return
	}
	w.raw(`,"location":{"lat":`)
	w.float(g.Lat)
	w.key("lon", false)
	w.float(g.Lon)
	w.b = append(w.b, '}')
}

func (w *leanWriter) stop(s *Stop) {
	w.raw(`{"attraction_id":`)
	w.str(s.AttractionID)
	w.key("name", false)
	w.str(s.Name)
	w.key("city", false)
	w.str(s.City)
	w.location(s.Location)
	w.key("start", false)
	w.str(s.Start)
	w.key("end", false)
	w.str(s.End)
	w.key("travel_minutes", false)
	w.int(int64(s.TravelMinutes))
	if s.TravelEstimate {
		w.raw(`,"travel_estimate":true`)
	}
	if s.Indoor != nil {
		w.key("indoor", false)
		w.bool(*s.Indoor)
	}
	w.key("price", false)
	w.money(&s.Price)
	w.key("cost", false)
	w.money(&s.Cost)
	if s.VisitEstimate {
		w.raw(`,"visit_estimate":true`)
	}
	w.b = append(w.b, '}')
}

func (w *leanWriter) meal(m *Meal) {
	w.raw(`{"slot":`)
	w.str(m.Slot)
	w.key("restaurant_id", false)
	w.str(m.RestaurantID)
	w.key("name", false)
	w.str(m.Name)
	w.key("city", false)
	w.str(m.City)
	w.location(m.Location)
	w.key("time", false)
	w.str(m.Time)
	if len(m.Cuisines) > 0 {
		w.key("cuisines", false)
		w.strings(m.Cuisines)
	}
	w.key("price", false)
	w.money(&m.Price)
	w.key("cost", false)
	w.money(&m.Cost)
	if m.Estimate {
		w.raw(`,"estimate":true`)
	}
	if len(m.Serves) > 0 {
		w.key("serves", false)
		w.strings(m.Serves)
	}
	w.b = append(w.b, '}')
}

func (w *leanWriter) stay(s *Stay) {
	w.raw(`{"accommodation_id":`)
	w.str(s.AccommodationID)
	w.key("name", false)
	w.str(s.Name)
	w.key("city", false)
	w.str(s.City)
	w.location(s.Location)
	w.key("first_night", false)
	w.int(int64(s.FirstNight))
	w.key("nights", false)
	w.int(int64(s.Nights))
	w.key("rooms", false)
	w.int(int64(s.Rooms))
	w.key("room_type", false)
	w.str(s.RoomType)
	w.key("price", false)
	w.money(&s.Price)
	w.key("cost", false)
	w.money(&s.Cost)
	if s.Estimate {
		w.raw(`,"estimate":true`)
	}
	w.b = append(w.b, '}')
}

func (w *leanWriter) leg(l *Leg) {
	w.raw(`{"option_id":`)
	w.str(l.OptionID)
	w.key("mode", false)
	w.str(l.Mode)
	if l.Number != "" {
		w.key("number", false)
		w.str(l.Number)
	}
	if l.Class != "" {
		w.key("class", false)
		w.str(l.Class)
	}
	w.key("from", false)
	w.str(l.From)
	w.key("to", false)
	w.str(l.To)
	if l.FromStation != "" {
		w.key("from_station", false)
		w.str(l.FromStation)
	}
	if l.ToStation != "" {
		w.key("to_station", false)
		w.str(l.ToStation)
	}
	if l.Date != "" {
		w.key("date", false)
		w.str(l.Date)
	}
	w.key("depart", false)
	w.str(l.Depart)
	w.key("arrive", false)
	w.str(l.Arrive)
	if l.ArriveDayOffset != 0 {
		w.key("arrive_day_offset", false)
		w.int(int64(l.ArriveDayOffset))
	}
	w.key("duration_minutes", false)
	w.int(int64(l.DurationMinutes))
	if l.DistanceKM != 0 {
		w.key("distance_km", false)
		w.float(l.DistanceKM)
	}
	w.key("pricing", false)
	w.str(l.Pricing)
	w.key("price", false)
	w.money(&l.Price)
	w.key("units", false)
	w.int(int64(l.Units))
	w.key("cost", false)
	w.money(&l.Cost)
	if l.Estimate {
		w.raw(`,"estimate":true`)
	}
	if l.Journey != 0 {
		w.key("journey", false)
		w.int(int64(l.Journey))
	}
	if l.TransferMinutes != 0 {
		w.key("transfer_minutes", false)
		w.int(int64(l.TransferMinutes))
	}
	if l.MinTransferMinutes != 0 {
		w.key("min_transfer_minutes", false)
		w.int(int64(l.MinTransferMinutes))
	}
	if l.DelayMinutes != 0 {
		w.key("delay_minutes", false)
		w.int(int64(l.DelayMinutes))
	}
	if l.BeforeMinutes != 0 {
		w.key("before_minutes", false)
		w.int(int64(l.BeforeMinutes))
	}
	if l.BeforeFrom != "" {
		w.key("before_from", false)
		w.str(l.BeforeFrom)
	}
	if l.AfterMinutes != 0 {
		w.key("after_minutes", false)
		w.int(int64(l.AfterMinutes))
	}
	if l.AfterTo != "" {
		w.key("after_to", false)
		w.str(l.AfterTo)
	}
	if l.AccessEstimate {
		w.raw(`,"access_estimate":true`)
	}
	w.b = append(w.b, '}')
}

func (w *leanWriter) journey(j *Journey) {
	w.raw(`{"from":`)
	w.str(j.From)
	w.key("to", false)
	w.str(j.To)
	w.key("via", false)
	w.strings(j.Via)
	w.key("depart", false)
	w.str(j.Depart)
	w.key("arrive", false)
	w.str(j.Arrive)
	if j.ArriveDayOffset != 0 {
		w.key("arrive_day_offset", false)
		w.int(int64(j.ArriveDayOffset))
	}
	w.key("duration_minutes", false)
	w.int(int64(j.DurationMinutes))
	w.key("legs", false)
	w.int(int64(j.Legs))
	w.key("cost", false)
	w.money(&j.Cost)
	if j.Estimate {
		w.raw(`,"estimate":true`)
	}
	w.b = append(w.b, '}')
}

func (w *leanWriter) budget(b *BudgetBreakdown) {
	w.raw(`{"currency":`)
	w.str(b.Currency)
	w.key("people", false)
	w.int(int64(b.People))
	if b.Limit != nil {
		w.key("limit", false)
		w.money(b.Limit)
	}
	w.key("chosen", false)
	w.str(string(b.Chosen))
	w.key("tiers", false)
	if w.array(b.Tiers == nil) {
		for i := range b.Tiers {
			w.elem(i)
			w.tierCost(&b.Tiers[i])
		}
		w.end(']')
	}
	w.b = append(w.b, '}')
}

func (w *leanWriter) tierCost(t *TierCost) {
	w.raw(`{"tier":`)
	w.str(string(t.Tier))
	if t.Lean {
		w.raw(`,"lean":true`)
	}
	w.key("transport", false)
	w.money(&t.Transport)
	w.key("lodging", false)
	w.money(&t.Lodging)
	w.key("food", false)
	w.money(&t.Food)
	w.key("attractions", false)
	w.money(&t.Attractions)
	w.key("total", false)
	w.money(&t.Total)
	w.key("per_person", false)
	w.money(&t.PerPerson)
	if t.WithinBudget != nil {
		w.key("within_budget", false)
		w.bool(*t.WithinBudget)
	}
	w.b = append(w.b, '}')
}

func (w *leanWriter) finding(f *Finding) {
	w.raw(`{"code":`)
	w.str(f.Code)
	w.key("severity", false)
	w.str(f.Severity)
	if f.Check != "" {
		w.key("check", false)
		w.str(f.Check)
	}
	if f.Day != 0 {
		w.key("day", false)
		w.int(int64(f.Day))
	}
	if f.Subject != "" {
		w.key("subject", false)
		w.str(f.Subject)
	}
	w.key("message", false)
	w.str(f.Message)
	if f.Shortfall != nil {
		w.key("shortfall", false)
		w.money(f.Shortfall)
	}
	w.b = append(w.b, '}')
}

func (w *leanWriter) quality(q *Quality) {
	w.raw(`{"score":`)
	w.int(int64(q.Score))
	w.key("components", false)
	if w.array(q.Components == nil) {
		for i := range q.Components {
			w.elem(i)
			w.qualityComponent(&q.Components[i])
		}
		w.end(']')
	}
	w.b = append(w.b, '}')
}

func (w *leanWriter) qualityComponent(c *QualityComponent) {
	w.raw(`{"name":`)
	w.str(c.Name)
	w.key("value", false)
	w.float(c.Value)
	w.key("weight", false)
	w.int(int64(c.Weight))
	w.key("applicable", false)
	w.bool(c.Applicable)
	if c.Detail != "" {
		w.key("detail", false)
		w.str(c.Detail)
	}
	w.b = append(w.b, '}')
}

func (w *leanWriter) report(r *Report) {
	w.raw(`{"passed":`)
	w.bool(r.Passed)
	w.key("checks", false)
	if w.array(r.Checks == nil) {
		for i := range r.Checks {
			w.elem(i)
			w.check(&r.Checks[i])
		}
		w.end(']')
	}
	if len(r.Findings) > 0 {
		w.key("findings", false)
		if w.array(r.Findings == nil) {
			for i := range r.Findings {
				w.elem(i)
				w.finding(&r.Findings[i])
			}
			w.end(']')
		}
	}
	if r.Quality != nil {
		w.key("quality", false)
		w.quality(r.Quality)
	}
	w.b = append(w.b, '}')
}

func (w *leanWriter) check(c *Check) {
	w.raw(`{"name":`)
	w.str(c.Name)
	w.key("kind", false)
	w.str(c.Kind)
	w.key("status", false)
	w.str(c.Status)
	w.b = append(w.b, '}')
}

// AppendJSONFloat appends f as encoding/json writes a float64: like %g
// but with ES6's exponent cutoffs and an unpadded exponent. f is finite.
func AppendJSONFloat(b []byte, f float64) []byte {
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// e-09 → e-9
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// jsonSafe marks the ASCII bytes encoding/json writes as they are with
// HTML escaping on: printable characters but '"', '\\', '<', '>', '&'.
var jsonSafe = func() (t [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = true
	}
	for _, c := range `"\<>&` {
		t[c] = false
	}
	return t
}()

const lowerHex = "0123456789abcdef"

// AppendJSONString appends s as a JSON string as encoding/json writes it
// (HTMLEscape on): invalid UTF-8 becomes \ufffd, U+2028 and U+2029 are
// escaped.
func AppendJSONString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if jsonSafe[c] {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '\\', '"':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', lowerHex[c>>4], lowerHex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', lowerHex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
