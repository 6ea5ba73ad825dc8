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
// A Parser adds an optional OpenAI-compatible model (go-openai): the model
// only extracts spans and values, code resolves places, dates and
// currencies, the reply is validated and retried once with the error fed
// back, and the rules answer whenever the model fails. Guardrails run
// before either parser: a length cap, control and zero-width characters
// removed, and prompt-injection phrases (after homoglyph folding) and
// non-travel requests refused.
package brief

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/tripweave/tripweave/agents/brief/gazetteer"
	"github.com/tripweave/tripweave/orchestrator"
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

	// refusal is set when the text turned out not to be about travel at
	// all; Parse returns it as the error.
	refusal error
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

// Cache stores parse results by CacheKey; the service implements it over
// the Redis knowledge cache. Implementations must be safe for concurrent
// use; a miss or an error is reported as ok == false.
type Cache interface {
	GetBrief(ctx context.Context, key string) (*Result, bool)
	PutBrief(ctx context.Context, key string, r *Result)
}

// Options configures New. The zero value gives a rules-only parser.
type Options struct {
	LLM    *LLMConfig // nil: rules only
	Cache  Cache      // nil: no brief cache
	Logger *slog.Logger
}

// Parser parses requests. It is safe for concurrent use.
type Parser struct {
	gaz   *gazetteer.Gazetteer
	llm   *llmParser
	cache Cache
	log   *slog.Logger
}

// New returns a Parser. It loads the embedded gazetteer (once per process,
// about 0.3 s) and returns its error if the data is corrupt.
func New(opts Options) (*Parser, error) {
	g, err := gazetteer.Default()
	if err != nil {
		return nil, err
	}
	p := &Parser{gaz: g, cache: opts.Cache, log: opts.Logger}
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

// CacheKey returns the brief-cache key of a request: "brief:v1:" and 32 hex
// digits of SHA-256 over the normalised query (NFKC, control and zero-width
// characters removed, white space collapsed — what the parsers read) and
// the reference date (now's calendar date, YYYY-MM-DD), which is all that
// relative dates depend on.
func CacheKey(query string, now time.Time) string {
	return cacheKey(cleanText(query), now)
}

func cacheKey(clean string, now time.Time) string {
	h := sha256.New()
	h.Write([]byte(clean))
	h.Write([]byte{0})
	h.Write([]byte(now.Format(orchestrator.DateLayout)))
	return "brief:v1:" + hex.EncodeToString(h.Sum(nil)[:16])
}

// Parse reads a request. now is the reference time for relative dates
// (the request's "now" field, else the server clock). Refusals are
// *orchestrator.Error values: EINVALID on field "query" for an empty or
// over-long request, EUNPROCESSABLE for prompt injection or a non-travel
// request. Otherwise Parse always returns a Result: from the model when one
// is configured and answers validly, else from the rules, with a note
// saying why. With a cache, a model result is stored and reused for the
// same normalised query and reference date, so the model is never asked
// twice.
func (p *Parser) Parse(ctx context.Context, query string, now time.Time) (*Result, error) {
	clean, err := guard(query)
	if err != nil {
		return nil, err
	}
	if p.llm == nil {
		r := parseClean(clean, now, p.gaz)
		if r.refusal != nil {
			return nil, r.refusal
		}
		return r, nil
	}
	key := cacheKey(clean, now)
	if p.cache != nil {
		if r, ok := p.cache.GetBrief(ctx, key); ok && r != nil {
			c := *r
			c.Brief = cloneBrief(r.Brief)
			c.Brief.Now = now.Format(time.RFC3339)
			return &c, nil
		}
	}
	r, err := p.llm.parse(ctx, clean, now)
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil && errors.Is(err, ctxErr) {
			// the caller went away: nothing to fall back for
			return nil, err
		}
		p.log.WarnContext(ctx, "brief: model parse failed, using rules", "err", err)
		rr := parseClean(clean, now, p.gaz)
		rr.Notes = append([]string{"model parser failed (" + shortErr(err) + "); the rule-based parser answered"}, rr.Notes...)
		return rr, nil
	}
	if p.cache != nil {
		p.cache.PutBrief(ctx, key, r)
	}
	return r, nil
}

func shortErr(err error) string {
	s := err.Error()
	if len(s) > 160 {
		s = s[:160] + "…"
	}
	return s
}

// LLMConfigFromEnv returns the model configuration from the environment,
// or nil when OPENAI_API_KEY is unset: OPENAI_BASE_URL, LLM_MODEL and
// LLM_JSON_MODE (json_object, the default, or json_schema).
func LLMConfigFromEnv() *LLMConfig {
	key := strings.TrimSpace(os.Getenv("OPENAI_API_KEY"))
	if key == "" {
		return nil
	}
	return &LLMConfig{
		BaseURL:    strings.TrimSpace(os.Getenv("OPENAI_BASE_URL")),
		APIKey:     key,
		Model:      strings.TrimSpace(os.Getenv("LLM_MODEL")),
		JSONSchema: strings.EqualFold(strings.TrimSpace(os.Getenv("LLM_JSON_MODE")), "json_schema"),
	}
}
