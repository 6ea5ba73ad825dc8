package dag

import "slices"

// Deps gives a node its dependencies' outcomes. Every dependency has
// finished when the node runs: a required one succeeded, an optional one
// may have failed. The zero value has no dependencies.
type Deps[T any] struct {
	st   *runState[T]
	node int32
}

// Value returns the value of dependency id. It returns false when id failed
// (an optional dependency) or is not one of the node's declared dependencies.
func (d Deps[T]) Value(id string) (T, bool) {
	var zero T
	s := d.slot(id)
	if s == nil || s.err != nil {
		return zero, false
	}
	return s.val, true
}

// Err returns the error of dependency id: nil when it succeeded (or is not a
// declared dependency).
func (d Deps[T]) Err(id string) error {
	if s := d.slot(id); s != nil {
		return s.err
	}
	return nil
}

// ID returns the ID of the node whose dependencies these are: the node
// being run, so that one Func may serve several nodes. The zero value
// returns "".
func (d Deps[T]) ID() string {
	if d.st == nil {
		return ""
	}
	return d.st.r.nodes[d.node].id
}

// IDs returns the node's declared dependencies, in declared order. The
// slice is the caller's.
func (d Deps[T]) IDs() []string {
	if d.st == nil {
		return nil
	}
	return slices.Clone(d.st.r.nodes[d.node].deps)
}

// linearDeps is the dependency count up to which slot scans the declared
// IDs instead of hashing.
const linearDeps = 8

func (d Deps[T]) slot(id string) *slot[T] {
	if d.st == nil {
		return nil
	}
	r := d.st.r
	n := &r.nodes[d.node]
	if len(n.deps) <= linearDeps {
		for k, dep := range n.deps {
			if dep == id {
				return &d.st.slots[n.depIdx[k]]
			}
		}
		return nil
	}
	ins, ok := r.index[id]
	if !ok || !slices.Contains(n.depIdx, r.pos[ins]) {
		return nil
	}
	return &d.st.slots[r.pos[ins]]
}
