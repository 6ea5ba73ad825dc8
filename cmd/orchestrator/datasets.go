package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/tripweave/tripweave/knowledgebase"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
	"github.com/tripweave/tripweave/orchestrator/evaluation/travelplanner"
)

// loadCatalog reads a sandbox dataset of format from dir.
func loadCatalog(format, dir string) (*datasets.Catalog, error) {
	switch format {
	case "travelplanner":
		return datasets.LoadTravelPlanner(dir)
	case "chinatravel":
		return datasets.LoadChinaTravel(dir)
	}
	return nil, fmt.Errorf("unknown dataset format %q: use travelplanner or chinatravel", format)
}

// importDataset loads a sandbox dataset and writes its cities into the
// knowledge cache under the keys the decomposer's subtasks look up.
func importDataset(ctx context.Context, kb *knowledgebase.Store, format, dir string, ttl time.Duration, now func() time.Time) (datasets.ImportSummary, error) {
	cat, err := loadCatalog(format, dir)
	if err != nil {
		return datasets.ImportSummary{}, fmt.Errorf("load %s dataset %s: %w", format, dir, err)
	}
	put := func(ctx context.Context, kind, hash string, p json.RawMessage, prov orchestrator.Provenance, ttl time.Duration) error {
		return kb.Put(ctx, knowledgebase.Key{Kind: kind, Hash: hash}, knowledgebase.Entry{Payload: p, Provenance: prov}, ttl)
	}
	return cat.Import(ctx, put, datasets.ImportOptions{TTL: ttl, Now: now})
}

// parseImports reads TRIPWEAVE_IMPORT: comma-separated FORMAT:DIR pairs.
func parseImports(spec string) ([][2]string, error) {
	var out [][2]string
	for _, part := range strings.Split(spec, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		format, dir, ok := strings.Cut(part, ":")
		if !ok || (format != "travelplanner" && format != "chinatravel") || dir == "" {
			return nil, fmt.Errorf("TRIPWEAVE_IMPORT: %q is not FORMAT:DIR with FORMAT travelplanner or chinatravel", part)
		}
		out = append(out, [2]string{format, dir})
	}
	return out, nil
}

// cmdImport loads a sandbox dataset into the knowledge cache.
func cmdImport(ctx context.Context, cfg Config, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("import", stderr)
	format := fs.String("format", "", "dataset format: travelplanner or chinatravel")
	dir := fs.String("dir", "", "dataset directory")
	ttl := fs.Duration("ttl", datasets.DefaultImportTTL, "how long the imported data stays fresh")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *format == "" || *dir == "" || fs.NArg() > 0 {
		return &usageError{"import needs --format and --dir\n" + usage}
	}
	if *ttl <= 0 {
		return &usageError{"--ttl must be positive"}
	}
	if cfg.RedisURL == "" {
		return fmt.Errorf("import needs REDIS_URL: the embedded cache would be gone when this command exits (to import into a server on embedded defaults, start it with TRIPWEAVE_IMPORT=%s:%s)", *format, *dir)
	}
	logger := newLogger(stderr, cfg.LogLevel)
	rdb, closeRedis, err := knowledgebase.Connect(ctx, cfg.RedisURL, logger)
	if err != nil {
		return err
	}
	defer closeRedis()
	kb := knowledgebase.New(rdb, &knowledgebase.Options{Prefix: cfg.KBPrefix, Logger: logger})
	defer kb.Close()
	start := time.Now()
	sum, err := importDataset(ctx, kb, *format, *dir, *ttl, nil)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "imported %d cities (%d entries, %d bytes) in %s\n", sum.Cities, sum.Entries, sum.Bytes, time.Since(start).Round(time.Millisecond))
	return json.NewEncoder(stdout).Encode(sum)
}

// cmdTravelPlanner imports a TravelPlanner sandbox into the knowledge cache
// and plans every query of a file from there, writing the submission file.
func cmdTravelPlanner(ctx context.Context, cfg Config, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("travelplanner", stderr)
	data := fs.String("data", "", "TravelPlanner dataset directory")
	queries := fs.String("queries", "", "queries, one JSON object per line (train_queries.jsonl fields, optional route)")
	out := fs.String("out", "", "submission file to write")
	nowFlag := fs.String("now", "2022-01-01T00:00:00Z", "reference time for reading rows that carry only their text (RFC 3339)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *data == "" || *queries == "" || *out == "" || fs.NArg() > 0 {
		return &usageError{"travelplanner needs --data, --queries and --out\n" + usage}
	}
	ref, err := time.Parse(time.RFC3339, *nowFlag)
	if err != nil {
		return &usageError{"travelplanner --now must be an RFC 3339 time\n" + usage}
	}
	logger := newLogger(stderr, "warn")
	rdb, closeRedis, err := knowledgebase.Connect(ctx, cfg.RedisURL, logger)
	if err != nil {
		return err
	}
	defer closeRedis()
	kb := knowledgebase.New(rdb, &knowledgebase.Options{Prefix: cfg.KBPrefix, Logger: logger})
	defer kb.Close()
	start := time.Now()
	sum, err := importDataset(ctx, kb, "travelplanner", *data, datasets.DefaultImportTTL, nil)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "imported %d cities (%d entries) in %s\n", sum.Cities, sum.Entries, time.Since(start).Round(time.Millisecond))
	res, err := travelplanner.RunBatch(ctx, travelplanner.BatchOptions{
		DataDir: *data, QueriesFile: *queries, OutFile: *out,
		Trips: travelplanner.CacheTripsBatch(travelplanner.StoreLookup(kb)), Log: stderr, Read: travelPlannerReader(ref),
	})
	if err != nil {
		return err
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(res)
}

// cmdEvaluate scores a TravelPlanner submission with the Go port of the
// official evaluator.
func cmdEvaluate(_ context.Context, _ Config, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("evaluate", stderr)
	data := fs.String("data", "", "TravelPlanner dataset directory")
	queries := fs.String("queries", "", "the queries the submission answers")
	sub := fs.String("submission", "", "submission file")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *data == "" || *queries == "" || *sub == "" || fs.NArg() > 0 {
		return &usageError{"evaluate needs --data, --queries and --submission\n" + usage}
	}
	m, _, err := travelplanner.EvaluateFiles(travelplanner.EvalOptions{DataDir: *data, QueriesFile: *queries, SubmissionFile: *sub})
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "delivery %.1f%%  commonsense micro %.1f%% macro %.1f%%  hard micro %.1f%% macro %.1f%%  final pass rate %.1f%%\n",
		100*m.DeliveryRate, 100*m.CommonsenseMicro, 100*m.CommonsenseMacro, 100*m.HardMicro, 100*m.HardMacro, 100*m.FinalPassRate)
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(m)
}
