package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/app/intake"
	"github.com/tripweave/tripweave/orchestrator/app/pipeline"
)

func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		return &usageError{err.Error() + "\n" + usage}
	}
	return nil
}

// cmdServe runs the API until ctx ends (SIGINT or SIGTERM).
func cmdServe(ctx context.Context, cfg Config, args []string, stderr io.Writer) error {
	fs := newFlags("serve", stderr)
	addr := fs.String("addr", cfg.Addr, "listen address HOST:PORT (env TRIPWEAVE_ADDR)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{"serve takes no arguments\n" + usage}
	}
	logger := newLogger(stderr, cfg.LogLevel)
	app, err := Open(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer app.Close()
	defer reportReachability(app.reach, logger)()
	if err := app.enableAuth(ctx, *addr); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", *addr, err)
	}
	return app.Serve(ctx, ln)
}

// cmdPlan plans one trip and prints the plan JSON on stdout.
func cmdPlan(ctx context.Context, cfg Config, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("plan", stderr)
	briefFile := fs.String("brief", "", "brief JSON file (- for stdin)")
	query := fs.String("query", "", "natural-language request")
	now := fs.String("now", "", "reference time, RFC 3339 (default: now)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *query == "" && fs.NArg() > 0 {
		*query = strings.Join(fs.Args(), " ")
	}
	if (*briefFile == "") == (*query == "") {
		return &usageError{"plan needs exactly one of --brief FILE or a query\n" + usage}
	}
	if err := checkNowFlag(*now); err != nil {
		return err
	}
	logger := newLogger(stderr, cfg.LogLevel)
	app, err := Open(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer app.Close()

	req := intake.Request{Query: *query, Now: *now}
	if *briefFile != "" {
		var r io.Reader = stdin
		if *briefFile != "-" {
			f, err := os.Open(*briefFile)
			if err != nil {
				return err
			}
			defer f.Close()
			r = f
		}
		dec := json.NewDecoder(io.LimitReader(r, 1<<20))
		dec.DisallowUnknownFields()
		req.Brief = new(orchestrator.Brief)
		if err := dec.Decode(req.Brief); err != nil {
			return fmt.Errorf("brief %s: %w", *briefFile, err)
		}
	}
	o, err := app.Intake.Start(ctx, req, nil, false)
	if err != nil {
		return describe(err)
	}
	if o.NeedsInput() {
		var qs []string
		for _, q := range o.Questions {
			qs = append(qs, q.Field+": "+q.Text)
		}
		return fmt.Errorf("the request needs more input (pending plan %s):\n  %s", o.Plan.ID, strings.Join(qs, "\n  "))
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(o.Plan)
}

// checkNowFlag refuses a --now that is not an RFC 3339 time.
func checkNowFlag(now string) error {
	if now == "" {
		return nil
	}
	if _, err := time.Parse(time.RFC3339, now); err != nil {
		return &usageError{"--now must be an RFC 3339 time such as 2026-03-03T10:00:00+08:00"}
	}
	return nil
}

// cmdBrief reads a request into a brief and prints it as POST /v1/briefs
// would, without planning.
func cmdBrief(ctx context.Context, cfg Config, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("brief", stderr)
	now := fs.String("now", "", "reference time, RFC 3339 (default: now)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	query := strings.Join(fs.Args(), " ")
	if strings.TrimSpace(query) == "" {
		return &usageError{"brief needs the request text\n" + usage}
	}
	if err := checkNowFlag(*now); err != nil {
		return err
	}
	p, err := newQueryParser(nil, nil, newLogger(stderr, cfg.LogLevel), nil)
	if err != nil {
		return err
	}
	parsed, err := intake.New(intake.Config{Parser: p}).Parse(ctx, query, *now)
	if err != nil {
		return describe(err)
	}
	out := struct {
		Brief     orchestrator.Brief      `json:"brief"`
		Parser    string                  `json:"parser"`
		Questions []orchestrator.Question `json:"questions,omitempty"`
		Notes     []string                `json:"notes,omitempty"`
	}{parsed.Brief, parsed.Parser, parsed.Questions, parsed.Notes}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

// cmdPrewarm warms the knowledge cache with the static subtasks of each
// destination, printing progress on stderr and a JSON summary on stdout.
func cmdPrewarm(ctx context.Context, cfg Config, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("prewarm", stderr)
	file := fs.String("file", "", "file with one destination per line (# comments allowed)")
	var cities multiFlag
	fs.Var(&cities, "city", "destination (repeatable)")
	lang := fs.String("lang", "en", "language of guides and names: en or zh")
	conc := fs.Int("concurrency", 4, "destinations warmed at once")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	cities = append(cities, fs.Args()...)
	if *file != "" {
		more, err := readLines(*file)
		if err != nil {
			return err
		}
		cities = append(cities, more...)
	}
	if len(cities) == 0 {
		return &usageError{"prewarm needs --file or --city\n" + usage}
	}
	if *lang != "en" && *lang != "zh" {
		return &usageError{"--lang must be en or zh"}
	}
	if *conc < 1 || *conc > 64 {
		return &usageError{"--concurrency must be 1 to 64"}
	}
	logger := newLogger(stderr, "warn")
	app, err := Open(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer app.Close()
	start := time.Now()
	results := app.Service.Prewarm(ctx, cities, *lang, *conc, func(done, total int, r pipeline.PrewarmResult) {
		status := "ok"
		if r.Failed > 0 {
			status = fmt.Sprintf("%d failed", r.Failed)
		}
		fmt.Fprintf(stderr, "[%d/%d] %s: %d subtasks, %d cached, %d fetched, %s\n", done, total, r.City, r.Subtasks, r.CacheHits, r.Fetched, status)
	})
	sum := struct {
		Cities     int                      `json:"cities"`
		Subtasks   int                      `json:"subtasks"`
		CacheHits  int                      `json:"cache_hits"`
		Fetched    int                      `json:"fetched"`
		Failed     int                      `json:"failed"`
		DurationMS int64                    `json:"duration_ms"`
		Results    []pipeline.PrewarmResult `json:"results"`
	}{Cities: len(results), Results: results, DurationMS: time.Since(start).Milliseconds()}
	for _, r := range results {
		sum.Subtasks += r.Subtasks
		sum.CacheHits += r.CacheHits
		sum.Fetched += r.Fetched
		sum.Failed += r.Failed
	}
	fmt.Fprintf(stderr, "prewarmed %d destinations: %d subtasks, %d already cached, %d fetched, %d failed in %s\n",
		sum.Cities, sum.Subtasks, sum.CacheHits, sum.Fetched, sum.Failed, time.Since(start).Round(time.Millisecond))
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(sum); err != nil {
		return err
	}
	if sum.Failed > 0 {
		return fmt.Errorf("%d subtasks could not be warmed", sum.Failed)
	}
	return ctx.Err()
}

type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

func readLines(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out, sc.Err()
}

// describe renders a domain error for the terminal.
func describe(err error) error {
	if f := orchestrator.ErrorField(err); f != "" {
		return fmt.Errorf("%s: %s (field %s)", orchestrator.ErrorCode(err), orchestrator.ErrorMessage(err), f)
	}
	if c := orchestrator.ErrorCode(err); c != orchestrator.EINTERNAL {
		return fmt.Errorf("%s: %s", c, orchestrator.ErrorMessage(err))
	}
	return err
}
