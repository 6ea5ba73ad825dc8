package openmeteo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"sync"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// Knowledge keeps what the Client learns about a place between calls, keyed
// by what it is rather than by the request that fetched it: a place's
// climate normals for the whole year (KindClimate) and its forecast for the
// whole 16-day window of one day (KindForecastWindow). Any date range of a
// known place is then sliced from them without a call to Open-Meteo.
//
// FetchNamed returns the value kept under kind and name, calling fetch and
// keeping its result for ttl when none is fresh; concurrent calls for one
// key should share one call. fetchedAt is when the value was fetched.
// knowledgebase.Store.FetchNamed implements it over Redis, so that every
// replica and worker shares one city's knowledge; NewMemoryKnowledge keeps
// it in process.
type Knowledge interface {
	FetchNamed(ctx context.Context, kind, name string, ttl time.Duration, fetch func(ctx context.Context) (json.RawMessage, error)) (value json.RawMessage, fetchedAt time.Time, err error)
}

// Kinds of knowledge the Client keeps, and how long each stays fresh.
const (
	// KindClimate is a place's daily climate normals: each calendar day
	// averaged over its last ClimateYears occurrences in the archive, from
	// one archive request spanning those years. Name: the place (its city,
	// or its coordinates) and the number of years.
	KindClimate = "climate"
	// KindForecastWindow is a place's forecast for today and the 15 days
	// after it (HorizonDays), from one forecast request. Name: the place (its
	// city, or its coordinates) and today's date (UTC), so a window never lacks the
	// horizon's last day.
	KindForecastWindow = "forecast_window"

	// NormalsTTL is how long climate normals stay fresh: the archive gains
	// a day a day, and a 3-year average hardly moves in weeks.
	NormalsTTL = 28 * 24 * time.Hour
	// WindowTTL is how long a forecast window stays fresh (models update
	// hourly to 6-hourly).
	WindowTTL = ForecastTTL
)

// KeepsKnowledge reports whether the Client keeps places' knowledge
// (Options.Knowledge): then a Forecast that sent no request
// (upstream.WithCalls) was answered from it.
func (c *Client) KeepsKnowledge() bool { return c.knowledge != nil }

type placeKey struct{}

// ForecastAt is Forecast for the place named place (a canonical city name,
// as the orchestrator's subtasks spell it): with a Knowledge, the place's
// normals and forecast window are kept under that name, so that every
// caller naming the city shares them whatever coordinates it geocoded the
// city to; "" keys them by the coordinates.
func (c *Client) ForecastAt(ctx context.Context, place string, lat, lon float64, start, end string) (orchestrator.Forecast, error) {
	if place != "" {
		ctx = context.WithValue(ctx, placeKey{}, place)
	}
	return c.Forecast(ctx, lat, lon, start, end)
}

// placeName is the name of a place's knowledge: the city ForecastAt named,
// or its coordinates to 1e-4 degree (about 11 m; Open-Meteo's grid cells
// are kilometres wide).
func placeName(ctx context.Context, lat, lon float64) string {
	if p, ok := ctx.Value(placeKey{}).(string); ok {
		return "city:" + p
	}
	return strconv.FormatFloat(math.Round(lat*1e4)/1e4, 'f', -1, 64) + "," + strconv.FormatFloat(math.Round(lon*1e4)/1e4, 'f', -1, 64)
}

// normals are a place's climate normals for every day of a leap year.
type normals struct {
	Timezone string                     `json:"timezone"`
	Units    *orchestrator.WeatherUnits `json:"units"`
	// From and To are the archive days averaged (YYYY-MM-DD).
	From  string `json:"from"`
	To    string `json:"to"`
	Years int    `json:"years"`
	// Days holds the normal of each day of a leap year, January 1 first
	// (index: yearDay).
	Days []normalDay `json:"days"`
}

// normalDay is one calendar day's normal; nil fields had no sample.
type normalDay struct {
	Code    *int     `json:"code,omitempty"`
	TempMax *float64 `json:"tmax,omitempty"`
	TempMin *float64 `json:"tmin,omitempty"`
	Precip  *float64 `json:"precip,omitempty"`
	Pct     *float64 `json:"pct,omitempty"`
	Wind    *float64 `json:"wind,omitempty"`
}

// yearDay is day's 0-based index in a leap year (February 29 is 59).
func yearDay(day time.Time) int {
	return time.Date(2000, day.Month(), day.Day(), 0, 0, 0, 0, time.UTC).YearDay() - 1
}

// computeNormals averages d, the archive days from..to, into normals. Each
// calendar day takes its most recent ClimateYears occurrences (February 29
// takes March 1 of the years without one, as a date ClimateYears years back
// from a February 29 falls on March 1), summed most recent first, and is
// computed as the per-range estimate always was: temperatures,
// precipitation and wind averaged to one decimal, the most frequent weather
// code (ties to the more severe), the share of wet (≥ 1 mm) years.
func computeNormals(d *daily, from, to time.Time, years int) *normals {
	type samples struct {
		codes                    []int
		tmax, tmin, precip, wind []float64
		wet, taken               int
	}
	var acc [366]samples
	add := func(idx, j int) {
		s := &acc[idx]
		if s.taken >= years {
			return
		}
		s.taken++
		if v := at(d.Daily.WeatherCode, j); v != nil && *v >= 0 && *v <= 99 {
			s.codes = append(s.codes, int(*v))
		}
		s.tmax = appendVal(s.tmax, at(d.Daily.TempMax, j))
		s.tmin = appendVal(s.tmin, at(d.Daily.TempMin, j))
		s.wind = appendVal(s.wind, at(d.Daily.WindMax, j))
		if v := at(d.Daily.Precipitation, j); v != nil {
			s.precip = append(s.precip, *v)
			if *v >= 1 {
				s.wet++
			}
		}
	}
	feb29 := yearDay(time.Date(2000, 2, 29, 0, 0, 0, 0, time.UTC))
	for day := to; !day.Before(from); day = day.AddDate(0, 0, -1) {
		j, ok := d.index[day.Format(orchestrator.DateLayout)]
		if !ok {
			continue
		}
		add(yearDay(day), j)
		if day.Month() == time.March && day.Day() == 1 && !isLeap(day.Year()) {
			add(feb29, j)
		}
	}
	n := &normals{Timezone: d.Timezone, Units: d.units(), From: from.Format(orchestrator.DateLayout),
		To: to.Format(orchestrator.DateLayout), Years: years, Days: make([]normalDay, 366)}
	for i := range acc {
		s := &acc[i]
		nd := normalDay{Code: modeCode(s.codes), TempMax: mean(s.tmax), TempMin: mean(s.tmin), Precip: mean(s.precip), Wind: mean(s.wind)}
		if len(s.precip) > 0 {
			pct := math.Round(100 * float64(s.wet) / float64(len(s.precip)))
			nd.Pct = &pct
		}
		n.Days[i] = nd
	}
	return n
}

func isLeap(y int) bool { return y%4 == 0 && (y%100 != 0 || y%400 == 0) }

// slice returns the estimate for the days s..e, each marked Estimate.
func (n *normals) slice(s, e time.Time) orchestrator.Forecast {
	out := orchestrator.Forecast{Timezone: n.Timezone, Units: n.Units}
	if out.Units == nil {
		out.Units = defaultUnits()
	} else {
		u := *out.Units
		out.Units = &u
	}
	for day := s; !day.After(e); day = day.AddDate(0, 0, 1) {
		var nd normalDay
		if i := yearDay(day); i < len(n.Days) {
			nd = n.Days[i]
		}
		wd := orchestrator.WeatherDay{
			Date:             day.Format(orchestrator.DateLayout),
			Code:             copyPtr(nd.Code),
			TempMax:          copyPtr(nd.TempMax),
			TempMin:          copyPtr(nd.TempMin),
			PrecipitationMM:  copyPtr(nd.Precip),
			PrecipitationPct: copyPtr(nd.Pct),
			WindMaxKMH:       copyPtr(nd.Wind),
			Estimate:         true,
		}
		finish(&wd)
		out.Days = append(out.Days, wd)
	}
	return out
}

func copyPtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

// climateNormals returns the place's normals from the Knowledge, fetching
// them with one archive request spanning the last ClimateYears years up to
// the archive's last day when none are kept.
func (c *Client) climateNormals(ctx context.Context, lat, lon float64, today time.Time) (*normals, error) {
	name := placeName(ctx, lat, lon) + "|" + strconv.Itoa(ClimateYears) + "y"
	v, err := c.known(ctx, KindClimate, name, NormalsTTL, func(ctx context.Context) (json.RawMessage, error) {
		to := today.AddDate(0, 0, -archiveDelayDays)
		from := to.AddDate(-ClimateYears, 0, 1)
		d, err := c.archiveDaily(ctx, lat, lon, from, to)
		if err != nil {
			return nil, err
		}
		return json.Marshal(computeNormals(d, from, to, ClimateYears))
	}, func(raw json.RawMessage) (any, error) {
		var n normals
		if err := json.Unmarshal(raw, &n); err != nil || len(n.Days) != 366 {
			return nil, c.errorf(orchestrator.EBADRESPONSE, "kept climate normals are undecodable")
		}
		return &n, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*normals), nil
}

// forecastWindow returns the place's forecast for today..today+15 from the
// Knowledge, fetching it with one forecast request when none is kept.
func (c *Client) forecastWindow(ctx context.Context, lat, lon float64, today time.Time) (*daily, error) {
	name := placeName(ctx, lat, lon) + "|" + today.Format(orchestrator.DateLayout)
	v, err := c.known(ctx, KindForecastWindow, name, WindowTTL, func(ctx context.Context) (json.RawMessage, error) {
		body, err := c.up.Get(ctx, c.forecastURL, c.dailyQuery(lat, lon, today, today.AddDate(0, 0, HorizonDays-1), forecastDaily))
		if err != nil {
			return nil, err
		}
		if _, err := parseDaily(body); err != nil {
			return nil, err
		}
		return json.RawMessage(body), nil
	}, func(raw json.RawMessage) (any, error) { return parseDaily(raw) })
	if err != nil {
		return nil, err
	}
	return v.(*daily), nil
}

// known returns the decoded value of kind and name: held in process until
// its freshness ends, otherwise from the Knowledge (fetched when it keeps
// none) and decoded once per fetch.
func (c *Client) known(ctx context.Context, kind, name string, ttl time.Duration, fetch func(context.Context) (json.RawMessage, error), decode func(json.RawMessage) (any, error)) (any, error) {
	key := kind + "|" + name
	now := c.now()
	if v, ok := c.held.get(key, now); ok {
		return v, nil
	}
	raw, fetched, err := c.knowledge.FetchNamed(ctx, kind, name, ttl, fetch)
	if err != nil {
		return nil, err
	}
	v, err := decode(raw)
	if err != nil {
		return nil, err
	}
	c.held.put(key, v, fetched.Add(ttl))
	return v, nil
}

// refused reports whether err is Open-Meteo refusing the dates asked
// (a 400): a window or span it does not serve, to be asked by range
// instead.
func refused(err error) bool {
	var ue *orchestrator.UpstreamError
	return errors.As(err, &ue) && ue.Type == orchestrator.EINVALIDARG
}

// heldMemo keeps decoded knowledge in process until its freshness ends, so
// a hot place's normals are neither read from the Knowledge nor decoded
// on every call.
type heldMemo struct {
	mu sync.Mutex
	m  map[string]heldValue
}

type heldValue struct {
	v       any
	expires time.Time
}

// heldMax bounds the memo; when full it starts afresh.
const heldMax = 4096

func (m *heldMemo) get(key string, now time.Time) (any, bool) {
	m.mu.Lock()
	h, ok := m.m[key]
	m.mu.Unlock()
	if !ok || !now.Before(h.expires) {
		return nil, false
	}
	return h.v, true
}

func (m *heldMemo) put(key string, v any, expires time.Time) {
	m.mu.Lock()
	if m.m == nil || len(m.m) >= heldMax {
		m.m = make(map[string]heldValue)
	}
	m.m[key] = heldValue{v, expires}
	m.mu.Unlock()
}

// MemoryKnowledge is a Knowledge kept in process: values expire after
// their ttl, and concurrent Fetches of one key share one call. Its zero
// value is not usable; use NewMemoryKnowledge.
type MemoryKnowledge struct {
	now   func() time.Time
	mu    sync.Mutex
	m     map[string]memoryEntry
	calls map[string]*memoryCall
}

type memoryEntry struct {
	value            json.RawMessage
	fetched, expires time.Time
}

type memoryCall struct {
	done  chan struct{}
	entry memoryEntry
	err   error
}

// NewMemoryKnowledge returns an empty MemoryKnowledge on clock now (nil:
// time.Now).
func NewMemoryKnowledge(now func() time.Time) *MemoryKnowledge {
	if now == nil {
		now = time.Now
	}
	return &MemoryKnowledge{now: now, m: map[string]memoryEntry{}, calls: map[string]*memoryCall{}}
}

var _ Knowledge = (*MemoryKnowledge)(nil)

// FetchNamed implements Knowledge. The first caller of a key runs fetch on its
// own goroutine and ctx; later callers wait for it (or for their ctx) and
// share its result. A failed fetch is returned to every waiter and not
// kept. A panic in fetch is returned as an error.
func (k *MemoryKnowledge) FetchNamed(ctx context.Context, kind, name string, ttl time.Duration, fetch func(ctx context.Context) (json.RawMessage, error)) (value json.RawMessage, fetchedAt time.Time, err error) {
	key := kind + "|" + name
	k.mu.Lock()
	if e, ok := k.m[key]; ok && k.now().Before(e.expires) {
		k.mu.Unlock()
		return e.value, e.fetched, nil
	}
	if c, ok := k.calls[key]; ok {
		k.mu.Unlock()
		select {
		case <-c.done:
			return c.entry.value, c.entry.fetched, c.err
		case <-ctx.Done():
			return nil, time.Time{}, context.Cause(ctx)
		}
	}
	c := &memoryCall{done: make(chan struct{})}
	k.calls[key] = c
	k.mu.Unlock()
	defer func() {
		if r := recover(); r != nil {
			c.err = fmt.Errorf("openmeteo: knowledge fetch panicked: %v", r)
			value, fetchedAt, err = nil, time.Time{}, c.err
		}
		k.mu.Lock()
		delete(k.calls, key)
		if c.err == nil {
			k.m[key] = c.entry
		}
		k.mu.Unlock()
		close(c.done)
	}()
	v, ferr := fetch(ctx)
	now := k.now()
	c.entry, c.err = memoryEntry{value: v, fetched: now, expires: now.Add(ttl)}, ferr
	return c.entry.value, c.entry.fetched, c.err
}
