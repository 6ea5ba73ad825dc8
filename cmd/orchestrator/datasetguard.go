package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/tripweave/tripweave/knowledgebase"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
)

// DatasetCheckInterval is how often the imported datasets' presence in
// Redis is checked (TRIPWEAVE_IMPORT).
const DatasetCheckInterval = 2 * time.Second

// datasetGuard keeps the datasets of TRIPWEAVE_IMPORT in the knowledge
// cache: each import leaves a marker entry beside the data, and when the
// marker is gone (Redis restarted without persistence, or flushed) the
// guard reports the dataset missing — /readyz fails naming it, plans answer
// 503 with Retry-After instead of itineraries silently empty — and imports
// it again in the background.
type datasetGuard struct {
	kb      *knowledgebase.Store
	imports [][2]string
	now     func() time.Time
	log     *slog.Logger

	mu        sync.Mutex
	missing   string // the first dataset found missing, "" when all are present
	importing bool
	lastGate  time.Time // when a plan request last looked in Redis
	lastErr   error
	cancel    context.CancelFunc
	wg        sync.WaitGroup
}

// markerKey is the cache key of dataset format:dir's marker.
func markerKey(format, dir string) knowledgebase.Key {
	sum := sha256.Sum256([]byte(format + ":" + dir))
	return knowledgebase.Key{Kind: "import", Hash: hex.EncodeToString(sum[:8])}
}

// importAll imports every dataset and leaves its marker.
func (g *datasetGuard) importAll(ctx context.Context) error {
	for _, im := range g.imports {
		sum, err := importDataset(ctx, g.kb, im[0], im[1], datasets.DefaultImportTTL, g.now)
		if err != nil {
			return err
		}
		payload, _ := json.Marshal(map[string]any{"format": im[0], "dir": im[1], "cities": sum.Cities, "entries": sum.Entries})
		prov := orchestrator.Provenance{Source: "import:" + im[0], FetchedAt: g.now().UTC()}
		if err := g.kb.Put(ctx, markerKey(im[0], im[1]), knowledgebase.Entry{Payload: payload, Provenance: prov}, datasets.DefaultImportTTL); err != nil {
			return fmt.Errorf("mark %s dataset %s imported: %w", im[0], im[1], err)
		}
		g.log.Info("imported dataset", "format", im[0], "dir", im[1], "cities", sum.Cities, "entries", sum.Entries, "dropped", sum.Dropped)
	}
	return nil
}

// check looks for every marker; a missing one starts a re-import. A Redis
// error is not a missing dataset (the "redis" check reports it).
func (g *datasetGuard) check(ctx context.Context) {
	missing := ""
	for _, im := range g.imports {
		l, err := g.kb.Get(ctx, markerKey(im[0], im[1]))
		if err != nil {
			return
		}
		if l.State == knowledgebase.Miss {
			missing = im[0] + ":" + im[1]
			break
		}
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.importing {
		return
	}
	if missing != "" && g.missing == "" {
		g.log.Warn("imported dataset missing from Redis (restarted without persistence?); importing it again", "dataset", missing)
	}
	g.missing = missing
	if missing == "" {
		return
	}
	g.importing = true
	g.wg.Go(func() {
		err := g.importAll(context.WithoutCancel(ctx))
		g.mu.Lock()
		defer g.mu.Unlock()
		g.importing, g.lastErr = false, err
		if err != nil {
			g.log.Error("re-import failed; trying again at the next check", "err", err)
			return
		}
		g.missing = ""
		g.log.Info("datasets re-imported")
	})
}

// start checks every interval until stop.
func (g *datasetGuard) start(interval time.Duration) (stop func() error) {
	ctx, cancel := context.WithCancel(context.Background())
	g.wg.Go(func() {
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				cctx, ccancel := context.WithTimeout(ctx, time.Second)
				g.check(cctx)
				ccancel()
			}
		}
	})
	return func() error {
		cancel()
		g.wg.Wait()
		return nil
	}
}

// errDatasetMissing is the 503 of plans and /readyz while a dataset is
// being imported again.
type errDatasetMissing struct{ dataset string }

func (e *errDatasetMissing) Error() string {
	return "the imported dataset " + e.dataset + " is missing from Redis and being imported again; plans would lack its data"
}
func (e *errDatasetMissing) Unwrap() error {
	return &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: e.Error() + "; try again shortly"}
}
func (e *errDatasetMissing) RetryAfter() time.Duration { return 5 * time.Second }

// gateRecheck is how often plan requests look for the markers themselves
// (one Redis read, at most gateTimeout), besides the background checks, so
// that plans made against a Redis that just lost the data are few.
const (
	gateRecheck = 250 * time.Millisecond
	gateTimeout = 100 * time.Millisecond
)

// gate is the plans' check: nil while every dataset is present.
func (g *datasetGuard) gate(ctx context.Context) error {
	g.mu.Lock()
	due := time.Since(g.lastGate) >= gateRecheck
	if due {
		g.lastGate = time.Now()
	}
	g.mu.Unlock()
	if due {
		cctx, cancel := context.WithTimeout(ctx, gateTimeout)
		g.check(cctx)
		cancel()
	}
	return g.state()
}

// state is nil while every dataset is present.
func (g *datasetGuard) state() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.missing != "" {
		return &errDatasetMissing{g.missing}
	}
	return nil
}

// Ping is the /readyz check "datasets": it looks now (starting a re-import
// when needed) and fails while one is missing.
func (g *datasetGuard) Ping(ctx context.Context) error {
	g.check(ctx)
	return g.state()
}
