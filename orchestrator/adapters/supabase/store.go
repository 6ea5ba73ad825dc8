// Package supabase is tripweave's plan store over Supabase's REST API
// (PostgREST), through supabase-go: for deployments that expose only
// SUPABASE_URL and a service key, not the Postgres connection string. The
// tables and functions (tripweave_save_lean, tripweave_read_plan,
// tripweave_settle, tripweave_delete_plans: see lean.go) are the PostgreSQL
// store's (orchestrator/adapters/postgres.Migrations), applied once with
// `orchestrator migrate` against the project's connection string or pasted
// into the SQL editor: REST cannot run DDL.
//
// supabase-go v0.0.4 has sharp edges this package wraps:
//   - no context and no HTTP timeout: every call runs in a goroutine of its
//     own bounded by the caller's context and Options.Timeout; a call that
//     times out is abandoned (its goroutine ends when the HTTP exchange
//     does), and at most Options.MaxInFlight calls run at once, so
//     abandoned calls cannot pile up;
//   - a panic, a marshalling error or a network error leaves the shared
//     client poisoned (every later request fails with the same error): the
//     store recovers the panic and replaces the client after any failure
//     that did not come back as a PostgREST error;
//   - Order(col, nil) sorts descending: every Order passes its direction;
//   - Rpc reports neither HTTP status nor network errors: the save
//     function answers the plan's id, and anything else is a failure.
package supabase

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/supabase-community/postgrest-go"
	supa "github.com/supabase-community/supabase-go"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/postgres"
)

// Defaults.
const (
	DefaultTimeout     = 10 * time.Second
	DefaultMaxInFlight = 32
)

// Options configures Open; nil or zero fields mean the defaults.
type Options struct {
	// Schema is the Postgres schema PostgREST exposes the tables in
	// (Accept-Profile); "" → public.
	Schema string
	// Timeout bounds each REST call; 0 → DefaultTimeout.
	Timeout time.Duration
	// MaxInFlight bounds the calls running at once, abandoned ones
	// included; 0 → DefaultMaxInFlight.
	MaxInFlight int
}

// Store is a PlanStore over Supabase REST. It is safe for concurrent use.
type Store struct {
	url, key string
	opts     Options
	slots    chan struct{}

	mu      sync.Mutex
	client  *supa.Client
	rebuilt int // clients replaced after a poisoning failure

	known  postgres.KnownRefs         // trip values this process stored
	doubts postgres.Doubts[*leanArgs] // saves whose outcome is unknown
}

var _ orchestrator.PlanStore = (*Store)(nil)

// Open returns a store for the Supabase project at rawURL (https://
// PROJECT.supabase.co) with the service-role key, after checking that the
// schema is reachable and migrated. It makes one REST call.
func Open(ctx context.Context, rawURL, key string, opts *Options) (*Store, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.MaxInFlight <= 0 {
		o.MaxInFlight = DefaultMaxInFlight
	}
	if u, err := url.Parse(rawURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, errors.New("open plan store: SUPABASE_URL is not an http(s) URL such as https://PROJECT.supabase.co")
	}
	if key == "" {
		return nil, errors.New("open plan store: SUPABASE_SERVICE_KEY is empty")
	}
	s := &Store{url: strings.TrimRight(rawURL, "/"), key: key, opts: o, slots: make(chan struct{}, o.MaxInFlight)}
	s.doubts.Settle, s.doubts.WaitFirst, s.doubts.What = s.settleDoubts, true, "saves"
	if _, err := s.newClient(); err != nil {
		return nil, fmt.Errorf("open plan store: %w", err)
	}
	v, err := s.Version(ctx)
	if err != nil {
		return nil, fmt.Errorf("open plan store: %w", err)
	}
	if v < len(postgres.Migrations) {
		return nil, fmt.Errorf("open plan store: the Supabase schema is at version %d, this program needs %d: run `orchestrator migrate` with DATABASE_URL set to the project's connection string (or apply orchestrator/adapters/postgres.Migrations in the SQL editor)", v, len(postgres.Migrations))
	}
	return s, nil
}

// newClient replaces the shared client and returns the new one.
func (s *Store) newClient() (*supa.Client, error) {
	c, err := supa.NewClient(s.url, s.key, &supa.ClientOptions{Schema: s.opts.Schema})
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.client = c
	s.mu.Unlock()
	return c, nil
}

// Rebuilt returns how many times the client was replaced after a failure
// that may have poisoned it.
func (s *Store) Rebuilt() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.rebuilt
}

// restError matches postgrest-go's rendering of a PostgREST error body:
// "(23505) duplicate key value …". Any other error (network, marshalling,
// a poisoned client) means the client must be replaced.
var restError = regexp.MustCompile(`^\(([A-Z0-9]*)\) `)

// result is what one call hands back across its goroutine.
type result struct {
	body  []byte
	count int64
	err   error
}

// call runs fn against the current client in a goroutine of its own,
// bounded by ctx and the store's timeout. A panic in fn, or an error that
// is not a PostgREST error, replaces the client (the old one may be
// poisoned). what names the operation in errors.
func (s *Store) call(ctx context.Context, what string, fn func(c *supa.Client) ([]byte, int64, error)) ([]byte, int64, error) {
	ctx, cancel := context.WithTimeout(ctx, s.opts.Timeout)
	defer cancel()
	select {
	case s.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, 0, fmt.Errorf("%s: %w", what, unavailable(ctx.Err()))
	}
	s.mu.Lock()
	c := s.client
	s.mu.Unlock()
	done := make(chan result, 1)
	go func() {
		defer func() { <-s.slots }()
		var r result
		func() {
			defer func() {
				if p := recover(); p != nil {
					r = result{err: fmt.Errorf("supabase client panicked: %v", p)}
				}
			}()
			r.body, r.count, r.err = fn(c)
		}()
		if r.err != nil && !restError.MatchString(r.err.Error()) {
			s.replace(c)
		}
		done <- r
	}()
	select {
	case r := <-done:
		if r.err != nil {
			return nil, 0, fmt.Errorf("%s: %w", what, classify(r.err))
		}
		return r.body, r.count, nil
	case <-ctx.Done():
		// The call goes on until its HTTP exchange ends; its slot is
		// released then.
		return nil, 0, fmt.Errorf("%s: %w", what, unavailable(ctx.Err()))
	}
}

// replace swaps in a new client unless old was already replaced.
func (s *Store) replace(old *supa.Client) {
	c, err := supa.NewClient(s.url, s.key, &supa.ClientOptions{Schema: s.opts.Schema})
	if err != nil {
		return // cannot happen: url and key were accepted by Open
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.client == old {
		s.client = c
		s.rebuilt++
	}
}

func unavailable(err error) error {
	return &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: "supabase: " + err.Error()}
}

// classify maps a PostgREST error to the domain's codes: bad input is the
// caller's, everything else is the store being unavailable.
func classify(err error) error {
	m := restError.FindStringSubmatch(err.Error())
	if m == nil {
		return unavailable(err)
	}
	switch {
	case strings.HasPrefix(m[1], "22"), strings.HasPrefix(m[1], "23"):
		return orchestrator.Errorf(orchestrator.EINVALID, "supabase: %s", err.Error())
	}
	return unavailable(err)
}

// saveArgs is tripweave_save_plan's argument.
type saveArgs struct {
	ID        string          `json:"id"`
	CreatedNS int64           `json:"created_ns"`
	CreatedAt string          `json:"created_at"`
	Status    string          `json:"status"`
	BriefKey  string          `json:"brief_key"`
	Doc       json.RawMessage `json:"doc"`
	Spans     []spanRow       `json:"spans"`
}

// spanRow is one row of spans as PostgREST reads and writes it.
type spanRow struct {
	Seq        int     `json:"seq"`
	Node       string  `json:"node"`
	Kind       string  `json:"kind"`
	Route      string  `json:"route"`
	CacheHit   bool    `json:"cache_hit"`
	Attempts   int     `json:"attempts"`
	Start      string  `json:"start"`
	DurationMS float64 `json:"duration_ms"`
	Status     string  `json:"status"`
	Error      string  `json:"error"`
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// quote writes v as a PostgREST logic-tree value: double-quoted, so that
// commas, dots and parentheses in it are data.
func quote(v string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v) + `"`
}

// ListPlans returns one page of the plans matching f, newest first, ties
// broken by descending id.
func (s *Store) ListPlans(ctx context.Context, f orchestrator.PlanFilter) (orchestrator.PlanPage, error) {
	cur, err := f.Validate()
	if err != nil {
		return orchestrator.PlanPage{}, err
	}
	var and []string
	if !f.CreatedFrom.IsZero() {
		and = append(and, "created_ns.gte."+strconv.FormatInt(f.CreatedFrom.UnixNano(), 10))
	}
	if !f.CreatedTo.IsZero() {
		and = append(and, "created_ns.lt."+strconv.FormatInt(f.CreatedTo.UnixNano(), 10))
	}
	if !cur.IsZero() {
		ns := strconv.FormatInt(cur.CreatedAt.UnixNano(), 10)
		and = append(and, fmt.Sprintf("or(created_ns.lt.%s,and(created_ns.eq.%s,id.lt.%s))", ns, ns, quote(cur.ID)))
	}
	body, _, err := s.call(ctx, "list plans", func(c *supa.Client) ([]byte, int64, error) {
		q := c.From("plans").Select("id,created_ns,status,query:doc->>query,destinations:doc->brief->destinations,"+
			"start_date:doc->brief->>start_date,days:doc->brief->days,replaces:doc->>replaces", "", false)
		if f.Status != "" {
			q = q.Eq("status", f.Status)
		}
		if len(and) > 0 {
			q = q.And(strings.Join(and, ","), "")
		}
		// Both directions explicit: Order's nil options sort descending.
		return q.Order("created_ns", &postgrest.OrderOpts{Ascending: false}).
			Order("id", &postgrest.OrderOpts{Ascending: false}).Limit(f.Limit+1, "").Execute()
	})
	if err != nil {
		return orchestrator.PlanPage{}, err
	}
	var rows []struct {
		ID           string   `json:"id"`
		CreatedNS    int64    `json:"created_ns"`
		Status       string   `json:"status"`
		Query        *string  `json:"query"`
		Destinations []string `json:"destinations"`
		StartDate    *string  `json:"start_date"`
		Days         *int     `json:"days"`
		Replaces     *string  `json:"replaces"`
	}
	if err := json.Unmarshal(body, &rows); err != nil {
		return orchestrator.PlanPage{}, fmt.Errorf("list plans: %w", err)
	}
	out := make([]orchestrator.PlanSummary, 0, len(rows))
	for _, r := range rows {
		sum := orchestrator.PlanSummary{ID: r.ID, CreatedAt: time.Unix(0, r.CreatedNS).UTC(), Status: r.Status, Destinations: r.Destinations}
		if r.Query != nil {
			sum.Query = *r.Query
		}
		if r.StartDate != nil {
			sum.StartDate = *r.StartDate
		}
		if r.Days != nil {
			sum.Days = *r.Days
		}
		if r.Replaces != nil {
			sum.Replaces = *r.Replaces
		}
		if sum.Destinations == nil {
			sum.Destinations = []string{}
		}
		out = append(out, sum)
	}
	return orchestrator.NextPage(out, f.Limit), nil
}

// Version returns the schema version of the exposed schema.
func (s *Store) Version(ctx context.Context) (int, error) {
	body, _, err := s.call(ctx, "schema version", func(c *supa.Client) ([]byte, int64, error) {
		return c.From("tripweave_schema").Select("version", "", false).
			Order("version", &postgrest.OrderOpts{Ascending: false}).Limit(1, "").Execute()
	})
	if err != nil {
		if msg := err.Error(); strings.Contains(msg, "(PGRST205) ") || strings.Contains(msg, "(42P01) ") {
			return 0, nil // no tripweave_schema: nothing migrated yet
		}
		return 0, err
	}
	var rows []struct{ Version int }
	if err := json.Unmarshal(body, &rows); err != nil {
		return 0, fmt.Errorf("schema version: %w", err)
	}
	if len(rows) == 0 {
		return 0, nil
	}
	return rows[0].Version, nil
}

// Ping reports whether the REST API answers and exposes the schema.
func (s *Store) Ping(ctx context.Context) error {
	if _, err := s.Version(ctx); err != nil {
		return fmt.Errorf("ping plan store: %w", err)
	}
	return nil
}

// Close stops settling saves in doubt (supabase-go holds no connections of
// its own beyond http.DefaultTransport's idle ones) and returns nil.
func (s *Store) Close() error {
	s.doubts.Close()
	return nil
}
