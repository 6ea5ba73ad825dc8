package postgres

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// No ghosts. A batch whose connection breaks after it was sent may have
// committed or not: the reply is what was lost. Answering an error then
// could leave a "ghost" (a plan readable though its client was told it
// failed); answering success could acknowledge a plan that is not stored.
// So an ambiguous commit is settled before anyone is answered:
//
//  1. every write takes an advisory lock on its plan's ID first, held until
//     its transaction ends;
//  2. settle ends the server process that ran the batch (waiting for it to
//     exit, so that its transaction is over: committed or rolled back,
//     never later), takes the same locks (waiting out a transaction still
//     running elsewhere, e.g. behind a pooler), and reads which of the
//     writes are stored, by their attempts (a random ID per save, kept in
//     the row);
//  3. a stored write is acknowledged (the client gets its plan), one not
//     stored fails and can never appear.
//
// When the database cannot be reached to settle, the write fails
// (unavailable) and is kept in doubt: once the database answers again, the
// plan is removed if that write stored it (compare-and-delete on its
// attempt, so that a later save of the same plan is never undone),
// so that an answer of failure stays true.

// settleTimeout bounds settling a group: ending the old server process and
// reading the outcome.
const settleTimeout = 10 * time.Second

// lockWrite is the first statement of every write: its plan's advisory
// lock, held until the transaction ends.
const lockWrite = `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`

// send runs group as one batch (one implicit transaction) on one
// connection. ambiguous reports an error after which the batch may have
// committed; pid is the server process that ran it.
func send(ctx context.Context, pool *pgxpool.Pool, group []*write) (pid uint32, ambiguous bool, err error) {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return 0, false, err // nothing sent
	}
	pid = conn.Conn().PgConn().PID()
	var b pgx.Batch
	for _, w := range group {
		w.addTo(&b)
	}
	err = conn.SendBatch(ctx, &b).Close()
	conn.Release()
	return pid, err != nil && outcomeUnknown(err), err
}

// outcomeUnknown reports whether a batch that failed with err may still
// have committed: not when the server answered an error (the transaction
// is rolled back) or pgx knows nothing was sent.
func outcomeUnknown(err error) bool {
	if _, ok := errors.AsType[*pgconn.PgError](err); ok {
		return false
	}
	return !pgconn.SafeToRetry(err)
}

// settle decides the outcome of group, sent by server process pid with an
// ambiguous error: for each write, nil when it is stored, else failed
// (err, classified). It returns ok false when the database could not be
// asked; the writes are then in doubt.
func settle(ctx context.Context, pool *pgxpool.Pool, pid uint32, group []*write, failed error) (outcome []error, ok bool) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), settleTimeout)
	defer cancel()
	ids := make([]string, len(group))
	for i, w := range group {
		ids[i] = w.id
	}
	stored := map[string]string{}
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if err := endBackend(ctx, tx, pid); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `SELECT count(pg_advisory_xact_lock(k)) FROM (SELECT DISTINCT hashtextextended(id, 0) AS k FROM unnest($1::text[]) AS id ORDER BY 1) AS ks`, ids); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT id, coalesce(attempt, '') FROM plans WHERE id = ANY($1)`, ids)
		if err != nil {
			return err
		}
		for rows.Next() {
			var id, attempt string
			if err := rows.Scan(&id, &attempt); err != nil {
				return err
			}
			stored[id] = attempt
		}
		return rows.Err()
	})
	if err != nil {
		slog.Warn("could not settle a plan commit whose answer was lost; it stays in doubt", "plans", ids, "error", err)
		return nil, false
	}
	outcome = make([]error, len(group))
	for i, w := range group {
		if attempt, ok := stored[w.id]; !ok || attempt != w.attempt {
			outcome[i] = classify(failed)
		}
	}
	return outcome, true
}

// endBackend ends server process pid if it is still this user's and waits
// (up to 5 s) for it to exit: a transaction it was running is then over.
func endBackend(ctx context.Context, tx pgx.Tx, pid uint32) error {
	if pid == 0 {
		return nil
	}
	_, err := tx.Exec(ctx, `SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity
		WHERE pid = $1 AND usename = current_user AND pid <> pg_backend_pid()`, int32(pid))
	return err
}

// doubt is a write in doubt: its plan, the attempt it wrote and the
// server process that ran it.
type doubt struct {
	pid         uint32
	id, attempt string
}

// inDoubt keeps the writes of group, sent by pid, in doubt (s.doubt).
func (s *Store) inDoubt(pid uint32, group []*write) {
	items := make([]doubt, len(group))
	for i, w := range group {
		items[i] = doubt{pid: pid, id: w.id, attempt: w.attempt}
	}
	s.doubt.Add(items...)
}

// settleDoubts undoes the writes in todo if they were stored: all of them
// or, while the database is out of reach, none.
func (s *Store) settleDoubts(todo []doubt) int {
	if s.undo(todo) != nil {
		return 0
	}
	return len(todo)
}

// undo removes the plans the writes in todo stored, if they did: each
// write's server process is ended and its lock taken before the
// compare-and-delete on its attempt.
func (s *Store) undo(todo []doubt) error {
	ctx, cancel := context.WithTimeout(context.Background(), settleTimeout)
	defer cancel()
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		for _, d := range todo {
			if err := endBackend(ctx, tx, d.pid); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, lockWrite, d.id); err != nil {
				return err
			}
			tag, err := tx.Exec(ctx, `DELETE FROM plans WHERE id = $1 AND attempt = $2`, d.id, d.attempt)
			if err != nil {
				return err
			}
			if tag.RowsAffected() > 0 {
				slog.Warn("removed a plan whose save was answered as failed (no ghost)", "plan", d.id)
			}
		}
		return nil
	})
}

// unsettledError is the error of a write whose outcome could not be read:
// it is in doubt and will be undone if it happened.
type unsettledError struct{ err error }

func (e *unsettledError) Error() string {
	return "the outcome of the commit is unknown and will be undone if it happened: " + e.err.Error()
}
func (e *unsettledError) Unwrap() error { return e.err }

func errUnsettled(err error) error { return &unsettledError{err: err} }

// unsettled reports whether err is a write's whose outcome is in doubt.
func unsettled(err error) bool {
	var u *unsettledError
	return errors.As(err, &u)
}

func newAttempt() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
