package postgres

import (
	"log/slog"
	"sync"
	"time"
)

// SweepEvery is how often writes in doubt are tried again.
const SweepEvery = 500 * time.Millisecond

// Doubts are writes that failed with an outcome nobody could read. They
// are settled (undone if they were stored) once the database answers, so
// that the failure their clients were told stays true. Add starts a
// sweeper goroutine when none runs; it tries Settle every SweepEvery until
// nothing is left, and Close stops it and waits for it. The zero value
// with Settle set is ready.
type Doubts[T any] struct {
	// Settle settles todo in order and returns how many it settled; it
	// stops at the first it cannot (the database still unreachable).
	Settle func(todo []T) int
	// WaitFirst waits one period before the first try.
	WaitFirst bool
	// What names the writes in the log line of Close ("writes", "saves").
	What string

	mu      sync.Mutex
	pending []T
	running bool
	closed  bool
	stop    chan struct{}
	wg      sync.WaitGroup
}

// Add keeps items in doubt and starts the sweeper if it is not running.
func (d *Doubts[T]) Add(items ...T) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.pending = append(d.pending, items...)
	if d.running || d.closed {
		return
	}
	if d.stop == nil {
		d.stop = make(chan struct{})
	}
	d.running = true
	d.wg.Add(1)
	go d.sweep(d.stop)
}

func (d *Doubts[T]) sweep(stop <-chan struct{}) {
	defer d.wg.Done()
	t := time.NewTicker(SweepEvery)
	defer t.Stop()
	wait := func() bool {
		select {
		case <-stop:
			return false
		case <-t.C:
			return true
		}
	}
	if d.WaitFirst && !wait() {
		return
	}
	for {
		d.mu.Lock()
		todo := d.pending[:len(d.pending):len(d.pending)]
		d.mu.Unlock()
		if n := d.Settle(todo); n > 0 {
			d.mu.Lock()
			d.pending = d.pending[n:]
			if len(d.pending) == 0 {
				d.pending, d.running = nil, false
				d.mu.Unlock()
				return
			}
			d.mu.Unlock()
		}
		if !wait() {
			return
		}
	}
}

// Close stops the sweeper and waits for it; writes still in doubt are
// logged, since only they can leave a plan stored that was answered as
// failed.
func (d *Doubts[T]) Close() {
	d.mu.Lock()
	if d.stop != nil && !d.closed {
		close(d.stop)
	}
	d.closed = true
	left := len(d.pending)
	d.mu.Unlock()
	d.wg.Wait()
	if left > 0 {
		slog.Warn("plan store closed with "+d.What+" in doubt (a plan answered an error may be stored)", d.What, left)
	}
}
