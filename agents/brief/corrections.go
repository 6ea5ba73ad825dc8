package brief

import (
	"slices"
	"strings"
)

// correctionCuesEN and correctionCuesZH take back what came before them
// ("French and seafood... actually just French", 川菜和火锅，其实只要川菜).
var (
	correctionCuesEN = []string{"actually just", "actually only", "actually", "on second thought", "scratch that", "make that", "i mean", "or rather"}
	correctionCuesZH = []string{"其实只要", "其实只想", "还是只要", "还是只吃", "算了还是", "改成", "其实"}
)

// correctedCuisines keeps, when the text corrects itself after naming
// cuisines, only the cuisines named after the last correction cue (read
// there without a food word: the cuisines before made food the topic);
// with no cuisine after it the list stands.
func (d *doc) correctedCuisines(out []string) []string {
	if len(out) == 0 {
		return out
	}
	at := -1
	for _, c := range correctionCuesEN {
		if ks := d.findEN(c); len(ks) > 0 {
			at = max(at, ks[len(ks)-1])
		}
	}
	for _, c := range correctionCuesZH {
		if k := strings.LastIndex(d.clean, c); k >= 0 {
			at = max(at, k)
		}
	}
	if at < 0 {
		return out
	}
	var after []string
	for _, h := range cuisineLex.scan(d) {
		if v := cuisineTerms[h.id].value; h.start > at && !slices.Contains(after, v) && !d.inPlace(h.start) {
			after = append(after, v)
		}
	}
	if len(after) == 0 {
		return out
	}
	return after // the cuisines after the correction, food being the topic
}
