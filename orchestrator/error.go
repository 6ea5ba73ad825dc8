package orchestrator

import (
	"errors"
	"fmt"
	"strings"
)

// Error codes. The HTTP edge maps each to one status in a single table; the
// rest of the code only ever names a code.
const (
	EINVALID       = "invalid"       // the caller sent something wrong (400)
	ENOTFOUND      = "not_found"     // the thing asked for does not exist (404)
	ETOOLARGE      = "too_large"     // the request body is too big (413)
	EUNPROCESSABLE = "unprocessable" // well-formed but cannot be planned (422)
	ENEEDSINPUT    = "needs_input"   // essentials are missing; questions follow (422)
	EUNAVAILABLE   = "unavailable"   // a dependency is down or not configured (503)
	ETIMEOUT       = "timeout"       // the plan's deadline passed (504)
	EINTERNAL      = "internal"      // a bug or an unexpected failure (500)
	ECANCELED      = "canceled"      // the caller went away
	ECONFLICT      = "conflict"      // the state does not allow the operation (409)
	ERATELIMITED   = "rate_limited"  // too many requests (429)
	EBADRESPONSE   = "bad_response"  // an upstream answered garbage
	EAUTH          = "auth"          // an upstream refused our credentials
	EINVALIDARG    = "invalid_argument"
	EBLOCKED       = "blocked"                // a site answered with a block or challenge page
	EUNAUTHORIZED  = "unauthorized"           // no valid API key (401)
	EFORBIDDEN     = "forbidden"              // the key may not do this (403)
	EUNSUPPORTED   = "unsupported_media_type" // a body that is not JSON (415)
	// EDATAUNAVAILABLE: the request's cities got no catalog data at all
	// (no attractions, restaurants or hotels): providers unreachable, keys
	// missing or a dataset not (yet) loaded (503 with Retry-After).
	EDATAUNAVAILABLE = "data_unavailable"
)

// Error is the domain error: a code from the list above, a message safe to
// show to the caller, and, for input errors, the JSON field at fault
// (dotted path, e.g. "travelers.adults").
type Error struct {
	Code    string
	Message string
	Field   string
}

// Error implements the error interface.
func (e *Error) Error() string {
	if e.Field != "" {
		return fmt.Sprintf("%s: %s (field %s)", e.Code, e.Message, e.Field)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

// Errorf returns an *Error with the given code and a formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// FieldErrorf returns an EINVALID *Error naming field.
func FieldErrorf(field, format string, args ...any) *Error {
	return &Error{Code: EINVALID, Field: field, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of the first *Error in err's chain, EINTERNAL for
// any other non-nil error and "" for nil.
func ErrorCode(err error) string {
	if err == nil {
		return ""
	}
	if e, ok := errors.AsType[*Error](err); ok { // AsType: no target to allocate
		return e.Code
	}
	if u, ok := errors.AsType[*UpstreamError](err); ok {
		return u.Type
	}
	return EINTERNAL
}

// ErrorMessage returns the message of the first *Error in err's chain, or a
// generic text for other errors so internals never leak to callers.
func ErrorMessage(err error) string {
	if err == nil {
		return ""
	}
	if e, ok := errors.AsType[*Error](err); ok { // AsType: no target to allocate
		return e.Message
	}
	if u, ok := errors.AsType[*UpstreamError](err); ok {
		return u.Message
	}
	return "internal error"
}

// ErrorField returns the field named by the first *Error in err's chain.
func ErrorField(err error) string {
	if e, ok := errors.AsType[*Error](err); ok {
		return e.Field
	}
	return ""
}

// UpstreamError is a failure reported by an agent's tool: a typed reason
// (auth, rate_limited, timeout, bad_response, not_found, invalid_argument,
// unavailable, blocked) and whether trying again may help.
type UpstreamError struct {
	Type      string `json:"errorType"`
	Message   string `json:"message"`
	Retryable bool   `json:"retryable"`
	// Provider names the upstream (e.g. "open-meteo") when known.
	Provider string `json:"provider,omitempty"`
}

// Error implements the error interface.
func (e *UpstreamError) Error() string {
	if e.Provider != "" {
		return fmt.Sprintf("%s: %s: %s", e.Provider, e.Type, e.Message)
	}
	return fmt.Sprintf("%s: %s", e.Type, e.Message)
}

// Transient reports whether a retry may succeed; the DAG engine retries such
// errors with backoff.
func (e *UpstreamError) Transient() bool { return e.Retryable }

// MissingData names a city that got none of its catalogs and the sections
// missing ("attractions", "restaurants", "hotels").
type MissingData struct {
	City     string   `json:"city"`
	Sections []string `json:"sections"`
}

// DataUnavailableError is the EDATAUNAVAILABLE error: the cities whose
// catalogs came back empty or failed, and what an operator can do. A plan
// without them would be an empty itinerary passed off as a trip.
type DataUnavailableError struct {
	Missing []MissingData
	// Hint says what an operator can do (network, keys, TRIPWEAVE_IMPORT).
	Hint string
}

// DataUnavailableHint is the operator's side of a data_unavailable answer.
const DataUnavailableHint = "an operator can check the network to the data providers (Wikivoyage, OpenStreetMap, Open-Meteo), " +
	"configure provider keys (such as AMAP_KEY for China), or load a sandbox dataset with TRIPWEAVE_IMPORT; " +
	"a dataset being re-imported is back within seconds"

// Error implements the error interface.
func (e *DataUnavailableError) Error() string { return EDATAUNAVAILABLE + ": " + e.message() }

func (e *DataUnavailableError) message() string {
	var b strings.Builder
	b.WriteString("no catalog data for ")
	for i, m := range e.Missing {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%s (no %s)", m.City, strings.Join(m.Sections, ", "))
	}
	b.WriteString(": the itinerary would be empty, so none is made; try again later. ")
	if e.Hint != "" {
		b.WriteString(strings.ToUpper(e.Hint[:1]) + e.Hint[1:])
	}
	return b.String()
}

// Unwrap gives the error's domain code and message to ErrorCode and
// ErrorMessage.
func (e *DataUnavailableError) Unwrap() error {
	return &Error{Code: EDATAUNAVAILABLE, Message: e.message()}
}
