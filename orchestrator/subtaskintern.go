package orchestrator

import "sync"

// subtaskKey names a subtask whose parameters are two canonical values
// of its kind's: a catalog's (city), a transport leg's (from, to), a
// geocode's (city, language) or a matrix's (city).
type subtaskKey struct {
	kind Kind
	a, b string
}

// subtaskIntern keeps the subtasks of those keys without their
// dependencies — ID, category, tool, parameters — so that the plans of a
// destination do not hash and build them again: they do not depend on the
// brief, and a plan's hub legs alone are a dozen. Parameters are shared,
// read only, as Decompose's subtasks are.
type subtaskIntern struct {
	mu sync.RWMutex
	m  map[subtaskKey]Subtask
}

// subtaskInternSize bounds the subtasks kept: every leg between the hot
// destinations and their hubs; a full cache is emptied at once.
const subtaskInternSize = 8192

var interned = subtaskIntern{m: make(map[subtaskKey]Subtask)}

// get returns the subtask of k with deps, built by params on first use.
func (c *subtaskIntern) get(k subtaskKey, params func() map[string]string, deps []string) Subtask {
	c.mu.RLock()
	st, ok := c.m[k]
	c.mu.RUnlock()
	if !ok {
		st = NewSubtask(k.kind, params())
		c.mu.Lock()
		if len(c.m) >= subtaskInternSize {
			clear(c.m)
		}
		c.m[k] = st
		c.mu.Unlock()
	}
	st.Deps = deps
	return st
}
