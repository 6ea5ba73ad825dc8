package ginserver

import (
	"errors"
	"log/slog"
	"net/http"

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
	orchestrator.ETIMEOUT:       http.StatusGatewayTimeout,
	orchestrator.ECANCELED:      499, // the client closed the request (nginx convention)
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
	PlanID    string `json:"plan_id,omitempty"`
	RequestID string `json:"request_id,omitempty"`
}

// writeError answers with err's status and JSON body. Internal errors are
// logged with the request ID and shown only as a generic message.
func writeError(c *gin.Context, log *slog.Logger, err error) {
	code := orchestrator.ErrorCode(err)
	status, ok := statusOf[code]
	if !ok {
		status = http.StatusInternalServerError
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
	if status >= 500 {
		log.ErrorContext(c.Request.Context(), "request failed", "request_id", body.Error.RequestID, "code", code, "err", err)
	}
	c.AbortWithStatusJSON(status, body)
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
