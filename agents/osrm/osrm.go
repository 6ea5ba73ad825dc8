// Package osrm computes travel-time matrices with the OSRM table service,
// built on package upstream, and falls back to a haversine estimate where
// OSRM cannot answer. It speaks the domain vocabulary:
// orchestrator.TravelMatrix.
//
// OSRM serves one routing profile per server process and ignores the
// profile named in the URL, so each profile needs its own server: the demo
// router.project-osrm.org is car-only; FOSSGIS runs foot and bike servers
// at routing.openstreetmap.de/routed-foot and /routed-bike. Both public
// services are for reasonable non-commercial use at most one request a
// second with a real User-Agent; production deployments self-host. Data ©
// OpenStreetMap contributors (ODbL).
package osrm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/orchestrator"
)

// Provider is the provider name in errors and provenance.
const Provider = "osrm"

// Profiles.
const (
	Driving = "driving"
	Walking = "walking"
	Cycling = "cycling"
)

// Default servers per profile, and the value that disables a profile's
// server so that its matrices are always estimates.
const (
	DemoURL     = "https://router.project-osrm.org"
	FootURL     = "https://routing.openstreetmap.de/routed-foot"
	BikeURL     = "https://routing.openstreetmap.de/routed-bike"
	Disabled    = "none"
	pathProfile = "driving" // ignored by osrm-routed; FOSSGIS's convention
)

// MaxPoints is the default --max-table-size of osrm-routed and the most
// points Matrix accepts.
const MaxPoints = 100

// Provenance of matrices.
const (
	SourceTable     = "osrm:table"
	SourceHaversine = "haversine"
	// TableTTL is the freshness of an OSRM matrix: no live traffic, so
	// road times change only with the map.
	TableTTL = 7 * 24 * time.Hour
	// EstimateTTL is the freshness of a matrix holding estimated cells:
	// short, so that a later call can get OSRM's answer.
	EstimateTTL = time.Hour
)

// Attribution credits the road data.
var Attribution = orchestrator.Attribution{
	Text: "Routing by OSRM, road data © OpenStreetMap contributors", URL: "https://www.openstreetmap.org/copyright", License: "ODbL 1.0",
}

// DefaultLimit is the public servers' policy: one request a second, one at
// a time. It applies per server host.
var DefaultLimit = upstream.Limit{Requests: 1, Interval: time.Second, Concurrent: 1}

// Speed and road factor per profile for the haversine estimate: the road
// distance is the great-circle distance times RoadFactor, the time that
// distance at SpeedKMH. The factors are typical detour indexes of street
// networks (1.2–1.4 in published circuity studies); the speeds are door-to-
// door averages in a city: driving 30 km/h with junctions and traffic
// (OSRM's free-flow car times are faster), cycling 14 km/h, walking
// 4.8 km/h.
var Estimates = map[string]EstimateModel{
	Driving: {RoadFactor: 1.3, SpeedKMH: 30},
	Cycling: {RoadFactor: 1.25, SpeedKMH: 14},
	Walking: {RoadFactor: 1.25, SpeedKMH: 4.8},
}

// EstimateModel turns a great-circle distance into a road estimate.
type EstimateModel struct {
	RoadFactor float64 `json:"road_factor"`
	SpeedKMH   float64 `json:"speed_kmh"`
}

// Point is a stop of a matrix: a caller's ID and a WGS-84 position.
type Point struct {
	ID  string  `json:"id"`
	Lat float64 `json:"lat"`
	Lon float64 `json:"lon"`
}

// Options configure a Client. Empty URLs mean the defaults; Disabled turns
// a profile's server off.
type Options struct {
	DrivingURL string // default DemoURL
	WalkingURL string // default FootURL
	CyclingURL string // default BikeURL
	// Upstream configures the HTTP layer of every server. New sets
	// Provider, Limit and MapError where they are zero; servers on one host
	// share one limit.
	Upstream upstream.Options
	// Logger receives a line when a matrix falls back to the estimate; nil
	// means no logging.
	Logger *slog.Logger
}

// Client asks OSRM for matrices. It is safe for concurrent use.
type Client struct {
	servers map[string]server // by profile
	logger  *slog.Logger
}

type server struct {
	url string
	up  *upstream.Client
	// pairs batches the server's two-point tables (pairTable).
	pairs *pairBatch
}

// New returns a Client with opts. It returns an error for a URL that is
// neither empty, Disabled nor an absolute http(s) URL.
func New(opts Options) (*Client, error) {
	uo := opts.Upstream
	if uo.Provider == "" {
		uo.Provider = Provider
	}
	if uo.Limit == (upstream.Limit{}) {
		uo.Limit = DefaultLimit
	}
	if uo.MapError == nil {
		uo.MapError = MapError
	}
	c := &Client{servers: map[string]server{}, logger: opts.Logger}
	byHost := map[string]*upstream.Client{}
	for _, p := range []struct{ profile, url, def string }{
		{Driving, opts.DrivingURL, DemoURL},
		{Walking, opts.WalkingURL, FootURL},
		{Cycling, opts.CyclingURL, BikeURL},
	} {
		raw := strings.TrimRight(strings.TrimSpace(p.url), "/")
		switch raw {
		case Disabled:
			continue
		case "":
			raw = p.def
		}
		u, err := url.Parse(raw)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("osrm: invalid %s server URL %q", p.profile, raw)
		}
		up := byHost[u.Host]
		if up == nil {
			up = upstream.New(uo)
			byHost[u.Host] = up
		}
		c.servers[p.profile] = server{url: raw, up: up, pairs: newPairBatch()}
	}
	return c, nil
}

// MapError maps OSRM's error body {"code":"...","message":"..."}:
// InvalidUrl/Service/Version/Options/Query/Value and TooBig →
// invalid_argument; NoSegment, NoTable, NoRoute → not_found;
// DisabledDataset, NotImplemented → unavailable; the demo's 429 {"message":
// "Too Many Requests"} → rate_limited, retryable.
func MapError(status int, _ http.Header, body []byte) *orchestrator.UpstreamError {
	var e struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	}
	if json.Unmarshal(body, &e) != nil || (e.Code == "" && e.Message == "") {
		return nil
	}
	if status == http.StatusTooManyRequests {
		return &orchestrator.UpstreamError{Type: orchestrator.ERATELIMITED, Message: e.Message, Retryable: true}
	}
	return codeError(e.Code, e.Message)
}

func codeError(code, message string) *orchestrator.UpstreamError {
	msg := strings.TrimSpace(code + ": " + message)
	switch {
	case strings.HasPrefix(code, "Invalid"), code == "TooBig":
		return &orchestrator.UpstreamError{Type: orchestrator.EINVALIDARG, Message: msg}
	case code == "NoSegment", code == "NoTable", code == "NoRoute", code == "NoMatch", code == "NoTrips":
		return &orchestrator.UpstreamError{Type: orchestrator.ENOTFOUND, Message: msg}
	case code == "DisabledDataset", code == "NotImplemented":
		return &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: msg}
	}
	return &orchestrator.UpstreamError{Message: msg}
}

// Table is OSRM's answer for n points: row-major seconds and metres.
type Table struct {
	Durations [][]Cell `json:"durations"`
	Distances [][]Cell `json:"distances"`
}

// Cell is one value of a Table; Valid is false where OSRM found no route
// (null). A value type rather than a pointer: a 100-point table decodes
// with 800 allocations instead of 20,800.
type Cell struct {
	Value float64
	Valid bool
}

// UnmarshalJSON implements json.Unmarshaler for a number or null.
func (c *Cell) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*c = Cell{}
		return nil
	}
	f, err := strconv.ParseFloat(string(b), 64)
	if err != nil {
		return fmt.Errorf("osrm: table cell %.20q is not a number", b)
	}
	*c = Cell{Value: f, Valid: true}
	return nil
}

// Table asks profile's server for the n×n durations and distances between
// pts. A profile without a server is an unavailable error; OSRM's own
// errors are typed by MapError.
func (c *Client) Table(ctx context.Context, profile string, pts []Point) (Table, error) {
	srv, ok := c.servers[profile]
	if !ok {
		return Table{}, errorf(orchestrator.EUNAVAILABLE, "no OSRM server for the %s profile", profile)
	}
	if err := validate(pts); err != nil {
		return Table{}, err
	}
	var coords strings.Builder
	for i, p := range pts {
		if i > 0 {
			coords.WriteByte(';')
		}
		coords.WriteString(formatCoord(p.Lon))
		coords.WriteByte(',')
		coords.WriteString(formatCoord(p.Lat))
	}
	body, err := srv.up.Get(ctx, srv.url+"/table/v1/"+pathProfile+"/"+coords.String(),
		url.Values{"annotations": {"duration,distance"}})
	if err != nil {
		return Table{}, err
	}
	return ParseTable(body, len(pts))
}

// formatCoord writes v with at most 6 decimals (about 0.1 m).
func formatCoord(v float64) string {
	return strconv.FormatFloat(math.Round(v*1e6)/1e6, 'f', -1, 64)
}

// ParseTable decodes a table answer for n points. A code other than "Ok" is
// typed as by MapError; an answer that is not n×n, or holds a negative or
// non-finite cell, is a bad_response.
func ParseTable(body []byte, n int) (Table, error) {
	var r struct {
		Code    string `json:"code"`
		Message string `json:"message"`
		Table
	}
	if err := json.Unmarshal(body, &r); err != nil {
		return Table{}, errorf(orchestrator.EBADRESPONSE, "undecodable table: %v", err)
	}
	if r.Code != "Ok" {
		e := codeError(r.Code, r.Message)
		if e.Type == "" {
			e.Type = orchestrator.EBADRESPONSE
		}
		e.Provider = Provider
		return Table{}, e
	}
	if err := checkSquare("durations", r.Durations, n); err != nil {
		return Table{}, err
	}
	if r.Distances != nil {
		if err := checkSquare("distances", r.Distances, n); err != nil {
			return Table{}, err
		}
	}
	return r.Table, nil
}

func checkSquare(name string, m [][]Cell, n int) error {
	if len(m) != n {
		return errorf(orchestrator.EBADRESPONSE, "%s has %d rows, want %d", name, len(m), n)
	}
	for i, row := range m {
		if len(row) != n {
			return errorf(orchestrator.EBADRESPONSE, "%s row %d has %d cells, want %d", name, i, len(row), n)
		}
		for _, v := range row {
			if v.Valid && (v.Value < 0 || math.IsNaN(v.Value) || math.IsInf(v.Value, 0)) {
				return errorf(orchestrator.EBADRESPONSE, "%s holds an invalid value %v", name, v.Value)
			}
		}
	}
	return nil
}

// Result is a travel matrix and how much of it is estimated.
type Result struct {
	Matrix orchestrator.TravelMatrix `json:"matrix"`
	// Estimate is set when any cell comes from the haversine estimate.
	Estimate bool `json:"estimate"`
	// EstimatedCells lists the [row, column] cells OSRM left null and the
	// estimate filled, row-major; empty when OSRM answered every cell or
	// when the whole matrix is estimated (Fallback set).
	EstimatedCells [][2]int `json:"estimated_cells,omitempty"`
	// Fallback says why the whole matrix is an estimate; empty when OSRM
	// answered.
	Fallback string `json:"fallback,omitempty"`
	// Model is the estimate's road factor and speed, set when Estimate is.
	Model *EstimateModel `json:"model,omitempty"`
}

// Source returns the provenance source of r.
func (r Result) Source() string {
	switch {
	case r.Fallback != "":
		return SourceHaversine
	case r.Estimate:
		return SourceTable + "+" + SourceHaversine
	}
	return SourceTable
}

// TTL returns the freshness of r.
func (r Result) TTL() time.Duration {
	if r.Estimate {
		return EstimateTTL
	}
	return TableTTL
}

// Matrix returns the travel matrix between pts (2–MaxPoints, IDs unique)
// for profile. Cells OSRM leaves null are estimated and listed; when OSRM
// fails altogether (down, 429, TooBig, no server for the profile, a garbage
// answer) the whole matrix is the estimate and Fallback says why. Only
// invalid points or the end of ctx are errors.
func (c *Client) Matrix(ctx context.Context, profile string, pts []Point) (Result, error) {
	model, ok := Estimates[profile]
	if !ok {
		return Result{}, errorf(orchestrator.EINVALIDARG, "unknown profile %q (want driving, walking or cycling)", profile)
	}
	if err := validate(pts); err != nil {
		return Result{}, err
	}
	var t Table
	var err error
	if srv, ok := c.servers[profile]; ok && len(pts) == 2 {
		t, err = c.pairTable(ctx, profile, srv.pairs, [2]Point{pts[0], pts[1]})
	} else {
		t, err = c.Table(ctx, profile, pts)
	}
	if err != nil {
		if ctx.Err() != nil {
			return Result{}, err
		}
		if c.logger != nil {
			c.logger.WarnContext(ctx, "osrm table failed; using the haversine estimate", "profile", profile, "points", len(pts), "error", err)
		}
		r := Result{Matrix: Estimate(profile, pts), Estimate: true, Fallback: fallbackReason(err), Model: &model}
		return r, nil
	}
	// Start from the estimate and overwrite every cell OSRM answered.
	m := Estimate(profile, pts)
	var cells [][2]int
	for i := range pts {
		for j := range pts {
			d := t.Durations[i][j]
			if !d.Valid {
				cells = append(cells, [2]int{i, j})
				continue
			}
			m.Seconds[i][j] = int(math.Round(d.Value))
			// A distance OSRM left out keeps its estimate; the time is real.
			if t.Distances != nil && t.Distances[i][j].Valid {
				m.Meters[i][j] = int(math.Round(t.Distances[i][j].Value))
			}
		}
	}
	r := Result{Matrix: m, Estimate: len(cells) > 0, EstimatedCells: cells}
	if r.Estimate {
		r.Model = &model
	}
	return r, nil
}

func fallbackReason(err error) string {
	var ue *orchestrator.UpstreamError
	if errors.As(err, &ue) {
		return "OSRM " + ue.Type + ": " + ue.Message
	}
	return "OSRM failed: " + err.Error()
}

// Estimate returns the haversine × road-factor matrix between pts for
// profile (Estimates; driving's model for an unknown profile).
func Estimate(profile string, pts []Point) orchestrator.TravelMatrix {
	model, ok := Estimates[profile]
	if !ok {
		model = Estimates[Driving]
	}
	n := len(pts)
	m := orchestrator.TravelMatrix{Mode: profile, IDs: make([]string, n), Seconds: make([][]int, n), Meters: make([][]int, n)}
	secs := make([]int, n*n)
	meters := make([]int, n*n)
	for i, p := range pts {
		m.IDs[i] = p.ID
		m.Seconds[i] = secs[i*n : (i+1)*n : (i+1)*n]
		m.Meters[i] = meters[i*n : (i+1)*n : (i+1)*n]
		for j, q := range pts {
			if i == j {
				continue
			}
			road := orchestrator.GeoPoint{Lat: p.Lat, Lon: p.Lon}.DistanceKM(orchestrator.GeoPoint{Lat: q.Lat, Lon: q.Lon}) * model.RoadFactor
			m.Meters[i][j] = int(math.Round(road * 1000))
			m.Seconds[i][j] = int(math.Round(road / model.SpeedKMH * 3600))
		}
	}
	return m
}

func validate(pts []Point) error {
	if len(pts) < 2 || len(pts) > MaxPoints {
		return errorf(orchestrator.EINVALIDARG, "a matrix needs 2 to %d points, got %d", MaxPoints, len(pts))
	}
	seen := make(map[string]bool, len(pts))
	for i, p := range pts {
		switch {
		case p.ID == "":
			return errorf(orchestrator.EINVALIDARG, "point %d has no id", i)
		case seen[p.ID]:
			return errorf(orchestrator.EINVALIDARG, "point id %q appears twice", p.ID)
		case !(p.Lat >= -90 && p.Lat <= 90) || !(p.Lon >= -180 && p.Lon <= 180):
			return errorf(orchestrator.EINVALIDARG, "point %q is outside -90..90, -180..180", p.ID)
		}
		seen[p.ID] = true
	}
	return nil
}

func errorf(typ, format string, args ...any) *orchestrator.UpstreamError {
	return &orchestrator.UpstreamError{Type: typ, Message: fmt.Sprintf(format, args...), Provider: Provider}
}
