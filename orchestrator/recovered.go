package orchestrator

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"runtime/debug"
)

type requestIDKey struct{}

// WithRequestID returns ctx carrying the request's ID, so that errors and
// logs deeper down (a recovered panic, a tool call) can name it.
func WithRequestID(ctx context.Context, id string) context.Context {
	if id == "" {
		return ctx
	}
	return context.WithValue(ctx, requestIDKey{}, id)
}

// RequestID returns the request ID ctx carries, or "".
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// Recovered turns a panic value caught at a door (an HTTP handler, an MCP
// tool, an A2A executor, a queue handler, a parser) into an EINTERNAL
// *Error the caller can quote. The message names an incident ID — the
// request's ID when ctx carries one, a fresh random one otherwise — and
// log gets the value and the stack under the same ID. It never panics; a
// nil log discards.
func Recovered(ctx context.Context, log *slog.Logger, door string, v any) *Error {
	id := RequestID(ctx)
	if id == "" {
		var b [8]byte
		_, _ = rand.Read(b[:])
		id = hex.EncodeToString(b[:])
	}
	if log != nil {
		log.ErrorContext(ctx, "panic recovered", "door", door, "request_id", id,
			"panic", fmt.Sprint(v), "stack", string(debug.Stack()))
	}
	return &Error{Code: EINTERNAL, Message: "internal error (incident " + id + "); the request was not completed and can be retried"}
}
