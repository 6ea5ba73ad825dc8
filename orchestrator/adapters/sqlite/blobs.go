package sqlite

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
)

var _ orchestrator.LeanPlanStore = (*Store)(nil)

// writeBlobs writes the trip values plan r references that the blobs
// table does not hold yet, inside the plan's transaction. Values journalled
// with the plan are written unless there; refs this store wrote, found or
// journalled since the database last changed under another connection
// (seeVersion) are there; the others are checked in one query, then one by
// one when some are missing.
func (s *Store) writeBlobs(ctx context.Context, tx *sql.Tx, r *writeReq) error {
	for _, v := range r.blobs {
		if v.doc == nil {
			continue
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO blobs (ref, doc) VALUES (?, ?) ON CONFLICT (ref) DO NOTHING`, v.ref, text(v.doc)); err != nil {
			return fmt.Errorf("save plan %s: store %s: %w", r.id, v.ref, err)
		}
	}
	if len(r.blobs) == 0 || s.knownBlobs(r.blobs) {
		return nil
	}
	args := make([]any, len(r.blobs))
	for i, b := range r.blobs {
		args[i] = b.ref
	}
	var n int
	var row *sql.Row
	if count := s.countStmts[len(r.blobs)]; count != nil {
		row = tx.StmtContext(ctx, count).QueryRowContext(ctx, args...)
	} else {
		row = tx.QueryRowContext(ctx, countBlobsQuery(len(r.blobs)), args...)
	}
	if err := row.Scan(&n); err != nil {
		return fmt.Errorf("save plan %s: look up trip values: %w", r.id, err)
	}
	if n == len(r.blobs) {
		for _, b := range r.blobs {
			s.rememberBlob(b.ref)
		}
		return nil
	}
	for _, b := range r.blobs {
		var one int
		err := tx.QueryRowContext(ctx, `SELECT 1 FROM blobs WHERE ref = ?`, b.ref).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			if b.src.Ref == "" {
				// A plan read back from the journal whose value
				// another process collected after it was
				// journalled: the plan is kept, that value of its
				// trip is missing.
				continue
			}
			doc, err := b.src.Encode()
			if err != nil {
				return fmt.Errorf("save plan %s: encode %s: %w", r.id, b.ref, err)
			}
			if orchestrator.ContentRef(doc) != b.ref {
				return orchestrator.FieldErrorf("trip", "a value's ref %s is not the address of its content", b.ref)
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO blobs (ref, doc) VALUES (?, ?)`, b.ref, string(doc)); err != nil {
				return fmt.Errorf("save plan %s: store %s: %w", r.id, b.ref, err)
			}
		} else if err != nil {
			return fmt.Errorf("save plan %s: look up %s: %w", r.id, b.ref, err)
		}
		s.rememberBlob(b.ref)
	}
	return nil
}

// seeVersion forgets the refs known to be stored when another connection
// (another process) has committed since the writer last looked: it may
// have collected them. The database's data_version changes with every
// commit of another connection and never with this one's; this store
// forgets the refs it collects itself (collectBlobs). Only the writer
// goroutine calls it, inside its transaction.
func (s *Store) seeVersion(ctx context.Context, tx *sql.Tx) error {
	var v int64
	if err := tx.StmtContext(ctx, s.dataVersion).QueryRowContext(ctx).Scan(&v); err != nil {
		return fmt.Errorf("read data version: %w", err)
	}
	if v != s.seenVersion {
		s.forgetBlobs()
		s.seenVersion = v
	}
	return nil
}

// prepareCounts prepares, once per count, the statements that check that
// the values of batch's plans are stored (a plan of a city or two refers
// to a handful of values). Only the writer goroutine calls it, before its
// transaction takes the one connection; writeBlobs queries unprepared when
// a count has no statement.
func (s *Store) prepareCounts(ctx context.Context, batch []*writeReq) {
	for _, r := range batch {
		n := len(r.blobs)
		if n == 0 || s.countStmts[n] != nil {
			continue
		}
		if len(s.countStmts) >= maxCountStmts {
			return
		}
		st, err := s.w.PrepareContext(ctx, countBlobsQuery(n))
		if err != nil {
			return // writeBlobs reports it
		}
		s.countStmts[n] = st
	}
}

// countBlobsQuery counts which of n refs the blobs table holds.
func countBlobsQuery(n int) string {
	return `SELECT count(*) FROM blobs WHERE ref IN ` + placeholders(n)
}

// placeholders returns the parameter list of n values, "(?, ?, …)"; n > 0.
func placeholders(n int) string {
	return `(?` + strings.Repeat(`, ?`, n-1) + `)`
}

// maxCountStmts bounds the prepared statements of countBlobs.
const maxCountStmts = 32

// refsJSON returns the refs of blobs as a JSON array.
func refsJSON(blobs []orchestrator.TripBlob) string {
	// json.Marshal of the refs as a []string, written directly.
	doc := make([]byte, 0, 2+len(blobs)*72)
	doc = append(doc, '[')
	for i, b := range blobs {
		if i > 0 {
			doc = append(doc, ',')
		}
		doc = orchestrator.AppendJSONString(doc, b.Ref)
	}
	return string(append(doc, ']'))
}

func (s *Store) knownBlobs(blobs []blobVal) bool {
	s.blobsMu.Lock()
	defer s.blobsMu.Unlock()
	for _, b := range blobs {
		if !s.blobs[b.ref] {
			return false
		}
	}
	return true
}

func (s *Store) isKnownBlob(ref string) bool {
	s.blobsMu.Lock()
	defer s.blobsMu.Unlock()
	return s.blobs[ref]
}

func (s *Store) rememberBlob(ref string) {
	s.blobsMu.Lock()
	defer s.blobsMu.Unlock()
	if len(s.blobs) >= maxKnownBlobs {
		clear(s.blobs)
	}
	s.blobs[ref] = true
}

func (s *Store) forgetBlobs() {
	s.blobsMu.Lock()
	defer s.blobsMu.Unlock()
	clear(s.blobs)
}

// maxKnownBlobs bounds the refs remembered as stored.
const maxKnownBlobs = 1 << 14

// collectBlobs removes the blobs no plan references any more; it runs in
// the transaction that deleted plans.
func (s *Store) collectBlobs(ctx context.Context, tx *sql.Tx) error {
	res, err := tx.ExecContext(ctx, `DELETE FROM blobs WHERE ref NOT IN
		(SELECT j.value FROM plans, json_each(plans.refs) AS j WHERE plans.refs IS NOT NULL)`)
	if err != nil {
		return fmt.Errorf("collect trip values: %w", err)
	}
	if n, _ := res.RowsAffected(); n > 0 {
		s.forgetBlobs()
	}
	return nil
}

// row reads plan id's stored documents: the lean plan and the trip without
// its referenced values (nil for a row written before plans were stored by
// reference, whose doc is the whole plan).
func (s *Store) row(ctx context.Context, id string) (doc, trip []byte, err error) {
	if r := s.pendingPlan(id); r != nil {
		return r.doc, r.trip, nil
	}
	var t sql.NullString
	err = s.r.QueryRowContext(ctx, `SELECT doc, trip FROM plans WHERE id = ?`, id).Scan(&doc, &t)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, orchestrator.Errorf(orchestrator.ENOTFOUND, "plan %q not found", id)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("read plan %s: %w", id, err)
	}
	if t.Valid {
		trip = []byte(t.String)
	}
	return doc, trip, nil
}

// LeanPlanJSON returns the stored JSON of plan id without its trip, byte
// for byte as SavePlan wrote it, and a tag of everything stored for the
// plan (the trip's references are content addresses, so the tag changes
// with any value they point at). It returns an ENOTFOUND
// *orchestrator.Error for an unknown id.
func (s *Store) LeanPlanJSON(ctx context.Context, id string) ([]byte, string, error) {
	doc, trip, err := s.row(ctx, id)
	if err != nil {
		return nil, "", err
	}
	if trip == nil {
		var p orchestrator.Plan
		if err := json.Unmarshal(doc, &p); err != nil {
			return nil, "", fmt.Errorf("read plan %s: decode: %w", id, err)
		}
		lean, err := json.Marshal(orchestrator.LeanPlan{Plan: &p})
		if err != nil {
			return nil, "", fmt.Errorf("read plan %s: %w", id, err)
		}
		return lean, orchestrator.ContentRef(doc), nil
	}
	h := sha256.New()
	h.Write(doc)
	h.Write([]byte{0})
	h.Write(trip)
	return doc, "sha256-" + hex.EncodeToString(h.Sum(nil)), nil
}

// Plan returns the plan with id, its trip rebuilt from the referenced
// values, or an ENOTFOUND *orchestrator.Error.
func (s *Store) Plan(ctx context.Context, id string) (*orchestrator.Plan, error) {
	doc, trip, err := s.row(ctx, id)
	if err != nil {
		return nil, err
	}
	return s.decode(ctx, id, doc, trip)
}

// decode reads a stored row into its plan.
func (s *Store) decode(ctx context.Context, id string, doc, trip []byte) (*orchestrator.Plan, error) {
	var p orchestrator.Plan
	if err := json.Unmarshal(doc, &p); err != nil {
		return nil, fmt.Errorf("read plan %s: decode: %w", id, err)
	}
	if trip == nil {
		return &p, nil
	}
	if err := json.Unmarshal(trip, &p.Trip); err != nil {
		return nil, fmt.Errorf("read plan %s: decode trip: %w", id, err)
	}
	err := orchestrator.JoinTrip(&p.Trip, func(ref string) ([]byte, error) {
		if b := s.pendingBlob(ref); b != nil {
			return b, nil
		}
		var b []byte
		err := s.r.QueryRowContext(ctx, `SELECT doc FROM blobs WHERE ref = ?`, ref).Scan(&b)
		if err != nil {
			return nil, fmt.Errorf("trip value %s: %w", ref, err)
		}
		return b, nil
	})
	if err != nil {
		return nil, fmt.Errorf("read plan %s: %w", id, err)
	}
	return &p, nil
}

// PlanJSON returns json.Marshal of the stored plan id, its trip rebuilt
// from the referenced values, or an ENOTFOUND *orchestrator.Error.
func (s *Store) PlanJSON(ctx context.Context, id string) ([]byte, error) {
	doc, trip, err := s.row(ctx, id)
	if err != nil {
		return nil, err
	}
	if trip == nil {
		return doc, nil
	}
	p, err := s.decode(ctx, id, doc, trip)
	if err != nil {
		return nil, err
	}
	return json.Marshal(p)
}

// pendingBlob returns the JSON of value ref journalled with a plan not yet
// applied, or nil: a pending plan's values are in the database or
// journalled with it or with a plan before it.
func (s *Store) pendingBlob(ref string) []byte {
	if s.j == nil {
		return nil
	}
	s.pmu.Lock()
	defer s.pmu.Unlock()
	for _, r := range s.queue {
		for _, v := range r.blobs {
			if v.ref == ref && v.doc != nil {
				return v.doc
			}
		}
	}
	return nil
}

// TripValues returns how many trip values (blobs) are stored, once the
// plans acknowledged so far are applied (Flush).
func (s *Store) TripValues(ctx context.Context) (int, error) {
	if err := s.Flush(ctx); err != nil {
		return 0, err
	}
	var n int
	if err := s.r.QueryRowContext(ctx, `SELECT count(*) FROM blobs`).Scan(&n); err != nil {
		return 0, fmt.Errorf("count trip values: %w", err)
	}
	return n, nil
}
