package pipeline

import (
	"errors"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
)

// configError marks a failure that is a fact of the deployment's
// configuration, not of this request or of an outage: the browser off, no
// agent serving a tool (a provider disabled or its key unset), no local
// step. Its note is for operators.
type configError struct{ err *orchestrator.Error }

func (e configError) Error() string { return e.err.Error() }
func (e configError) Unwrap() error { return e.err }

func configuration(e *orchestrator.Error) error { return configError{e} }

// browserProvider is the browser agent's provider name (agents/browser).
const browserProvider = "browser"

// isConfiguration reports whether err says something about how this
// deployment is set up (see configError), including the browser agent
// having no recipe for a kind of price (a site recipe is configuration).
func isConfiguration(err error) bool {
	if _, ok := errors.AsType[configError](err); ok {
		return true
	}
	if u, ok := errors.AsType[*orchestrator.UpstreamError](err); ok {
		return u.Provider == browserProvider && u.Type == orchestrator.ENOTFOUND && strings.HasPrefix(u.Message, "no recipe")
	}
	return false
}

// NoteObserver is told of every operator note of every plan (metrics); an
// Observer may implement it.
type NoteObserver interface {
	ObserveOperatorNote(kind orchestrator.Kind, code string)
}
