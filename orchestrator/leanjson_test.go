package orchestrator

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestLeanJSONSameBytes compares MarshalLeanPlan with json.Marshal over
// random plans: every field set or zero, nil or empty slices, strings with
// HTML characters, control characters, invalid UTF-8 and U+2028, floats of
// every magnitude (and now and then a NaN, which both must refuse), times
// in several zones.
func TestLeanJSONSameBytes(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 2026))
	n := 3000
	if testing.Short() {
		n = 300
	}
	for i := range n {
		var p Plan
		fillRandom(reflect.ValueOf(&p).Elem(), r, 0)
		for _, withBrief := range []bool{false, true} {
			var brief []byte
			if withBrief {
				brief, _ = json.Marshal(&p.Brief)
			}
			got, gotErr := MarshalLeanPlan(&p, brief)
			want, wantErr := json.Marshal(LeanPlan{Plan: &p})
			if (gotErr == nil) != (wantErr == nil) {
				t.Fatalf("plan %d: err %v, json.Marshal's %v", i, gotErr, wantErr)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("plan %d: bytes differ at %d\n got %s\nwant %s", i, firstDiff(got, want), got, want)
			}
		}
	}
	// A real plan: the three-day Shanghai → Chengdu plan on the sandbox
	// data (its lean JSON as the API sent it).
	doc, err := os.ReadFile("testdata/leanplan.json")
	if err != nil {
		t.Fatal(err)
	}
	var p Plan
	if err := json.Unmarshal(doc, &p); err != nil {
		t.Fatal(err)
	}
	if got, err := MarshalLeanPlan(&p, nil); err != nil || !bytes.Equal(got, doc) {
		t.Errorf("the sandbox plan: err %v, bytes differ at %d", err, firstDiff(got, doc))
	}
	if got, _ := MarshalLeanPlan(nil, nil); string(got) != "{}" {
		t.Errorf("nil plan: %s", got)
	}
}

// FuzzLeanJSONString compares the string encoder with json.Marshal's.
func FuzzLeanJSONString(f *testing.F) {
	for _, s := range []string{"", "a<b>&c", "\u2028\u2029", "\x00\x1f\x7f", "\xff\xfe", "成都 \"\\/\t\n\r\b\f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := AppendJSONString(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("%q: got %s want %s", s, got, want)
		}
	})
}

// FuzzLeanJSONFloat compares the float encoder with json.Marshal's.
func FuzzLeanJSONFloat(f *testing.F) {
	for _, x := range []float64{0, math.Copysign(0, -1), 1e-7, 1e-6, 1e21, 1e20, 123.456, -0.000001, 5e-324, math.MaxFloat64} {
		f.Add(x)
	}
	f.Fuzz(func(t *testing.T, x float64) {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return
		}
		want, _ := json.Marshal(x)
		if got := AppendJSONFloat(nil, x); !bytes.Equal(got, want) {
			t.Fatalf("%v: got %s want %s", x, got, want)
		}
	})
}

// TestLeanJSONCoversFields lists every field of the types MarshalLeanPlan
// writes by hand. A field added to one of them fails this test: add it to
// the encoder (leanjson.go), then to the list below.
func TestLeanJSONCoversFields(t *testing.T) {
	var got []string
	seen := map[reflect.Type]bool{}
	var walk func(reflect.Type)
	walk = func(typ reflect.Type) {
		for typ.Kind() == reflect.Pointer || typ.Kind() == reflect.Slice || typ.Kind() == reflect.Map {
			typ = typ.Elem()
		}
		if typ.Kind() != reflect.Struct || seen[typ] || typ == reflect.TypeFor[time.Time]() ||
			typ == reflect.TypeFor[Brief]() || typ == reflect.TypeFor[Trip]() {
			return
		}
		seen[typ] = true
		for f := range typ.Fields() {
			got = append(got, fmt.Sprintf("%s.%s %s `%s`", typ.Name(), f.Name, f.Type, f.Tag.Get("json")))
			walk(f.Type)
		}
	}
	walk(reflect.TypeFor[Plan]())
	want := `Plan.ID string ` + "`id`" + `
Plan.CreatedAt time.Time ` + "`created_at`" + `
Plan.Query string ` + "`query,omitempty`" + `
Plan.Brief orchestrator.Brief ` + "`brief`" + `
Plan.Status string ` + "`status`" + `
Plan.Trip orchestrator.Trip ` + "`trip`" + `
Plan.Itinerary *orchestrator.Itinerary ` + "`itinerary`" + `
Itinerary.Tier orchestrator.Tier ` + "`tier`" + `
Itinerary.Lean bool ` + "`lean,omitempty`" + `
Itinerary.Currency string ` + "`currency`" + `
Itinerary.People int ` + "`people`" + `
Itinerary.Origin string ` + "`origin,omitempty`" + `
Itinerary.Cities []orchestrator.CityVisit ` + "`cities`" + `
CityVisit.City string ` + "`city`" + `
CityVisit.ArriveDay int ` + "`arrive_day`" + `
CityVisit.Nights int ` + "`nights`" + `
Itinerary.Days []orchestrator.Day ` + "`days`" + `
Day.Day int ` + "`day`" + `
Day.Date string ` + "`date,omitempty`" + `
Day.City string ` + "`city`" + `
Day.From string ` + "`from,omitempty`" + `
Day.Weather string ` + "`weather,omitempty`" + `
Day.Legs []orchestrator.Leg ` + "`legs,omitempty`" + `
Leg.OptionID string ` + "`option_id`" + `
Leg.Mode string ` + "`mode`" + `
Leg.Number string ` + "`number,omitempty`" + `
Leg.Class string ` + "`class,omitempty`" + `
Leg.From string ` + "`from`" + `
Leg.To string ` + "`to`" + `
Leg.FromStation string ` + "`from_station,omitempty`" + `
Leg.ToStation string ` + "`to_station,omitempty`" + `
Leg.Date string ` + "`date,omitempty`" + `
Leg.Depart string ` + "`depart`" + `
Leg.Arrive string ` + "`arrive`" + `
Leg.ArriveDayOffset int ` + "`arrive_day_offset,omitempty`" + `
Leg.DurationMinutes int ` + "`duration_minutes`" + `
Leg.DistanceKM float64 ` + "`distance_km,omitempty`" + `
Leg.Pricing string ` + "`pricing`" + `
Leg.Price orchestrator.Money ` + "`price`" + `
Money.Cents int64 ` + "`cents`" + `
Money.Currency string ` + "`currency`" + `
Leg.Units int ` + "`units`" + `
Leg.Cost orchestrator.Money ` + "`cost`" + `
Leg.Estimate bool ` + "`estimate,omitempty`" + `
Leg.Journey int ` + "`journey,omitempty`" + `
Leg.TransferMinutes int ` + "`transfer_minutes,omitempty`" + `
Leg.MinTransferMinutes int ` + "`min_transfer_minutes,omitempty`" + `
Leg.DelayMinutes int ` + "`delay_minutes,omitempty`" + `
Leg.BeforeMinutes int ` + "`before_minutes,omitempty`" + `
Leg.BeforeFrom string ` + "`before_from,omitempty`" + `
Leg.AfterMinutes int ` + "`after_minutes,omitempty`" + `
Leg.AfterTo string ` + "`after_to,omitempty`" + `
Leg.AccessEstimate bool ` + "`access_estimate,omitempty`" + `
Day.Journeys []orchestrator.Journey ` + "`journeys,omitempty`" + `
Journey.From string ` + "`from`" + `
Journey.To string ` + "`to`" + `
Journey.Via []string ` + "`via`" + `
Journey.Depart string ` + "`depart`" + `
Journey.Arrive string ` + "`arrive`" + `
Journey.ArriveDayOffset int ` + "`arrive_day_offset,omitempty`" + `
Journey.DurationMinutes int ` + "`duration_minutes`" + `
Journey.Legs int ` + "`legs`" + `
Journey.Cost orchestrator.Money ` + "`cost`" + `
Journey.Estimate bool ` + "`estimate,omitempty`" + `
Day.Stops []orchestrator.Stop ` + "`stops`" + `
Stop.AttractionID string ` + "`attraction_id`" + `
Stop.Name string ` + "`name`" + `
Stop.City string ` + "`city`" + `
Stop.Location *orchestrator.GeoPoint ` + "`location,omitempty`" + `
GeoPoint.Lat float64 ` + "`lat`" + `
GeoPoint.Lon float64 ` + "`lon`" + `
Stop.Start string ` + "`start`" + `
Stop.End string ` + "`end`" + `
Stop.TravelMinutes int ` + "`travel_minutes`" + `
Stop.TravelEstimate bool ` + "`travel_estimate,omitempty`" + `
Stop.Indoor *bool ` + "`indoor,omitempty`" + `
Stop.Price orchestrator.Money ` + "`price`" + `
Stop.Cost orchestrator.Money ` + "`cost`" + `
Stop.VisitEstimate bool ` + "`visit_estimate,omitempty`" + `
Day.Meals []orchestrator.Meal ` + "`meals`" + `
Meal.Slot string ` + "`slot`" + `
Meal.RestaurantID string ` + "`restaurant_id`" + `
Meal.Name string ` + "`name`" + `
Meal.City string ` + "`city`" + `
Meal.Location *orchestrator.GeoPoint ` + "`location,omitempty`" + `
Meal.Time string ` + "`time`" + `
Meal.Cuisines []string ` + "`cuisines,omitempty`" + `
Meal.Price orchestrator.Money ` + "`price`" + `
Meal.Cost orchestrator.Money ` + "`cost`" + `
Meal.Estimate bool ` + "`estimate,omitempty`" + `
Meal.Serves []string ` + "`serves,omitempty`" + `
Day.Stay *orchestrator.StayRef ` + "`stay,omitempty`" + `
StayRef.AccommodationID string ` + "`accommodation_id`" + `
StayRef.Name string ` + "`name`" + `
StayRef.City string ` + "`city`" + `
Day.Cost orchestrator.Money ` + "`cost`" + `
Day.StartsAt string ` + "`starts_at,omitempty`" + `
Itinerary.Stays []orchestrator.Stay ` + "`stays`" + `
Stay.AccommodationID string ` + "`accommodation_id`" + `
Stay.Name string ` + "`name`" + `
Stay.City string ` + "`city`" + `
Stay.Location *orchestrator.GeoPoint ` + "`location,omitempty`" + `
Stay.FirstNight int ` + "`first_night`" + `
Stay.Nights int ` + "`nights`" + `
Stay.Rooms int ` + "`rooms`" + `
Stay.RoomType string ` + "`room_type`" + `
Stay.Price orchestrator.Money ` + "`price`" + `
Stay.Cost orchestrator.Money ` + "`cost`" + `
Stay.Estimate bool ` + "`estimate,omitempty`" + `
Itinerary.Budget orchestrator.BudgetBreakdown ` + "`budget`" + `
BudgetBreakdown.Currency string ` + "`currency`" + `
BudgetBreakdown.People int ` + "`people`" + `
BudgetBreakdown.Limit *orchestrator.Money ` + "`limit,omitempty`" + `
BudgetBreakdown.Chosen orchestrator.Tier ` + "`chosen`" + `
BudgetBreakdown.Tiers []orchestrator.TierCost ` + "`tiers`" + `
TierCost.Tier orchestrator.Tier ` + "`tier`" + `
TierCost.Lean bool ` + "`lean,omitempty`" + `
TierCost.Transport orchestrator.Money ` + "`transport`" + `
TierCost.Lodging orchestrator.Money ` + "`lodging`" + `
TierCost.Food orchestrator.Money ` + "`food`" + `
TierCost.Attractions orchestrator.Money ` + "`attractions`" + `
TierCost.Total orchestrator.Money ` + "`total`" + `
TierCost.PerPerson orchestrator.Money ` + "`per_person`" + `
TierCost.WithinBudget *bool ` + "`within_budget,omitempty`" + `
Itinerary.Findings []orchestrator.Finding ` + "`findings,omitempty`" + `
Finding.Code string ` + "`code`" + `
Finding.Severity string ` + "`severity`" + `
Finding.Check string ` + "`check,omitempty`" + `
Finding.Day int ` + "`day,omitempty`" + `
Finding.Subject string ` + "`subject,omitempty`" + `
Finding.Message string ` + "`message`" + `
Finding.Shortfall *orchestrator.Money ` + "`shortfall,omitempty`" + `
Itinerary.Quality *orchestrator.Quality ` + "`quality,omitempty`" + `
Quality.Score int ` + "`score`" + `
Quality.Components []orchestrator.QualityComponent ` + "`components`" + `
QualityComponent.Name string ` + "`name`" + `
QualityComponent.Value float64 ` + "`value`" + `
QualityComponent.Weight int ` + "`weight`" + `
QualityComponent.Applicable bool ` + "`applicable`" + `
QualityComponent.Detail string ` + "`detail,omitempty`" + `
Itinerary.Report *orchestrator.Report ` + "`report,omitempty`" + `
Report.Passed bool ` + "`passed`" + `
Report.Checks []orchestrator.Check ` + "`checks`" + `
Check.Name string ` + "`name`" + `
Check.Kind string ` + "`kind`" + `
Check.Status string ` + "`status`" + `
Report.Findings []orchestrator.Finding ` + "`findings,omitempty`" + `
Report.Quality *orchestrator.Quality ` + "`quality,omitempty`" + `
Plan.Notes []orchestrator.Note ` + "`notes`" + `
Note.Subtask string ` + "`subtask,omitempty`" + `
Note.Kind orchestrator.Kind ` + "`kind,omitempty`" + `
Note.Level string ` + "`level`" + `
Note.Code string ` + "`code`" + `
Note.Message string ` + "`message`" + `
Note.Places []string ` + "`places,omitempty`" + `
Note.Traveller string ` + "`traveller,omitempty`" + `
Note.Audience string ` + "`audience,omitempty`" + `
Plan.Trace orchestrator.TraceSummary ` + "`trace`" + `
TraceSummary.Nodes int ` + "`nodes`" + `
TraceSummary.CacheHits int ` + "`cache_hits`" + `
TraceSummary.Failed int ` + "`failed`" + `
TraceSummary.DurationMS float64 ` + "`duration_ms`" + `
TraceSummary.Routes map[string]int ` + "`routes`" + `
Plan.Sources []orchestrator.SourceSummary ` + "`sources,omitempty`" + `
SourceSummary.Kind orchestrator.Kind ` + "`kind`" + `
SourceSummary.About string ` + "`about,omitempty`" + `
SourceSummary.Items int ` + "`items,omitempty`" + `
SourceSummary.Provenance orchestrator.Provenance ` + "``" + `
Provenance.Source string ` + "`source`" + `
Provenance.FetchedAt time.Time ` + "`fetched_at`" + `
Provenance.TTL int64 ` + "`ttl`" + `
Provenance.CacheHit bool ` + "`cache_hit`" + `
Provenance.Stale bool ` + "`stale,omitempty`" + `
Provenance.Estimate bool ` + "`estimate,omitempty`" + `
Provenance.Attribution *orchestrator.Attribution ` + "`attribution,omitempty`" + `
Attribution.Text string ` + "`text`" + `
Attribution.URL string ` + "`url,omitempty`" + `
Attribution.License string ` + "`license,omitempty`" + `
Plan.Questions []orchestrator.Question ` + "`questions,omitempty`" + `
Question.Field string ` + "`field`" + `
Question.Text string ` + "`text`" + `
Question.Choices []string ` + "`choices,omitempty`" + `
Plan.Replaces string ` + "`replaces,omitempty`" + `
Plan.Changes []orchestrator.Change ` + "`changes,omitempty`" + `
Change.Action string ` + "`action`" + `
Change.What string ` + "`what`" + `
Change.Name string ` + "`name`" + `
Change.Day int ` + "`day`" + `
Change.ToDay int ` + "`to_day,omitempty`" + `
Change.From string ` + "`from,omitempty`" + `
Change.To string ` + "`to,omitempty`" + `
Change.Event int ` + "`event`" + `
Change.Reason string ` + "`reason`"
	if g := strings.Join(got, "\n"); g != want {
		t.Errorf("the fields of the lean plan's types changed: update the encoder in leanjson.go, then this list:\n%s", g)
	}
	// LeanPlan itself: the plan and the trip that shadows Plan.Trip.
	if n := reflect.TypeFor[LeanPlan]().NumField(); n != 2 {
		t.Errorf("LeanPlan has %d fields, the encoder knows 2", n)
	}
}

// randomStrings mixes what json.Marshal escapes with ordinary text.
var randomStrings = []string{"", "Chengdu", "成都", "a<b>&c", "quote \" back \\ slash", "\t\n\r\b\f\x00\x1f\x7f",
	"\xff bad \xc3", "line\u2028sep\u2029", "emoji 🚄", "/path?x=1&y=2", "ümlaut", "G1234"}

// randomFloats are the magnitudes where json.Marshal's format changes.
var randomFloats = []float64{0, math.Copysign(0, -1), 1, -1.5, 0.1, 1e-7, 1e-6, 9.99e-7, 1e20, 1e21, 1.5e21,
	123456789.125, 3.14159, 30.657, 104.066, 5e-324, math.MaxFloat64}

// fillRandom sets v (settable) to a random value: each field, element and
// pointer independently zero or set, with strings and floats drawn from
// the sets json.Marshal treats specially. The trip is left zero (the lean
// plan leaves it out).
func fillRandom(v reflect.Value, r *rand.Rand, depth int) {
	if r.IntN(4) == 0 && depth > 0 {
		return // zero
	}
	switch v.Kind() {
	case reflect.String:
		if r.IntN(3) == 0 {
			v.SetString(randomStrings[r.IntN(len(randomStrings))] + randomStrings[r.IntN(len(randomStrings))])
		} else {
			v.SetString(randomStrings[r.IntN(len(randomStrings))])
		}
	case reflect.Bool:
		v.SetBool(r.IntN(2) == 0)
	case reflect.Int, reflect.Int64, reflect.Int32:
		v.SetInt(r.Int64N(1<<40) - 1<<39)
	case reflect.Float64:
		switch r.IntN(60) {
		case 0:
			v.SetFloat(math.NaN())
		case 1, 2, 3, 4, 5, 6, 7, 8, 9, 10:
			v.SetFloat(randomFloats[r.IntN(len(randomFloats))])
		default:
			v.SetFloat((r.Float64() - 0.5) * math.Pow(10, float64(r.IntN(30)-10)))
		}
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		fillRandom(p.Elem(), r, depth+1)
		v.Set(p)
	case reflect.Slice:
		n := r.IntN(4)
		s := reflect.MakeSlice(v.Type(), n, n)
		for i := range n {
			fillRandom(s.Index(i), r, depth+1)
		}
		v.Set(s)
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		for range r.IntN(4) {
			k := reflect.New(v.Type().Key()).Elem()
			e := reflect.New(v.Type().Elem()).Elem()
			fillRandom(k, r, depth+1)
			fillRandom(e, r, depth+1)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.Struct:
		switch v.Type() {
		case reflect.TypeFor[time.Time]():
			zones := []*time.Location{time.UTC, time.FixedZone("CST", 8*3600), time.FixedZone("X", -(3*3600 + 30*60))}
			t := time.Unix(r.Int64N(4e9)-1e9, r.Int64N(1e9)*int64(r.IntN(2))).In(zones[r.IntN(len(zones))])
			if r.IntN(50) == 0 {
				t = time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC) // json.Marshal refuses it
			}
			v.Set(reflect.ValueOf(t))
			return
		case reflect.TypeFor[Trip]():
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fillRandom(v.Field(i), r, depth+1)
			}
		}
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// BenchmarkLeanJSON encodes the sandbox's three-day plan.
func BenchmarkLeanJSON(b *testing.B) {
	doc, err := os.ReadFile("testdata/leanplan.json")
	if err != nil {
		b.Fatal(err)
	}
	var p Plan
	if err := json.Unmarshal(doc, &p); err != nil {
		b.Fatal(err)
	}
	brief, _ := json.Marshal(&p.Brief)
	b.Run("hand", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := MarshalLeanPlan(&p, brief); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("json.Marshal", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := json.Marshal(LeanPlan{Plan: &p}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
