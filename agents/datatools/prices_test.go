package datatools

import (
	"math"
	"reflect"
	"testing"

	"github.com/tripweave/tripweave/agents/wikivoyage"
	"github.com/tripweave/tripweave/orchestrator"
)

var reader = wikivoyage.PriceReader{}

func sleep(name, tier, price string) orchestrator.Listing {
	return orchestrator.Listing{Type: "sleep", Name: name, Tier: tier, Price: price}
}

func cny(yuan float64) orchestrator.Money { return orchestrator.MoneyFromFloat(yuan, "CNY") }

func TestPriceModel(t *testing.T) {
	listings := []orchestrator.Listing{
		sleep("A", "budget", "Dorm beds from ¥45, doubles from ¥160"), // midpoint 102.50
		sleep("B", "budget", "Dorms ¥50, private rooms ¥150–200"),     // 125
		sleep("C", "budget", "¥80"),                                   // 80
		sleep("D", "mid-range", "Doubles ¥380–520"),                   // 450
		sleep("E", "mid-range", "From ¥400"),                          // 400
		sleep("F", "mid-range", "Call for rates"),                     // no amount: left out
		sleep("G", "splurge", "¥1,100–2,000"),                         // 1550
		sleep("H", "", "¥300"),                                        // untiered: overall only
		sleep("I", "budget", "Free"),                                  // free: left out
		sleep("J", "splurge", "US$300"),                               // another currency: left out
		{Type: "eat", Name: "K", Tier: "budget", Price: "¥5"},         // another type
	}
	m := NewPriceModel(listings, "sleep", "CNY", reader)
	want := PriceModel{
		Type: "sleep", Currency: "CNY", Listings: 7,
		Tiers: []TierPrice{
			{Tier: "budget", Median: cny(102.50), Listings: 3},
			{Tier: "mid-range", Median: cny(425), Listings: 2},
			{Tier: "splurge", Median: cny(1550), Listings: 1},
		},
		// 80, 102.50, 125, 300, 400, 450, 1550
		Overall: cny(300),
	}
	if !reflect.DeepEqual(m, want) {
		t.Errorf("model:\ngot  %+v\nwant %+v", m, want)
	}

	// The currency most listings quote wins; the country's on a tie.
	usd := NewPriceModel([]orchestrator.Listing{sleep("A", "", "US$30"), sleep("B", "", "US$50"), sleep("C", "", "¥300")}, "sleep", "CNY", reader)
	if usd.Currency != "USD" || usd.Listings != 2 || usd.Overall != orchestrator.MoneyFromFloat(40, "USD") {
		t.Errorf("majority currency: %+v", usd)
	}
	tie := NewPriceModel([]orchestrator.Listing{sleep("A", "", "US$30"), sleep("C", "", "¥300")}, "sleep", "CNY", reader)
	if tie.Currency != "CNY" || tie.Listings != 1 {
		t.Errorf("tie: %+v", tie)
	}

	// Without the country, "¥" cannot be read: no model.
	none := NewPriceModel(listings[:9], "sleep", "", reader)
	if none.Listings != 0 || len(none.Tiers) != 0 {
		t.Errorf("model without currency: %+v", none)
	}
	if _, ok := none.Estimate("budget"); ok {
		t.Error("an empty model estimated a price")
	}
}

func TestPriceModelEstimate(t *testing.T) {
	model := func(tiers map[string]float64, overall float64) PriceModel {
		m := PriceModel{Currency: "CNY", Listings: 1, Overall: cny(overall)}
		for _, tier := range orchestrator.PriceTiers {
			if v, ok := tiers[tier]; ok {
				m.Tiers = append(m.Tiers, TierPrice{Tier: tier, Median: cny(v), Listings: 1})
			}
		}
		return m
	}
	tests := []struct {
		name   string
		tiers  map[string]float64
		tier   string
		want   float64
		reason string
	}{
		{"own tier", map[string]float64{"budget": 100, "mid-range": 400, "splurge": 1600}, "mid-range", 400, "the tier's median"},
		{"no budget", map[string]float64{"mid-range": 400, "splurge": 1600}, "budget", 100, "mid-range × (mid-range / splurge)"},
		{"no splurge", map[string]float64{"budget": 100, "mid-range": 400}, "splurge", 1600, "mid-range × (mid-range / budget)"},
		{"no mid-range", map[string]float64{"budget": 100, "splurge": 900}, "mid-range", 300, "√(budget × splurge)"},
		{"one tier only", map[string]float64{"mid-range": 400}, "splurge", 500, "the overall median"},
		{"tiers out of order", map[string]float64{"mid-range": 400, "splurge": 300}, "budget", 500, "the overall median"},
		{"unknown tier", map[string]float64{"budget": 100, "mid-range": 400, "splurge": 1600}, "", 500, "the overall median"},
		{"no tiers", nil, "budget", 500, "the overall median"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := model(tt.tiers, 500).Estimate(tt.tier)
			if !ok || got != cny(tt.want) {
				t.Errorf("Estimate(%q) = %v, %v; want %v (%s)", tt.tier, got, ok, cny(tt.want), tt.reason)
			}
		})
	}
}

func TestMedian(t *testing.T) {
	for _, tt := range []struct {
		xs   []int64
		want int64
	}{{[]int64{5}, 5}, {[]int64{9, 1, 5}, 5}, {[]int64{1, 4}, 2}, {[]int64{4, 1, 3, 2}, 2}, {[]int64{math.MaxInt64, math.MaxInt64 - 2}, math.MaxInt64 - 1}} {
		if got := median(tt.xs); got != tt.want {
			t.Errorf("median(%v) = %d, want %d", tt.xs, got, tt.want)
		}
	}
}

func TestLodgingTier(t *testing.T) {
	tests := []struct {
		kind  string
		stars int
		want  string
	}{
		{"hostel", 0, "budget"}, {"camp_site", 0, "budget"}, {"guest_house", 0, "budget"}, {"motel", 3, "budget"},
		{"hotel", 1, "budget"}, {"hotel", 2, "budget"}, {"hotel", 3, "mid-range"}, {"hotel", 0, "mid-range"},
		{"hotel", 4, "splurge"}, {"hotel", 5, "splurge"}, {"apartment", 0, "mid-range"}, {"chalet", 0, "mid-range"},
		{"", 0, ""}, {"castle", 5, ""},
	}
	for _, tt := range tests {
		if got := LodgingTier(tt.kind, tt.stars); got != tt.want {
			t.Errorf("LodgingTier(%q, %d) = %q, want %q", tt.kind, tt.stars, got, tt.want)
		}
	}
}

func TestMatchListings(t *testing.T) {
	at := func(lat, lon float64) *orchestrator.GeoPoint { return &orchestrator.GeoPoint{Lat: lat, Lon: lon} }
	e := func(loc *orchestrator.GeoPoint, names ...string) entity { return entity{names: names, loc: loc} }
	places := []entity{
		e(at(30.6783, 104.0731), "驴友记青年旅舍", "Mix Hostel"),
		e(at(30.6473, 104.0868), "香格里拉大酒店", "Shangri-La Hotel Chengdu"),
		e(at(30.6790, 104.0722), "禅驿酒店", "Buddha Zen Garden Hotel"),
		e(at(30.6000, 104.0000), "Home Inn"),
		e(at(30.6575, 104.0800), "Home Inn"),
		e(nil, "Jinjiang Hotel"),
	}
	listings := []entity{
		e(at(30.6781, 104.0729), "MIX  hostel", ""),             // equal ignoring case and spaces
		e(at(30.6475, 104.0866), "Shangri-La Hotel", "香格里拉酒店"),  // similar, 29 m away
		e(at(30.6740, 104.0722), "Buddha Zen Hotel", "圆和圆佛禅客栈"), // similar but 556 m away
		e(at(30.6576, 104.0801), "Home Inn"),                    // the nearer branch
		e(nil, "jinjiang hotel"),                                // equal, no coordinates
		e(at(30.6781, 104.0729), "Mix Hostel"),                  // the hostel is taken
		e(at(30.6476, 104.0867), "Totally Different Name"),      // near, not similar
		e(at(40.0, 116.0), "Shangri-La Hotel Chengdu"),          // same name 1,000 km away
	}
	got := matchListings(listings, places)
	want := []int{0, 1, -1, 4, 5, -1, -1, -1}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("matchListings = %v, want %v", got, want)
	}
}

func TestSimilarNames(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"Shangri-La Hotel", "Shangri-La Hotel Chengdu", true},
		{"香格里拉酒店", "香格里拉大酒店", true},
		{"Buddha Zen Hotel", "Buddha Zen Garden Hotel", true},
		{"Tibet Hotel", "Jinjiang Hotel", false},
		{"A", "AB", false},
	} {
		if got := similarNames([]string{nameKey(tt.a)}, []string{nameKey(tt.b)}); got != tt.want {
			t.Errorf("similarNames(%q, %q) = %v", tt.a, tt.b, got)
		}
	}
}

func TestCombineAttributions(t *testing.T) {
	osm := &orchestrator.Attribution{Text: "© OpenStreetMap contributors", URL: "https://www.openstreetmap.org/copyright", License: "ODbL 1.0"}
	wv := &orchestrator.Attribution{Text: "Wikivoyage contributors", URL: "https://en.wikivoyage.org/wiki/Chengdu", License: "CC BY-SA 4.0"}
	got := combineAttributions(osm, wv)
	want := &orchestrator.Attribution{
		Text: "© OpenStreetMap contributors (ODbL 1.0, https://www.openstreetmap.org/copyright); " +
			"Wikivoyage contributors (CC BY-SA 4.0, https://en.wikivoyage.org/wiki/Chengdu)",
		URL: "https://en.wikivoyage.org/wiki/Chengdu", License: "ODbL 1.0; CC BY-SA 4.0",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("combined:\ngot  %+v\nwant %+v", got, want)
	}
	if c := combineAttributions(nil, wv); c == wv || *c != *wv {
		t.Errorf("one attribution: %+v", c)
	}
	if combineAttributions(nil, nil) != nil {
		t.Error("no attribution made one")
	}
}
