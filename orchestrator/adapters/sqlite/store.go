// Package sqlite is tripweave's default plan store: an
// orchestrator.PlanStore in one SQLite file, through modernc.org/sqlite (no
// cgo).
//
// Plans are stored by reference (orchestrator.LeanPlanStore): a trip's large
// values shared by many plans — a city's catalogs and travel matrix, marked
// with orchestrator.Sourced.Ref — are kept once in the blobs table under
// their content address, and each plan row holds the plan without its trip
// (the JSON the API serves by default, byte for byte), the trip without
// those values, the run's spans as one JSON array, and indexed columns
// (id, created_at, status, brief_key). Blobs no plan
// references are removed with the last plan that did.
//
// The database runs in WAL mode: readers never wait for the writer. Writes
// go through a single connection and one writer goroutine, so they are
// serialized within the process, and begin IMMEDIATE transactions that
// wait up to five seconds for another process's writer. Plans saved
// concurrently share a transaction (group commit).
//
// Durability: SavePlan returns once the plan's record is appended to the
// store's journal (journal.go), a directory beside the database file, and
// the applier writes journalled plans into SQLite right after, many to a
// transaction; until then this process serves them from memory, and other
// processes see them once applied (Flush waits for that). A plan SavePlan
// acknowledged survives a crash of the process: the journal is in the
// operating system's hands and is applied again on the next open. By
// default neither the journal nor SQLite's commits are fsynced
// (synchronous=NORMAL): a power loss or kernel crash can lose the plans of
// the last moments before it, never corrupt the file. Options.SyncFull
// fsyncs every journal append (one per group of plans) and every SQLite
// commit: acknowledged plans survive a power loss too. A second process
// opening the same file finds the journal held and commits each group to
// SQLite before answering, as before the journal.
package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/tripweave/tripweave/orchestrator"
	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// timeLayout formats created_at in UTC with a fixed width, so that text
// order is time order.
const timeLayout = "2006-01-02T15:04:05.000000000Z"

// pageSize is the page size of a database this package creates. A plan's
// row is about 30 KB (lean plan, trip skeleton, trace): in 4 KiB pages it
// took about ten WAL frames, each two pwrites, then a pread and a pwrite
// more at the checkpoint; in 16 KiB pages it takes about three. A file
// created with another page size keeps it (SQLite cannot change the page
// size of a database in WAL mode), and any SQLite reads either.
const pageSize = 16384

// maxReaders bounds the read connections.
const maxReaders = 4

// Store is a PlanStore backed by a SQLite file. It is safe for concurrent
// use; Close it when done.
type Store struct {
	path string
	w    *sql.DB // one connection: every write goes through it
	r    *sql.DB // query_only connections for reads

	keysMu    sync.Mutex // guards keysReady (keys.go)
	keysReady bool

	// Group commit: SavePlan hands its rows to the writer goroutine, which
	// journals every plan waiting at that moment in one append (or, without
	// the journal, writes them in one transaction) and answers each once it
	// is durable.
	writes    chan *writeReq // unbuffered: a plan is queued only when the writer takes it
	quit      chan struct{}
	closeOnce sync.Once
	batch     int           // most plans per commit: maxBatch (1 in the baseline benchmark)
	linger    time.Duration // how long a group commit waits for more plans under load (see writer)

	// blobsMu guards blobs, the refs known to be in the blobs table: a
	// plan referencing only such refs checks them in one query. Collecting
	// blobs forgets them all; a ref another process collected is found
	// missing by that query and written again.
	blobsMu sync.Mutex
	blobs   map[string]bool

	// The writer's statements, prepared once: addPlan inserts a plan
	// whose ID is new and does nothing otherwise; a plan saved again is
	// replaced by delPlan and insPlan.
	addPlan, delPlan, insPlan *sql.Stmt
	// countStmts are the writer's statements checking that n blobs are
	// stored, by n (prepareCounts); only the writer goroutine uses them.
	countStmts map[int]*sql.Stmt
	// dataVersion reads PRAGMA data_version; seenVersion is its value when
	// the writer last looked (seeVersion). Only the writer uses them.
	dataVersion *sql.Stmt
	seenVersion int64

	// The journal (journal.go); nil when another process holds it, and
	// then every group commit goes to SQLite before SavePlan returns.
	j *journal
	// admit is held by the writer while it journals a group and by
	// deletions for their whole run (quiesce), so that no plan is
	// journalled while the journal is emptied.
	admit sync.Mutex
	// pmu guards the plans journalled but not yet applied: pending, the
	// latest of each ID (served to reads), and queue, all of them in
	// journal order (the applier's work); queuedSeq is the sequence
	// number of the last plan queued, applyErr the applier's last failure
	// (nil after a success), and progress is closed and replaced whenever
	// the queue or applyErr changes.
	applyMu   sync.Mutex // held while plans are applied
	pmu       sync.Mutex
	pending   map[string]*writeReq
	queue     []*writeReq
	queuedSeq uint64
	applyErr  error
	// fullMark is 1 + the free pages left when a write was last refused
	// for lack of space (0: none since space was last freed): CheckWrite
	// reports the store full until more pages than that are free, so
	// /readyz agrees with the writes whatever plan sizes came in.
	fullMark   atomic.Int64
	progress   chan struct{}
	kick       chan struct{} // wakes the applier
	writerOut  chan struct{} // closed when the writer goroutine has returned
	applierOut chan struct{}
}

// maxBatch bounds the plans of one group commit.
const maxBatch = 64

// linger is how long the writer holds a group commit open for more plans
// when the previous one held several. A commit costs about the same
// whether it writes one plan or a few (the transaction, page 1, the
// table's interior page, the two listing indexes' last leaves are written
// once per commit), and in `make load`'s unique phase plans reached the
// writer one or two at a time (1.4 a commit); holding commits open for
// 1 ms while plans overlap makes that 3.5–4 and cuts the writer's CPU per
// plan by a third (BenchmarkSaveLoadPlansPaced). A plan saved alone, or by
// one client after another, never waits.
const linger = time.Millisecond

// writeTimeout bounds one group commit (the busy timeout included).
const writeTimeout = 30 * time.Second

// writeReq is one plan waiting to be written, encoded.
type writeReq struct {
	id, created, status, briefKey string
	doc, trip                     []byte // the lean plan, the trip without its referenced values
	blobs                         []blobVal
	refs                          string // the blobs' refs, a JSON array
	spans                         []byte // the run's spans, a JSON array
	done                          chan error
	seq                           uint64 // its record's sequence number in the journal
	tombstone                     bool   // a journal record of the deletion of plan id
}

// blobVal is a trip value a plan references: its ref, the value itself
// (src; zero in a plan read back from the journal) and its JSON when the
// plan carries it into the database (journalled with the plan).
type blobVal struct {
	ref string
	src orchestrator.TripBlob
	doc []byte
}

var _ orchestrator.PlanStore = (*Store)(nil)

// Open opens the plan store in the SQLite file at path, creating the file,
// its parent directories and the schema as needed, and migrating an older
// schema. It fails when path is a directory, is not a SQLite database, or
// holds a schema newer than this package's.
func Open(ctx context.Context, path string) (*Store, error) {
	return OpenWith(ctx, path, nil)
}

// Options tunes a Store. The zero value (and nil) means the defaults.
type Options struct {
	// SyncFull fsyncs every commit (synchronous=FULL), so that acknowledged
	// plans survive a power loss, not only a process crash.
	SyncFull bool
}

// OpenWith is Open with options; opts may be nil.
func OpenWith(ctx context.Context, path string, opts *Options) (*Store, error) {
	if opts == nil {
		opts = &Options{}
	}
	syncMode := "NORMAL"
	if opts.SyncFull {
		syncMode = "FULL"
	}
	if path == "" {
		return nil, errors.New("open plan store: empty path")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("open plan store %q: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o750); err != nil {
		return nil, fmt.Errorf("open plan store %q: create directory: %w", path, err)
	}
	if fi, err := os.Stat(abs); err == nil && fi.IsDir() {
		return nil, fmt.Errorf("open plan store %q: is a directory, want a database file", path)
	}

	// page_size runs before journal_mode (the driver sets _journal_mode
	// after the _pragma list), while a new file is still empty.
	w, err := sql.Open("sqlite", dsn(abs, fmt.Sprintf(
		"_pragma=busy_timeout(5000)&_pragma=page_size(%d)&_journal_mode=WAL&_pragma=foreign_keys(1)&_pragma=synchronous(%s)&_txlock=immediate",
		pageSize, syncMode)))
	if err != nil {
		return nil, fmt.Errorf("open plan store %q: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	w.SetConnMaxIdleTime(0)
	if err := migrate(ctx, w); err != nil {
		_ = w.Close()
		return nil, fmt.Errorf("open plan store %q: %w", path, err)
	}

	r, err := sql.Open("sqlite", dsn(abs, "_pragma=busy_timeout(5000)&_query_only=1"))
	if err != nil {
		_ = w.Close()
		return nil, fmt.Errorf("open plan store %q: %w", path, err)
	}
	r.SetMaxOpenConns(maxReaders)
	r.SetMaxIdleConns(maxReaders)
	if err := r.PingContext(ctx); err != nil {
		_ = r.Close()
		_ = w.Close()
		return nil, fmt.Errorf("open plan store %q: %w", path, err)
	}
	st := &Store{path: abs, w: w, r: r, writes: make(chan *writeReq), quit: make(chan struct{}), batch: maxBatch, linger: linger, blobs: map[string]bool{},
		countStmts: map[int]*sql.Stmt{}}
	const insert = `INSERT INTO plans (id, created_at, status, brief_key, doc, trip, spans, refs) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
	if st.delPlan, err = w.PrepareContext(ctx, `DELETE FROM plans WHERE id = ?`); err == nil {
		st.insPlan, err = w.PrepareContext(ctx, insert)
	}
	if err == nil {
		st.addPlan, err = w.PrepareContext(ctx, insert+` ON CONFLICT (id) DO NOTHING`)
	}
	if err == nil {
		st.dataVersion, err = w.PrepareContext(ctx, `PRAGMA data_version`)
	}
	if err != nil {
		_ = r.Close()
		_ = w.Close()
		return nil, fmt.Errorf("open plan store %q: %w", path, err)
	}
	st.writerOut, st.applierOut = make(chan struct{}), make(chan struct{})
	if err := st.openJournal(ctx, opts.SyncFull); err != nil {
		_ = r.Close()
		_ = w.Close()
		return nil, fmt.Errorf("open plan store %q: %w", path, err)
	}
	go st.writer()
	if st.j != nil {
		go st.applier()
	} else {
		close(st.applierOut)
	}
	return st, nil
}

// dsn returns the SQLite URI for the absolute path abs with query q; the
// path is escaped so that names with spaces, '?', '#' or '%' work.
func dsn(abs, q string) string {
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}
	return u.String() + "?" + q
}

// Path returns the absolute path of the database file.
func (s *Store) Path() string { return s.path }

// SavePlan stores p and its run trace r atomically, replacing any plan
// with the same ID and its trace; r may be nil for no trace. The plan is
// stored as json.Marshal(p). Concurrent calls share one journal append
// (group commit: one write, and with SyncFull one fsync, for every plan
// waiting), and each returns once its plan is durable (see the package
// comment). It blocks while the previous group commit is writing and, up
// to five seconds, while another process is. p must have
// an ID, r's PlanID must be empty or p.ID, and span durations must be finite;
// otherwise an EINVALID *orchestrator.Error is returned and nothing is
// written.
func (s *Store) SavePlan(ctx context.Context, p *orchestrator.Plan, r *orchestrator.Run) error {
	return s.SaveLeanPlan(ctx, p, nil, r)
}

// SaveLeanPlan is SavePlan with the plan's lean JSON already encoded:
// lean must be json.Marshal(orchestrator.LeanPlan{Plan: p}) — the bytes
// stored and served by LeanPlanJSON — or nil to encode it here.
func (s *Store) SaveLeanPlan(ctx context.Context, p *orchestrator.Plan, lean []byte, r *orchestrator.Run) (err error) {
	if p == nil {
		return orchestrator.Errorf(orchestrator.EINVALID, "no plan to save")
	}
	if p.ID == "" {
		return orchestrator.FieldErrorf("id", "a plan needs an id to be saved")
	}
	if err := orchestrator.CheckStorableText(p); err != nil {
		return err
	}
	spans := []orchestrator.Span{}
	if r != nil {
		if r.PlanID != "" && r.PlanID != p.ID {
			return orchestrator.FieldErrorf("plan_id", "run of plan %q saved with plan %q", r.PlanID, p.ID)
		}
		if r.Spans != nil {
			spans = r.Spans
		}
		for i, sp := range spans {
			if math.IsNaN(sp.DurationMS) || math.IsInf(sp.DurationMS, 0) {
				return orchestrator.FieldErrorf(fmt.Sprintf("spans[%d].duration_ms", i), "must be a finite number")
			}
		}
	}
	skel, blobs := orchestrator.SplitTrip(&p.Trip)
	doc := lean
	if doc == nil {
		if doc, err = json.Marshal(orchestrator.LeanPlan{Plan: p}); err != nil {
			return fmt.Errorf("save plan %s: encode: %w", p.ID, err)
		}
	}
	trip, err := orchestrator.MarshalTrip(&skel) // json.Marshal's bytes, without reflection
	if err != nil {
		return fmt.Errorf("save plan %s: encode trip: %w", p.ID, err)
	}
	spansDoc, err := encodeSpans(spans)
	if err != nil {
		return fmt.Errorf("save plan %s: encode trace: %w", p.ID, err)
	}
	defer func() { err = writeError(err) }() // a full disk is a 503, not a bug

	if err := ctx.Err(); err != nil {
		return fmt.Errorf("save plan %s: %w", p.ID, err)
	}
	vals := make([]blobVal, len(blobs))
	for i, b := range blobs {
		vals[i] = blobVal{ref: b.Ref, src: b}
	}
	req := &writeReq{id: p.ID, created: p.CreatedAt.UTC().Format(timeLayout), status: p.Status,
		briefKey: orchestrator.BriefKey(&p.Brief), doc: doc, trip: trip, blobs: vals, refs: refsJSON(blobs), spans: spansDoc, done: make(chan error, 1)}
	select {
	case s.writes <- req:
	case <-s.quit:
		return fmt.Errorf("save plan %s: the store is closed", p.ID)
	case <-ctx.Done():
		return fmt.Errorf("save plan %s: %w", p.ID, ctx.Err())
	}
	select {
	case err := <-req.done:
		return err
	case <-ctx.Done():
		// The write may still commit; the caller must not acknowledge it.
		return fmt.Errorf("save plan %s: %w", p.ID, ctx.Err())
	}
}

// writer runs the group commits until Close: it takes one plan, then every
// other plan whose SavePlan is waiting at that moment (up to maxBatch),
// and writes them in one transaction. When the previous commit held more
// than one plan — plans are being saved concurrently — it first waits up
// to s.linger for more to join (and stops waiting at maxBatch or Close);
// after a commit of one plan it waits for none, so an idle store adds no
// latency.
func (s *Store) writer() {
	defer close(s.writerOut)
	linger := time.NewTimer(time.Hour)
	linger.Stop()
	last := 0 // the plans of the previous group commit
	for {
		var first *writeReq
		select {
		case first = <-s.writes:
		case <-s.quit:
			return
		}
		batch := []*writeReq{first}
	drain:
		for len(batch) < s.batch {
			select {
			case r := <-s.writes:
				batch = append(batch, r)
			default:
				break drain
			}
		}
		if s.j != nil {
			s.journalBatch(batch)
			continue
		}
		if last > 1 && len(batch) < s.batch && s.linger > 0 {
			linger.Reset(s.linger)
		wait:
			for len(batch) < s.batch {
				select {
				case r := <-s.writes:
					batch = append(batch, r)
				case <-linger.C:
					break wait
				case <-s.quit:
					break wait
				}
			}
			linger.Stop()
		}
		last = len(batch)
		s.commit(batch)
	}
}

// commit writes batch in one transaction and answers every plan in it. When
// the batch fails, each plan is retried in a transaction of its own, so one
// bad plan fails alone.
func (s *Store) commit(batch []*writeReq) {
	err := s.writeBatch(batch)
	if err == nil || len(batch) == 1 {
		for _, r := range batch {
			r.done <- err
		}
		return
	}
	for _, r := range batch {
		r.done <- s.writeBatch([]*writeReq{r})
	}
}

// writeBatch writes the plans of batch and their traces in one
// transaction, in order (a later save of the same ID wins). A plan is
// inserted when its ID is new, and otherwise replaced by deleting the old
// row and inserting the new one.
func (s *Store) writeBatch(batch []*writeReq) (err error) {
	ctx, cancel := context.WithTimeout(context.Background(), writeTimeout)
	defer cancel()
	defer func() { // after the rollback below
		if err != nil && isFull(writeError(err)) {
			s.markFull(ctx)
		}
	}()
	s.prepareCounts(ctx, batch)
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("save plan %s: %w", batch[0].id, err)
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	if err := s.seeVersion(ctx, tx); err != nil {
		return fmt.Errorf("save plan %s: %w", batch[0].id, err)
	}
	add := tx.StmtContext(ctx, s.addPlan)
	for _, r := range batch {
		if err := s.writeBlobs(ctx, tx, r); err != nil {
			return err
		}
		args := []any{r.id, r.created, r.status, r.briefKey, text(r.doc), text(r.trip), text(r.spans), r.refs}
		res, err := add.ExecContext(ctx, args...)
		if err != nil {
			return fmt.Errorf("save plan %s: %w", r.id, err)
		}
		if n, err := res.RowsAffected(); err != nil || n > 0 {
			if err != nil {
				return fmt.Errorf("save plan %s: %w", r.id, err)
			}
			continue
		}
		// Saved before under this ID: the old row goes, and with it its
		// span rows of before version 4 (ON DELETE CASCADE).
		if _, err := tx.StmtContext(ctx, s.delPlan).ExecContext(ctx, r.id); err != nil {
			return fmt.Errorf("save plan %s: replace: %w", r.id, err)
		}
		if _, err := tx.StmtContext(ctx, s.insPlan).ExecContext(ctx, args...); err != nil {
			return fmt.Errorf("save plan %s: %w", r.id, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("save plan %s: commit: %w", batch[0].id, err)
	}
	return nil
}

// text returns b as a string without copying it, for binding to a TEXT
// column (the driver copies it into SQLite): a plan's encoded documents
// are never changed once encoded.
func text(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// Run returns the trace of plan planID, with no spans when the plan was
// saved without one, or an ENOTFOUND *orchestrator.Error when there is no
// such plan.
func (s *Store) Run(ctx context.Context, planID string) (*orchestrator.Run, error) {
	var doc sql.NullString
	var err error
	if r := s.pendingPlan(planID); r != nil {
		doc = sql.NullString{String: string(r.spans), Valid: true}
	} else {
		err = s.r.QueryRowContext(ctx, `SELECT spans FROM plans WHERE id = ?`, planID).Scan(&doc)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return nil, orchestrator.Errorf(orchestrator.ENOTFOUND, "run of plan %q not found", planID)
	}
	if err != nil {
		return nil, fmt.Errorf("read run %s: %w", planID, err)
	}
	if doc.Valid {
		run := &orchestrator.Run{PlanID: planID, Spans: []orchestrator.Span{}}
		if err := json.Unmarshal([]byte(doc.String), &run.Spans); err != nil {
			return nil, fmt.Errorf("read run %s: %w", planID, err)
		}
		return run, nil
	}
	return s.runRows(ctx, planID)
}

// runRows reads the trace of a plan saved before version 4, one row per
// span.
func (s *Store) runRows(ctx context.Context, planID string) (*orchestrator.Run, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT node, kind, route, cache_hit, attempts, start, duration_ms, status, error
		FROM spans WHERE plan_id = ? ORDER BY seq`, planID)
	if err != nil {
		return nil, fmt.Errorf("read run %s: %w", planID, err)
	}
	defer rows.Close()
	run := &orchestrator.Run{PlanID: planID, Spans: []orchestrator.Span{}}
	for rows.Next() {
		var sp orchestrator.Span
		var kind, start string
		if err := rows.Scan(&sp.Node, &kind, &sp.Route, &sp.CacheHit, &sp.Attempts, &start,
			&sp.DurationMS, &sp.Status, &sp.Error); err != nil {
			return nil, fmt.Errorf("read run %s: %w", planID, err)
		}
		sp.Kind = orchestrator.Kind(kind)
		if sp.Start, err = time.Parse(time.RFC3339Nano, start); err != nil {
			return nil, fmt.Errorf("read run %s: span %s: %w", planID, sp.Node, err)
		}
		run.Spans = append(run.Spans, sp)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read run %s: %w", planID, err)
	}
	if len(run.Spans) > 0 {
		return run, nil
	}
	var exists bool
	if err := s.r.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM plans WHERE id = ?)`, planID).Scan(&exists); err != nil {
		return nil, fmt.Errorf("read run %s: %w", planID, err)
	}
	if !exists {
		return nil, orchestrator.Errorf(orchestrator.ENOTFOUND, "run of plan %q not found", planID)
	}
	return run, nil
}

// Ping reports whether the database file can be read.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.r.PingContext(ctx); err != nil {
		return fmt.Errorf("ping plan store: %w", err)
	}
	var n int
	if err := s.r.QueryRowContext(ctx, `SELECT count(*) FROM schema_version`).Scan(&n); err != nil {
		return fmt.Errorf("ping plan store: %w", err)
	}
	return nil
}

// Close stops the writer once the group commit in progress is answered
// (SavePlan calls after that fail) and closes the store's connections,
// waiting for queries in progress.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		close(s.quit)
		<-s.writerOut
		<-s.applierOut
		if s.j != nil {
			s.j.close()
		}
	})
	return errors.Join(s.r.Close(), s.w.Close())
}
