package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/tripweave/tripweave/orchestrator/algorithms/replan"
)

// cmdReplan repairs a stored plan: `orchestrator replan ID --events FILE
// [--now RFC3339]`. FILE (- for stdin) holds a JSON array of events, or
// {"events": [...], "now": ...}; the repaired plan, a new plan replacing
// ID, is printed as JSON.
func cmdReplan(ctx context.Context, cfg Config, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("replan", stderr)
	eventsFile := fs.String("events", "", "JSON file of events (- for stdin)")
	now := fs.String("now", "", "moment of the repair, RFC 3339 (default: now)")
	// the plan ID may come before the flags
	var id string
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		id, args = args[0], args[1:]
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if id == "" && fs.NArg() > 0 {
		id = fs.Arg(0)
	}
	if id == "" || *eventsFile == "" {
		return &usageError{"replan needs the plan ID and --events FILE\n" + usage}
	}
	var r io.Reader = stdin
	if *eventsFile != "-" {
		f, err := os.Open(*eventsFile)
		if err != nil {
			return err
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, 1<<20))
	if err != nil {
		return err
	}
	var req replan.Request
	if err := json.Unmarshal(data, &req.Events); err != nil {
		if err2 := json.Unmarshal(data, &req); err2 != nil {
			return fmt.Errorf("events %s: %w", *eventsFile, err2)
		}
	}
	if *now != "" {
		req.Now = *now
	}
	if req.Now == "" {
		req.Now = time.Now().Format(time.RFC3339)
	}
	app, err := Open(ctx, cfg, newLogger(stderr, cfg.LogLevel))
	if err != nil {
		return err
	}
	defer app.Close()
	plan, err := app.Service.Replan(ctx, id, "", req)
	if err != nil {
		return describe(err)
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(plan)
}
