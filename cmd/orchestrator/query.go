package main

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"time"

	"github.com/tripweave/tripweave/agents/brief"
	"github.com/tripweave/tripweave/knowledgebase"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/ginserver"
	"github.com/tripweave/tripweave/orchestrator/travelplanner"
)

// queryParser adapts the brief parser to the API's QueryParser.
type queryParser struct{ p *brief.Parser }

func newQueryParser(kb *knowledgebase.Store, now func() time.Time, logger *slog.Logger) (*queryParser, error) {
	opts := brief.Options{LLM: brief.LLMConfigFromEnv(), Logger: logger}
	if kb != nil {
		opts.Cache = &briefCache{kb: kb, now: now, log: logger}
	}
	if opts.LLM == nil {
		logger.Info("no OPENAI_API_KEY: requests are read by the rule-based parser")
	}
	p, err := brief.New(opts)
	if err != nil {
		return nil, err
	}
	return &queryParser{p: p}, nil
}

func (q *queryParser) ParseQuery(ctx context.Context, query string, now time.Time) (*ginserver.ParsedQuery, error) {
	r, err := q.p.Parse(ctx, query, now)
	if err != nil {
		return nil, err
	}
	return parsedQuery(r), nil
}

func (q *queryParser) Answer(ctx context.Context, prev orchestrator.Brief, answers map[string]string, now time.Time) (*ginserver.ParsedQuery, error) {
	r, err := q.p.Answer(ctx, prev, answers, now)
	if err != nil {
		return nil, err
	}
	return parsedQuery(r), nil
}

func parsedQuery(r *brief.Result) *ginserver.ParsedQuery {
	out := &ginserver.ParsedQuery{Brief: r.Brief, Parser: r.Parser, Notes: r.Notes}
	for _, q := range r.Questions {
		out.Questions = append(out.Questions, orchestrator.Question{Field: q.Field, Text: q.Text})
	}
	return out
}

// briefCacheTTL is how long a model's reading of a request is reused.
const briefCacheTTL = 7 * 24 * time.Hour

// briefCache keeps parse results in the knowledge cache under the kind
// "brief", so a repeated request never calls the model twice.
type briefCache struct {
	kb  *knowledgebase.Store
	now func() time.Time
	log *slog.Logger
}

func briefKey(key string) knowledgebase.Key {
	return knowledgebase.Key{Kind: "brief", Hash: strings.TrimPrefix(key, "brief:v1:")}
}

func (c *briefCache) GetBrief(ctx context.Context, key string) (*brief.Result, bool) {
	l, err := c.kb.Get(ctx, briefKey(key))
	if err != nil || l.State != knowledgebase.Fresh {
		return nil, false
	}
	var r brief.Result
	if err := json.Unmarshal(l.Entry.Payload, &r); err != nil {
		return nil, false
	}
	return &r, true
}

func (c *briefCache) PutBrief(ctx context.Context, key string, r *brief.Result) {
	data, err := json.Marshal(r)
	if err != nil {
		return
	}
	now := time.Now
	if c.now != nil {
		now = c.now
	}
	e := knowledgebase.Entry{Payload: data, Provenance: orchestrator.Provenance{Source: "brief:" + r.Parser, FetchedAt: now().UTC()}}
	if err := c.kb.Put(ctx, briefKey(key), e, briefCacheTTL); err != nil {
		c.log.WarnContext(ctx, "brief cache write failed", "err", err)
	}
}

// travelPlannerReader reads TravelPlanner rows that carry only their text
// with the rule-based parser, against the reference time now (the
// benchmark's dates are in 2022). A pending question is a parse failure
// naming its field.
func travelPlannerReader(now time.Time) travelplanner.Reader {
	return func(text string) (*travelplanner.Query, error) {
		r := brief.ParseRules(text, now)
		if len(r.Questions) > 0 {
			q := r.Questions[0]
			return nil, orchestrator.FieldErrorf(q.Field, "%s", q.Text)
		}
		region := ""
		for _, p := range r.Places {
			if p.Role == "destination" && (p.Kind == "region" || p.Kind == "country") {
				region = p.Name
			}
		}
		if region == "" && r.Brief.CityCount > 0 {
			return nil, orchestrator.FieldErrorf("city_count", "candidate cities without a region")
		}
		return travelplanner.FromBrief(text, &r.Brief, region, r.Brief.CityCount)
	}
}
