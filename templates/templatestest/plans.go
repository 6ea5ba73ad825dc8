// Package templatestest provides fixed plans — complete in English and
// Chinese, partial without an itinerary, and a five-day one — for tests of
// the renderer and of the code that serves its documents.
package templatestest

import (
	"fmt"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

var fetchedAt = time.Date(2026, 6, 1, 4, 0, 0, 0, time.UTC)

func cny(yuan int64) orchestrator.Money {
	return orchestrator.Money{Cents: yuan * 100, Currency: "CNY"}
}
func ptr[T any](v T) *T { return &v }
func geo(lat, lon float64) *orchestrator.GeoPoint {
	return &orchestrator.GeoPoint{Lat: lat, Lon: lon}
}

var openMeteo = &orchestrator.Attribution{Text: "Weather data by Open-Meteo.com", URL: "https://open-meteo.com/", License: "CC BY 4.0"}
var geoNames = &orchestrator.Attribution{Text: "Location data based on GeoNames", URL: "https://www.geonames.org/", License: "CC BY 4.0"}
var wikivoyage = &orchestrator.Attribution{Text: "Wikivoyage contributors", URL: "https://en.wikivoyage.org/wiki/Chengdu", License: "CC BY-SA 4.0"}

func prov(source string, ttl time.Duration, hit bool, a *orchestrator.Attribution) orchestrator.Provenance {
	return orchestrator.Provenance{Source: source, FetchedAt: fetchedAt, TTL: int64(ttl / time.Second), CacheHit: hit, Attribution: a}
}

// Plan returns a complete three-day plan: Beijing → Chengdu (two nights)
// → Chongqing → Beijing, for two adults and a child.
func Plan(lang string) *orchestrator.Plan {
	zh := lang == "zh"
	name := func(en, cn string) string {
		if zh {
			return cn
		}
		return en
	}
	chengdu, chongqing, beijing := name("Chengdu", "成都"), name("Chongqing", "重庆"), name("Beijing", "北京")
	weather := func(date string, code int, text string, lo, hi, mm, pct, wind float64, risks ...string) orchestrator.WeatherDay {
		return orchestrator.WeatherDay{Date: date, Code: ptr(code), Text: text, TempMin: ptr(lo), TempMax: ptr(hi),
			PrecipitationMM: ptr(mm), PrecipitationPct: ptr(pct), WindMaxKMH: ptr(wind), Risks: risks}
	}
	stop := func(id, n, city string, at *orchestrator.GeoPoint, start, end string, travel int, price int64, people int64, indoor bool) orchestrator.Stop {
		return orchestrator.Stop{AttractionID: id, Name: n, City: city, Location: at, Start: start, End: end, TravelMinutes: travel,
			Indoor: ptr(indoor), Price: cny(price), Cost: cny(price * people)}
	}
	meal := func(slot, id, n, city string, at *orchestrator.GeoPoint, t string, price int64, cuisines ...string) orchestrator.Meal {
		return orchestrator.Meal{Slot: slot, RestaurantID: id, Name: n, City: city, Location: at, Time: t, Cuisines: cuisines,
			Price: cny(price), Cost: cny(price * 3)}
	}
	within := true
	it := &orchestrator.Itinerary{
		Tier: orchestrator.TierMid, Currency: "CNY", People: 3, Origin: beijing,
		Cities: []orchestrator.CityVisit{{City: chengdu, ArriveDay: 1, Nights: 2}, {City: chongqing, ArriveDay: 3, Nights: 0}},
		Days: []orchestrator.Day{
			{
				Day: 1, Date: "2026-06-02", City: chengdu, From: beijing, Weather: "dry",
				Legs: []orchestrator.Leg{{OptionID: "t:pek-ctu:ca4193", Mode: "flight", Number: "CA4193", From: beijing, To: chengdu,
					FromStation: name("Beijing Capital (PEK)", "北京首都国际机场"), ToStation: name("Chengdu Tianfu (TFU)", "成都天府国际机场"),
					Date: "2026-06-02", Depart: "07:30", Arrive: "10:35", DurationMinutes: 185, DistanceKM: 1550,
					Pricing: orchestrator.PerPerson, Price: cny(1180), Units: 3, Cost: cny(3540)}},
				Stops: []orchestrator.Stop{
					stop("a:wuhouci", name("Wuhou Shrine", "武侯祠"), chengdu, geo(30.6463, 104.0434), "13:20", "15:00", 25, 50, 3, false),
					stop("a:kuanzhai", name("Kuanzhai Alley", "宽窄巷子"), chengdu, geo(30.6697, 104.0543), "15:25", "17:00", 18, 0, 3, false),
				},
				Meals: []orchestrator.Meal{
					meal(orchestrator.Lunch, "r:chenmapo", name("Chen Mapo Tofu", "陈麻婆豆腐"), chengdu, geo(30.6700, 104.0630), "11:45", 60, "Sichuan"),
					meal(orchestrator.Dinner, "r:shujiuxiang", name("Shu Jiu Xiang Hotpot", "蜀九香火锅"), chengdu, geo(30.6590, 104.0800), "18:00", 120, "Hotpot"),
				},
				Stay: &orchestrator.StayRef{AccommodationID: "h:jinjiang", Name: name("Jinjiang Hotel", "锦江宾馆"), City: chengdu},
				Cost: cny(3540 + 150 + 180 + 360 + 880),
			},
			{
				Day: 2, Date: "2026-06-03", City: chengdu, Weather: "wet",
				Stops: []orchestrator.Stop{
					stop("a:panda", name("Giant Panda Breeding Research Base", "成都大熊猫繁育研究基地"), chengdu, geo(30.7330, 104.1460), "08:30", "11:30", 35, 55, 3, false),
					stop("a:museum", name("Sichuan Museum", "四川博物院"), chengdu, geo(30.6610, 104.0330), "14:00", "16:00", 40, 0, 3, true),
					stop("a:jinli", name("Jinli Ancient Street", "锦里古街"), chengdu, geo(30.6450, 104.0480), "16:30", "18:00", 20, 0, 3, false),
				},
				Meals: []orchestrator.Meal{
					meal(orchestrator.Breakfast, "r:zhongchaoshou", name("Long Chaoshou", "龙抄手"), chengdu, geo(30.6570, 104.0790), "07:40", 30, "Sichuan", "Snacks"),
					meal(orchestrator.Lunch, "r:wenshu", name("Wenshu Monastery Vegetarian", "文殊院素斋"), chengdu, geo(30.6750, 104.0720), "12:15", 45, "Vegetarian"),
					meal(orchestrator.Dinner, "r:yulin", name("Yulin Chuanchuan", "玉林串串香"), chengdu, geo(30.6280, 104.0600), "18:30", 80, "Sichuan"),
				},
				Stay: &orchestrator.StayRef{AccommodationID: "h:jinjiang", Name: name("Jinjiang Hotel", "锦江宾馆"), City: chengdu},
				Cost: cny(165 + 90 + 135 + 240 + 880),
			},
			{
				Day: 3, Date: "2026-06-04", City: beijing, From: chengdu, Weather: "dry",
				Legs: []orchestrator.Leg{
					{OptionID: "t:ctu-ckg:g8501", Mode: "train", Number: "G8501", Class: name("High-speed rail", "高铁"), From: chengdu, To: chongqing,
						FromStation: name("Chengdu East", "成都东站"), ToStation: name("Chongqing West", "重庆西站"), Date: "2026-06-04",
						Depart: "08:05", Arrive: "09:25", DurationMinutes: 80, DistanceKM: 308, Pricing: orchestrator.PerPerson, Price: cny(146), Units: 3, Cost: cny(438)},
					{OptionID: "t:ckg-pek:est", Mode: "flight", Number: "3U8889", From: chongqing, To: beijing, Date: "2026-06-04",
						Depart: "19:40", Arrive: "22:25", DurationMinutes: 165, Pricing: orchestrator.PerPerson, Price: cny(990), Units: 3, Cost: cny(2970), Estimate: true},
				},
				Stops: []orchestrator.Stop{
					stop("a:hongyadong", name("Hongyadong", "洪崖洞"), chongqing, geo(29.5630, 106.5790), "10:30", "12:00", 30, 0, 3, false),
					{AttractionID: "a:ciqikou", Name: name("Ciqikou Ancient Town", "磁器口古镇"), City: chongqing, Location: geo(29.5800, 106.4500),
						Start: "13:40", End: "15:40", TravelMinutes: 42, TravelEstimate: true, Price: cny(0), Cost: cny(0)},
				},
				Meals: []orchestrator.Meal{
					meal(orchestrator.Lunch, "r:xiaomian", name("Chongqing Xiaomian", "重庆小面"), chongqing, nil, "12:30", 25, "Noodles"),
				},
				Cost: cny(438 + 2970 + 75),
			},
		},
		Stays: []orchestrator.Stay{{AccommodationID: "h:jinjiang", Name: name("Jinjiang Hotel", "锦江宾馆"), City: chengdu, Location: geo(30.6473, 104.0732),
			FirstNight: 1, Nights: 2, Rooms: 1, RoomType: "private_room", Price: cny(880), Cost: cny(1760)}},
		Budget: orchestrator.BudgetBreakdown{Currency: "CNY", People: 3, Limit: ptr(cny(12000)), Chosen: orchestrator.TierMid,
			Tiers: []orchestrator.TierCost{
				{Tier: orchestrator.TierEconomy, Transport: cny(5900), Lodging: cny(960), Food: cny(900), Attractions: cny(315), Total: cny(8075), PerPerson: cny(2691), WithinBudget: &within},
				{Tier: orchestrator.TierMid, Transport: cny(6948), Lodging: cny(1760), Food: cny(1080), Attractions: cny(315), Total: cny(10103), PerPerson: cny(3367), WithinBudget: &within},
				{Tier: orchestrator.TierComfort, Transport: cny(8200), Lodging: cny(3600), Food: cny(1500), Attractions: cny(315), Total: cny(13615), PerPerson: cny(4538), WithinBudget: ptr(false)},
			}},
		Findings: []orchestrator.Finding{{Code: "estimated_fare", Severity: orchestrator.SeverityInfo, Day: 3, Subject: "3U8889",
			Message: "the fare of the return flight is a model estimate"}},
		Report: &orchestrator.Report{Passed: true, Checks: []orchestrator.Check{
			{Name: "complete_days", Kind: orchestrator.CheckCommonsense, Status: orchestrator.CheckPass},
			{Name: "hours", Kind: orchestrator.CheckCommonsense, Status: orchestrator.CheckPass},
			{Name: "budget", Kind: orchestrator.CheckHard, Status: orchestrator.CheckPass},
			{Name: "room_type", Kind: orchestrator.CheckHard, Status: orchestrator.CheckNotApplicable},
		}},
	}
	return &orchestrator.Plan{
		ID: "pl_golden0001", CreatedAt: time.Date(2026, 6, 1, 4, 0, 3, 0, time.UTC), Query: name("3 days in Chengdu and Chongqing in June, ¥4000 per person", "端午节去成都重庆三日游，人均4000"),
		Brief: orchestrator.Brief{Origin: beijing, Destinations: []string{chengdu, chongqing}, Route: []string{chengdu, chongqing},
			StartDate: "2026-06-02", EndDate: "2026-06-04", Days: 3, Travelers: orchestrator.Travelers{Adults: 2, Children: 1},
			Budget: &orchestrator.Budget{Amount: 4000, Currency: "CNY", PerPerson: true}, Interests: []string{name("food", "美食"), name("pandas", "熊猫"), name("temples", "寺庙")},
			Pace: "moderate", Language: lang, Now: "2026-06-01T12:00:00+08:00"},
		Status: orchestrator.PlanComplete,
		Trip: orchestrator.Trip{
			SchemaVersion: 1,
			Origin: &orchestrator.Sourced[orchestrator.Place]{Value: orchestrator.Place{Name: beijing, Country: "China", CountryCode: "CN", Latitude: 39.9075, Longitude: 116.39723, Timezone: "Asia/Shanghai"},
				Provenance: prov("open-meteo:geocoding", 14*24*time.Hour, true, geoNames)},
			Cities: []orchestrator.CityData{
				{Name: chengdu, Days: 2,
					Place: &orchestrator.Sourced[orchestrator.Place]{Value: orchestrator.Place{Name: chengdu, Country: "China", CountryCode: "CN", Admin1: "Sichuan", Latitude: 30.66667, Longitude: 104.06667, Timezone: "Asia/Shanghai"},
						Provenance: prov("open-meteo:geocoding", 14*24*time.Hour, true, geoNames)},
					Weather: &orchestrator.Sourced[orchestrator.Forecast]{Value: orchestrator.Forecast{Timezone: "Asia/Shanghai", Days: []orchestrator.WeatherDay{
						weather("2026-06-02", 2, "Partly cloudy", 21, 29, 0.4, 20, 12),
						weather("2026-06-03", 65, "Heavy rain", 20, 24, 28.5, 90, 22, "heavy_rain"),
					}, Units: &orchestrator.WeatherUnits{Temperature: "°C", Precipitation: "mm", Wind: "km/h"}},
						Provenance: prov("open-meteo:forecast", 3*time.Hour, false, openMeteo)},
				},
				{Name: chongqing, Days: 1,
					Place: &orchestrator.Sourced[orchestrator.Place]{Value: orchestrator.Place{Name: chongqing, Country: "China", CountryCode: "CN", Admin1: "Chongqing", Latitude: 29.56278, Longitude: 106.55278, Timezone: "Asia/Shanghai"},
						Provenance: prov("open-meteo:geocoding", 14*24*time.Hour, false, geoNames)},
					Weather: &orchestrator.Sourced[orchestrator.Forecast]{Value: orchestrator.Forecast{Timezone: "Asia/Shanghai", Days: []orchestrator.WeatherDay{
						weather("2026-06-04", 0, "Clear sky", 26, 35, 0, 5, 9, "heat"),
					}}, Provenance: prov("open-meteo:forecast", 3*time.Hour, false, openMeteo)},
				},
			},
			FX: &orchestrator.Sourced[orchestrator.FXRates]{Value: orchestrator.FXRates{Base: "EUR", Date: "2026-05-29", Rates: map[string]float64{"CNY": 7.8123, "USD": 1.0812}},
				Provenance: prov("frankfurter:latest", 24*time.Hour, true, nil)},
			Sections: map[string]orchestrator.Section{"guide:abc": {Kind: "guide", Payload: []byte(`{}`),
				Provenance: prov("wikivoyage:parse", 7*24*time.Hour, true, wikivoyage)}},
		},
		Itinerary: it,
		Notes: []orchestrator.Note{
			{Subtask: "hotels:1", Kind: "hotels", Level: "info", Code: orchestrator.EUNAVAILABLE, Message: "hotels for chongqing unavailable: no agent serves tool scrape_prices yet"},
			{Subtask: "transport:2", Kind: "transport", Level: "info", Code: "estimate", Message: "the Chongqing → Beijing fare is a model estimate"},
		},
		Trace: orchestrator.TraceSummary{Nodes: 14, CacheHits: 4, DurationMS: 812.5, Routes: map[string]int{"cache": 4, "mcp": 6, "local": 4}},
	}
}

// Partial returns a plan without an itinerary: the weather and geocode of
// one city, and notes for what is missing.
func Partial() *orchestrator.Plan {
	p := Plan("en")
	p.ID = "pl_partial0001"
	p.Status = orchestrator.PlanPartial
	p.Itinerary = nil
	p.Brief.Origin, p.Brief.Route, p.Brief.Destinations, p.Brief.EndDate, p.Brief.Days = "", nil, []string{"Chengdu"}, "2026-06-03", 2
	p.Trip.Origin, p.Trip.FX, p.Trip.Sections = nil, nil, nil
	p.Trip.Cities = p.Trip.Cities[:1]
	p.Trip.Cities[0].Attractions = &orchestrator.Sourced[[]orchestrator.Attraction]{
		Value:      []orchestrator.Attraction{{ID: "a:1", Name: "Wuhou Shrine"}, {ID: "a:2", Name: "Du Fu Thatched Cottage"}},
		Provenance: prov("overpass:pois", 7*24*time.Hour, false, &orchestrator.Attribution{Text: "© OpenStreetMap contributors", URL: "https://www.openstreetmap.org/copyright", License: "ODbL 1.0"}),
	}
	p.Notes = []orchestrator.Note{
		{Subtask: "restaurants:1", Kind: "restaurants", Level: "info", Code: orchestrator.EUNAVAILABLE, Message: "restaurants for chengdu unavailable: no agent serves tool find_pois yet"},
		{Subtask: "itinerary:1", Kind: "itinerary", Level: "warning", Code: orchestrator.EUNPROCESSABLE, Message: "itinerary unavailable: no accommodation meets the constraints"},
		{Subtask: "weather:1", Kind: "weather", Level: "warning", Code: "stale", Message: "weather data is older than its freshness limit"},
	}
	return p
}

// Long returns a five-day single-city plan with three stops and three meals
// a day, for the benchmark.
func Long() *orchestrator.Plan {
	p := Plan("en")
	base := p.Itinerary.Days[1]
	p.Itinerary.Days = nil
	p.Brief.Days, p.Brief.EndDate = 5, "2026-06-06"
	var wd []orchestrator.WeatherDay
	for d := 1; d <= 5; d++ {
		day := base
		day.Day = d
		day.Date = fmt.Sprintf("2026-06-%02d", d+1)
		day.Stops = append([]orchestrator.Stop(nil), base.Stops...)
		for i := range day.Stops {
			day.Stops[i].Name = fmt.Sprintf("%s %d", base.Stops[i].Name, d)
			day.Stops[i].Location = geo(base.Stops[i].Location.Lat+float64(d)*0.003, base.Stops[i].Location.Lon)
		}
		p.Itinerary.Days = append(p.Itinerary.Days, day)
		w := p.Trip.Cities[0].Weather.Value.Days[d%2]
		w.Date = day.Date
		wd = append(wd, w)
	}
	p.Trip.Cities[0].Weather.Value.Days = wd
	return p
}
