package openmeteo

import "github.com/tripweave/tripweave/orchestrator"

// wmoText names the WMO weather codes Open-Meteo reports.
var wmoText = map[int]string{
	0: "Clear sky", 1: "Mainly clear", 2: "Partly cloudy", 3: "Overcast",
	45: "Fog", 48: "Depositing rime fog",
	51: "Light drizzle", 53: "Moderate drizzle", 55: "Dense drizzle",
	56: "Light freezing drizzle", 57: "Dense freezing drizzle",
	61: "Slight rain", 63: "Moderate rain", 65: "Heavy rain",
	66: "Light freezing rain", 67: "Heavy freezing rain",
	71: "Slight snowfall", 73: "Moderate snowfall", 75: "Heavy snowfall", 77: "Snow grains",
	80: "Slight rain showers", 81: "Moderate rain showers", 82: "Violent rain showers",
	85: "Slight snow showers", 86: "Heavy snow showers",
	95: "Thunderstorm", 96: "Thunderstorm with slight hail", 99: "Thunderstorm with heavy hail",
}

// WeatherText returns the English description of a WMO weather code, or ""
// for a code Open-Meteo does not use.
func WeatherText(code int) string { return wmoText[code] }

// Risk thresholds. A day is flagged when:
//
//	heavy_rain  precipitation ≥ 20 mm, or code 65, 67 or 82
//	storm       code 95–99 (thunderstorm, with or without hail)
//	heat        maximum ≥ 35 °C
//	cold        minimum ≤ −10 °C, or maximum ≤ −5 °C (a day that stays well below freezing)
//	snow        code 71–77 or 85–86
//	ice         code 56, 57, 66 or 67 (freezing drizzle or rain)
//	wind        maximum wind speed ≥ 50 km/h (Beaufort 7, "near gale")
const (
	HeavyRainMM = 20.0
	HeatC       = 35.0
	ColdMinC    = -10.0
	ColdMaxC    = -5.0
	WindKMH     = 50.0
)

// Risks returns the risk flags of a day, in the fixed order heavy_rain,
// storm, heat, cold, snow, ice, wind; nil when there are none. Values
// missing from the day raise no flag.
func Risks(d orchestrator.WeatherDay) []string {
	code := -1
	if d.Code != nil {
		code = *d.Code
	}
	ge := func(p *float64, v float64) bool { return p != nil && *p >= v }
	le := func(p *float64, v float64) bool { return p != nil && *p <= v }
	var out []string
	if ge(d.PrecipitationMM, HeavyRainMM) || code == 65 || code == 67 || code == 82 {
		out = append(out, "heavy_rain")
	}
	if code >= 95 && code <= 99 {
		out = append(out, "storm")
	}
	if ge(d.TempMax, HeatC) {
		out = append(out, "heat")
	}
	if le(d.TempMin, ColdMinC) || le(d.TempMax, ColdMaxC) {
		out = append(out, "cold")
	}
	if (code >= 71 && code <= 77) || code == 85 || code == 86 {
		out = append(out, "snow")
	}
	if code == 56 || code == 57 || code == 66 || code == 67 {
		out = append(out, "ice")
	}
	if ge(d.WindMaxKMH, WindKMH) {
		out = append(out, "wind")
	}
	return out
}
