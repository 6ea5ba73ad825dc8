package sqlite

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// ListPlans returns one page of the plans matching f, newest first, ties
// broken by descending id. It reads one row more than the page to know
// whether another follows.
func (s *Store) ListPlans(ctx context.Context, f orchestrator.PlanFilter) (orchestrator.PlanPage, error) {
	cur, err := f.Validate()
	if err != nil {
		return orchestrator.PlanPage{}, err
	}
	// The bounds, in created_at's text form: the query's and, for the
	// plans not yet applied, selects'.
	var from, to, at string
	var where []string
	var args []any
	if f.Status != "" {
		where = append(where, "status = ?")
		args = append(args, f.Status)
	}
	if !f.CreatedFrom.IsZero() {
		from = f.CreatedFrom.UTC().Format(timeLayout)
		where = append(where, "created_at >= ?")
		args = append(args, from)
	}
	if !f.CreatedTo.IsZero() {
		to = f.CreatedTo.UTC().Format(timeLayout)
		where = append(where, "created_at < ?")
		args = append(args, to)
	}
	if !cur.IsZero() {
		at = cur.CreatedAt.UTC().Format(timeLayout)
		where = append(where, "(created_at < ? OR (created_at = ? AND id < ?))")
		args = append(args, at, at, cur.ID)
	}
	selects := func(r *writeReq) bool {
		return (f.Status == "" || r.status == f.Status) && (from == "" || r.created >= from) && (to == "" || r.created < to) &&
			(at == "" || r.created < at || (r.created == at && r.id < cur.ID))
	}
	q := `SELECT id, created_at, status, coalesce(json_extract(doc, '$.query'), ''),
		coalesce(json_extract(doc, '$.brief.destinations'), '[]'),
		coalesce(json_extract(doc, '$.brief.start_date'), ''), coalesce(json_extract(doc, '$.brief.days'), 0),
		coalesce(json_extract(doc, '$.replaces'), '')
		FROM plans`
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	q += " ORDER BY created_at DESC, id DESC LIMIT ?"
	args = append(args, f.Limit+1)
	// The pending plans are taken before the rows: a plan applied in
	// between is then in the rows.
	pending := s.pendingPlans()
	rows, err := s.r.QueryContext(ctx, q, args...)
	if err != nil {
		return orchestrator.PlanPage{}, fmt.Errorf("list plans: %w", err)
	}
	defer rows.Close()
	var out []orchestrator.PlanSummary
	for rows.Next() {
		var sum orchestrator.PlanSummary
		var created, dest string
		if err := rows.Scan(&sum.ID, &created, &sum.Status, &sum.Query, &dest, &sum.StartDate, &sum.Days, &sum.Replaces); err != nil {
			return orchestrator.PlanPage{}, fmt.Errorf("list plans: %w", err)
		}
		if sum.CreatedAt, err = time.Parse(timeLayout, created); err != nil {
			return orchestrator.PlanPage{}, fmt.Errorf("list plans: plan %s: created_at: %w", sum.ID, err)
		}
		if err := json.Unmarshal([]byte(dest), &sum.Destinations); err != nil || sum.Destinations == nil {
			sum.Destinations = []string{}
		}
		out = append(out, sum)
	}
	if err := rows.Err(); err != nil {
		return orchestrator.PlanPage{}, fmt.Errorf("list plans: %w", err)
	}
	if out, err = withPending(out, pending, selects, f.Limit+1); err != nil {
		return orchestrator.PlanPage{}, err
	}
	return orchestrator.NextPage(out, f.Limit), nil
}

// withPending merges into the rows read from the database (newest first,
// at most limit) the plans of reqs, journalled but not applied when the rows
// were read, that selects keeps, and returns at most limit; a pending plan
// replaces its ID's row.
func withPending(rows []orchestrator.PlanSummary, reqs []*writeReq, selects func(*writeReq) bool, limit int) ([]orchestrator.PlanSummary, error) {
	if len(reqs) == 0 {
		return rows, nil
	}
	pending := map[string]bool{}
	for _, r := range reqs {
		pending[r.id] = true
	}
	out := rows[:0:0]
	for _, sum := range rows {
		if !pending[sum.ID] {
			out = append(out, sum)
		}
	}
	for _, r := range reqs {
		if !selects(r) {
			continue
		}
		sum, err := pendingSummary(r)
		if err != nil {
			return nil, err
		}
		out = append(out, sum)
	}
	slices.SortFunc(out, func(a, b orchestrator.PlanSummary) int {
		if c := b.CreatedAt.Compare(a.CreatedAt); c != 0 {
			return c
		}
		return strings.Compare(b.ID, a.ID)
	})
	return out[:min(len(out), limit)], nil
}

// pendingSummary is the listing row of a plan not yet applied, read as
// ListPlans reads a stored one.
func pendingSummary(r *writeReq) (orchestrator.PlanSummary, error) {
	sum := orchestrator.PlanSummary{ID: r.id, Status: r.status}
	var err error
	if sum.CreatedAt, err = time.Parse(timeLayout, r.created); err != nil {
		return sum, fmt.Errorf("list plans: plan %s: created_at: %w", r.id, err)
	}
	var doc struct {
		Query    string `json:"query"`
		Replaces string `json:"replaces"`
		Brief    struct {
			Destinations []string `json:"destinations"`
			StartDate    string   `json:"start_date"`
			Days         int      `json:"days"`
		} `json:"brief"`
	}
	if err := json.Unmarshal(r.doc, &doc); err != nil {
		return sum, fmt.Errorf("list plans: plan %s: %w", r.id, err)
	}
	sum.Query, sum.StartDate, sum.Days, sum.Replaces = doc.Query, doc.Brief.StartDate, doc.Brief.Days, doc.Replaces
	sum.Destinations = doc.Brief.Destinations
	if sum.Destinations == nil {
		sum.Destinations = []string{}
	}
	return sum, nil
}

// DeletePlan removes plan id and its trace, or returns an ENOTFOUND
// *orchestrator.Error.
func (s *Store) DeletePlan(ctx context.Context, id string) error {
	n, err := s.quiesce(ctx, func() ([]string, error) {
		return s.exec(ctx, `DELETE FROM plans WHERE id = ? RETURNING id`, id)
	}, func(r *writeReq) bool { return r.id == id })
	if err != nil {
		return fmt.Errorf("delete plan %s: %w", id, err)
	}
	if n == 0 {
		return orchestrator.Errorf(orchestrator.ENOTFOUND, "plan %q not found", id)
	}
	return nil
}

// DeletePlansBefore removes the plans created before t, with their traces,
// and returns how many it removed.
func (s *Store) DeletePlansBefore(ctx context.Context, t time.Time) (int, error) {
	before := t.UTC().Format(timeLayout)
	n, err := s.quiesce(ctx, func() ([]string, error) {
		return s.exec(ctx, `DELETE FROM plans WHERE created_at < ? RETURNING id`, before)
	}, func(r *writeReq) bool { return r.created < before })
	if err != nil {
		return 0, fmt.Errorf("delete plans before %s: %w", t.Format(time.RFC3339), err)
	}
	return n, nil
}

// exec runs one deleting statement returning the deleted plans' IDs on the
// writer connection (spans and references go with their plan: ON DELETE
// CASCADE), collects the trip values no plan references any more in the
// same transaction, and returns the IDs.
func (s *Store) exec(ctx context.Context, q string, args ...any) (ids []string, err error) {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	rows, err := tx.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, err
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(ids) > 0 {
		if err := s.collectBlobs(ctx, tx); err != nil {
			return nil, err
		}
	}
	return ids, tx.Commit()
}
