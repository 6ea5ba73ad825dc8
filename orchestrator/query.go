package orchestrator

import (
	"context"
	"errors"
	"time"
)

// ParsedQuery is a natural-language request read into a brief: the brief,
// the parser that produced it ("rules" or a model), pending questions for
// missing essentials and notes on what was assumed.
type ParsedQuery struct {
	Brief     Brief
	Parser    string
	Questions []Question
	Notes     []string
}

// QueryParser reads natural-language requests into briefs; the brief
// parser implements it, and every door into tripweave (the JSON API, the
// MCP endpoint, the A2A agent) uses it.
type QueryParser interface {
	// ParseQuery reads query with now as the reference time for relative
	// dates.
	ParseQuery(ctx context.Context, query string, now time.Time) (*ParsedQuery, error)
	// Answer merges answers to pending questions (free text per question
	// field) into a brief.
	Answer(ctx context.Context, prev Brief, answers map[string]string, now time.Time) (*ParsedQuery, error)
}

// ReferenceTime reads a request's reference time ("now", RFC 3339); empty
// means def. A malformed value is an invalid error naming the field now.
func ReferenceTime(now string, def time.Time) (time.Time, error) {
	if now == "" {
		return def, nil
	}
	t, err := time.Parse(time.RFC3339, now)
	if err != nil {
		return time.Time{}, FieldErrorf("now", "must be an RFC 3339 time such as 2026-03-03T10:00:00+08:00")
	}
	return t, nil
}

// PrefixField returns err with prefix put before the field it names
// ("brief" + "days" → "brief.days"); other errors are returned as they are.
func PrefixField(prefix string, err error) error {
	var e *Error
	if errors.As(err, &e) && e.Field != "" {
		c := *e
		c.Field = prefix + "." + e.Field
		return &c
	}
	return err
}
