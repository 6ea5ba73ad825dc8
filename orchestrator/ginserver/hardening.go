package ginserver

import (
	"time"

	"github.com/gin-gonic/gin"
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
	// Circuits, when set, is reported at GET /providers.
	Circuits Circuits
	// NowWindow bounds a client-supplied "now" around the server clock;
	// zero means DefaultNowWindow.
	NowWindow time.Duration
}

// hardeningRoutes registers the operator endpoints: /providers (circuit
// states).
func (s *Server) hardeningRoutes(e *gin.Engine) {
	e.GET("/providers", s.providers)
}
