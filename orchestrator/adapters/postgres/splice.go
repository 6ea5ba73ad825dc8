package postgres

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/tripweave/tripweave/orchestrator"
)

// A plan saved by reference is its lean JSON, its trip without the large
// values and those values' JSON, each exactly as json.Marshal wrote it
// (Sourced.Ref vouches for it). PlanJSON then needs no decoding of the
// values: SpliceJSON encodes the plan around the trip skeleton and writes
// each value's stored bytes where the skeleton has its zero value. Decoding
// the values only to encode them again is what made a whole-plan read cost
// twice a lean one.

// errNoSplice means the skeleton holds something SpliceJSON does not know
// how to fill (a section SplitTrip learned to reference since): the caller
// decodes the plan instead.
var errNoSplice = errors.New("plan cannot be spliced")

// SpliceJSON returns json.Marshal of the plan saved as lean (json.Marshal
// of orchestrator.LeanPlan), trip (json.Marshal of the trip SplitTrip
// left) and the values value returns by ref, without decoding the values:
// byte for byte what decoding it all and json.Marshal give. refs are the
// refs the plan row lists (every value the trip refers to). When the trip
// refers to a section it cannot splice, it decodes the plan
// (DecodeByRef) and encodes it.
func SpliceJSON(lean, trip []byte, refs []string, value func(ref string) ([]byte, bool)) ([]byte, error) {
	var p orchestrator.Plan
	if err := json.Unmarshal(lean, &p); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(trip, &p.Trip); err != nil {
		return nil, fmt.Errorf("trip: %w", err)
	}
	doc, err := json.Marshal(&p)
	if err != nil {
		return nil, err
	}
	tb, err := json.Marshal(&p.Trip)
	if err != nil {
		return nil, err
	}
	// Values are filled within the trip only.
	at := bytes.Index(doc, append([]byte(`"trip":`), tb...))
	var out []byte
	if at < 0 {
		err = errNoSplice
	} else if out, err = splice(tb, &p.Trip, refs, value); err == nil {
		at += len(`"trip":`)
		out = append(append(append(make([]byte, 0, len(doc)-len(tb)+len(out)), doc[:at]...), out...), doc[at+len(tb):]...)
	}
	if errors.Is(err, errNoSplice) {
		full, err := DecodeByRef(lean, trip, value)
		if err != nil {
			return nil, err
		}
		return json.Marshal(full)
	}
	return out, err
}

// DecodeByRef decodes the plan saved as lean, trip and the values value
// returns by ref.
func DecodeByRef(lean, trip []byte, value func(ref string) ([]byte, bool)) (*orchestrator.Plan, error) {
	var p orchestrator.Plan
	if err := json.Unmarshal(lean, &p); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(trip, &p.Trip); err != nil {
		return nil, fmt.Errorf("trip: %w", err)
	}
	err := orchestrator.JoinTrip(&p.Trip, func(ref string) ([]byte, error) {
		if v, ok := value(ref); ok {
			return v, nil
		}
		return nil, fmt.Errorf("trip value %s is missing", ref)
	})
	if err != nil {
		return nil, err
	}
	return &p, nil
}

// edit replaces doc[at:at+n] with with.
type edit struct {
	at, n int
	with  []byte
}

// splice fills, in doc (json.Marshal of the trip skel), each
// referenced section of skel with its value's bytes. It answers errNoSplice
// when a ref of refs is left unfilled or a section is not where it should
// be, so that nothing is ever silently left out.
func splice(doc []byte, skel *orchestrator.Trip, refs []string, value func(ref string) ([]byte, bool)) ([]byte, error) {
	var edits []edit
	done := map[string]bool{} // skeleton sections already placed (the same bytes may recur)
	filled := map[string]bool{}
	var err error
	add := func(ref string, sk, zero []byte) {
		if err != nil {
			return
		}
		v, ok := value(ref)
		if !ok {
			err = fmt.Errorf("trip value %s is missing", ref)
			return
		}
		filled[ref] = true
		if done[string(sk)] {
			return
		}
		done[string(sk)] = true
		head := len(`{"value":`) + len(zero)
		if !bytes.HasPrefix(sk, []byte(`{"value":`)) || !bytes.Equal(sk[len(`{"value":`):head], zero) {
			err = errNoSplice
			return
		}
		found := false
		for from := 0; ; {
			i := bytes.Index(doc[from:], sk)
			if i < 0 {
				break
			}
			found = true
			// Only the zero value is replaced: the provenance and ref stay.
			edits = append(edits, edit{at: from + i + len(`{"value":`), n: len(zero), with: v})
			from += i + len(sk)
		}
		if !found {
			err = errNoSplice
		}
	}
	for i := range skel.Transport {
		spliceSourced(&skel.Transport[i], add)
	}
	for i := range skel.Cities {
		c := &skel.Cities[i]
		spliceSourced(c.Attractions, add)
		spliceSourced(c.Restaurants, add)
		spliceSourced(c.Hotels, add)
		spliceSourced(c.Matrix, add)
		spliceSourced(c.Guide, add)
	}
	if err != nil {
		return nil, err
	}
	for _, r := range refs {
		if !filled[r] {
			return nil, errNoSplice
		}
	}
	slices.SortFunc(edits, func(a, b edit) int { return a.at - b.at })
	size := len(doc)
	for _, e := range edits {
		size += len(e.with) - e.n
	}
	out := make([]byte, 0, size)
	last := 0
	for _, e := range edits {
		if e.at < last {
			return nil, errNoSplice // overlapping sections: cannot happen for disjoint objects
		}
		out = append(append(out, doc[last:e.at]...), e.with...)
		last = e.at + e.n
	}
	return append(out, doc[last:]...), nil
}

// spliceSourced hands add a referenced section's skeleton JSON and its
// zero value's JSON.
func spliceSourced[T any](s *orchestrator.Sourced[T], add func(ref string, sk, zero []byte)) {
	if s == nil || s.Ref == "" {
		return
	}
	sk, err1 := json.Marshal(s)
	var z T
	zero, err2 := json.Marshal(z)
	if err1 != nil || err2 != nil {
		add(s.Ref, nil, nil) // not a skeleton it can place: errNoSplice
		return
	}
	add(s.Ref, sk, zero)
}
