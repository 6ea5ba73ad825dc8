package ginserver

import (
	"time"

	"github.com/gin-gonic/gin"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/app/auth"
	"github.com/tripweave/tripweave/orchestrator/app/intake"
)

// Hardening is the part of Config about who may call the API and how much:
// API keys, scopes and plan ownership, per-key limits, the bound on plans in
// flight, the browser origins allowed, and the window a client-supplied
// reference time must lie in. Its zero value allows everything, as on a
// loopback listener with authentication off.
type Hardening struct {
	// CORSOrigins lists the browser origins allowed to call the API
	// ("*" for any); empty allows none (same-origin pages still work).
	CORSOrigins []string
	// Auth, when set, requires API keys (see authenticate); nil leaves the
	// API open, as on a loopback listener.
	Auth *auth.Authenticator
	// Keys records plan ownership and share tokens; required with Auth.
	Keys orchestrator.KeyStore
	// Circuits, when set, is reported at GET /providers.
	Circuits Circuits
	// Limits are the per-caller rate and plan quota and the bound on plans
	// in flight (limits.go); the zero value limits nothing.
	Limits Limits
	// NowWindow bounds a client-supplied "now" around the server clock;
	// zero means DefaultNowWindow.
	NowWindow time.Duration
}

// hardeningRoutes registers the operator endpoints: /providers (circuit
// states).
func (s *Server) hardeningRoutes(e *gin.Engine) {
	e.GET("/providers", s.providers)
	e.POST("/v1/plans/:id/share", s.sharePlan)
}

// SetAuth turns API keys on (a nil a turns them off). Call it before the
// server answers requests.
func (s *Server) SetAuth(a *auth.Authenticator, keys orchestrator.KeyStore) {
	s.cfg.Auth, s.cfg.Keys = a, keys
	s.intake.SetKeys(keys)
}

// DefaultNowWindow is how far a client-supplied reference time ("now") may
// lie from the server clock when Hardening.NowWindow is zero.
const DefaultNowWindow = intake.DefaultNowWindow

// SetLimits replaces the fair-use limits. Call it before the server
// answers requests.
func (s *Server) SetLimits(l Limits) { s.cfg.Limits = l }

// Limits returns the fair-use limits in force.
func (s *Server) Limits() Limits { return s.cfg.Limits }
