package sqlite

import (
	"context"
	"errors"
	"fmt"
	"syscall"
	"time"

	"modernc.org/sqlite"

	"github.com/tripweave/tripweave/orchestrator"
)

// SQLite primary result codes (the low byte of an extended code).
const (
	codeIOErr = 10 // SQLITE_IOERR: the operating system could not read or write
	codeFull  = 13 // SQLITE_FULL: the disk, or max_page_count, is full
)

// fullRetryAfter is the Retry-After of a write refused by a full store:
// retention or an operator has to free space first.
const fullRetryAfter = 30 * time.Second

// StoreFullError is a write the store refused for lack of space: the disk is
// full or the store reached its size cap (LimitSize). It is an EUNAVAILABLE
// *orchestrator.Error (503 with Retry-After at the HTTP edge); nothing was
// written.
type StoreFullError struct {
	domain *orchestrator.Error
	err    error
}

// Error implements the error interface.
func (e *StoreFullError) Error() string { return e.domain.Error() + ": " + e.err.Error() }

// Unwrap returns the domain error and the driver's error.
func (e *StoreFullError) Unwrap() []error { return []error{e.domain, e.err} }

// RetryAfter says when trying again may help.
func (e *StoreFullError) RetryAfter() time.Duration { return fullRetryAfter }

// writeError turns the driver's "disk full" and "I/O error" results into
// EUNAVAILABLE errors and returns any other error unchanged.
func writeError(err error) error {
	full := func() error {
		return &StoreFullError{domain: &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: "the plan store is full; try again later"}, err: err}
	}
	if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) { // the journal's disk
		return full()
	}
	var se *sqlite.Error
	if err == nil || !errors.As(err, &se) {
		return err
	}
	switch se.Code() & 0xff {
	case codeFull:
		return full()
	case codeIOErr:
		return &StoreFullError{domain: &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: "the plan store cannot write; try again later"}, err: err}
	}
	return err
}

// LimitSize caps the database file at about maxBytes (rounded down to whole
// pages) with SQLite's max_page_count, so a full store refuses writes with a
// StoreFullError instead of filling the disk; maxBytes <= 0 leaves the
// default (no cap). The cap applies to this Store's writer connection; a
// file already larger than the cap takes no new pages until retention frees
// some.
func (s *Store) LimitSize(ctx context.Context, maxBytes int64) error {
	if maxBytes <= 0 {
		return nil
	}
	var pageSize int64
	if err := s.w.QueryRowContext(ctx, `PRAGMA page_size`).Scan(&pageSize); err != nil {
		return fmt.Errorf("plan store size cap: %w", err)
	}
	pages := max(maxBytes/pageSize, 1)
	if _, err := s.w.ExecContext(ctx, fmt.Sprintf(`PRAGMA max_page_count = %d`, pages)); err != nil {
		return fmt.Errorf("plan store size cap: %w", err)
	}
	return nil
}

// probeBytes is the size CheckWrite must be able to write: about a full
// plan with its trip (~508 KB on average), so a store that refuses plans is
// not reported writable.
const probeBytes = 512 << 10

// CheckWrite proves the store can still take a plan: in a transaction it
// rolls back, it creates a scratch table and writes probeBytes into it.
// Nothing durable changes. It returns a StoreFullError when the disk or the
// size cap is full; /readyz uses it, so a store that can only be read is not
// reported ready. It holds the writer for the few milliseconds this takes.
//
// It is deterministic about a full store: once the applier cannot write an
// acknowledged plan, or any write was refused for lack of space, the store
// is reported full until space is freed (retention, deletions), whatever
// the size of the probe or of the plans that came in since.
func (s *Store) CheckWrite(ctx context.Context) error {
	s.pmu.Lock()
	applyErr, queued := s.applyErr, len(s.queue)
	s.pmu.Unlock()
	if isFull(applyErr) && queued > 0 { // acknowledged plans wait for room
		return applyErr
	}
	if mark := s.fullMark.Load(); mark > 0 {
		free, err := s.freePages(ctx)
		if err != nil {
			return writeError(fmt.Errorf("plan store write check: %w", err))
		}
		if free+1 <= mark {
			return &StoreFullError{domain: &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: "the plan store is full: a plan was refused for lack of space and none has been freed since"},
				err: errors.New("no space freed since the last refused write")}
		}
		s.fullMark.CompareAndSwap(mark, 0)
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return writeError(fmt.Errorf("plan store write check: %w", err))
	}
	defer func() { _ = tx.Rollback() }()
	if _, err := tx.ExecContext(ctx, `CREATE TABLE write_probe (b BLOB)`); err != nil {
		return writeError(fmt.Errorf("plan store write check: %w", err))
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO write_probe (b) VALUES (randomblob(?))`, probeBytes); err != nil {
		return writeError(fmt.Errorf("plan store write check: %w", err))
	}
	return nil
}

// freePages is how many pages the database may still take: those below
// max_page_count and those on its free list.
func (s *Store) freePages(ctx context.Context) (int64, error) {
	var maxPages, pages, freelist int64
	if err := s.w.QueryRowContext(ctx, `SELECT (SELECT max_page_count FROM pragma_max_page_count), (SELECT page_count FROM pragma_page_count), (SELECT freelist_count FROM pragma_freelist_count)`).Scan(&maxPages, &pages, &freelist); err != nil {
		return 0, err
	}
	return maxPages - pages + freelist, nil
}

// markFull records that a write was refused for lack of space, with the
// free pages left then (see Store.fullMark).
func (s *Store) markFull(ctx context.Context) {
	free, err := s.freePages(ctx)
	if err != nil {
		free = 0
	}
	s.fullMark.Store(free + 1)
}
