package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
	"github.com/tripweave/tripweave/orchestrator/evaluation/quality"
)

// cmdEvaluateQuality implements `orchestrator evaluate-quality --data
// DATASETS [--requests FILE] [--json OUT] [--plans DIR]`: it loads the ChinaTravel and
// TravelPlanner sandboxes under DATASETS, plans, verifies and scores the
// evaluation requests (the shipped set unless --requests names another)
// and prints hard validity, expected facts and the soft measures.
func cmdEvaluateQuality(ctx context.Context, _ Config, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("evaluate-quality", stderr)
	data := fs.String("data", "", "directory holding the chinatravel and travelplanner datasets")
	reqFile := fs.String("requests", "", "evaluation requests (JSON lines); default the shipped set")
	out := fs.String("json", "", "also write the summary and every result as JSON to this file")
	dump := fs.String("plans", "", "also write every plan as JSON to this directory, one file per request")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *data == "" || fs.NArg() > 0 {
		return &usageError{"evaluate-quality needs --data\n" + usage}
	}
	raw := evaluation.Requests
	if *reqFile != "" {
		b, err := os.ReadFile(*reqFile)
		if err != nil {
			return err
		}
		raw = b
	}
	reqs, err := evaluation.ReadRequests(bytes.NewReader(raw))
	if err != nil {
		return err
	}
	var cats evaluation.Catalogs
	if cats.ChinaTravel, err = datasets.LoadChinaTravel(filepath.Join(*data, "chinatravel")); err != nil {
		return err
	}
	if cats.TravelPlanner, err = datasets.LoadTravelPlanner(filepath.Join(*data, "travelplanner")); err != nil {
		return err
	}
	sum, results, err := evaluation.Run(ctx, cats, reqs)
	if err != nil {
		return err
	}
	evaluation.Print(stdout, sum, results)
	if *dump != "" {
		if err := os.MkdirAll(*dump, 0o755); err != nil {
			return err
		}
		for _, r := range results {
			b, err := json.MarshalIndent(r.Itinerary, "", "  ")
			if err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(*dump, r.ID+".json"), b, 0o644); err != nil {
				return fmt.Errorf("evaluate-quality: %w", err)
			}
		}
	}
	if *out != "" {
		b, err := json.MarshalIndent(map[string]any{"summary": sum, "results": results}, "", "  ")
		if err != nil {
			return err
		}
		if err := os.WriteFile(*out, b, 0o644); err != nil {
			return fmt.Errorf("evaluate-quality: %w", err)
		}
	}
	return nil
}
