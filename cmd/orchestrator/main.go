// Command orchestrator is tripweave's API server and CLI.
//
//	orchestrator serve [--addr HOST:PORT]
//	orchestrator plan [--brief FILE | --query TEXT | TEXT] [--now RFC3339]
//	orchestrator brief [--now RFC3339] TEXT
//	orchestrator import --format travelplanner|chinatravel --dir DIR
//	orchestrator travelplanner --data DIR --queries FILE.jsonl --out SUB.jsonl
//	orchestrator evaluate --data DIR --queries FILE.jsonl --submission SUB.jsonl
//	orchestrator prewarm [--file FILE] [--city NAME ...] [--lang en|zh] [--concurrency N]
//	orchestrator prewarm --enqueue|--status JOB …
//	orchestrator worker [--concurrency N]
//	orchestrator migrate
package main

import (
	"context"
	"errors"
	"fmt"
	"github.com/tripweave/tripweave/orchestrator/platform/tracing"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if len(os.Args) > 1 && os.Args[1] == "serve" {
		serveRuntime(os.Getenv) // the API's RSS bound and GC target; see memlimit.go
	}
	if err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr); err != nil {
		var ue *usageError
		if errors.As(err, &ue) {
			fmt.Fprintln(os.Stderr, ue.msg)
			os.Exit(2)
		}
		fmt.Fprintln(os.Stderr, "orchestrator:", err)
		os.Exit(1)
	}
}

type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

const usage = `usage:
  orchestrator serve [--addr HOST:PORT]
  orchestrator plan [--brief FILE|-] [--query TEXT | TEXT] [--now RFC3339]
  orchestrator replan ID --events FILE|- [--now RFC3339]
  orchestrator brief [--now RFC3339] TEXT
  orchestrator import --format travelplanner|chinatravel --dir DIR [--ttl DURATION]
  orchestrator travelplanner --data DIR --queries FILE.jsonl --out SUB.jsonl
  orchestrator evaluate --data DIR --queries FILE.jsonl --submission SUB.jsonl
  orchestrator evaluate-quality --data DATASETS [--requests FILE.jsonl] [--json OUT.json] [--plans DIR]
  orchestrator keys create --name NAME [--scopes plans:read,plans:write,admin] | keys list | keys revoke ID
  orchestrator prewarm [--file FILE] [--city NAME]... [--lang en|zh] [--concurrency N]
  orchestrator prewarm --enqueue [--job ID] [--file FILE] [--city NAME]... [--kind KIND]... [--lang en|zh] [--wait]
  orchestrator prewarm --status JOB [--wait]
  orchestrator worker [--concurrency N]
  orchestrator overload --data DIR [--clients 64,256] [--duration 10s] [--max-in-flight 32] [--max-rss-mb N]
  orchestrator migrate                      (PostgreSQL at DATABASE_URL)`

// run dispatches a command; it is main without the process around it, so
// tests call it directly.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return &usageError{usage}
	}
	cfg, err := DefaultConfig().FromEnv(getenv)
	if err != nil {
		return err
	}
	// OpenTelemetry traces over OTLP/HTTP when OTEL_* ask for them; off
	// otherwise. Flushed when the command ends.
	stopTracing, err := tracing.Setup(ctx, "tripweave-orchestrator")
	if err != nil {
		return fmt.Errorf("OpenTelemetry (OTEL_*): %w", err)
	}
	defer func() {
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = stopTracing(sctx)
	}()
	switch args[0] {
	case "serve":
		return cmdServe(ctx, cfg, args[1:], stderr)
	case "plan":
		return cmdPlan(ctx, cfg, args[1:], stdin, stdout, stderr)
	case "replan":
		return cmdReplan(ctx, cfg, args[1:], stdin, stdout, stderr)
	case "load":
		return cmdLoad(ctx, cfg, args[1:], stdout, stderr)
	case "overload":
		return cmdOverload(ctx, cfg, args[1:], stdout, stderr)
	case "prewarm":
		if distributed(args[1:]) {
			return cmdPrewarmQueue(ctx, cfg, args[1:], stdout, stderr)
		}
		return cmdPrewarm(ctx, cfg, args[1:], stdout, stderr)
	case "worker":
		return cmdWorker(ctx, cfg, args[1:], stderr)
	case "brief":
		return cmdBrief(ctx, cfg, args[1:], stdout, stderr)
	case "migrate":
		return cmdMigrate(ctx, cfg, args[1:], stdout, stderr)
	case "import":
		return cmdImport(ctx, cfg, args[1:], stdout, stderr)
	case "travelplanner":
		return cmdTravelPlanner(ctx, cfg, args[1:], stdout, stderr)
	case "keys":
		return cmdKeys(ctx, cfg, args[1:], stdout, stderr)
	case "evaluate":
		return cmdEvaluate(ctx, cfg, args[1:], stdout, stderr)
	case "evaluate-quality":
		return cmdEvaluateQuality(ctx, cfg, args[1:], stdout, stderr)
	case "-h", "--help", "help":
		fmt.Fprintln(stdout, usage)
		return nil
	}
	return &usageError{fmt.Sprintf("unknown command %q\n%s", args[0], usage)}
}

func newLogger(w io.Writer, level string) *slog.Logger {
	var l slog.Level
	_ = l.UnmarshalText([]byte(level))
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: l}))
}
