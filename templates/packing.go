package templates

import (
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
)

// hintOrder is the order packing hints are listed in.
var hintOrder = []string{"rain", "outdoor", "sun", "cold", "wind", "snow", "walk", "hiking", "beach", "temples", "children", "documents"}

// interestHints maps words found in the brief's interests to hints.
var interestHints = []struct{ hint, words string }{
	{"hiking", "hik trek mountain 徒步 登山 爬山"},
	{"beach", "beach swim island 海滩 海边 游泳 海岛"},
	{"temples", "temple shrine church mosque religio 寺 庙 教堂"},
}

// packing derives packing hints from the trip's weather (the itinerary's
// days, or every forecast day without one) and activities.
func packing(p *orchestrator.Plan, l *labels) []string {
	on := map[string]bool{}
	var days []*orchestrator.WeatherDay
	wetDay := map[string]bool{}
	if it := p.Itinerary; it != nil {
		for i := range it.Days {
			d := &it.Days[i]
			if d.Weather == "wet" {
				on["rain"] = true
				wetDay[d.Date] = true
			}
			if wd, _, _ := dayWeather(&p.Trip, d); wd != nil {
				days = append(days, wd)
			}
		}
	} else {
		for i := range p.Trip.Cities {
			if w := p.Trip.Cities[i].Weather; w != nil {
				for j := range w.Value.Days {
					days = append(days, &w.Value.Days[j])
				}
			}
		}
	}
	for _, d := range days {
		risk := map[string]bool{}
		for _, r := range d.Risks {
			risk[r] = true
		}
		if risk["heavy_rain"] || risk["storm"] || gte(d.PrecipitationPct, 50) || gte(d.PrecipitationMM, 2) {
			on["rain"] = true
			wetDay[d.Date] = true
		}
		if risk["heat"] || gte(d.TempMax, 30) {
			on["sun"] = true
		}
		if risk["cold"] || (d.TempMin != nil && *d.TempMin <= 5) {
			on["cold"] = true
		}
		if risk["wind"] || gte(d.WindMaxKMH, 50) {
			on["wind"] = true
		}
		if risk["snow"] || risk["ice"] || (d.Code != nil && (*d.Code >= 71 && *d.Code <= 77 || *d.Code == 85 || *d.Code == 86)) {
			on["snow"] = true
		}
	}
	if it := p.Itinerary; it != nil {
		for _, d := range it.Days {
			if len(d.Stops) >= 3 {
				on["walk"] = true
			}
			for _, s := range d.Stops {
				if wetDay[d.Date] && s.Indoor != nil && !*s.Indoor {
					on["outdoor"] = true
				}
			}
			for _, lg := range d.Legs {
				switch lg.Mode {
				case "flight", "train", "ferry":
					on["documents"] = true
				}
			}
		}
	}
	if p.Brief.Pace == "packed" {
		on["walk"] = true
	}
	if p.Brief.Travelers.Children > 0 {
		on["children"] = true
	}
	for _, in := range p.Brief.Interests {
		in = strings.ToLower(in)
		for _, ih := range interestHints {
			for _, w := range strings.Fields(ih.words) {
				if strings.Contains(in, w) {
					on[ih.hint] = true
				}
			}
		}
	}
	var out []string
	for _, h := range hintOrder {
		if on[h] {
			out = append(out, l.Hints[h])
		}
	}
	return out
}

func gte(v *float64, limit float64) bool { return v != nil && *v >= limit }
