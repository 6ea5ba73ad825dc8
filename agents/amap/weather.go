package amap

import (
	"context"
	"encoding/json"
	"net/url"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator"
)

// Weather is Amap's weather for one city: the live observation or the
// forecast for today and the next 3 days.
type Weather struct {
	City       string `json:"city"`
	Adcode     string `json:"adcode"`
	Province   string `json:"province,omitempty"`
	ReportTime string `json:"report_time,omitempty" jsonschema:"local time of the report, YYYY-MM-DD HH:MM:SS"`
	// Live is set for a live query.
	Live *LiveWeather `json:"live,omitempty"`
	// Days is set for a forecast query.
	Days []WeatherCast `json:"days,omitempty"`
}

// LiveWeather is an observation.
type LiveWeather struct {
	Weather       string   `json:"weather"`
	TemperatureC  *float64 `json:"temperature_c,omitempty"`
	WindDirection string   `json:"wind_direction,omitempty"`
	WindPower     string   `json:"wind_power,omitempty" jsonschema:"Beaufort force as Amap words it, e.g. ≤3"`
	HumidityPct   *float64 `json:"humidity_pct,omitempty"`
}

// WeatherCast is one forecast day.
type WeatherCast struct {
	Date         string   `json:"date"`
	Weekday      int      `json:"weekday,omitempty" jsonschema:"1 = Monday … 7 = Sunday"`
	DayWeather   string   `json:"day_weather"`
	NightWeather string   `json:"night_weather"`
	DayTempC     *float64 `json:"day_temp_c,omitempty"`
	NightTempC   *float64 `json:"night_temp_c,omitempty"`
	DayWind      string   `json:"day_wind,omitempty"`
	NightWind    string   `json:"night_wind,omitempty"`
	DayPower     string   `json:"day_power,omitempty"`
	NightPower   string   `json:"night_power,omitempty"`
}

var adcodeRE = regexp.MustCompile(`^\d{6}$`)

// Weather returns the live weather (live) or the 4-day forecast of city, an
// adcode ("510100") or a name ("成都"), which is geocoded to its adcode
// first (one more call). An unknown city is a not_found error.
func (c *Client) Weather(ctx context.Context, city string, live bool) (Weather, error) {
	city = strings.TrimSpace(city)
	if city == "" || utf8.RuneCountInString(city) > MaxKeywordLen {
		return Weather{}, errorf(orchestrator.EINVALIDARG, "city must be an adcode or a name of 1–%d characters", MaxKeywordLen)
	}
	adcode := city
	if !adcodeRE.MatchString(city) {
		g, err := c.Geocode(ctx, city, "")
		if err != nil {
			return Weather{}, err
		}
		adcode = g[0].Adcode
		if !adcodeRE.MatchString(adcode) {
			return Weather{}, errorf(orchestrator.ENOTFOUND, "no adcode for %q", city)
		}
	}
	ext := "all"
	if live {
		ext = "base"
	}
	var a weatherAnswer
	if err := c.get(ctx, "/v3/weather/weatherInfo", url.Values{"city": {adcode}, "extensions": {ext}}, &a); err != nil {
		return Weather{}, err
	}
	return a.result(city, live)
}

type weatherAnswer struct {
	Lives List[struct {
		Province      String `json:"province"`
		City          String `json:"city"`
		Adcode        String `json:"adcode"`
		Weather       String `json:"weather"`
		Temperature   String `json:"temperature"`
		TempFloat     String `json:"temperature_float"`
		WindDirection String `json:"winddirection"`
		WindPower     String `json:"windpower"`
		Humidity      String `json:"humidity"`
		ReportTime    String `json:"reporttime"`
	}] `json:"lives"`
	Forecasts List[struct {
		City       String `json:"city"`
		Adcode     String `json:"adcode"`
		Province   String `json:"province"`
		ReportTime String `json:"reporttime"`
		Casts      List[struct {
			Date         String `json:"date"`
			Week         String `json:"week"`
			DayWeather   String `json:"dayweather"`
			NightWeather String `json:"nightweather"`
			DayTemp      String `json:"daytemp"`
			NightTemp    String `json:"nighttemp"`
			DayTempF     String `json:"daytemp_float"`
			NightTempF   String `json:"nighttemp_float"`
			DayWind      String `json:"daywind"`
			NightWind    String `json:"nightwind"`
			DayPower     String `json:"daypower"`
			NightPower   String `json:"nightpower"`
		}] `json:"casts"`
	}] `json:"forecasts"`
}

// ParseWeather decodes a weatherInfo answer; city names the query in a
// not_found error.
func ParseWeather(body []byte, city string, live bool) (Weather, error) {
	if e := CheckBody(body); e != nil {
		e.Provider = Provider
		return Weather{}, e
	}
	var a weatherAnswer
	if err := json.Unmarshal(body, &a); err != nil {
		return Weather{}, errorf(orchestrator.EBADRESPONSE, "undecodable weather answer: %v", err)
	}
	return a.result(city, live)
}

func (a weatherAnswer) result(city string, live bool) (Weather, error) {
	if live {
		if len(a.Lives) == 0 {
			return Weather{}, errorf(orchestrator.ENOTFOUND, "no weather for %q", city)
		}
		l := a.Lives[0]
		temp := l.TempFloat.Float()
		if temp == nil {
			temp = l.Temperature.Float()
		}
		return Weather{
			City: string(l.City), Adcode: string(l.Adcode), Province: string(l.Province), ReportTime: string(l.ReportTime),
			Live: &LiveWeather{Weather: string(l.Weather), TemperatureC: temp, WindDirection: string(l.WindDirection),
				WindPower: string(l.WindPower), HumidityPct: l.Humidity.Float()},
		}, nil
	}
	if len(a.Forecasts) == 0 || len(a.Forecasts[0].Casts) == 0 {
		return Weather{}, errorf(orchestrator.ENOTFOUND, "no forecast for %q", city)
	}
	f := a.Forecasts[0]
	w := Weather{City: string(f.City), Adcode: string(f.Adcode), Province: string(f.Province), ReportTime: string(f.ReportTime)}
	for _, c := range f.Casts {
		day := WeatherCast{
			Date: string(c.Date), DayWeather: string(c.DayWeather), NightWeather: string(c.NightWeather),
			DayTempC: c.DayTempF.Float(), NightTempC: c.NightTempF.Float(),
			DayWind: string(c.DayWind), NightWind: string(c.NightWind), DayPower: string(c.DayPower), NightPower: string(c.NightPower),
		}
		if day.DayTempC == nil {
			day.DayTempC = c.DayTemp.Float()
		}
		if day.NightTempC == nil {
			day.NightTempC = c.NightTemp.Float()
		}
		if n := c.Week.Int(); n != nil && *n >= 1 && *n <= 7 {
			day.Weekday = *n
		}
		w.Days = append(w.Days, day)
	}
	return w, nil
}
