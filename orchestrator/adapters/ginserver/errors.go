package ginserver

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/tripweave/tripweave/orchestrator"
)

// statusOf is the one table from error codes to HTTP statuses.
var statusOf = map[string]int{
	orchestrator.EINVALID:       http.StatusBadRequest,
	orchestrator.EINVALIDARG:    http.StatusBadRequest,
	orchestrator.ENOTFOUND:      http.StatusNotFound,
	orchestrator.ECONFLICT:      http.StatusConflict,
	orchestrator.ETOOLARGE:      http.StatusRequestEntityTooLarge,
	orchestrator.EUNPROCESSABLE: http.StatusUnprocessableEntity,
	orchestrator.ENEEDSINPUT:    http.StatusUnprocessableEntity,
	orchestrator.ERATELIMITED:   http.StatusTooManyRequests,
	orchestrator.EINTERNAL:      http.StatusInternalServerError,
	orchestrator.EBADRESPONSE:   http.StatusBadGateway,
	orchestrator.EAUTH:          http.StatusBadGateway,
	orchestrator.EBLOCKED:       http.StatusBadGateway,
	orchestrator.EUNAVAILABLE:   http.StatusServiceUnavailable,
	// No catalog data for the request's cities: providers unreachable,
	// keys missing or a dataset not loaded yet (Retry-After).
	orchestrator.EDATAUNAVAILABLE: http.StatusServiceUnavailable,
	orchestrator.ETIMEOUT:         http.StatusGatewayTimeout,
	orchestrator.ECANCELED:        StatusClientClosed,
	orchestrator.EUNAUTHORIZED:    http.StatusUnauthorized,
	orchestrator.EFORBIDDEN:       http.StatusForbidden,
	orchestrator.EUNSUPPORTED:     http.StatusUnsupportedMediaType,
}

// StatusClientClosed is the status logged and counted when the client went
// away before its answer (the nginx convention); nobody receives it.
const StatusClientClosed = 499

// ErrShuttingDown is the cause with which requests still running when the
// drain deadline passes are cancelled; they answer 503 with Retry-After.
var ErrShuttingDown = errors.New("the server is shutting down")

// DefaultRetryAfter is the Retry-After of a 503 whose error names none.
const DefaultRetryAfter = 5 * time.Second

// RetryAfter is implemented by errors that know when trying again may help
// (rate limits, a full plan store, too many plans in flight).
type RetryAfter interface {
	RetryAfter() time.Duration
}

// errorBody is the JSON shape of every error response.
type errorBody struct {
	Error errorDetail `json:"error"`
}

type errorDetail struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Field   string `json:"field,omitempty"`
	// Questions are asked when the code is needs_input.
	Questions []Question `json:"questions,omitempty"`
	// PlanID names the pending plan to answer the questions of.
	PlanID string `json:"plan_id,omitempty"`
	// Missing names, for data_unavailable, the cities and the sections
	// they got no data for; Hint says what an operator can do.
	Missing   []orchestrator.MissingData `json:"missing,omitempty"`
	Hint      string                     `json:"hint,omitempty"`
	RequestID string                     `json:"request_id,omitempty"`
}

// writeError answers with err's status and JSON body. Internal errors are
// logged with the request ID and shown only as a generic message.
func writeError(c *gin.Context, log *slog.Logger, err error) {
	err = requestGone(c.Request.Context(), err)
	code := orchestrator.ErrorCode(err)
	status, ok := statusOf[code]
	if !ok {
		status = http.StatusInternalServerError
	}
	if status == http.StatusServiceUnavailable || status == http.StatusTooManyRequests {
		wait := DefaultRetryAfter
		var ra RetryAfter
		if errors.As(err, &ra) && ra.RetryAfter() > 0 {
			wait = ra.RetryAfter()
		}
		c.Header("Retry-After", strconv.Itoa(int((wait+time.Second-1)/time.Second)))
	}
	body := errorBody{Error: errorDetail{
		Code:      code,
		Message:   orchestrator.ErrorMessage(err),
		Field:     orchestrator.ErrorField(err),
		RequestID: c.GetString(requestIDKey),
	}}
	var ni *needsInput
	if errors.As(err, &ni) {
		body.Error.Questions = ni.questions
		body.Error.PlanID = ni.planID
	}
	var du *orchestrator.DataUnavailableError
	if errors.As(err, &du) {
		body.Error.Missing, body.Error.Hint = du.Missing, du.Hint
	}
	if status >= 500 {
		log.ErrorContext(c.Request.Context(), "request failed", "request_id", body.Error.RequestID, "code", code, "err", err)
	}
	c.AbortWithStatusJSON(status, body)
}

// requestGone replaces err when the request's context ended under it: a
// client that went away is ECANCELED (logged and counted as 499, not as a
// server error) and a request cut off by shutdown is EUNAVAILABLE. Errors of
// a request whose context is still live are returned unchanged.
func requestGone(ctx context.Context, err error) error {
	if ctx.Err() == nil {
		return err
	}
	code := orchestrator.ErrorCode(err)
	if st, ok := statusOf[code]; ok && st < 500 && code != orchestrator.ECANCELED {
		return err // a client error found before the request ended stands
	}
	if errors.Is(context.Cause(ctx), ErrShuttingDown) {
		return &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: "the server is shutting down; try again"}
	}
	if errors.Is(ctx.Err(), context.Canceled) {
		return &orchestrator.Error{Code: orchestrator.ECANCELED, Message: "the client closed the request"}
	}
	return err
}

// needsInput is the error for a request missing essentials.
type needsInput struct {
	questions []Question
	planID    string
}

func (e *needsInput) Error() string { return "needs input" }

func (e *needsInput) Unwrap() error {
	return &orchestrator.Error{Code: orchestrator.ENEEDSINPUT, Message: "the request is missing essentials; answer the questions"}
}
