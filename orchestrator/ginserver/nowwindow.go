package ginserver

import (
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// DefaultNowWindow is how far a client-supplied reference time ("now") may
// lie from the server clock when Config.NowWindow is zero.
const DefaultNowWindow = 2 * 365 * 24 * time.Hour

// checkNow rejects a client-supplied reference time further than the
// window from the server clock: dates are validated against it ("in the
// past", "two years ahead"), so an unbounded one would let any date through.
func (s *Server) checkNow(field string, t time.Time) error {
	w := s.cfg.NowWindow
	if w <= 0 {
		w = DefaultNowWindow
	}
	clock := s.cfg.Now()
	if d := t.Sub(clock); d > w || d < -w {
		return orchestrator.FieldErrorf(field, "must lie within %d days of the server clock (%s)", int(w.Hours()/24), clock.UTC().Format("2006-01-02"))
	}
	return nil
}
