package orchestrator

import "time"

// NormalBrief is a brief that Normalize accepted: the only form the
// planner takes, so that the compiler keeps an unchecked brief from it.
// Its zero value is no brief. Make one with NormalizeBrief.
type NormalBrief struct {
	b  Brief
	ok bool
}

// NormalizeBrief validates and normalises b (see Brief.Normalize) with now
// as the reference time when b has none. It is the one place a brief
// becomes a NormalBrief.
func NormalizeBrief(b Brief, now time.Time) (NormalBrief, error) {
	if err := b.Normalize(now); err != nil {
		return NormalBrief{}, err
	}
	return NormalBrief{b: b, ok: true}, nil
}

// Brief returns the normalised brief. Its slices are shared: read them,
// do not change them.
func (n NormalBrief) Brief() Brief { return n.b }

// Valid reports whether n was made by NormalizeBrief.
func (n NormalBrief) Valid() bool { return n.ok }
