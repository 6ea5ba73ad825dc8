//go:build !linux

package brief

import "time"

// threadCPU is unknown off Linux; the benchmark then reports wall time only.
func threadCPU() time.Duration { return 0 }
