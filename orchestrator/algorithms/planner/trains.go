package planner

import (
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// outpacing lists the high-speed trains (G, D, C) among opts that outpace
// op, a conventional train (K, T, Z, numbered, or a D train no faster), at
// comparable hours (quality.Outpaces: at most two thirds of its time door
// to door, leaving at most 2 h earlier and arriving at most 1 h later)
// while keeping the party's sensible hours (oddTyped); none when op is no
// such train. A traveller takes the quicker train at the same hours: the
// leg choice books the best of them instead (chooseLegFresh). Journeys
// are neither slow nor fast: they are weighed as a whole.
func (w *world) outpacing(op *option, opts []*option, l routeLeg, outbound, home bool, notBefore int) []*option {
	if op == nil || len(op.parts) > 0 || op.o.Mode != "train" || op.depart < 0 || quality.HighSpeedTrain(op.o.Number) {
		return nil
	}
	dep, arr := w.legTimes(op, l, outbound, home, notBefore)
	var out []*option
	for _, f := range opts {
		if len(f.parts) > 0 || f.o.Mode != "train" || f.depart < 0 || !quality.HighSpeedTrain(f.o.Number) {
			continue
		}
		fdep, farr := w.legTimes(f, l, outbound, home, notBefore)
		if quality.Outpaces(dep, arr, op.dur, fdep, farr, f.dur) && !w.oddTyped(f, l, outbound, home, notBefore) {
			out = append(out, f)
		}
	}
	return out
}

// calm returns opts without the options arriving in the small hours
// (quality.SmallHours: the next day, 02:00–05:00) when some other option
// remains, with notBefore at 0 or more so that the choice reads the list
// given (not the leg's memoized cheapest); opts and notBefore as they are
// otherwise.
func (w *world) calm(opts []*option, l routeLeg, outbound, home bool, notBefore int) ([]*option, int) {
	small := func(op *option) bool {
		_, arr := w.legTimes(op, l, outbound, home, notBefore)
		return quality.SmallHours(arr)
	}
	n := 0
	for _, op := range opts {
		if !small(op) {
			n++
		}
	}
	if n == 0 || n == len(opts) {
		return opts, notBefore
	}
	out := make([]*option, 0, n)
	for _, op := range opts {
		if !small(op) {
			out = append(out, op)
		}
	}
	return out, max(notBefore, 0)
}

// smallHours reports whether a plan has a leg arriving in the small hours
// (quality.SmallHours).
func (w *world) smallHours(it *orchestrator.Itinerary) bool {
	for _, d := range it.Days {
		for _, l := range d.Legs {
			if arr, ok := orchestrator.ParseClock(l.Arrive); ok && quality.SmallHours(arr+1440*l.ArriveDayOffset) {
				return true
			}
		}
	}
	return false
}
