package sqlite

import (
	"context"
	"encoding/json"
	"fmt"
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
	var where []string
	var args []any
	if f.Status != "" {
		where = append(where, "status = ?")
		args = append(args, f.Status)
	}
	if !f.CreatedFrom.IsZero() {
		where = append(where, "created_at >= ?")
		args = append(args, f.CreatedFrom.UTC().Format(timeLayout))
	}
	if !f.CreatedTo.IsZero() {
		where = append(where, "created_at < ?")
		args = append(args, f.CreatedTo.UTC().Format(timeLayout))
	}
	if !cur.IsZero() {
		at := cur.CreatedAt.UTC().Format(timeLayout)
		where = append(where, "(created_at < ? OR (created_at = ? AND id < ?))")
		args = append(args, at, at, cur.ID)
	}
	q := `SELECT id, created_at, status, coalesce(json_extract(doc, '$.query'), ''),
		coalesce(json_extract(doc, '$.brief.destinations'), '[]'),
		coalesce(json_extract(doc, '$.brief.start_date'), ''), coalesce(json_extract(doc, '$.brief.days'), 0)
		FROM plans`
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	q += " ORDER BY created_at DESC, id DESC LIMIT ?"
	args = append(args, f.Limit+1)
	rows, err := s.r.QueryContext(ctx, q, args...)
	if err != nil {
		return orchestrator.PlanPage{}, fmt.Errorf("list plans: %w", err)
	}
	defer rows.Close()
	var out []orchestrator.PlanSummary
	for rows.Next() {
		var sum orchestrator.PlanSummary
		var created, dest string
		if err := rows.Scan(&sum.ID, &created, &sum.Status, &sum.Query, &dest, &sum.StartDate, &sum.Days); err != nil {
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
	return orchestrator.NextPage(out, f.Limit), nil
}

// DeletePlan removes plan id and its trace, or returns an ENOTFOUND
// *orchestrator.Error.
func (s *Store) DeletePlan(ctx context.Context, id string) error {
	n, err := s.exec(ctx, `DELETE FROM plans WHERE id = ?`, id)
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
	n, err := s.exec(ctx, `DELETE FROM plans WHERE created_at < ?`, t.UTC().Format(timeLayout))
	if err != nil {
		return 0, fmt.Errorf("delete plans before %s: %w", t.Format(time.RFC3339), err)
	}
	return int(n), nil
}

// exec runs one deleting statement on the writer connection (spans and
// references go with their plan: ON DELETE CASCADE), collects the trip
// values no plan references any more in the same transaction, and returns
// the rows the statement affected.
func (s *Store) exec(ctx context.Context, q string, args ...any) (n int64, err error) {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	res, err := tx.ExecContext(ctx, q, args...)
	if err != nil {
		return 0, err
	}
	if n, err = res.RowsAffected(); err != nil {
		return 0, err
	}
	if n > 0 {
		if err := s.collectBlobs(ctx, tx); err != nil {
			return 0, err
		}
	}
	return n, tx.Commit()
}
