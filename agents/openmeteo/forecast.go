package openmeteo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// Forecast windows, in days relative to today (UTC) by the Client's clock.
const (
	// HorizonDays is how far ahead Open-Meteo forecasts: today and the 15
	// days after it. Later days get a climate estimate.
	HorizonDays = 16
	// PastDays is how far back the forecast API reaches; earlier days come
	// from the archive as observations.
	PastDays = 92
	// ClimateYears is how many past years a climate estimate averages.
	ClimateYears = 3
	// archiveDelayDays is how long the archive (ERA5) lags behind today.
	archiveDelayDays = 7
	// MaxForecastDays bounds the span of one Forecast call.
	MaxForecastDays = 31
)

// forecastDaily are the daily variables asked of the forecast API; the
// archive has the same minus precipitation_probability_max.
const (
	forecastDaily = "weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum,precipitation_probability_max,wind_speed_10m_max"
	archiveDaily  = "weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum,wind_speed_10m_max"
)

// Forecast returns the daily weather at lat, lon for the dates start..end
// (YYYY-MM-DD, inclusive, local to the place; at most MaxForecastDays).
// Days within the 16-day horizon are forecasts. Later days — and the whole
// range if the forecast API answers that the dates are out of its allowed
// range — are climate estimates: the same calendar days averaged over the
// last ClimateYears years of the archive, each marked Estimate. Days more
// than PastDays before today are archive observations. Every day carries
// its WMO description and risk flags. Errors are
// *orchestrator.UpstreamError.
func (c *Client) Forecast(ctx context.Context, lat, lon float64, start, end string) (orchestrator.Forecast, error) {
	s, e, err := c.checkRange(lat, lon, start, end)
	if err != nil {
		return orchestrator.Forecast{}, err
	}
	now := c.now().UTC()
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	first := today.AddDate(0, 0, -PastDays)
	last := today.AddDate(0, 0, HorizonDays-1)

	var out orchestrator.Forecast
	add := func(part orchestrator.Forecast) {
		if out.Timezone == "" {
			out.Timezone = part.Timezone
		}
		if out.Units == nil {
			out.Units = part.Units
		}
		out.Days = append(out.Days, part.Days...)
	}
	if s.Before(first) {
		part, err := c.archive(ctx, lat, lon, s, minDate(e, first.AddDate(0, 0, -1)))
		if err != nil {
			return orchestrator.Forecast{}, err
		}
		add(part)
	}
	if fs, fe := maxDate(s, first), minDate(e, last); !fe.Before(fs) {
		if c.knowledge != nil && !fe.Before(today) {
			// The days before today by range; the rest sliced from the
			// place's forecast window.
			if fs.Before(today) {
				part, err := c.forecastRange(ctx, lat, lon, fs, today.AddDate(0, 0, -1), today)
				if err != nil {
					return orchestrator.Forecast{}, err
				}
				add(part)
				fs = today
			}
			w, err := c.forecastWindow(ctx, lat, lon, today)
			var part orchestrator.Forecast
			switch {
			case err == nil:
				part, err = w.forecast(fs, fe)
			case refused(err) && !(fs.Equal(today) && fe.Equal(today.AddDate(0, 0, HorizonDays-1))):
				// the window refused, a shorter range may pass; the same
				// range again would only repeat the request refused
				part, err = c.forecastRange(ctx, lat, lon, fs, fe, today)
			}
			if err != nil {
				return orchestrator.Forecast{}, err
			}
			add(part)
		} else {
			part, err := c.forecastRange(ctx, lat, lon, fs, fe, today)
			if err != nil {
				return orchestrator.Forecast{}, err
			}
			add(part)
		}
	}
	if cs := maxDate(s, last.AddDate(0, 0, 1)); !e.Before(cs) {
		part, err := c.climate(ctx, lat, lon, cs, e, today)
		if err != nil {
			return orchestrator.Forecast{}, err
		}
		add(part)
	}
	return out, nil
}

func (c *Client) checkRange(lat, lon float64, start, end string) (s, e time.Time, err error) {
	bad := func(msg string) (time.Time, time.Time, error) {
		return time.Time{}, time.Time{}, c.errorf(orchestrator.EINVALIDARG, msg)
	}
	if math.IsNaN(lat) || math.IsNaN(lon) || !validLatLon(lat, lon) {
		return bad("latitude must be within [-90, 90] and longitude within [-180, 180]")
	}
	s, err1 := time.Parse(orchestrator.DateLayout, start)
	e, err2 := time.Parse(orchestrator.DateLayout, end)
	switch {
	case err1 != nil:
		return bad(fmt.Sprintf("start date %q is not YYYY-MM-DD", start))
	case err2 != nil:
		return bad(fmt.Sprintf("end date %q is not YYYY-MM-DD", end))
	case e.Before(s):
		return bad("end date is before start date")
	case daysBetween(s, e)+1 > MaxForecastDays:
		return bad(fmt.Sprintf("date range is longer than %d days", MaxForecastDays))
	}
	return s, e, nil
}

// forecastRange asks the forecast API for s..e, estimating the days from
// the climate when the API answers that they are out of its range.
func (c *Client) forecastRange(ctx context.Context, lat, lon float64, s, e, today time.Time) (orchestrator.Forecast, error) {
	part, err := c.forecast(ctx, lat, lon, s, e)
	var ue *orchestrator.UpstreamError
	if errors.As(err, &ue) && ue.Type == orchestrator.EINVALIDARG && strings.Contains(ue.Message, "out of allowed range") {
		part, err = c.climate(ctx, lat, lon, s, e, today)
	}
	return part, err
}

// forecast asks the forecast API for s..e.
func (c *Client) forecast(ctx context.Context, lat, lon float64, s, e time.Time) (orchestrator.Forecast, error) {
	body, err := c.up.Get(ctx, c.forecastURL, c.dailyQuery(lat, lon, s, e, forecastDaily))
	if err != nil {
		return orchestrator.Forecast{}, err
	}
	d, err := parseDaily(body)
	if err != nil {
		return orchestrator.Forecast{}, err
	}
	return d.forecast(s, e)
}

// archive asks the archive API for observed days s..e.
func (c *Client) archive(ctx context.Context, lat, lon float64, s, e time.Time) (orchestrator.Forecast, error) {
	d, err := c.archiveDaily(ctx, lat, lon, s, e)
	if err != nil {
		return orchestrator.Forecast{}, err
	}
	return d.forecast(s, e)
}

func (c *Client) archiveDaily(ctx context.Context, lat, lon float64, s, e time.Time) (*daily, error) {
	body, err := c.up.Get(ctx, c.archiveURL, c.dailyQuery(lat, lon, s, e, archiveDaily))
	if err != nil {
		return nil, err
	}
	return parseDaily(body)
}

func (c *Client) dailyQuery(lat, lon float64, s, e time.Time, vars string) url.Values {
	return url.Values{
		"latitude":   {strconv.FormatFloat(lat, 'f', -1, 64)},
		"longitude":  {strconv.FormatFloat(lon, 'f', -1, 64)},
		"daily":      {vars},
		"timezone":   {"auto"},
		"start_date": {s.Format(orchestrator.DateLayout)},
		"end_date":   {e.Format(orchestrator.DateLayout)},
	}
}

// climate estimates s..e from the same calendar days of the last
// ClimateYears years whose window the archive already covers: temperatures,
// precipitation and wind are averaged, the weather code is the most frequent
// (ties to the more severe, higher code), and the precipitation probability
// is the share of years with at least 1 mm.
//
// With a Knowledge, the days are sliced from the place's climate normals
// (see KindClimate) instead, asked of the archive only when Open-Meteo
// refuses the normals' span.
func (c *Client) climate(ctx context.Context, lat, lon float64, s, e, today time.Time) (orchestrator.Forecast, error) {
	if c.knowledge != nil {
		n, err := c.climateNormals(ctx, lat, lon, today)
		if err == nil {
			return n.slice(s, e), nil
		}
		if !refused(err) {
			return orchestrator.Forecast{}, err
		}
	}
	return c.climateByRange(ctx, lat, lon, s, e, today)
}

// climateByRange is climate without a Knowledge: one archive request per
// year averaged.
func (c *Client) climateByRange(ctx context.Context, lat, lon float64, s, e, today time.Time) (orchestrator.Forecast, error) {
	available := today.AddDate(0, 0, -archiveDelayDays)
	var years []int
	for k := 1; len(years) < ClimateYears && k <= ClimateYears+10; k++ {
		if !e.AddDate(-k, 0, 0).After(available) {
			years = append(years, k)
		}
	}
	samples := make([]*daily, 0, len(years))
	for _, k := range years {
		d, err := c.archiveDaily(ctx, lat, lon, s.AddDate(-k, 0, 0), e.AddDate(-k, 0, 0))
		if err != nil {
			return orchestrator.Forecast{}, err
		}
		samples = append(samples, d)
	}
	out := orchestrator.Forecast{Units: defaultUnits()}
	if len(samples) > 0 {
		out.Timezone = samples[0].Timezone
		out.Units = samples[0].units()
	}
	for day := s; !day.After(e); day = day.AddDate(0, 0, 1) {
		var codes []int
		var tmax, tmin, precip, wind []float64
		wet := 0
		for i, d := range samples {
			j, ok := d.index[day.AddDate(-years[i], 0, 0).Format(orchestrator.DateLayout)]
			if !ok {
				continue
			}
			if v := at(d.Daily.WeatherCode, j); v != nil && *v >= 0 && *v <= 99 {
				codes = append(codes, int(*v))
			}
			tmax = appendVal(tmax, at(d.Daily.TempMax, j))
			tmin = appendVal(tmin, at(d.Daily.TempMin, j))
			wind = appendVal(wind, at(d.Daily.WindMax, j))
			if v := at(d.Daily.Precipitation, j); v != nil {
				precip = append(precip, *v)
				if *v >= 1 {
					wet++
				}
			}
		}
		wd := orchestrator.WeatherDay{
			Date:            day.Format(orchestrator.DateLayout),
			Code:            modeCode(codes),
			TempMax:         mean(tmax),
			TempMin:         mean(tmin),
			PrecipitationMM: mean(precip),
			WindMaxKMH:      mean(wind),
			Estimate:        true,
		}
		if len(precip) > 0 {
			pct := math.Round(100 * float64(wet) / float64(len(precip)))
			wd.PrecipitationPct = &pct
		}
		finish(&wd)
		out.Days = append(out.Days, wd)
	}
	return out, nil
}

// daily is a decoded forecast or archive body.
type daily struct {
	Timezone   string            `json:"timezone"`
	DailyUnits map[string]string `json:"daily_units"`
	Daily      struct {
		Time          []string   `json:"time"`
		WeatherCode   []*float64 `json:"weather_code"`
		TempMax       []*float64 `json:"temperature_2m_max"`
		TempMin       []*float64 `json:"temperature_2m_min"`
		Precipitation []*float64 `json:"precipitation_sum"`
		PrecipPct     []*float64 `json:"precipitation_probability_max"`
		WindMax       []*float64 `json:"wind_speed_10m_max"`
	} `json:"daily"`
	index map[string]int // date → position in the arrays
}

// parseDaily decodes and checks a daily body: dates must be YYYY-MM-DD and
// every variable array as long as daily.time (or absent).
func parseDaily(body []byte) (*daily, error) {
	bad := func(format string, args ...any) (*daily, error) {
		return nil, &orchestrator.UpstreamError{Type: orchestrator.EBADRESPONSE, Provider: Provider,
			Message: fmt.Sprintf(format, args...)}
	}
	var d daily
	if err := json.Unmarshal(body, &d); err != nil {
		return bad("undecodable daily weather: %v", err)
	}
	n := len(d.Daily.Time)
	if n == 0 {
		return bad("daily weather has no days")
	}
	vars := map[string][]*float64{
		"weather_code": d.Daily.WeatherCode, "temperature_2m_max": d.Daily.TempMax,
		"temperature_2m_min": d.Daily.TempMin, "precipitation_sum": d.Daily.Precipitation,
		"precipitation_probability_max": d.Daily.PrecipPct, "wind_speed_10m_max": d.Daily.WindMax,
	}
	for _, name := range slices.Sorted(maps.Keys(vars)) {
		if v := vars[name]; v != nil && len(v) != n {
			return bad("daily %s has %d values for %d days", name, len(v), n)
		}
	}
	d.index = make(map[string]int, n)
	for i, t := range d.Daily.Time {
		if _, err := time.Parse(orchestrator.DateLayout, t); err != nil {
			return bad("daily time %q is not YYYY-MM-DD", t)
		}
		d.index[t] = i
	}
	return &d, nil
}

// forecast returns the days s..e from d. A requested day the body lacks is
// kept with its date only (nothing is invented); a body with none of them
// is a bad_response.
func (d *daily) forecast(s, e time.Time) (orchestrator.Forecast, error) {
	out := orchestrator.Forecast{Timezone: d.Timezone, Units: d.units()}
	found := 0
	for day := s; !day.After(e); day = day.AddDate(0, 0, 1) {
		date := day.Format(orchestrator.DateLayout)
		wd := orchestrator.WeatherDay{Date: date}
		if i, ok := d.index[date]; ok {
			found++
			if v := at(d.Daily.WeatherCode, i); v != nil && *v >= 0 && *v <= 99 {
				code := int(*v)
				wd.Code = &code
			}
			wd.TempMax = at(d.Daily.TempMax, i)
			wd.TempMin = at(d.Daily.TempMin, i)
			wd.PrecipitationMM = at(d.Daily.Precipitation, i)
			wd.PrecipitationPct = at(d.Daily.PrecipPct, i)
			wd.WindMaxKMH = at(d.Daily.WindMax, i)
		}
		finish(&wd)
		out.Days = append(out.Days, wd)
	}
	if found == 0 {
		return orchestrator.Forecast{}, &orchestrator.UpstreamError{Type: orchestrator.EBADRESPONSE, Provider: Provider,
			Message: fmt.Sprintf("daily weather has none of the days %s to %s",
				s.Format(orchestrator.DateLayout), e.Format(orchestrator.DateLayout))}
	}
	return out, nil
}

func (d *daily) units() *orchestrator.WeatherUnits {
	u := defaultUnits()
	if v := d.DailyUnits["temperature_2m_max"]; v != "" {
		u.Temperature = v
	}
	if v := d.DailyUnits["precipitation_sum"]; v != "" {
		u.Precipitation = v
	}
	if v := d.DailyUnits["wind_speed_10m_max"]; v != "" {
		u.Wind = v
	}
	return u
}

func defaultUnits() *orchestrator.WeatherUnits {
	return &orchestrator.WeatherUnits{Temperature: "°C", Precipitation: "mm", Wind: "km/h"}
}

// finish sets a day's text and risk flags from its values.
func finish(wd *orchestrator.WeatherDay) {
	if wd.Code != nil {
		wd.Text = WeatherText(*wd.Code)
	}
	wd.Risks = Risks(*wd)
}

func at(v []*float64, i int) *float64 {
	if i < 0 || i >= len(v) || v[i] == nil {
		return nil
	}
	x := *v[i]
	return &x
}

func appendVal(s []float64, v *float64) []float64 {
	if v == nil {
		return s
	}
	return append(s, *v)
}

// mean returns the average rounded to one decimal, or nil for no values.
func mean(v []float64) *float64 {
	if len(v) == 0 {
		return nil
	}
	sum := 0.0
	for _, x := range v {
		sum += x
	}
	m := math.Round(sum/float64(len(v))*10) / 10
	return &m
}

// modeCode returns the most frequent code, ties going to the higher (more
// severe) one, or nil for no codes.
func modeCode(codes []int) *int {
	if len(codes) == 0 {
		return nil
	}
	counts := map[int]int{}
	for _, c := range codes {
		counts[c]++
	}
	keys := slices.Sorted(maps.Keys(counts))
	best := keys[0]
	for _, c := range keys[1:] {
		if counts[c] >= counts[best] {
			best = c
		}
	}
	return &best
}

func minDate(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

func maxDate(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func daysBetween(a, b time.Time) int {
	return int(b.Sub(a).Hours() / 24)
}
