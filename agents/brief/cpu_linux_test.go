package brief

import (
	"syscall"
	"time"
)

// threadCPU returns the calling thread's CPU time (RUSAGE_THREAD), or 0.
func threadCPU() time.Duration {
	const rusageThread = 1
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
