package main

import (
	"context"
	"encoding/json"
	"log/slog"
	"sync"
	"time"

	"github.com/tripweave/tripweave/agents/brief"
	"github.com/tripweave/tripweave/knowledgebase"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/ginserver"
	"github.com/tripweave/tripweave/orchestrator/evaluation/travelplanner"
)

// queryParser adapts the brief parser to the API's QueryParser.
type queryParser struct{ p *brief.Parser }

func newQueryParser(kb *knowledgebase.Store, now func() time.Time, logger *slog.Logger, metrics *brief.Metrics) (*queryParser, error) {
	opts := brief.Options{LLM: brief.LLMConfigFromEnv(), Logger: logger, Metrics: metrics}
	if kb != nil {
		opts.Cache = &brief.KBCache{KB: kb, Now: now, Log: logger}
		opts.Covered = kbCoverage(kb)
		opts.Attractions = kbAttractions(kb, now)
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

// kbAttractions returns the names of the attractions the knowledge cache
// holds for a city (imported or pre-warmed, fresh or stale), for the
// parser's grounding of must-see sights. Each city's names are kept for 10
// minutes (at most 256 cities, then the memory starts over); a miss or an
// error is no names. One read of the city's catalog entry, 300 ms at most.
func kbAttractions(kb *knowledgebase.Store, now func() time.Time) brief.Attractions {
	if now == nil {
		now = time.Now
	}
	type held struct {
		names []string
		at    time.Time
	}
	var mu sync.Mutex
	memo := map[string]held{}
	return func(city string) []string {
		mu.Lock()
		h, ok := memo[city]
		mu.Unlock()
		if ok && now().Sub(h.at) < 10*time.Minute {
			return h.names
		}
		st := orchestrator.SightsCatalog(city)
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		var names []string
		if l, err := kb.Get(ctx, knowledgebase.Key{Kind: string(st.Kind), Hash: st.Hash()}); err == nil &&
			(l.State == knowledgebase.Fresh || l.State == knowledgebase.Stale) {
			type named struct {
				Name string `json:"name"`
			}
			var list []named
			if json.Unmarshal(l.Entry.Payload, &list) != nil {
				var obj struct {
					Attractions []named `json:"attractions"`
				}
				_ = json.Unmarshal(l.Entry.Payload, &obj)
				list = obj.Attractions
			}
			for _, a := range list {
				if a.Name != "" {
					names = append(names, a.Name)
				}
			}
		}
		mu.Lock()
		if len(memo) >= 256 {
			clear(memo)
		}
		memo[city] = held{names, now()}
		mu.Unlock()
		return names
	}
}

// kbCoverage reports the destinations whose attraction catalog is in the
// knowledge cache (imported or pre-warmed, fresh or stale): those a plan
// can be made for now. One round trip reading entry headers only; on an
// error nothing counts as covered.
func kbCoverage(kb *knowledgebase.Store) brief.Coverage {
	return func(names []string) []bool {
		out := make([]bool, len(names))
		keys := make([]knowledgebase.Key, len(names))
		head := make([]bool, len(names))
		for i, n := range names {
			st := orchestrator.SightsCatalog(n)
			keys[i], head[i] = knowledgebase.Key{Kind: string(st.Kind), Hash: st.Hash()}, true
		}
		ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
		defer cancel()
		ls, err := kb.LookupHeads(ctx, keys, head)
		if err != nil {
			return out
		}
		for i, l := range ls {
			out[i] = l.State == knowledgebase.Fresh || l.State == knowledgebase.Stale
		}
		return out
	}
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
	if len(r.Alternatives) > 0 && len(out.Brief.Alternatives) == 0 {
		// The wish's runners-up travel with the brief into the plan.
		out.Brief.Alternatives = append([]string(nil), r.Alternatives...)
	}
	for _, q := range r.Questions {
		out.Questions = append(out.Questions, orchestrator.Question{Field: q.Field, Text: q.Text, Choices: q.Choices})
	}
	return out
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
