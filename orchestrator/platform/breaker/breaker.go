// Package breaker is a set of circuit breakers, one per upstream (an agent
// tool, which fronts one provider), that only the upstream can trip.
//
// A circuit is closed until Threshold calls in a row fail on the upstream's
// side, then open for CoolDown: calls are refused at once, so a dead provider
// costs nothing. After the cool-down the circuit is half-open and lets
// exactly one probe through; the probe's success closes it, its failure
// opens it for another cool-down, and every other call is refused while the
// probe runs. A caller that cancels, or whose own deadline passes before the
// upstream had SlowCall to answer, says nothing about the upstream: such
// outcomes are ignored, so impatient clients cannot open a circuit for
// everyone.
package breaker

import (
	"context"
	"errors"
	"sort"
	"sync"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// State is a circuit's state.
type State int

// Circuit states.
const (
	Closed   State = iota // calls pass
	HalfOpen              // one probe may pass
	Open                  // calls are refused until the cool-down ends
)

// String returns "closed", "half_open" or "open".
func (s State) String() string {
	switch s {
	case HalfOpen:
		return "half_open"
	case Open:
		return "open"
	}
	return "closed"
}

// Defaults of Options.
const (
	DefaultThreshold = 5
	DefaultCoolDown  = 30 * time.Second
	DefaultSlowCall  = 10 * time.Second
)

// Options configures a Set. Zero values mean the defaults.
type Options struct {
	Threshold int           // consecutive upstream failures that open a circuit
	CoolDown  time.Duration // how long an open circuit refuses calls
	// SlowCall is the time an upstream may take before a call that ended at
	// its caller's deadline counts as the upstream's failure.
	SlowCall time.Duration
	Now      func() time.Time
}

// ErrOpen is returned (wrapped in an EUNAVAILABLE UpstreamError) for calls
// refused by an open or probing circuit.
var ErrOpen = errors.New("circuit open")

// Set holds one circuit per upstream name. The zero value is not usable;
// New returns one. A Set is safe for concurrent use.
type Set struct {
	opts     Options
	mu       sync.Mutex
	circuits map[string]*circuit
}

type circuit struct {
	state    State
	failures int       // consecutive upstream failures while closed
	until    time.Time // end of the cool-down while open
	probing  bool      // a half-open probe is in flight
	opened   int       // times the circuit opened
	refused  int64     // calls refused
}

// New returns a Set with every circuit closed.
func New(opts Options) *Set {
	if opts.Threshold <= 0 {
		opts.Threshold = DefaultThreshold
	}
	if opts.CoolDown <= 0 {
		opts.CoolDown = DefaultCoolDown
	}
	if opts.SlowCall <= 0 {
		opts.SlowCall = DefaultSlowCall
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Set{opts: opts, circuits: map[string]*circuit{}}
}

// Allow asks to call upstream name. When the circuit lets the call through
// it returns ok and a done func that must be called exactly once with the
// call's context and error (it classifies the outcome, see Outcome);
// otherwise it returns false and the call must not be made. Allow never
// blocks.
func (s *Set) Allow(name string) (done func(ctx context.Context, err error), ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.circuit(name)
	now := s.opts.Now()
	if c.state == Open && !now.Before(c.until) {
		c.state, c.probing = HalfOpen, false
	}
	probe := false
	switch c.state {
	case Open:
		c.refused++
		return nil, false
	case HalfOpen:
		if c.probing {
			c.refused++
			return nil, false
		}
		c.probing, probe = true, true
	}
	start := now
	var once sync.Once
	return func(ctx context.Context, err error) {
		once.Do(func() { s.record(name, probe, s.outcome(ctx, err, start)) })
	}, true
}

// Outcome is how a call's end counts for its upstream.
type Outcome int

// Outcomes.
const (
	Success Outcome = iota // the upstream answered (even with an error of its own, such as not found)
	Failure                // the upstream is down, unreachable or too slow
	Ignored                // the caller left or ran out of time: nothing learnt
)

// outcome classifies a finished call started at start.
func (s *Set) outcome(ctx context.Context, err error, start time.Time) Outcome {
	if err == nil {
		return Success
	}
	if ctxErr := ctx.Err(); ctxErr != nil {
		// The caller's context ended. A deadline the upstream had ample
		// time to meet is its failure; a cancellation or a short deadline is
		// the caller's doing.
		if errors.Is(ctxErr, context.DeadlineExceeded) && s.opts.Now().Sub(start) >= s.opts.SlowCall {
			return Failure
		}
		return Ignored
	}
	switch orchestrator.ErrorCode(err) {
	case orchestrator.EUNAVAILABLE, orchestrator.ETIMEOUT:
		return Failure
	}
	return Success
}

func (s *Set) record(name string, probe bool, o Outcome) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.circuit(name)
	if probe {
		c.probing = false
	}
	switch o {
	case Ignored:
		return // a half-open circuit lets the next call probe
	case Success:
		c.failures = 0
		if probe {
			c.state = Closed
		}
	case Failure:
		if probe {
			s.open(c)
			return
		}
		if c.state == Closed {
			c.failures++
			if c.failures >= s.opts.Threshold {
				s.open(c)
			}
		}
	}
}

func (s *Set) open(c *circuit) {
	c.state, c.failures, c.probing = Open, 0, false
	c.until = s.opts.Now().Add(s.opts.CoolDown)
	c.opened++
}

func (s *Set) circuit(name string) *circuit {
	c := s.circuits[name]
	if c == nil {
		c = &circuit{}
		s.circuits[name] = c
	}
	return c
}

// Unusable returns the upstreams a new call should not be planned on: open
// circuits still cooling down and half-open ones whose probe is in flight.
// A half-open circuit with no probe is usable, so the next call probes it.
func (s *Set) Unusable() map[string]bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.opts.Now()
	var out map[string]bool
	for name, c := range s.circuits {
		if (c.state == Open && now.Before(c.until)) || (c.state == HalfOpen && c.probing) {
			if out == nil {
				out = map[string]bool{}
			}
			out[name] = true
		}
	}
	return out
}

// Status is one circuit's state as reported by Snapshot.
type Status struct {
	Name     string    `json:"name"`
	State    string    `json:"state"`
	Failures int       `json:"consecutive_failures"`
	Opened   int       `json:"times_opened"`
	Refused  int64     `json:"calls_refused"`
	RetryAt  time.Time `json:"retry_at,omitzero"` // end of the cool-down, while open
}

// Snapshot returns every circuit that has seen a call, sorted by name.
func (s *Set) Snapshot() []Status {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.opts.Now()
	out := make([]Status, 0, len(s.circuits))
	for name, c := range s.circuits {
		st := c.state
		if st == Open && !now.Before(c.until) {
			st = HalfOpen
		}
		e := Status{Name: name, State: st.String(), Failures: c.failures, Opened: c.opened, Refused: c.refused}
		if st == Open {
			e.RetryAt = c.until
		}
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
