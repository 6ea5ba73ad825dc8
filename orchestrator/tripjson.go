package orchestrator

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"sync"
)

// MarshalTrip returns json.Marshal(t), written without reflection for the
// parts a stored plan's trip skeleton (SplitTrip's copy) is made of: the
// trip, its cities, places, forecasts, exchange rates, and every section's
// provenance and ref. A plan store encodes that skeleton for every saved
// plan, and encoding/json's reflection was most of the save's CPU. The
// values the skeleton leaves out (a section with a Ref keeps its zero
// value) are written from a zero-value encoding made once per type; any
// other section value, and the raw Sections, are handed to json.Marshal
// and spliced in. The bytes are json.Marshal's exactly
// (TestTripJSONSameBytes); a trip json.Marshal cannot encode is handed to
// json.Marshal for its error.
//
// The encoder names every field of the types it writes: a field added to
// Trip, CityData, Place, Forecast, WeatherDay, WeatherUnits, FXRates or
// Sourced must be added here too, which TestTripJSONCoversFields enforces.
func MarshalTrip(t *Trip) ([]byte, error) {
	if t == nil {
		return json.Marshal(t)
	}
	buf := leanBuffers.Get().(*[]byte)
	w := leanWriter{b: (*buf)[:0]}
	w.trip(t)
	out := bytes.Clone(w.b)
	if cap(w.b) <= maxLeanBuffer {
		*buf = w.b
		leanBuffers.Put(buf)
	}
	if w.bad {
		return json.Marshal(t)
	}
	return out, nil
}

// trip writes t's members in declaration order.
func (w *leanWriter) trip(t *Trip) {
	w.raw(`{"schema_version":`)
	w.int(int64(t.SchemaVersion))
	if t.Origin != nil {
		w.raw(`,"origin":`)
		sourcedWith(w, t.Origin, (*leanWriter).place)
	}
	w.raw(`,"cities":`)
	if w.array(t.Cities == nil) {
		for i := range t.Cities {
			w.elem(i)
			w.city(&t.Cities[i])
		}
		w.end(']')
	}
	if t.FX != nil {
		w.raw(`,"fx":`)
		sourcedWith(w, t.FX, (*leanWriter).fx)
	}
	if len(t.Sections) > 0 {
		w.raw(`,"sections":`)
		w.marshal(t.Sections)
	}
	if len(t.Transport) > 0 {
		w.raw(`,"transport":`)
		w.b = append(w.b, '[')
		for i := range t.Transport {
			w.elem(i)
			sourced(w, &t.Transport[i])
		}
		w.end(']')
	}
	w.end('}')
}

func (w *leanWriter) city(c *CityData) {
	w.raw(`{"name":`)
	w.str(c.Name)
	w.raw(`,"days":`)
	w.int(int64(c.Days))
	if c.Place != nil {
		w.raw(`,"place":`)
		sourcedWith(w, c.Place, (*leanWriter).place)
	}
	if c.Weather != nil {
		w.raw(`,"weather":`)
		sourcedWith(w, c.Weather, (*leanWriter).forecast)
	}
	if c.Region != "" {
		w.raw(`,"region":`)
		w.str(c.Region)
	}
	if c.Attractions != nil {
		w.raw(`,"attractions":`)
		sourced(w, c.Attractions)
	}
	if c.Restaurants != nil {
		w.raw(`,"restaurants":`)
		sourced(w, c.Restaurants)
	}
	if c.Hotels != nil {
		w.raw(`,"hotels":`)
		sourced(w, c.Hotels)
	}
	if c.Matrix != nil {
		w.raw(`,"matrix":`)
		sourced(w, c.Matrix)
	}
	if c.Guide != nil {
		w.raw(`,"guide":`)
		sourced(w, c.Guide)
	}
	w.end('}')
}

// sourcedWith writes s, its value by value.
func sourcedWith[T any](w *leanWriter, s *Sourced[T], value func(*leanWriter, *T)) {
	w.raw(`{"value":`)
	value(w, &s.Value)
	w.raw(`,"provenance":{"source":`)
	w.provenance(&s.Provenance)
	w.b = append(w.b, '}')
	if s.Ref != "" {
		w.raw(`,"ref":`)
		w.str(s.Ref)
	}
	w.end('}')
}

// sourced writes s, whose value has no writer of its own: a zero value (a
// skeleton's referenced section) from zeroJSON, any other by json.Marshal.
func sourced[T any](w *leanWriter, s *Sourced[T]) {
	sourcedWith(w, s, func(w *leanWriter, v *T) {
		if rv := reflect.ValueOf(v).Elem(); rv.IsZero() {
			w.b = append(w.b, zeroJSON(rv.Type(), v)...)
			return
		}
		w.marshal(v)
	})
}

// zeroJSONs are json.Marshal of each type's zero value, by type.
var zeroJSONs sync.Map

// zeroJSON returns json.Marshal(*zero) for a zero value of typ, encoding
// it the first time only.
func zeroJSON(typ reflect.Type, zero any) []byte {
	if b, ok := zeroJSONs.Load(typ); ok {
		return b.([]byte)
	}
	b, err := json.Marshal(zero)
	if err != nil {
		return []byte("null") // unreachable for the trip's types; the caller's bytes would then differ
	}
	zeroJSONs.Store(typ, b)
	return b
}

// marshal splices json.Marshal(v) in, or marks the writer bad.
func (w *leanWriter) marshal(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		w.bad = true
		w.raw("null")
		return
	}
	w.b = append(w.b, b...)
}

func (w *leanWriter) place(p *Place) {
	w.raw(`{"name":`)
	w.str(p.Name)
	if p.Country != "" {
		w.raw(`,"country":`)
		w.str(p.Country)
	}
	if p.CountryCode != "" {
		w.raw(`,"country_code":`)
		w.str(p.CountryCode)
	}
	if p.Admin1 != "" {
		w.raw(`,"admin1":`)
		w.str(p.Admin1)
	}
	w.raw(`,"latitude":`)
	w.float(p.Latitude)
	w.raw(`,"longitude":`)
	w.float(p.Longitude)
	if p.Timezone != "" {
		w.raw(`,"timezone":`)
		w.str(p.Timezone)
	}
	if p.Population != 0 {
		w.raw(`,"population":`)
		w.int(p.Population)
	}
	if p.SourceID != "" {
		w.raw(`,"source_id":`)
		w.str(p.SourceID)
	}
	w.end('}')
}

func (w *leanWriter) forecast(f *Forecast) {
	w.b = append(w.b, '{')
	first := true
	if f.Timezone != "" {
		w.key("timezone", first)
		w.str(f.Timezone)
		first = false
	}
	w.key("days", first)
	if w.array(f.Days == nil) {
		for i := range f.Days {
			w.elem(i)
			w.weatherDay(&f.Days[i])
		}
		w.end(']')
	}
	if u := f.Units; u != nil {
		w.raw(`,"units":{"temperature":`)
		w.str(u.Temperature)
		w.raw(`,"precipitation":`)
		w.str(u.Precipitation)
		w.raw(`,"wind":`)
		w.str(u.Wind)
		w.end('}')
	}
	w.end('}')
}

func (w *leanWriter) weatherDay(d *WeatherDay) {
	w.raw(`{"date":`)
	w.str(d.Date)
	if d.Code != nil {
		w.raw(`,"weather_code":`)
		w.int(int64(*d.Code))
	}
	if d.Text != "" {
		w.raw(`,"text":`)
		w.str(d.Text)
	}
	w.optFloat(`,"temp_max":`, d.TempMax)
	w.optFloat(`,"temp_min":`, d.TempMin)
	w.optFloat(`,"precipitation_mm":`, d.PrecipitationMM)
	w.optFloat(`,"precipitation_probability":`, d.PrecipitationPct)
	w.optFloat(`,"wind_max_kmh":`, d.WindMaxKMH)
	if len(d.Risks) > 0 {
		w.raw(`,"risks":`)
		w.strings(d.Risks)
	}
	if d.Estimate {
		w.raw(`,"estimate":true`)
	}
	w.end('}')
}

// optFloat writes member (its comma, name and colon) and *f when f is set.
func (w *leanWriter) optFloat(member string, f *float64) {
	if f != nil {
		w.raw(member)
		w.float(*f)
	}
}

func (w *leanWriter) fx(r *FXRates) {
	w.raw(`{"base":`)
	w.str(r.Base)
	w.raw(`,"date":`)
	w.str(r.Date)
	w.raw(`,"rates":`)
	if r.Rates == nil {
		w.raw("null")
	} else {
		// encoding/json writes a map's members sorted by key.
		var keysBuf [32]string
		keys := keysBuf[:0]
		for k := range r.Rates {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		w.b = append(w.b, '{')
		for i, k := range keys {
			w.elem(i)
			w.str(k)
			w.b = append(w.b, ':')
			w.float(r.Rates[k])
		}
		w.b = append(w.b, '}')
	}
	w.end('}')
}
