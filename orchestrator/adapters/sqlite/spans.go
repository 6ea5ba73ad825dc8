package sqlite

import (
	"encoding/json"
	"math"
	"strconv"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// encodeSpans returns json.Marshal(spans), byte for byte, written directly:
// a plan's trace is encoded with every plan, and reflection made that a
// good part of saving it. Values json.Marshal would refuse (a time outside
// years 0–9999 or with an offset of a day or more, a non-finite duration)
// are left to it.
func encodeSpans(spans []orchestrator.Span) ([]byte, error) {
	b := make([]byte, 0, 256*len(spans)+2)
	b = append(b, '[')
	for i := range spans {
		sp := &spans[i]
		_, off := sp.Start.Zone()
		if y := sp.Start.Year(); y < 0 || y > 9999 || off <= -24*3600 || off >= 24*3600 ||
			math.IsNaN(sp.DurationMS) || math.IsInf(sp.DurationMS, 0) {
			return json.Marshal(spans)
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"node":`...)
		b = orchestrator.AppendJSONString(b, sp.Node)
		b = append(b, `,"kind":`...)
		b = orchestrator.AppendJSONString(b, string(sp.Kind))
		b = append(b, `,"route":`...)
		b = orchestrator.AppendJSONString(b, sp.Route)
		b = append(b, `,"cache_hit":`...)
		b = strconv.AppendBool(b, sp.CacheHit)
		b = append(b, `,"attempts":`...)
		b = strconv.AppendInt(b, int64(sp.Attempts), 10)
		b = append(b, `,"start":"`...)
		b = sp.Start.AppendFormat(b, time.RFC3339Nano)
		b = append(b, `","duration_ms":`...)
		b = orchestrator.AppendJSONFloat(b, sp.DurationMS)
		b = append(b, `,"status":`...)
		b = orchestrator.AppendJSONString(b, sp.Status)
		if sp.Error != "" {
			b = append(b, `,"error":`...)
			b = orchestrator.AppendJSONString(b, sp.Error)
		}
		b = append(b, '}')
	}
	return append(b, ']'), nil
}
