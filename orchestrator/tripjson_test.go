package orchestrator

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestTripJSONSameBytes compares MarshalTrip with json.Marshal over random
// trips — every field set or zero, the strings and floats json.Marshal
// treats specially — each whole and as SplitTrip's skeleton (referenced
// sections with their zero value), with raw sections that are valid JSON
// or not (both must then refuse).
func TestTripJSONSameBytes(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 2026))
	n := 3000
	if testing.Short() {
		n = 300
	}
	payloads := []string{`{"a": [1, 2.50, "<&>"]}`, ` "x\u2028y" `, `null`, `[]`, `{"k":{"n":1e400}}`, `{bad`}
	for i := range n {
		var trip Trip
		v := reflect.ValueOf(&trip).Elem()
		for f := range v.NumField() {
			fillRandom(v.Field(f), r, 1)
		}
		for k, s := range trip.Sections {
			if r.IntN(8) > 0 {
				s.Payload = json.RawMessage(payloads[r.IntN(len(payloads))])
				trip.Sections[k] = s
			}
		}
		skel, _ := SplitTrip(&trip)
		for _, tr := range []*Trip{&trip, &skel} {
			got, gotErr := MarshalTrip(tr)
			want, wantErr := json.Marshal(tr)
			if (gotErr == nil) != (wantErr == nil) {
				t.Fatalf("trip %d: err %v, json.Marshal's %v", i, gotErr, wantErr)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("trip %d: bytes differ at %d\n got %s\nwant %s", i, firstDiff(got, want), got, want)
			}
		}
	}
	if got, _ := MarshalTrip(nil); string(got) != "null" {
		t.Errorf("nil trip: %s", got)
	}
	// A skeleton as a store saves it: referenced catalogs and matrix
	// with their zero value, written from the zero-value cache.
	fetched := time.Date(2026, 12, 7, 8, 0, 0, 0, time.UTC)
	full := Trip{SchemaVersion: 1, Cities: []CityData{{Name: "成都", Days: 2,
		Attractions: &Sourced[[]Attraction]{Value: []Attraction{{}}, Provenance: Provenance{Source: "s", FetchedAt: fetched}, Ref: "r1"},
		Matrix:      &Sourced[TravelMatrix]{Provenance: Provenance{Source: "m", FetchedAt: fetched}, Ref: "r2"}}}}
	skel, _ := SplitTrip(&full)
	got, err := MarshalTrip(&skel)
	want := `{"schema_version":1,"cities":[{"name":"成都","days":2,"attractions":{"value":null,"provenance":{"source":"s","fetched_at":"2026-12-07T08:00:00Z","ttl":0,"cache_hit":false},"ref":"r1"},` +
		`"matrix":{"value":` + string(zeroJSON(reflect.TypeFor[TravelMatrix](), &TravelMatrix{})) + `,"provenance":{"source":"m","fetched_at":"2026-12-07T08:00:00Z","ttl":0,"cache_hit":false},"ref":"r2"}}]}`
	if err != nil || string(got) != want {
		t.Errorf("skeleton: err %v\n got %s\nwant %s", err, got, want)
	}
}

// TestTripJSONCoversFields lists every field of the types MarshalTrip
// writes by hand. A field added to one of them fails this test: add it to
// the encoder (tripjson.go), then to the list below. (Provenance is
// listed by TestLeanJSONCoversFields.)
func TestTripJSONCoversFields(t *testing.T) {
	var got []string
	for _, typ := range []reflect.Type{reflect.TypeFor[Trip](), reflect.TypeFor[CityData](), reflect.TypeFor[Sourced[Place]](),
		reflect.TypeFor[Place](), reflect.TypeFor[Forecast](), reflect.TypeFor[WeatherDay](), reflect.TypeFor[WeatherUnits](),
		reflect.TypeFor[FXRates]()} {
		for f := range typ.Fields() {
			got = append(got, fmt.Sprintf("%s %s `%s`", f.Name, f.Type, f.Tag.Get("json")))
		}
	}
	want := "SchemaVersion int `schema_version`\n" +
		"Origin *orchestrator.Sourced[github.com/tripweave/tripweave/orchestrator.Place] `origin,omitempty`\n" +
		"Cities []orchestrator.CityData `cities`\n" +
		"FX *orchestrator.Sourced[github.com/tripweave/tripweave/orchestrator.FXRates] `fx,omitempty`\n" +
		"Sections map[string]orchestrator.Section `sections,omitempty`\n" +
		"Transport []orchestrator.Sourced[github.com/tripweave/tripweave/orchestrator.TransportLeg] `transport,omitempty`\n" +
		"Name string `name`\n" +
		"Days int `days`\n" +
		"Place *orchestrator.Sourced[github.com/tripweave/tripweave/orchestrator.Place] `place,omitempty`\n" +
		"Weather *orchestrator.Sourced[github.com/tripweave/tripweave/orchestrator.Forecast] `weather,omitempty`\n" +
		"Region string `region,omitempty`\n" +
		"Attractions *orchestrator.Sourced[[]github.com/tripweave/tripweave/orchestrator.Attraction] `attractions,omitempty`\n" +
		"Restaurants *orchestrator.Sourced[[]github.com/tripweave/tripweave/orchestrator.Restaurant] `restaurants,omitempty`\n" +
		"Hotels *orchestrator.Sourced[[]github.com/tripweave/tripweave/orchestrator.Accommodation] `hotels,omitempty`\n" +
		"Matrix *orchestrator.Sourced[github.com/tripweave/tripweave/orchestrator.TravelMatrix] `matrix,omitempty`\n" +
		"Guide *orchestrator.Sourced[github.com/tripweave/tripweave/orchestrator.Guide] `guide,omitempty`\n" +
		"Value orchestrator.Place `value`\n" +
		"Provenance orchestrator.Provenance `provenance`\n" +
		"Ref string `ref,omitempty`\n" +
		"Name string `name`\n" +
		"Country string `country,omitempty`\n" +
		"CountryCode string `country_code,omitempty`\n" +
		"Admin1 string `admin1,omitempty`\n" +
		"Latitude float64 `latitude`\n" +
		"Longitude float64 `longitude`\n" +
		"Timezone string `timezone,omitempty`\n" +
		"Population int64 `population,omitempty`\n" +
		"SourceID string `source_id,omitempty`\n" +
		"Timezone string `timezone,omitempty`\n" +
		"Days []orchestrator.WeatherDay `days`\n" +
		"Units *orchestrator.WeatherUnits `units,omitempty`\n" +
		"Date string `date`\n" +
		"Code *int `weather_code,omitempty`\n" +
		"Text string `text,omitempty`\n" +
		"TempMax *float64 `temp_max,omitempty`\n" +
		"TempMin *float64 `temp_min,omitempty`\n" +
		"PrecipitationMM *float64 `precipitation_mm,omitempty`\n" +
		"PrecipitationPct *float64 `precipitation_probability,omitempty`\n" +
		"WindMaxKMH *float64 `wind_max_kmh,omitempty`\n" +
		"Risks []string `risks,omitempty`\n" +
		"Estimate bool `estimate,omitempty`\n" +
		"Temperature string `temperature`\n" +
		"Precipitation string `precipitation`\n" +
		"Wind string `wind`\n" +
		"Base string `base`\n" +
		"Date string `date`\n" +
		"Rates map[string]float64 `rates`"
	if g := strings.Join(got, "\n"); g != want {
		t.Errorf("the fields of the trip's types changed: update the encoder in tripjson.go, then this list:\n%s", g)
	}
}
