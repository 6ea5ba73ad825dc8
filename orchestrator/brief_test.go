package orchestrator_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

var refNow = time.Date(2026, 3, 3, 10, 0, 0, 0, time.FixedZone("CST", 8*3600))

// contractJSON is the brief of the public contract, verbatim.
const contractJSON = `{"origin": "Shanghai", "destinations": ["Chengdu"], "route": ["Chengdu"],
 "start_date": "2026-06-19", "end_date": "2026-06-21", "days": 3,
 "travelers": {"adults": 2, "children": 1},
 "budget": {"amount": 2000, "currency": "CNY", "per_person": true},
 "interests": ["food", "pandas"], "pace": "relaxed",
 "constraints": {"transport_exclude": ["flight", "self_driving"], "house_rules": ["pets"],
                 "room_type": "entire_home", "cuisines": ["Sichuan"]},
 "language": "zh", "now": "2026-03-03T10:00:00+08:00"}`

func TestBriefContractRoundTrip(t *testing.T) {
	var b orchestrator.Brief
	if err := json.Unmarshal([]byte(contractJSON), &b); err != nil {
		t.Fatal(err)
	}
	if err := b.Normalize(time.Now()); err != nil {
		t.Fatalf("Normalize: %v", err)
	}
	out, _ := json.Marshal(b)
	var got, want map[string]any
	_ = json.Unmarshal(out, &got)
	_ = json.Unmarshal([]byte(contractJSON), &want)
	for k, v := range want {
		g, _ := json.Marshal(got[k])
		w, _ := json.Marshal(v)
		if string(g) != string(w) {
			t.Errorf("field %s: got %s, want %s", k, g, w)
		}
	}
}

func TestBriefNormalizeErrors(t *testing.T) {
	base := func() orchestrator.Brief {
		return orchestrator.Brief{Destinations: []string{"Chengdu"}, StartDate: "2026-06-19", Days: 3, Now: "2026-03-03T10:00:00+08:00"}
	}
	tests := []struct {
		name  string
		edit  func(*orchestrator.Brief)
		field string
	}{
		{"no destination", func(b *orchestrator.Brief) { b.Destinations = nil }, "destinations"},
		{"empty destination", func(b *orchestrator.Brief) { b.Destinations = []string{"  "} }, "destinations[0]"},
		{"markup in name", func(b *orchestrator.Brief) { b.Destinations = []string{"<script>alert(1)</script>"} }, "destinations[0]"},
		{"no dates or days", func(b *orchestrator.Brief) { b.StartDate, b.Days = "", 0 }, "days"},
		{"bad date", func(b *orchestrator.Brief) { b.StartDate = "2026-02-30" }, "start_date"},
		{"slash date", func(b *orchestrator.Brief) { b.StartDate = "2026/06/19" }, "start_date"},
		{"end before start", func(b *orchestrator.Brief) { b.Days = 0; b.EndDate = "2026-06-10" }, "end_date"},
		{"days mismatch", func(b *orchestrator.Brief) { b.EndDate = "2026-06-25" }, "days"},
		{"past date", func(b *orchestrator.Brief) { b.StartDate = "2026-03-02" }, "start_date"},
		{"too far ahead", func(b *orchestrator.Brief) { b.StartDate = "2030-01-01" }, "start_date"},
		{"too long", func(b *orchestrator.Brief) { b.Days = 45 }, "days"},
		{"negative adults", func(b *orchestrator.Brief) { b.Travelers.Adults = -1 }, "travelers.adults"},
		{"children alone", func(b *orchestrator.Brief) { b.Travelers.Children = 2 }, "travelers.adults"},
		{"zero budget", func(b *orchestrator.Brief) { b.Budget = &orchestrator.Budget{Currency: "CNY"} }, "budget.amount"},
		{"bad currency", func(b *orchestrator.Brief) { b.Budget = &orchestrator.Budget{Amount: 10, Currency: "XYZ"} }, "budget.currency"},
		{"non-ISO currency", func(b *orchestrator.Brief) { b.Budget = &orchestrator.Budget{Amount: 10, Currency: "ABC"} }, "budget.currency"},
		{"bad pace", func(b *orchestrator.Brief) { b.Pace = "frantic" }, "pace"},
		{"bad language", func(b *orchestrator.Brief) { b.Language = "fr" }, "language"},
		{"bad room type", func(b *orchestrator.Brief) { b.Constraints.RoomType = "suite" }, "constraints.room_type"},
		{"bad house rule", func(b *orchestrator.Brief) { b.Constraints.HouseRules = []string{"pets", "drums"} }, "constraints.house_rules[1]"},
		{"bad transport", func(b *orchestrator.Brief) { b.Constraints.TransportExclude = []string{"rocket"} }, "constraints.transport_exclude[0]"},
		{"prefer excluded", func(b *orchestrator.Brief) {
			b.Constraints.TransportExclude = []string{"train"}
			b.Constraints.TransportPrefer = []string{"train"}
		}, "constraints.transport_prefer"},
		{"bad now", func(b *orchestrator.Brief) { b.Now = "yesterday" }, "now"},
		{"more ages than children", func(b *orchestrator.Brief) { b.Travelers.ChildAges = []int{6} }, "travelers.child_ages"},
		{"bad child age", func(b *orchestrator.Brief) {
			b.Travelers.Children, b.Travelers.Adults, b.Travelers.ChildAges = 2, 2, []int{6, 31}
		}, "travelers.child_ages[1]"},
		{"empty must visit", func(b *orchestrator.Brief) { b.MustVisit = []string{"Louvre", " "} }, "must_visit[1]"},
		{"markup in must visit", func(b *orchestrator.Brief) { b.MustVisit = []string{"<b>"} }, "must_visit[0]"},
		{"bad comfort", func(b *orchestrator.Brief) { b.Comfort = "palace" }, "comfort"},
		{"bad required mode", func(b *orchestrator.Brief) { b.Constraints.TransportRequire = []string{"zeppelin"} }, "constraints.transport_require[0]"},
		{"require excluded", func(b *orchestrator.Brief) {
			b.Constraints.TransportExclude = []string{"flight"}
			b.Constraints.TransportRequire = []string{"flight"}
		}, "constraints.transport_require"},
		{"high speed without trains", func(b *orchestrator.Brief) {
			b.Constraints.TransportExclude = []string{"train"}
			b.Constraints.HighSpeedRail = true
		}, "constraints.high_speed_rail"},
		{"more cities than days", func(b *orchestrator.Brief) { b.Destinations = []string{"A", "B", "C", "D"} }, "days"},
		{"negative city count", func(b *orchestrator.Brief) { b.CityCount = -1 }, "city_count"},
		{"city count over destinations", func(b *orchestrator.Brief) { b.CityCount = 2 }, "city_count"},
		{"city count not the route", func(b *orchestrator.Brief) {
			b.Destinations, b.Route, b.CityCount = []string{"A", "B", "C"}, []string{"A", "B"}, 1
		}, "city_count"},
		{"city count needs more days", func(b *orchestrator.Brief) {
			b.Destinations, b.CityCount = []string{"A", "B", "C", "D", "E"}, 4
		}, "city_count"},
		{"too many candidates", func(b *orchestrator.Brief) {
			b.Destinations, b.CityCount = []string{"A", "B", "C", "D", "E", "F", "G"}, 2
		}, "city_count"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := base()
			tt.edit(&b)
			err := b.Normalize(refNow)
			if err == nil {
				t.Fatalf("Normalize accepted %+v", b)
			}
			if got := orchestrator.ErrorField(err); got != tt.field {
				t.Errorf("field: got %q, want %q (err %v)", got, tt.field, err)
			}
			if got := orchestrator.ErrorCode(err); got != orchestrator.EINVALID {
				t.Errorf("code: got %q, want invalid", got)
			}
		})
	}
}

func TestBriefNormalizeFills(t *testing.T) {
	b := orchestrator.Brief{Route: []string{" Kyoto ", "Osaka"}, StartDate: "2026-04-01", Days: 4,
		Budget: &orchestrator.Budget{Amount: 1500, Currency: "usd"}, Pace: "Relaxed",
		Constraints: orchestrator.Constraints{HouseRules: []string{"Pets"}}}
	if err := b.Normalize(refNow); err != nil {
		t.Fatal(err)
	}
	if b.EndDate != "2026-04-04" || b.Days != 4 {
		t.Errorf("dates: got %s..%s (%d days)", b.StartDate, b.EndDate, b.Days)
	}
	if len(b.Destinations) != 2 || b.Destinations[0] != "Kyoto" {
		t.Errorf("destinations from route: got %q", b.Destinations)
	}
	if b.Travelers.Adults != 1 || b.Budget.Currency != "USD" || b.Pace != "relaxed" || b.Language != "en" {
		t.Errorf("defaults: got %+v", b)
	}
	if b.Constraints.HouseRules[0] != "pets" {
		t.Errorf("house rules not lower-cased: %q", b.Constraints.HouseRules)
	}
	if b.Now != refNow.Format(time.RFC3339) {
		t.Errorf("now not recorded: %q", b.Now)
	}
	got := b.Dates()
	if len(got) != 4 || got[0] != "2026-04-01" || got[3] != "2026-04-04" {
		t.Errorf("Dates: got %q", got)
	}

	// End date plus days gives the start.
	b2 := orchestrator.Brief{Destinations: []string{"Lisbon"}, EndDate: "2026-05-10", Days: 3}
	if err := b2.Normalize(refNow); err != nil {
		t.Fatal(err)
	}
	if b2.StartDate != "2026-05-08" {
		t.Errorf("start from end and days: got %s", b2.StartDate)
	}
}

func TestBriefNormalizeCityCount(t *testing.T) {
	tests := []struct {
		name         string
		destinations []string
		route        []string
		count, days  int
		choosing     bool
		visits       int
	}{
		{"absent: all destinations", []string{"A", "B"}, nil, 0, 3, false, 2},
		{"two of four in three days", []string{"A", "B", "C", "D"}, nil, 2, 3, true, 2},
		{"all of them", []string{"A", "B"}, nil, 2, 2, false, 2},
		{"one of six in a day", []string{"A", "B", "C", "D", "E", "F"}, nil, 1, 1, true, 1},
		{"the route's length", []string{"A", "B", "C"}, []string{"B", "A"}, 2, 4, false, 2},
		{"many destinations, all visited", []string{"A", "B", "C", "D", "E", "F", "G"}, nil, 7, 7, false, 7},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := orchestrator.Brief{Destinations: tt.destinations, Route: tt.route, CityCount: tt.count,
				StartDate: "2026-06-19", Days: tt.days}
			if err := b.Normalize(refNow); err != nil {
				t.Fatalf("Normalize: %v", err)
			}
			if b.Choosing() != tt.choosing || b.Visits() != tt.visits {
				t.Errorf("Choosing %v, Visits %d; want %v, %d", b.Choosing(), b.Visits(), tt.choosing, tt.visits)
			}
		})
	}
}

// TestBriefCityCountKey checks that a brief without city_count keeps its
// JSON, and so its BriefKey, and that city_count changes the key.
func TestBriefCityCountKey(t *testing.T) {
	b := orchestrator.Brief{Destinations: []string{"A", "B"}, Days: 3}
	if err := b.Normalize(refNow); err != nil {
		t.Fatal(err)
	}
	out, _ := json.Marshal(b)
	if strings.Contains(string(out), "city_count") {
		t.Errorf("city_count written when absent: %s", out)
	}
	c := b
	c.CityCount = 1
	if orchestrator.BriefKey(&b) == orchestrator.BriefKey(&c) {
		t.Error("city_count does not change the brief key")
	}
}

func TestCurrencyCode(t *testing.T) {
	for _, tt := range []struct {
		in, want string
		ok       bool
	}{
		{"usd", "USD", true}, {"CNY", "CNY", true}, {"RMB", "CNY", true}, {"rmb", "CNY", true}, {"元", "CNY", true},
		{"块", "CNY", true}, {"NTD", "TWD", true}, {"€", "EUR", true}, {" jpy ", "JPY", true},
		{"XYZ", "", false}, {"ABC", "", false}, {"", "", false}, {"dollarz", "", false},
	} {
		got, ok := orchestrator.CurrencyCode(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("CurrencyCode(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
	b := orchestrator.Brief{Destinations: []string{"Chengdu"}, Days: 2, Budget: &orchestrator.Budget{Amount: 100, Currency: "RMB"}}
	if err := b.Normalize(time.Date(2026, 3, 3, 0, 0, 0, 0, time.UTC)); err != nil || b.Budget.Currency != "CNY" {
		t.Fatalf("RMB: got %v, %v; want CNY", b.Budget.Currency, err)
	}
}

func TestBriefPlaces(t *testing.T) {
	base := func() orchestrator.Brief {
		return orchestrator.Brief{Origin: "Shanghai", Destinations: []string{"Hangzhou"}, Days: 2,
			Places: []orchestrator.Place{{Name: "Hangzhou", Latitude: 30.29, Longitude: 120.16, SourceID: "1808926"}, {Name: "Shanghai", Latitude: 31.22, Longitude: 121.46}}}
	}
	b := base()
	if err := b.Normalize(refNow); err != nil {
		t.Fatal(err)
	}
	if p, ok := b.Place("hangzhou"); !ok || p.SourceID != "1808926" {
		t.Errorf("Place(hangzhou) = %+v, %v", p, ok)
	}
	for _, tt := range []struct {
		name  string
		edit  func(b *orchestrator.Brief)
		field string
	}{
		{"not a city of the brief", func(b *orchestrator.Brief) { b.Places[0].Name = "Suzhou" }, "places[0].name"},
		{"twice", func(b *orchestrator.Brief) { b.Places[1].Name = "Hangzhou" }, "places[1].name"},
		{"latitude", func(b *orchestrator.Brief) { b.Places[0].Latitude = 91 }, "places[0].latitude"},
		{"longitude", func(b *orchestrator.Brief) { b.Places[1].Longitude = -181 }, "places[1].longitude"},
	} {
		b := base()
		tt.edit(&b)
		if err := b.Normalize(refNow); orchestrator.ErrorField(err) != tt.field {
			t.Errorf("%s: got %v, want an error on %s", tt.name, err, tt.field)
		}
	}
}

// TestImpossibleNumbersRefused: impossible numbers are refused with the
// field named and a message in plain words (no "not positive" for a huge
// budget, no exponent notation).
func TestImpossibleNumbersRefused(t *testing.T) {
	now := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	base := func() orchestrator.Brief {
		return orchestrator.Brief{Destinations: []string{"Kyoto"}, StartDate: "2026-04-01", Days: 3, Travelers: orchestrator.Travelers{Adults: 2}}
	}
	for _, tt := range []struct {
		name  string
		edit  func(b *orchestrator.Brief)
		field string
		says  string
	}{
		{"negative budget", func(b *orchestrator.Brief) { b.Budget = &orchestrator.Budget{Amount: -2000, Currency: "USD"} }, "budget.amount", "cannot be negative (-2000 given)"},
		{"zero budget", func(b *orchestrator.Brief) { b.Budget = &orchestrator.Budget{Amount: 0, Currency: "USD"} }, "budget.amount", "nothing to spend"},
		{"absurd budget", func(b *orchestrator.Brief) { b.Budget = &orchestrator.Budget{Amount: 1e15, Currency: "USD"} }, "budget.amount", "1000000000000000 is more than any trip costs"},
		{"budget at the float limit", func(b *orchestrator.Brief) { b.Budget = &orchestrator.Budget{Amount: 1e308, Currency: "USD"} }, "budget.amount", "a 309-digit number is more than any trip costs"},
		{"absurd party", func(b *orchestrator.Brief) { b.Travelers.Adults = 1000000000 }, "travelers.adults", "1000000000 adults is more than one plan"},
		{"party over the bound", func(b *orchestrator.Brief) { b.Travelers = orchestrator.Travelers{Adults: 30, Children: 30} }, "travelers", "60 travellers"},
		{"negative adults", func(b *orchestrator.Brief) { b.Travelers.Adults = -1 }, "travelers.adults", "cannot be negative (-1 given)"},
	} {
		b := base()
		tt.edit(&b)
		err := b.Normalize(now)
		if orchestrator.ErrorField(err) != tt.field || !strings.Contains(orchestrator.ErrorMessage(err), tt.says) || strings.Contains(orchestrator.ErrorMessage(err), "e+") {
			t.Errorf("%s: %v; want field %s saying %q", tt.name, err, tt.field, tt.says)
		}
	}
}

func TestCheckParty(t *testing.T) {
	for _, tt := range []struct {
		brief string
		bad   bool
	}{
		{`{"destinations":["Kyoto"]}`, false},
		{`{"travelers":{"adults":0}}`, true},
		{`{"travelers":{"adults":0,"children":0}}`, true},
		{`{"travelers":{"adults":0,"children":2}}`, false}, // Normalize: children need an adult
		{`{"travelers":{"adults":2}}`, false},
		{`{"travelers":{}}`, false},
	} {
		err := orchestrator.CheckParty([]byte(tt.brief))
		if (err != nil) != tt.bad || (err != nil && orchestrator.ErrorField(err) != "travelers.adults") {
			t.Errorf("%s: %v", tt.brief, err)
		}
	}
}

func TestVisitTimesValidated(t *testing.T) {
	b := orchestrator.Brief{Destinations: []string{"Beijing"}, Days: 2, VisitTimes: []orchestrator.VisitTime{{Sight: " 故宫 ", When: "Early Morning"}}}
	if err := b.Normalize(refNow); err != nil {
		t.Fatal(err)
	}
	if got := b.VisitTimes[0]; got.Sight != "故宫" || got.When != "early morning" {
		t.Fatalf("cleaned to %+v", got)
	}
	b.VisitTimes[0].When = "brunch"
	err := b.Normalize(refNow)
	if err == nil || !strings.Contains(err.Error(), "visit_times[0].when") {
		t.Fatalf("want an error naming visit_times[0].when, got %v", err)
	}
}
