// Package brief turns a natural-language travel request, in Chinese or
// English, into an orchestrator.Brief. It is the only place a language
// model may touch a request, and it works without one.
//
// ParseRules is the rule-based parser: deterministic, no I/O, about 20k+
// parses a second on one core. It finds places with an embedded gazetteer
// (package gazetteer: GeoNames cities, Chinese names, aliases), dates
// (absolute, relative and holidays, with lunar dates and solar terms
// computed by package calendar), durations, travellers, budgets and
// currencies, interests, pace and hard constraints, and the request's
// language. Missing essentials (a destination; dates or a duration) become
// Questions in that language instead of guesses.
//
// A Parser adds an optional OpenAI-compatible model (go-openai): the rules
// always read the request and the model only refines their reading. It
// extracts spans and values, code resolves places, dates and currencies,
// the reply is decoded strictly and retried once with the error fed back,
// each value is grounded in the text and merged field by field (merge.go),
// and the rules answer alone whenever the model fails. Guardrails run
// before either parser: a length cap, control and zero-width characters
// removed, and prompt-injection phrases (after homoglyph folding) and
// non-travel requests refused.
package brief

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/gazetteer"
)

// Parser names reported in Result.Parser.
const (
	ParserRules = "rules"
	ParserLLM   = "llm"
)

// Result is a parsed request.
type Result struct {
	// Brief is normalised (it passes Brief.Normalize) when Questions is
	// empty; otherwise it holds what was understood so far.
	Brief  orchestrator.Brief `json:"brief"`
	Parser string             `json:"parser"`
	// Questions is non-empty when essentials are missing or wrong.
	Questions []Question `json:"questions,omitempty"`
	// Notes explain assumptions and fallbacks (currency assumed, model
	// failed, destination not in the gazetteer).
	Notes []string `json:"notes,omitempty"`
	// Places are the gazetteer entries behind Brief.Origin and
	// Brief.Destinations, with coordinates when known.
	Places []Place `json:"places,omitempty"`
	// CityCount is how many cities to visit inside a region or country
	// destination ("2 cities in Texas"); the brief has no field for it yet.
	CityCount int `json:"city_count,omitempty"`
	// TravelMonth is "YYYY-MM" when the request names a month but no days.
	TravelMonth string `json:"travel_month,omitempty"`
	// Holiday names the holiday the dates were computed from.
	Holiday string `json:"holiday,omitempty"`
	// Alternatives are the other destinations discovered for a wish that
	// named none, best first (the brief's destination is the best one).
	Alternatives []string `json:"alternatives,omitempty"`
	// Inferred lists values the model inferred for fields the request
	// leaves open (days, travelers): the request does not contain them, so
	// they are offered (as choices of the field's question), never written
	// into the brief.
	Inferred []Inferred `json:"inferred,omitempty"`

	// refusal is set when the text turned out not to be about travel at
	// all; Parse returns it as the error.
	refusal error
}

// Inferred is a value the model inferred for a field the request leaves
// open.
type Inferred struct {
	Field string `json:"field"`
	Value string `json:"value"`
}

// LLMConfig configures the model parser. Any OpenAI-compatible endpoint
// works: OpenAI, Qwen (DashScope compatible mode), DeepSeek, Ollama, vLLM.
type LLMConfig struct {
	BaseURL string // e.g. https://api.openai.com/v1; empty means OpenAI
	APIKey  string
	Model   string // empty means gpt-4o-mini
	// Timeout bounds one parse (both attempts); 0 means 20 s.
	Timeout    time.Duration
	HTTPClient *http.Client // nil means http.DefaultClient
	// JSONSchema selects strict json_schema output; false uses json_object
	// mode, which every listed provider supports (DeepSeek has no schema).
	JSONSchema bool
}

// Cache stores parse results by CacheKey; KBCache implements it over the
// Redis knowledge cache. Implementations must be safe for concurrent
// use; a miss or an error is reported as ok == false.
type Cache interface {
	GetBrief(ctx context.Context, key string) (*Result, bool)
	PutBrief(ctx context.Context, key string, r *Result)
}

// Options configures New. The zero value gives a rules-only parser.
type Options struct {
	LLM     *LLMConfig // nil: rules only
	Cache   Cache      // nil: no brief cache
	Metrics *Metrics   // nil: no metrics
	Logger  *slog.Logger
	// Covered tells which destinations the service already holds data
	// for; a wish that names no place (想去海边玩三天) is answered with
	// one of those first (discover.Wish.Covered). Nil: no preference.
	Covered Coverage
	// Attractions lists the attractions the service holds for a city;
	// must-see sights are matched against them (see Attractions). Nil:
	// no grounding.
	Attractions Attractions
}

// Coverage reports, for each destination name, whether the service holds
// its data (catalogs) now.
type Coverage func(names []string) []bool

// Parser parses requests. It is safe for concurrent use.
type Parser struct {
	gaz     *gazetteer.Gazetteer
	llm     *llmParser
	cache   Cache
	metrics *Metrics
	log     *slog.Logger
	covered Coverage
	held    Attractions
}

// New returns a Parser. It loads the embedded gazetteer (once per process,
// about 0.3 s) and returns its error if the data is corrupt.
func New(opts Options) (*Parser, error) {
	g, err := gazetteer.Default()
	if err != nil {
		return nil, err
	}
	p := &Parser{gaz: g, cache: opts.Cache, metrics: opts.Metrics, log: opts.Logger, covered: opts.Covered, held: opts.Attractions}
	if p.log == nil {
		p.log = slog.New(slog.DiscardHandler)
	}
	if opts.LLM != nil {
		if p.llm, err = newLLMParser(*opts.LLM, g); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// CacheKey returns the brief-cache key of a request read with model:
// "brief:v2:" and 32 hex digits of SHA-256 over the normalised query (NFKC,
// control and zero-width characters removed, white space collapsed — what
// the parsers read), the reference date (now's calendar date, YYYY-MM-DD),
// which is all that relative dates depend on, the model and the prompt
// version.
func CacheKey(query string, now time.Time, model string) string {
	return cacheKey(cleanText(query), now, model)
}

func cacheKey(clean string, now time.Time, model string) string {
	h := sha256.New()
	h.Write([]byte(clean))
	h.Write([]byte{0})
	h.Write([]byte(now.Format(orchestrator.DateLayout)))
	h.Write([]byte{0})
	h.Write([]byte(model))
	h.Write([]byte{0})
	h.Write([]byte(promptVersion))
	return "brief:v2:" + hex.EncodeToString(h.Sum(nil)[:16])
}

// Parse reads a request. now is the reference time for relative dates
// (the request's "now" field, else the server clock). Refusals are
// *orchestrator.Error values: EINVALID on field "query" for an empty or
// over-long request, EUNPROCESSABLE for prompt injection or a non-travel
// request. Otherwise Parse always returns a Result.
//
// The rules always read the request. With a model configured, the model's
// reading refines theirs field by field (see merge: what the text states
// stands, the model fills what the rules left open, every disagreement is
// a note); when the model fails — unreachable, 429/5xx, past
// LLMConfig.Timeout, or two replies that do not decode against the
// extraction schema — the rules' brief is returned with a note saying why.
// With a cache, a merged result is stored under CacheKey and reused, so
// the model is never asked twice for the same normalised query, reference
// date and model.
//
// Each step of the rules' reading runs behind a recover boundary: a step
// that panics leaves its part unread, the rest is read as usual and a note
// says which part was lost; the panic is logged with its stack and counted
// (outcome "recovered"). A panic outside those steps is returned as an
// internal error naming an incident. Parse itself never panics.
func (p *Parser) Parse(ctx context.Context, query string, now time.Time) (res *Result, err error) {
	defer func() {
		if v := recover(); v != nil {
			p.metrics.parsed(ParserRules, "panic")
			res, err = nil, orchestrator.Recovered(ctx, p.log, "parser", v)
		}
	}()
	clean, err := guard(query)
	if err != nil {
		p.metrics.parsed(ParserRules, "refused")
		return nil, err
	}
	rules, d := readRules(clean, now, p.gaz, p.covered)
	if p.held != nil && rules.refusal == nil {
		d.stage("grounding", func() { d.groundSights(rules, &rules.Brief, p.held) })
	}
	for _, f := range d.faults {
		p.metrics.parsed(ParserRules, "recovered")
		p.log.ErrorContext(ctx, "brief: a step of the rules panicked; its part of the request is left unread",
			"stage", f.stage, "request_id", orchestrator.RequestID(ctx), "panic", fmt.Sprint(f.value), "stack", string(f.stack))
	}
	if rules.refusal != nil {
		p.metrics.parsed(ParserRules, "refused")
		return nil, rules.refusal
	}

	if p.llm == nil {
		r := p.finishRules(rules, now)
		return r, nil
	}
	key := cacheKey(clean, now, p.llm.cfg.Model)
	if p.cache != nil {
		if r, ok := p.cache.GetBrief(ctx, key); ok && r != nil {
			c := *r
			c.Brief = cloneBrief(r.Brief)
			c.Brief.Now = now.Format(time.RFC3339)
			p.metrics.parsed(ParserLLM, "cache_hit")
			return &c, nil
		}
	}
	rep, err := p.llm.ask(ctx, clean)
	if rep != nil {
		p.metrics.tokens(rep.promptTok, rep.complTok)
	}
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil && errors.Is(err, ctxErr) {
			// the caller went away: nothing to fall back for
			p.metrics.parsed(ParserLLM, "canceled")
			return nil, err
		}
		outcome, why := "error", shortErr(err)
		switch {
		case errors.Is(err, context.DeadlineExceeded):
			outcome, why = "timeout", "no reply within "+p.llm.cfg.Timeout.String()
		case errors.Is(err, errInvalidReply):
			outcome = "invalid"
		}
		p.log.WarnContext(ctx, "brief: model parse failed, using rules", "err", err, "outcome", outcome)
		p.metrics.parsed(ParserLLM, outcome)
		r := p.finishRules(rules, now)
		r.Notes = append([]string{"model parser failed (" + why + "); the rule-based parser answered"}, r.Notes...)
		return r, nil
	}
	r := p.llm.merge(rules, d, &rep.x, now)
	if rep.retried {
		r.Notes = append(r.Notes, "the model's first reply did not decode against the schema and was retried")
	}
	outcome := "ok"
	if rep.retried {
		outcome = "retried"
	}
	p.metrics.parsed(ParserLLM, outcome)
	if p.cache != nil {
		p.cache.PutBrief(ctx, key, r)
	}
	return r, nil
}

// finishRules finishes the rules' reading and counts it.
func (p *Parser) finishRules(r *Result, now time.Time) *Result {
	finish(r, r.Brief, now)
	outcome := "ok"
	if len(r.Questions) > 0 {
		outcome = "questions"
	}
	p.metrics.parsed(ParserRules, outcome)
	return r
}

func shortErr(err error) string {
	s := err.Error()
	if len(s) > 160 {
		s = s[:160] + "…"
	}
	return s
}

// LLMConfigFromEnv returns the model configuration from the environment,
// or nil when OPENAI_API_KEY is unset: OPENAI_BASE_URL, LLM_MODEL,
// LLM_JSON_MODE (json_object, the default, or json_schema) and LLM_TIMEOUT
// (a Go duration such as "8s", or seconds; the default is 20 s).
func LLMConfigFromEnv() *LLMConfig {
	key := strings.TrimSpace(os.Getenv("OPENAI_API_KEY"))
	if key == "" {
		return nil
	}
	c := &LLMConfig{
		BaseURL:    strings.TrimSpace(os.Getenv("OPENAI_BASE_URL")),
		APIKey:     key,
		Model:      strings.TrimSpace(os.Getenv("LLM_MODEL")),
		JSONSchema: strings.EqualFold(strings.TrimSpace(os.Getenv("LLM_JSON_MODE")), "json_schema"),
	}
	if v := strings.TrimSpace(os.Getenv("LLM_TIMEOUT")); v != "" {
		if d, err := time.ParseDuration(v); err == nil && d > 0 {
			c.Timeout = d
		} else if n, err := strconv.ParseFloat(v, 64); err == nil && n > 0 {
			c.Timeout = time.Duration(n * float64(time.Second))
		}
	}
	return c
}
