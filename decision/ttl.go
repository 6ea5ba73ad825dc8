package decision

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// ParseTTLs parses a comma-separated list of category=duration pairs, the
// form of env TRIPWEAVE_TTLS, such as
// "static_knowledge=168h,live_condition=1h,realtime_price=20m". Durations use
// time.ParseDuration units (there is no "d": write 168h for 7 days); spaces
// around items are ignored and an empty spec gives an empty map. A zero TTL
// turns caching off for the category; compute takes only 0, as it is never
// cached. The error names the entry at fault: an item without "=", an
// unknown category, a duplicate, or a malformed or negative duration.
func ParseTTLs(spec string) (map[orchestrator.Category]time.Duration, error) {
	out := map[orchestrator.Category]time.Duration{}
	for i, item := range strings.Split(spec, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		name, val, ok := strings.Cut(item, "=")
		if !ok {
			return nil, fmt.Errorf("ttl entry %d %q: want category=duration", i+1, item)
		}
		cat := orchestrator.Category(strings.TrimSpace(name))
		if !slices.Contains(orchestrator.Categories, cat) {
			names := make([]string, len(orchestrator.Categories))
			for j, c := range orchestrator.Categories {
				names[j] = string(c)
			}
			return nil, fmt.Errorf("ttl entry %d %q: unknown category %q (want one of %s)",
				i+1, item, cat, strings.Join(names, ", "))
		}
		if _, dup := out[cat]; dup {
			return nil, fmt.Errorf("ttl entry %d %q: category %s given twice", i+1, item, cat)
		}
		d, err := time.ParseDuration(strings.TrimSpace(val))
		if err != nil {
			return nil, fmt.Errorf("ttl entry %d %q: bad duration (want e.g. 20m, 1h or 168h): %w", i+1, item, err)
		}
		if d < 0 {
			return nil, fmt.Errorf("ttl entry %d %q: duration must not be negative", i+1, item)
		}
		if cat == orchestrator.Compute && d != 0 {
			return nil, fmt.Errorf("ttl entry %d %q: compute is never cached, its ttl must be 0", i+1, item)
		}
		out[cat] = d
	}
	return out, nil
}
