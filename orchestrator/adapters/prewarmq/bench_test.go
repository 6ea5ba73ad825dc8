package prewarmq_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/prewarmq"
)

// BenchmarkWorkers measures pre-warm throughput with 1 and 2 workers (one
// task at a time each) when every task waits 20 ms, standing in for the
// provider's latency: the ratio of tasks/s between the two is the scaling
// the queue gives. Run with -p 1.
func BenchmarkWorkers(b *testing.B) {
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			c, opts := setup(b)
			w := &warmer{delay: 20 * time.Millisecond}
			q := prewarmq.New(c, &opts)
			for range workers {
				startWorker(b, c, w, opts, 1)
			}
			const cities = 10
			kinds := []orchestrator.Kind{orchestrator.KindGeocode, orchestrator.KindGuide}
			b.ResetTimer()
			start := time.Now()
			for i := range b.N {
				var names []string
				for j := range cities {
					names = append(names, fmt.Sprintf("City%d_%d", i, j))
				}
				job := fmt.Sprintf("bench_%d", i)
				if _, err := q.Enqueue(context.Background(), orchestrator.PrewarmJob{ID: job, Cities: names, Kinds: kinds}); err != nil {
					b.Fatal(err)
				}
				waitDone(b, q, job)
			}
			b.ReportMetric(float64(b.N*cities*len(kinds))/time.Since(start).Seconds(), "tasks/s")
		})
	}
}
