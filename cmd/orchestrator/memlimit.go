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
// runs earlier only when the heap nears it; a warm server's live heap is about
// 70 MB, so under normal load the limit never acts. Set GOMEMLIMIT (e.g. 1GiB,
// or "off" for none) to change it; the runtime reads it at start and it wins.
const serveMemoryLimit = 240 << 20

// limitMemory applies serveMemoryLimit unless GOMEMLIMIT is set and returns
// the limit in effect.
func limitMemory(getenv func(string) string) int64 {
	if strings.TrimSpace(getenv("GOMEMLIMIT")) != "" {
		return debug.SetMemoryLimit(-1) // -1 reads the limit without changing it
	}
	debug.SetMemoryLimit(serveMemoryLimit)
	return serveMemoryLimit
}
