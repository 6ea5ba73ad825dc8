package templates

import (
	"github.com/tripweave/tripweave/templates/templatestest"

	"encoding/json"
	"io"
	"syscall"
	"testing"
	"time"
)

// BenchmarkRender renders a five-day plan (three visits and three meals a
// day) in each format, next to a baseline measured in the same run: encoding
// the same plan as JSON, which every API response pays. Besides wall time
// it reports the process CPU time per operation (cpu-ns/op), which stays
// meaningful when other work shares the machine. Run with -p 1.
func BenchmarkRender(b *testing.B) {
	r := newRenderer(b)
	p := templatestest.Long()
	run := func(name string, f func() error) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			start := cpuTime()
			for b.Loop() {
				if err := f(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
		})
	}
	run("json-baseline", func() error { return json.NewEncoder(io.Discard).Encode(p) })
	for _, f := range Formats {
		run(string(f), func() error { return r.Render(io.Discard, p, f) })
	}
	run("etag", func() error { _ = ETag(p); return nil })
}

// cpuTime is the process's user and system CPU time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
