// Package ginserver is tripweave's JSON API over gin: plans, their
// documents (HTML, Markdown, iCalendar, GeoJSON), live progress as
// Server-Sent Events, a page to try it at /, health, readiness and
// Prometheus metrics. Handlers hand the request's context to
// the core, never the *gin.Context.
package ginserver

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/app/intake"
	"github.com/tripweave/tripweave/orchestrator/platform/tracing"
	"github.com/tripweave/tripweave/templates"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"
)

// MaxBodyBytes is the largest request body accepted.
const MaxBodyBytes = 64 << 10

// Question asks the traveller for a missing essential.
type Question = orchestrator.Question

// ParsedQuery is a natural-language request read into a brief.
type ParsedQuery = orchestrator.ParsedQuery

// QueryParser reads natural-language requests.
type QueryParser = orchestrator.QueryParser

// Planner makes plans; *pipeline.Service implements it.
type Planner = intake.Planner

// Pinger is a dependency /readyz checks.
type Pinger interface {
	Ping(ctx context.Context) error
}

// Config wires a Server. Intake is the plan service every plan request
// goes through; nil makes one of Planner, Store, Parser and Now. Parser may
// be nil (then only structured briefs are accepted); Ready lists dependencies checked by /readyz by name; Degraded
// lists checks /readyz reports without failing readiness (provider
// reachability: plans from the cache and imported datasets still work).
type Config struct {
	Intake   *intake.Service
	Planner  Planner
	Store    orchestrator.PlanStore
	Parser   QueryParser
	Ready    map[string]Pinger
	Degraded map[string]Pinger
	Metrics  *Metrics
	Logger   *slog.Logger
	Now      func() time.Time
	// Renderer serves GET /v1/plans/{id}.html|.md|.ics|.geojson; nil
	// answers those with 503.
	Renderer *templates.Renderer
	// Prewarm queues pre-warm jobs for the workers (POST /v1/prewarm); nil
	// answers those with 503.
	Prewarm orchestrator.Prewarmer
	// Heartbeat is the interval of heartbeat events on progress streams;
	// zero means DefaultHeartbeat.
	Heartbeat time.Duration
	// Hardening configures access control, limits and browser policy
	// (hardening.go); its zero value is open access on loopback.
	Hardening
}

// Server is the HTTP API.
type Server struct {
	cfg    Config
	intake *intake.Service
	log    *slog.Logger
	engine *gin.Engine
	docs   *docCache
}

// docCacheSize bounds the rendered documents kept in memory.
const docCacheSize = 256

const requestIDKey = "request_id"

// unmatchedRoute is the route label of a request no route matched.
const unmatchedRoute = "unmatched"

// New returns the API server. It panics on nothing; a nil Metrics disables
// /metrics.
func New(cfg Config) *Server {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Heartbeat <= 0 {
		cfg.Heartbeat = DefaultHeartbeat
	}
	gin.SetMode(gin.ReleaseMode)
	if cfg.Intake == nil {
		cfg.Intake = intake.New(intake.Config{Planner: cfg.Planner, Store: cfg.Store, Parser: cfg.Parser,
			Now: cfg.Now, NowWindow: cfg.NowWindow, Logger: cfg.Logger})
	}
	s := &Server{cfg: cfg, intake: cfg.Intake, log: cfg.Logger, engine: gin.New(), docs: newDocCache(docCacheSize)}
	e := s.engine
	e.HandleMethodNotAllowed = true
	e.Use(s.requestID, nosniff, s.recover, traced, s.accessLog, s.cors, s.authenticate)
	e.NoRoute(func(c *gin.Context) {
		writeError(c, s.log, orchestrator.Errorf(orchestrator.ENOTFOUND, "no route %s %s", c.Request.Method, c.Request.URL.Path))
	})
	e.NoMethod(func(c *gin.Context) {
		c.AbortWithStatusJSON(http.StatusMethodNotAllowed, errorBody{Error: errorDetail{Code: "method_not_allowed", Message: "method not allowed", RequestID: c.GetString(requestIDKey)}})
	})
	e.GET("/", s.page)
	e.POST("/v1/plans", s.createPlan)
	e.POST("/v1/plans/stream", s.streamPlan)
	e.POST("/v1/briefs", s.parseBrief)
	e.POST("/v1/plans/:id/answers", s.answerPlan)
	e.POST("/v1/plans/:id/replan", s.replanPlan)
	e.GET("/v1/plans/:id", s.getPlan)
	e.GET("/v1/plans/:id/trace", s.getTrace)
	e.GET("/v1/plans", s.listPlans)
	e.DELETE("/v1/plans/:id", s.deletePlan)
	e.POST("/v1/prewarm", s.enqueuePrewarm)
	e.GET("/v1/prewarm/:job", s.prewarmStatus)
	e.GET("/healthz", func(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"status": "ok"}) })
	e.GET("/readyz", s.readyz)
	s.hardeningRoutes(e)
	if cfg.Metrics != nil {
		h := cfg.Metrics.Handler()
		e.GET("/metrics", func(c *gin.Context) { h.ServeHTTP(c.Writer, c.Request) })
	}
	return s
}

// Handler returns the server's http.Handler.
func (s *Server) Handler() http.Handler { return s.engine }

func (s *Server) requestID(c *gin.Context) {
	id := c.GetHeader("X-Request-ID")
	if !validRequestID(id) {
		var b [8]byte
		_, _ = rand.Read(b[:])
		id = hex.EncodeToString(b[:])
	}
	c.Set(requestIDKey, id)
	c.Header("X-Request-ID", id)
	c.Next()
}

var requestIDPattern = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)

func validRequestID(id string) bool { return requestIDPattern.MatchString(id) }

func (s *Server) recover(c *gin.Context) {
	defer func() {
		if r := recover(); r != nil {
			if r == http.ErrAbortHandler {
				panic(r)
			}
			ctx := orchestrator.WithRequestID(c.Request.Context(), c.GetString(requestIDKey))
			writeError(c, s.log, orchestrator.Recovered(ctx, s.log, "http "+c.FullPath(), r))
		}
	}()
	c.Next()
}

func (s *Server) accessLog(c *gin.Context) {
	start := time.Now()
	c.Next()
	d := time.Since(start)
	route := c.FullPath()
	if route == "" {
		route = unmatchedRoute
	}
	if s.cfg.Metrics != nil {
		s.cfg.Metrics.observeRequest(c.Request.Method, route, c.Writer.Status(), d)
	}
	// LogAttrs: typed attributes, none boxed.
	s.log.LogAttrs(c.Request.Context(), slog.LevelInfo, "request",
		slog.String("request_id", c.GetString(requestIDKey)), slog.String("method", c.Request.Method), slog.String("route", route),
		slog.Int("status", c.Writer.Status()), slog.Float64("duration_ms", float64(d.Microseconds())/1000), slog.Int("bytes", c.Writer.Size()))
}

// planRequest is the body of POST /v1/plans.
type planRequest struct {
	Query   string              `json:"query,omitempty"`
	Brief   *orchestrator.Brief `json:"brief,omitempty"`
	Now     string              `json:"now,omitempty"`
	Options *planOptions        `json:"options,omitempty"`
}

type planOptions struct {
	// DeadlineMS bounds the plan's run time (1 ms … 120 s).
	DeadlineMS int `json:"deadline_ms,omitempty"`
}

func (s *Server) createPlan(c *gin.Context) {
	if wantsStream(c) {
		s.streamPlan(c)
		return
	}
	a, fromBrief, ok := s.admitPlan(c)
	if !ok {
		return
	}
	o, err := s.intake.Run(c.Request.Context(), a, nil, !includeTrip(c))
	if err != nil {
		if fromBrief {
			err = prefixField("brief", err)
		}
		writeError(c, s.log, err)
		return
	}
	s.created(c, o.Plan, o.Lean)
}

// created answers 201 with plan: its lean JSON as encoded when the planner
// gave it, else the body planBody chooses.
func (s *Server) created(c *gin.Context, plan *orchestrator.Plan, lean []byte) {
	c.Header("Location", "/v1/plans/"+plan.ID)
	if lean != nil {
		c.Data(http.StatusCreated, jsonContentType, lean)
		return
	}
	c.JSON(http.StatusCreated, planBody(c, plan))
}

// jsonContentType is the Content-Type gin's c.JSON sends.
const jsonContentType = "application/json; charset=utf-8"

// planView is a plan as the API sends it: every field of the stored plan
// but the trip — its catalogs and travel matrices, hundreds of kilobytes —
// which only ?include=trip adds. The plan's sources summarize where the
// trip's facts came from either way.
type planView = orchestrator.LeanPlan

// includeTrip reports whether the request asks for the full trip
// (?include=trip, or a comma-separated list naming it).
func includeTrip(c *gin.Context) bool {
	for _, v := range c.QueryArray("include") {
		for _, f := range strings.Split(v, ",") {
			if strings.TrimSpace(f) == "trip" {
				return true
			}
		}
	}
	return false
}

// planBody returns what to send for p: the lean view, or the whole plan
// when the request includes the trip.
func planBody(c *gin.Context, p *orchestrator.Plan) any {
	if includeTrip(c) {
		return p
	}
	return planView{Plan: p}
}

// admitPlan reads the body of POST /v1/plans and passes it through intake;
// fromBrief says it held a structured brief. When there is nothing to plan
// (bad input, or questions to ask) it writes the response itself and
// returns ok false.
func (s *Server) admitPlan(c *gin.Context) (a *intake.Admitted, fromBrief, ok bool) {
	var req planRequest
	body, err := decodeJSONBody(c, &req)
	if err != nil {
		writeError(c, s.log, err)
		return nil, false, false
	}
	ir := intake.Request{Query: req.Query, Brief: req.Brief, Now: req.Now}
	if req.Brief != nil {
		var raw struct {
			Brief json.RawMessage `json:"brief"`
		}
		_ = json.Unmarshal(body, &raw)
		ir.BriefJSON = raw.Brief
	}
	if o := req.Options; o != nil && o.DeadlineMS != 0 {
		ir.Deadline = intake.Deadline(o.DeadlineMS)
	}
	a, o, err := s.intake.Admit(c.Request.Context(), ir)
	switch {
	case err != nil:
		writeError(c, s.log, optionsField(err))
		return nil, false, false
	case o != nil:
		s.askQuestions(c, o)
		return nil, false, false
	}
	return a, req.Brief != nil, true
}

// optionsField names the JSON API's place of a plan option intake refused
// (deadline_ms is options.deadline_ms here).
func optionsField(err error) error {
	if orchestrator.ErrorField(err) == "deadline_ms" {
		return prefixField("options", err)
	}
	return err
}

var planIDPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

func (s *Server) getPlan(c *gin.Context) {
	id := c.Param("id")
	if base, f, ok := splitFormat(id); ok {
		s.renderPlan(c, base, f)
		return
	}
	if !planIDPattern.MatchString(id) {
		writeError(c, s.log, orchestrator.Errorf(orchestrator.ENOTFOUND, "no plan %q", id))
		return
	}
	if ls, ok := s.cfg.Store.(orchestrator.LeanPlanStore); ok && !includeTrip(c) {
		// Stored by reference: the lean plan as it was written.
		doc, _, err := ls.LeanPlanJSON(c.Request.Context(), id)
		if err != nil {
			writeError(c, s.log, err)
			return
		}
		c.Data(http.StatusOK, jsonContentType, doc)
		return
	}
	if raw, ok := s.cfg.Store.(interface {
		PlanJSON(ctx context.Context, id string) ([]byte, error)
	}); ok {
		data, err := raw.PlanJSON(c.Request.Context(), id)
		if err != nil {
			writeError(c, s.log, err)
			return
		}
		if includeTrip(c) {
			// The stored document as it was written, byte for byte.
			c.Data(http.StatusOK, jsonContentType, data)
			return
		}
		var p orchestrator.Plan
		if err := json.Unmarshal(data, &p); err != nil {
			writeError(c, s.log, fmt.Errorf("stored plan %s: %w", id, err))
			return
		}
		c.JSON(http.StatusOK, planView{Plan: &p})
		return
	}
	p, err := s.cfg.Store.Plan(c.Request.Context(), id)
	if err != nil {
		writeError(c, s.log, err)
		return
	}
	c.JSON(http.StatusOK, planBody(c, p))
}

func (s *Server) getTrace(c *gin.Context) {
	id := c.Param("id")
	if !planIDPattern.MatchString(id) {
		writeError(c, s.log, orchestrator.Errorf(orchestrator.ENOTFOUND, "no plan %q", id))
		return
	}
	r, err := s.cfg.Store.Run(c.Request.Context(), id)
	if err != nil {
		writeError(c, s.log, err)
		return
	}
	c.JSON(http.StatusOK, r)
}

// decodeJSON reads a JSON body of at most MaxBodyBytes into v, rejecting
// unknown fields, trailing data and wrong types with an error naming the field.
func decodeJSON(c *gin.Context, v any) error {
	_, err := decodeJSONBody(c, v)
	return err
}

// decodeJSONBody is decodeJSON that also returns the body read.
func decodeJSONBody(c *gin.Context, v any) ([]byte, error) {
	if err := requireJSON(c.Request); err != nil {
		return nil, err
	}
	body, err := io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, MaxBodyBytes))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, orchestrator.Errorf(orchestrator.ETOOLARGE, "request body exceeds %d bytes", MaxBodyBytes)
		}
		return nil, orchestrator.Errorf(orchestrator.EINVALID, "cannot read the request body")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if m := unknownField.FindStringSubmatch(err.Error()); m != nil {
			if path, ok := unknownFieldPath(body, v); ok {
				return nil, orchestrator.FieldErrorf(path, "unknown field %q", m[1])
			}
		}
		return nil, jsonError(err)
	}
	if dec.More() {
		return nil, orchestrator.Errorf(orchestrator.EINVALID, "unexpected data after the JSON object")
	}
	return body, nil
}

var unknownField = regexp.MustCompile(`^json: unknown field "(.*)"$`)

func jsonError(err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		return orchestrator.Errorf(orchestrator.EINVALID, "the request body is empty")
	case errors.As(err, &se):
		return orchestrator.Errorf(orchestrator.EINVALID, "malformed JSON at byte %d", se.Offset)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return orchestrator.Errorf(orchestrator.EINVALID, "malformed JSON: unexpected end of input")
	case errors.As(err, &te):
		kind := te.Type.Kind().String()
		if v, ok := strings.CutPrefix(te.Value, "number "); ok {
			// A number where one is expected, but not one that fits.
			if strings.HasPrefix(kind, "int") || strings.HasPrefix(kind, "uint") {
				return orchestrator.FieldErrorf(te.Field, "must be a whole number of a sensible size, such as 2; %s is not", v)
			}
			return orchestrator.FieldErrorf(te.Field, "%s is too large a number", v)
		}
		return orchestrator.FieldErrorf(te.Field, "must be %s, not %s", jsonType(kind), jsonValue(te.Value))
	}
	if m := unknownField.FindStringSubmatch(err.Error()); m != nil {
		return orchestrator.FieldErrorf(m[1], "unknown field %q", m[1])
	}
	return orchestrator.Errorf(orchestrator.EINVALID, "malformed JSON")
}

// jsonValue names the kind of JSON value a client sent.
func jsonValue(v string) string {
	switch v {
	case "string":
		return "a string"
	case "bool":
		return "true or false"
	case "array":
		return "an array"
	case "object":
		return "an object"
	case "number":
		return "a number"
	}
	return v
}

func jsonType(kind string) string {
	switch kind {
	case "int", "int64", "float64":
		return "a number"
	case "string":
		return "a string"
	case "bool":
		return "true or false"
	case "slice":
		return "an array"
	case "struct", "map", "ptr":
		return "an object"
	}
	return kind
}

func prefixField(prefix string, err error) error { return orchestrator.PrefixField(prefix, err) }

// traced runs the request under a server span that joins the caller's
// trace (traceparent), when tracing is on; off, it only calls the next
// handler.
func traced(c *gin.Context) {
	if !tracing.Enabled() {
		c.Next()
		return
	}
	carrier := map[string]string{}
	for _, k := range []string{"traceparent", "tracestate", "baggage"} {
		if v := c.GetHeader(k); v != "" {
			carrier[k] = v
		}
	}
	ctx, span := tracing.Start(tracing.Extract(c.Request.Context(), carrier), c.Request.Method+" "+c.FullPath(),
		trace.WithSpanKind(trace.SpanKindServer))
	c.Request = c.Request.WithContext(ctx)
	c.Next()
	span.SetAttributes(attribute.Int("http.response.status_code", c.Writer.Status()))
	span.End()
}
