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

func TestTuneGC(t *testing.T) {
	was := debug.SetGCPercent(100)
	t.Cleanup(func() { debug.SetGCPercent(was) })
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	read := func() int { p := debug.SetGCPercent(100); debug.SetGCPercent(p); return p }

	debug.SetGCPercent(100)
	if got := tuneGC(env(nil)); got != serveGCPercent || read() != serveGCPercent {
		t.Errorf("GOGC unset: tuneGC = %d, runtime %d, want %d", got, read(), serveGCPercent)
	}
	// GOGC set: the runtime read it at start; tuneGC leaves it.
	for _, c := range []struct {
		env  string
		have int
	}{{"50", 50}, {"off", -1}, {" 300 ", 300}} {
		debug.SetGCPercent(c.have)
		if got := tuneGC(env(map[string]string{"GOGC": c.env})); got != c.have || read() != c.have {
			t.Errorf("GOGC=%q: tuneGC = %d, runtime %d, want %d left", c.env, got, read(), c.have)
		}
	}
}

func TestServeRuntimeRestores(t *testing.T) {
	limit, percent := debug.SetMemoryLimit(-1), debug.SetGCPercent(100)
	debug.SetGCPercent(percent)
	t.Cleanup(func() { debug.SetMemoryLimit(limit); debug.SetGCPercent(percent) })
	debug.SetMemoryLimit(math.MaxInt64)
	debug.SetGCPercent(100)
	restore := serveRuntime(func(string) string { return "" })
	if got := debug.SetMemoryLimit(-1); got != serveMemoryLimit {
		t.Errorf("limit under serveRuntime = %d, want %d", got, serveMemoryLimit)
	}
	if p := debug.SetGCPercent(serveGCPercent); p != serveGCPercent {
		t.Errorf("GC percent under serveRuntime = %d, want %d", p, serveGCPercent)
	}
	restore()
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("limit after restore = %d, want %d", got, int64(math.MaxInt64))
	}
	if p := debug.SetGCPercent(100); p != 100 {
		t.Errorf("GC percent after restore = %d, want 100", p)
	}
}
