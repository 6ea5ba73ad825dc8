package traveltools

import (
	"strings"

	"github.com/tripweave/tripweave/agents/amap"
	"github.com/tripweave/tripweave/agents/openmeteo"
	"github.com/tripweave/tripweave/orchestrator"
)

// amapWMO maps Amap's weather phenomena (天气现象) to the nearest WMO 4677
// code Open-Meteo uses, so the orchestrator reads Amap's forecast as it
// reads Open-Meteo's (wet days, risk flags). Longest names first: a name
// is matched by substring.
var amapWMO = []struct {
	name string
	code int
}{
	{"特大暴雨", 65}, {"大暴雨", 65}, {"暴雨", 65}, {"大雨", 65}, {"强阵雨", 82}, {"雷阵雨并伴有冰雹", 96}, {"雷阵雨", 95},
	{"冻雨", 67}, {"雨夹雪", 68}, {"暴雪", 75}, {"大雪", 75}, {"中雪", 73}, {"阵雪", 85}, {"小雪", 71}, {"雪", 73},
	{"中雨", 63}, {"阵雨", 80}, {"小雨", 61}, {"毛毛雨", 51}, {"雨", 61},
	{"雾", 45}, {"阴", 3}, {"多云", 2}, {"少云", 1}, {"晴", 0},
}

func amapCode(text string) *int {
	for _, m := range amapWMO {
		if strings.Contains(text, m.name) {
			c := m.code
			return &c
		}
	}
	return nil // 霾, 沙尘暴…: no WMO code in Open-Meteo's set
}

// amapForecast converts Amap's forecast days within [start, end] (either
// may be empty) to the weather tool's form: the wetter of day and night
// sets the code, the day's temperature is the maximum and the night's the
// minimum, risks as Open-Meteo's are computed. Amap gives no precipitation
// amounts or probabilities, so those stay unknown.
func amapForecast(w amap.Weather, start, end string) orchestrator.Forecast {
	f := orchestrator.Forecast{Timezone: "Asia/Shanghai", Days: []orchestrator.WeatherDay{},
		Units: &orchestrator.WeatherUnits{Temperature: "°C", Precipitation: "mm", Wind: "km/h"}}
	for _, d := range w.Days {
		if (start != "" && d.Date < start) || (end != "" && d.Date > end) {
			continue
		}
		day := orchestrator.WeatherDay{Date: d.Date, TempMax: d.DayTempC, TempMin: d.NightTempC, Text: d.DayWeather}
		if d.NightWeather != "" && d.NightWeather != d.DayWeather {
			day.Text += " / " + d.NightWeather
		}
		dc, nc := amapCode(d.DayWeather), amapCode(d.NightWeather)
		switch {
		case dc != nil && nc != nil && *nc > *dc:
			day.Code = nc
		case dc != nil:
			day.Code = dc
		default:
			day.Code = nc
		}
		day.Risks = openmeteo.Risks(day)
		f.Days = append(f.Days, day)
	}
	return f
}

// cityAdcode returns the prefecture-level adcode of a district's (510104 →
// 510100; the municipalities 11, 12, 31, 50 → their own 110000…), "" for
// anything that is not six digits.
func cityAdcode(adcode string) string {
	if len(adcode) != 6 || strings.Trim(adcode, "0123456789") != "" {
		return ""
	}
	switch adcode[:2] {
	case "11", "12", "31", "50":
		return adcode[:2] + "0000"
	}
	return adcode[:4] + "00"
}
