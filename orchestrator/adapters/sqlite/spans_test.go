package sqlite

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// TestEncodeSpansIsMarshal: the trace is stored exactly as json.Marshal
// writes it.
func TestEncodeSpansIsMarshal(t *testing.T) {
	at := time.Date(2026, 6, 1, 4, 0, 2, 467028234, time.UTC)
	cst := time.FixedZone("CST", 8*3600)
	texts := []string{"", "ok", "fx:8e9368a4a67fc5f1", `quote " and \ back`, "<html> & co", "tab\tnew\nline\rcr\bbs\fff\x00\x1f\x7f",
		"成都 → 上海", "bad \xff utf8 \xc3", "line\u2028para\u2029", "emoji 🚄"}
	floats := []float64{0, 0.001, 0.023, 1, 12.5, 1e-7, 1e-6, 123456789, 1e20, 1e21, 2.5e-10, -3.25}
	var spans []orchestrator.Span
	for i, s := range texts {
		spans = append(spans, orchestrator.Span{Node: s, Kind: orchestrator.Kind(s), Route: s, CacheHit: i%2 == 0, Attempts: i,
			Start: at.Add(time.Duration(i) * time.Millisecond), DurationMS: floats[i%len(floats)], Status: s, Error: s})
	}
	for i, f := range floats {
		spans = append(spans, orchestrator.Span{Node: "n", DurationMS: f, Start: at.In(cst).Add(time.Duration(i) * time.Nanosecond)})
	}
	spans = append(spans, orchestrator.Span{}) // zero time, no error
	for _, in := range [][]orchestrator.Span{nil, {}, spans} {
		want, err := json.Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		if in == nil {
			continue // SavePlan stores no trace as []
		}
		got, err := encodeSpans(in)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("encodeSpans =\n%s, %v\nwant\n%s", got, err, want)
		}
	}
	// What json.Marshal refuses, it refuses.
	for _, sp := range []orchestrator.Span{{DurationMS: math.Inf(1)}, {Start: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)},
		{Start: at.In(time.FixedZone("far", 25*3600))}} {
		if got, err := encodeSpans([]orchestrator.Span{sp}); err == nil {
			t.Errorf("encodeSpans(%+v) = %s, want json.Marshal's error", sp, got)
		}
	}
}

func FuzzEncodeSpans(f *testing.F) {
	f.Add("fx:1", "cache", "bad \xff", 0.023, int64(1780286402467028234))
	f.Fuzz(func(t *testing.T, node, route, msg string, d float64, ns int64) {
		in := []orchestrator.Span{{Node: node, Route: route, Error: msg, Status: msg, DurationMS: d, Start: time.Unix(0, ns).UTC()}}
		want, werr := json.Marshal(in)
		got, err := encodeSpans(in)
		if (werr == nil) != (err == nil) || !bytes.Equal(got, want) {
			t.Errorf("encodeSpans = %s, %v; json.Marshal = %s, %v", got, err, want, werr)
		}
	})
}
