// Package standin answers like the no-key public providers — Open-Meteo
// (geocoding, forecast, archive), Wikivoyage, Overpass, Nominatim and
// Frankfurter — for any place and any date, in their recorded formats, on
// loopback. It stands in for them where the real ones must not be called:
// `orchestrator load --providers standin` and tests that need providers that
// answer, through the real clients (Configure points an agents.Config at
// it). It counts the requests each provider received.
//
// Weather is generated, not recorded: every (place, date) has fixed values
// (a seasonal temperature curve plus noise from a hash of the coordinates
// and the date), the same from the forecast and the archive, so that any
// date range is answered and equal requests get equal bodies. The forecast
// answers only today−92 … today+15 and the archive only up to today−5 (by
// Now), as Open-Meteo does, with its 400 "out of allowed range" body
// otherwise. The other providers answer their recording for Chengdu, moved
// to the place asked for (names and coordinates).
package standin

import (
	"embed"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tripweave/tripweave/agents"
)

//go:embed recorded/*.json
var recorded embed.FS

// Providers, as Calls names them.
const (
	OpenMeteo   = "open-meteo"
	Wikivoyage  = "wikivoyage"
	Overpass    = "overpass"
	Nominatim   = "nominatim"
	Frankfurter = "frankfurter"
)

// chengdu is where the recordings were made.
const chengduLat, chengduLon = 30.66667, 104.06667

// Server is a running stand-in. It is safe for concurrent use.
type Server struct {
	// URL is the base URL, http://127.0.0.1:port.
	URL string

	now  func() time.Time
	srv  *http.Server
	ln   net.Listener
	done chan struct{}
	rec  map[string]map[string]any

	calls sync.Map // provider → *atomic.Int64
}

// Options configure Start. A nil *Options means the defaults.
type Options struct {
	// Addr to listen on; default "127.0.0.1:0".
	Addr string
	// Now places the forecast's and the archive's windows; default
	// time.Now.
	Now func() time.Time
}

// Start starts a stand-in listening on loopback. Close stops it.
func Start(opts *Options) (*Server, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Addr == "" {
		o.Addr = "127.0.0.1:0"
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	s := &Server{now: o.Now, rec: map[string]map[string]any{}, done: make(chan struct{})}
	for _, name := range []string{"geocode_chengdu_en", "parse_chengdu_en", "attractions_chengdu", "restaurants_chengdu",
		"lodging_chengdu", "latest_cny", "search_chengdu_en"} {
		b, err := recorded.ReadFile("recorded/" + name + ".json")
		if err != nil {
			return nil, err
		}
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			return nil, fmt.Errorf("standin: %s: %w", name, err)
		}
		if m, ok := v.(map[string]any); ok {
			s.rec[name] = m
		} else {
			s.rec[name] = map[string]any{"list": v}
		}
	}
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		return nil, err
	}
	s.ln = ln
	s.URL = "http://" + ln.Addr().String()
	s.srv = &http.Server{Handler: http.HandlerFunc(s.serve), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		defer close(s.done)
		_ = s.srv.Serve(ln)
	}()
	return s, nil
}

// Close stops the server and waits for it.
func (s *Server) Close() error {
	err := s.srv.Close()
	<-s.done
	return err
}

// Configure returns cfg with every provider the stand-in answers pointed
// at it, and OSRM off (the travel matrix then falls back to its estimate).
func (s *Server) Configure(cfg agents.Config) agents.Config {
	cfg.OpenMeteoGeocodingURL = s.URL + "/om/v1/search"
	cfg.OpenMeteoForecastURL = s.URL + "/om/v1/forecast"
	cfg.OpenMeteoArchiveURL = s.URL + "/om/v1/archive"
	cfg.WikivoyageENURL = s.URL + "/wv/en/w/api.php"
	cfg.WikivoyageZHURL = s.URL + "/wv/zh/w/api.php"
	cfg.OverpassURL = s.URL + "/op/api/interpreter"
	cfg.NominatimURL = s.URL + "/nm/search"
	t := cfg.Travel
	t.FrankfurterURL = s.URL + "/fx"
	t.OSRMURL, t.OSRMWalkingURL, t.OSRMCyclingURL = "none", "none", "none"
	cfg.Travel = t
	return cfg
}

// Calls returns the requests received so far, by provider.
func (s *Server) Calls() map[string]int64 {
	out := map[string]int64{}
	s.calls.Range(func(k, v any) bool {
		out[k.(string)] = v.(*atomic.Int64).Load()
		return true
	})
	return out
}

// Total returns the requests received so far, all providers together.
func (s *Server) Total() int64 {
	var n int64
	for _, v := range s.Calls() {
		n += v
	}
	return n
}

func (s *Server) count(provider string) {
	v, _ := s.calls.LoadOrStore(provider, new(atomic.Int64))
	v.(*atomic.Int64).Add(1)
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	_ = r.ParseForm()
	q := r.Form
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	status, out := http.StatusOK, any(nil)
	p := r.URL.Path
	switch {
	case p == "/om/v1/search":
		s.count(OpenMeteo)
		out = s.geocode(q.Get("name"))
	case p == "/om/v1/forecast" || p == "/om/v1/archive":
		s.count(OpenMeteo)
		status, out = s.daily(strings.TrimPrefix(p, "/om/v1/"), q)
	case strings.HasPrefix(p, "/wv/"):
		s.count(Wikivoyage)
		out = s.wikivoyage(q)
	case p == "/op/api/interpreter":
		s.count(Overpass)
		out = s.overpass(q.Get("data"))
	case p == "/nm/search":
		s.count(Nominatim)
		out = s.nominatim(q.Get("q"))
	case strings.HasPrefix(p, "/fx/"):
		s.count(Frankfurter)
		status, out = s.frankfurter(strings.TrimPrefix(p, "/fx/"), q)
	default:
		status, out = http.StatusNotFound, map[string]any{"error": true, "reason": "Not Found"}
	}
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(out)
}

// Place returns the coordinates the stand-in gives a place name: Chengdu's
// recording moved by an offset from a hash of the name.
func Place(name string) (lat, lon float64) {
	h := fnv.New32a()
	h.Write([]byte(strings.ToLower(strings.TrimSpace(name))))
	v := h.Sum32()
	return round(chengduLat+float64(v%2000)/100-10, 5), round(chengduLon+float64((v/2000)%4000)/100-20, 5)
}

func round(x float64, digits int) float64 {
	p := math.Pow(10, float64(digits))
	return math.Round(x*p) / p
}

func clone(v map[string]any) map[string]any {
	b, _ := json.Marshal(v)
	var out map[string]any
	_ = json.Unmarshal(b, &out)
	return out
}

// shift moves every lat/lon pair in v by (dlat, dlon).
func shift(v any, dlat, dlon float64) {
	switch x := v.(type) {
	case map[string]any:
		if lat, ok := x["lat"].(float64); ok {
			x["lat"] = lat + dlat
		}
		if lon, ok := x["lon"].(float64); ok {
			x["lon"] = lon + dlon
		}
		for _, c := range x {
			shift(c, dlat, dlon)
		}
	case []any:
		for _, c := range x {
			shift(c, dlat, dlon)
		}
	}
}

func (s *Server) geocode(name string) any {
	name = strings.TrimSpace(name)
	if name == "" {
		return map[string]any{"generationtime_ms": 0.1}
	}
	g := clone(s.rec["geocode_chengdu_en"])
	res := g["results"].([]any)[0].(map[string]any)
	lat, lon := Place(name)
	res["name"], res["latitude"], res["longitude"] = name, lat, lon
	g["results"] = []any{res}
	return g
}

func (s *Server) nominatim(q string) any {
	name, _, _ := strings.Cut(q, ",")
	name = strings.TrimSpace(name)
	if name == "" {
		return []any{}
	}
	list := clone(map[string]any{"l": s.rec["search_chengdu_en"]["list"]})["l"].([]any)
	hit := list[0].(map[string]any)
	lat, lon := Place(name)
	hit["lat"], hit["lon"] = strconv.FormatFloat(lat, 'f', -1, 64), strconv.FormatFloat(lon, 'f', -1, 64)
	hit["name"], hit["display_name"] = name, name+", China"
	return []any{hit}
}

func (s *Server) wikivoyage(q url.Values) any {
	if q.Get("action") != "parse" {
		return map[string]any{"batchcomplete": true, "query": map[string]any{"pages": []any{map[string]any{"title": q.Get("titles"), "missing": true}}}}
	}
	page := q.Get("page")
	pg := clone(s.rec["parse_chengdu_en"])
	inner := pg["parse"].(map[string]any)
	inner["title"] = page
	if wt, ok := inner["wikitext"].(string); ok {
		inner["wikitext"] = strings.ReplaceAll(wt, "Chengdu", page)
	}
	return pg
}

func (s *Server) overpass(data string) any {
	fix := s.rec["attractions_chengdu"]
	switch {
	case strings.Contains(data, "hotel|hostel"):
		fix = s.rec["lodging_chengdu"]
	case strings.Contains(data, `"amenity"`):
		fix = s.rec["restaurants_chengdu"]
	}
	var lat, lon float64
	if i := strings.Index(data, "around:"); i >= 0 {
		var radius float64
		fmt.Sscanf(data[i+len("around:"):], "%f,%f,%f", &radius, &lat, &lon)
	}
	o := clone(fix)
	shift(o["elements"], lat-chengduLat, lon-chengduLon)
	return o
}

func (s *Server) frankfurter(path string, q url.Values) (int, any) {
	base := strings.ToUpper(q.Get("base"))
	if base == "" {
		base = "EUR"
	}
	rec := clone(s.rec["latest_cny"])
	rates := rec["rates"].(map[string]any)
	cny := map[string]float64{"CNY": 1}
	for k, v := range rates {
		cny[k], _ = v.(float64)
	}
	per, ok := cny[base] // one CNY in base
	if !ok || per == 0 {
		return http.StatusNotFound, map[string]any{"message": "not found"}
	}
	out := map[string]any{}
	want := map[string]bool{}
	for _, sym := range strings.Split(q.Get("symbols"), ",") {
		if sym = strings.ToUpper(strings.TrimSpace(sym)); sym != "" {
			want[sym] = true
		}
	}
	for k, v := range cny {
		if k == base || (len(want) > 0 && !want[k]) {
			continue
		}
		out[k] = round(v/per, 5)
	}
	date := s.now().UTC().Format("2006-01-02")
	if path != "latest" {
		date = path
	}
	return http.StatusOK, map[string]any{"amount": 1.0, "base": base, "date": date, "rates": out}
}

// daily answers a forecast or archive request.
func (s *Server) daily(api string, q url.Values) (int, any) {
	bad := func(reason string) (int, any) {
		return http.StatusBadRequest, map[string]any{"error": true, "reason": reason}
	}
	for _, k := range []string{"latitude", "longitude", "start_date", "end_date", "daily"} {
		if q.Get(k) == "" {
			return bad(fmt.Sprintf("Parameter '%s' is required", k))
		}
	}
	lat, err1 := strconv.ParseFloat(q.Get("latitude"), 64)
	lon, err2 := strconv.ParseFloat(q.Get("longitude"), 64)
	start, err3 := time.Parse("2006-01-02", q.Get("start_date"))
	end, err4 := time.Parse("2006-01-02", q.Get("end_date"))
	if err1 != nil || err2 != nil || err3 != nil || err4 != nil || end.Before(start) {
		return bad("Invalid parameters")
	}
	now := s.now().UTC()
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	first, last := today.AddDate(0, 0, -92), today.AddDate(0, 0, 15)
	if api == "archive" {
		first, last = time.Date(1940, 1, 1, 0, 0, 0, 0, time.UTC), today.AddDate(0, 0, -5)
	}
	if start.Before(first) || end.After(last) {
		which := "start_date"
		if !start.Before(first) {
			which = "end_date"
		}
		return bad(fmt.Sprintf("Parameter '%s' is out of allowed range from %s to %s", which, first.Format("2006-01-02"), last.Format("2006-01-02")))
	}
	vars := strings.Split(q.Get("daily"), ",")
	if api == "archive" {
		for _, v := range vars {
			if strings.HasPrefix(v, "precipitation_probability") {
				return bad("Cannot initialize ArchiveVariable from invalid String value " + v + " for key daily")
			}
		}
	}
	n := int(end.Sub(start).Hours()/24) + 1
	times := make([]string, n)
	cols := map[string][]any{}
	for _, v := range vars {
		cols[v] = make([]any, n)
	}
	for i := range n {
		day := start.AddDate(0, 0, i)
		times[i] = day.Format("2006-01-02")
		w := Weather(lat, lon, day)
		for _, v := range vars {
			var x any
			switch v {
			case "weather_code":
				x = w.Code
			case "temperature_2m_max":
				x = w.TempMax
			case "temperature_2m_min":
				x = w.TempMin
			case "precipitation_sum":
				x = w.Precipitation
			case "precipitation_probability_max":
				x = w.PrecipitationPct
			case "wind_speed_10m_max":
				x = w.WindMax
			}
			cols[v][i] = x
		}
	}
	units := map[string]any{"time": "iso8601"}
	dailyOut := map[string]any{"time": times}
	for _, v := range vars {
		dailyOut[v] = cols[v]
		units[v] = map[string]string{"weather_code": "wmo code", "temperature_2m_max": "°C", "temperature_2m_min": "°C",
			"precipitation_sum": "mm", "precipitation_probability_max": "%", "wind_speed_10m_max": "km/h"}[v]
	}
	return http.StatusOK, map[string]any{
		"latitude": round(lat, 2), "longitude": round(lon, 2), "generationtime_ms": 0.1, "utc_offset_seconds": 28800,
		"timezone": "Asia/Shanghai", "timezone_abbreviation": "GMT+8", "elevation": 500.0,
		"daily_units": units, "daily": dailyOut,
	}
}

// Day is the stand-in's weather for one place and date.
type Day struct {
	Code                            int
	TempMax, TempMin, Precipitation float64
	PrecipitationPct                int
	WindMax                         float64
}

// Weather returns the weather the stand-in gives (lat, lon) on day: a
// seasonal curve for the latitude plus fixed noise per place and date.
func Weather(lat, lon float64, day time.Time) Day {
	h := fnv.New64a()
	fmt.Fprintf(h, "%.4f,%.4f,%s", lat, lon, day.Format("2006-01-02"))
	v := h.Sum64()
	noise := func(shift uint, span float64) float64 { return float64((v>>shift)%1000)/1000*span - span/2 }
	season := math.Cos(2 * math.Pi * float64(day.YearDay()-200) / 365.25) // 1 in July
	if lat < 0 {
		season = -season
	}
	mean := 28 - math.Abs(lat)*0.4 + 10*season
	tmax := round(mean+5+noise(0, 6), 1)
	tmin := round(mean-5+noise(10, 6), 1)
	codes := []int{0, 1, 2, 3, 3, 45, 61, 63, 80, 95}
	code := codes[(v>>20)%uint64(len(codes))]
	precip := 0.0
	if code >= 61 {
		precip = round(1+float64((v>>30)%200)/10, 1)
	}
	return Day{Code: code, TempMax: tmax, TempMin: tmin, Precipitation: precip,
		PrecipitationPct: int((v >> 40) % 101), WindMax: round(5+float64((v>>50)%300)/10, 1)}
}
