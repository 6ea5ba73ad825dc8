package postgres

import (
	"context"
	"errors"
	"io"
	"net"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/tripweave/tripweave/orchestrator"
)

// classify gives err, from a call to the database, the domain's code: the
// database unreachable, restarting, out of connections or cut off mid-call
// is EUNAVAILABLE (503 with Retry-After: try again), a value PostgreSQL
// refuses to store (SQLSTATE class 22: a NUL character, text that is not
// UTF-8) is EINVALID, anything else stays as it is (internal). The cause
// stays in the chain for the logs; nil stays nil.
func classify(err error) error {
	if err == nil {
		return nil
	}
	if orchestrator.ErrorCode(err) != orchestrator.EINTERNAL {
		return err // already the domain's
	}
	if pe, ok := errors.AsType[*pgconn.PgError](err); ok {
		switch {
		case strings.HasPrefix(pe.Code, "22"):
			return &storeError{err: err, domain: orchestrator.Errorf(orchestrator.EINVALID,
				"the request holds text the plan store cannot keep (%s); remove control characters such as NUL", pe.Message)}
		case strings.HasPrefix(pe.Code, "08"), strings.HasPrefix(pe.Code, "53"), strings.HasPrefix(pe.Code, "57P"),
			pe.Code == "40001", pe.Code == "40P01", pe.Code == "55P03", pe.Code == "25006":
			return unavailable(err)
		}
		return err
	}
	if connectionLost(err) {
		return unavailable(err)
	}
	return err
}

// connectionLost reports whether err says the database could not be
// reached or the connection broke.
func connectionLost(err error) bool {
	if _, ok := errors.AsType[*pgconn.ConnectError](err); ok {
		return true
	}
	if _, ok := errors.AsType[net.Error](err); ok {
		return true
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, net.ErrClosed) ||
		errors.Is(err, context.DeadlineExceeded) || pgconn.Timeout(err) || pgconn.SafeToRetry(err) {
		return true
	}
	msg := err.Error()
	for _, s := range []string{"conn closed", "closed pool", "connection reset", "broken pipe", "connection refused",
		"failed to connect", "unexpected EOF", "server closed the connection"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

func unavailable(err error) error {
	return &storeError{err: err, domain: orchestrator.Errorf(orchestrator.EUNAVAILABLE,
		"the plan store (PostgreSQL) is unreachable; try again shortly")}
}

// storeError is a database error with the domain error it means: the
// domain's for callers (codes, messages), the cause for the logs.
type storeError struct {
	err    error
	domain *orchestrator.Error
}

func (e *storeError) Error() string   { return e.domain.Message + ": " + e.err.Error() }
func (e *storeError) Unwrap() []error { return []error{e.domain, e.err} }
