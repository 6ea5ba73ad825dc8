package main

import (
	"runtime/debug"
	"strings"
)

// serveMemoryLimit is the Go runtime's soft memory limit for `serve` when the
// operator has not set GOMEMLIMIT. The API promises to stay under 300 MB RSS
// with its default admission bound (README, make overload). With the
// collector's default target alone, a saturated process overshoots its heap
// goal while it marks, and the faster a plan is made the more it allocates
// during a mark: peak RSS reached 301–327 MB. Under the limit the collector
// runs earlier when the heap nears it. A server planning new briefs of ten
// cities keeps about 100 MB live after a collection (98–103 MB: decoded
// catalogs, the planner's catalog index and memo, the gazetteer's 11 MB:
// docs/benchmarks.md), so its heap goal under the limit, about 190 MB, is
// less than twice the live heap: the limit, not GOGC, then sets the pace of
// the collector. Set
// GOMEMLIMIT (e.g. 1GiB, or "off" for none) to change it; the runtime reads
// it at start and it wins.
const serveMemoryLimit = 240 << 20

// serveGCPercent is the collector's target for `serve` when the operator has
// not set GOGC: the heap may grow to three times what was live after the last
// collection before the next one starts, rather than twice (the default 100).
// A warm plan allocates about 220 KB and keeps almost none of it, so the
// collector's work is paid per byte allocated, and doubling the target halves
// it: 3–8 % less CPU a warm new plan in BenchmarkWarmPlanHTTP, whose live
// heap is small (docs/benchmarks.md, issue 29). The memory limit above still
// bounds the heap, so the process stays under its RSS bound (make overload:
// the same peak RSS as with 100); once the live heap passes about 60 MB the
// limit, not this target, decides when the collector runs. GOGC (a number,
// or "off") overrides it.
const serveGCPercent = 200

// serveRuntime tunes the Go runtime as `serve` runs: the memory limit
// (limitMemory) and the collector's target (tuneGC). The in-process server
// of `load` is tuned the same way, so that it measures what `serve` does.
// The returned func puts back the settings before the call.
func serveRuntime(getenv func(string) string) (restore func()) {
	limit, percent := debug.SetMemoryLimit(-1), debug.SetGCPercent(100)
	debug.SetGCPercent(percent)
	limitMemory(getenv)
	tuneGC(getenv)
	return func() {
		debug.SetMemoryLimit(limit)
		debug.SetGCPercent(percent)
	}
}

// limitMemory applies serveMemoryLimit unless GOMEMLIMIT is set and returns
// the limit in effect.
func limitMemory(getenv func(string) string) int64 {
	if strings.TrimSpace(getenv("GOMEMLIMIT")) != "" {
		return debug.SetMemoryLimit(-1) // -1 reads the limit without changing it
	}
	debug.SetMemoryLimit(serveMemoryLimit)
	return serveMemoryLimit
}

// tuneGC applies serveGCPercent unless GOGC is set, and returns the target
// in effect (negative when the collector is off).
func tuneGC(getenv func(string) string) int {
	if strings.TrimSpace(getenv("GOGC")) != "" {
		was := debug.SetGCPercent(100) // reads the target the runtime took from GOGC
		debug.SetGCPercent(was)
		return was
	}
	debug.SetGCPercent(serveGCPercent)
	return serveGCPercent
}
