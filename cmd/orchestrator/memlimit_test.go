package main

import (
	"math"
	"runtime/debug"
	"testing"
)

func TestLimitMemory(t *testing.T) {
	was := debug.SetMemoryLimit(-1)
	t.Cleanup(func() { debug.SetMemoryLimit(was) })
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

	debug.SetMemoryLimit(math.MaxInt64)
	if got := limitMemory(env(nil)); got != serveMemoryLimit {
		t.Errorf("GOMEMLIMIT unset: limitMemory = %d, want %d", got, serveMemoryLimit)
	}
	if got := debug.SetMemoryLimit(-1); got != serveMemoryLimit {
		t.Errorf("GOMEMLIMIT unset: the runtime's limit is %d, want %d", got, serveMemoryLimit)
	}
	// GOMEMLIMIT set: the runtime read it at start; limitMemory leaves it.
	debug.SetMemoryLimit(1 << 30)
	if got := limitMemory(env(map[string]string{"GOMEMLIMIT": "1GiB"})); got != 1<<30 {
		t.Errorf("GOMEMLIMIT=1GiB: limitMemory = %d, want %d", got, 1<<30)
	}
	if got := debug.SetMemoryLimit(-1); got != 1<<30 {
		t.Errorf("GOMEMLIMIT=1GiB: the runtime's limit is %d, want it left at %d", got, 1<<30)
	}
}
