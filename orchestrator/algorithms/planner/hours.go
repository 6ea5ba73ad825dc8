package planner

import (
	"math"
	"slices"

	"github.com/tripweave/tripweave/orchestrator"
)

// openSpan is one span of opening hours read once: the weekdays it holds
// (bit d for weekday d; all when the span names none) and its minutes
// after midnight, the close moved past midnight when it is not after the
// open.
type openSpan struct {
	all  bool
	days uint64
	// weekdays are the span's own, for a weekday beyond the mask.
	weekdays []int
	open     int
	close    int
}

// openHours are a place's opening hours read once: open answers as
// openFor does on the hours they were read from, without parsing them
// again. The zero value is open at any time.
type openHours struct {
	spans []openSpan
	// limited is set when there are hours at all (the spans being those
	// of them that read).
	limited bool
}

// readHours reads hours for openHours.open.
func readHours(hours []orchestrator.OpeningHours) openHours {
	return readHoursInto(hours, nil)
}

// readHoursInto is readHours keeping the spans in *block (when not nil),
// whose capacity must hold them: a catalog's spans in one array.
func readHoursInto(hours []orchestrator.OpeningHours, block *[]openSpan) openHours {
	if len(hours) == 0 {
		return openHours{}
	}
	out := openHours{limited: true}
	inBlock := block != nil && cap(*block)-len(*block) >= len(hours)
	start := 0
	if inBlock {
		start = len(*block)
		out.spans = (*block)[start : start : start+len(hours)]
	}
	for _, h := range hours {
		o, ok1 := orchestrator.ParseClock(h.Open)
		c, ok2 := orchestrator.ParseClock(h.Close)
		if !ok1 || !ok2 {
			continue
		}
		if c <= o {
			c += 1440
		}
		s := openSpan{all: len(h.Weekdays) == 0, weekdays: h.Weekdays, open: o, close: c}
		for _, d := range h.Weekdays {
			if d >= 0 && d < 64 {
				s.days |= 1 << d
			}
		}
		out.spans = append(out.spans, s)
	}
	if inBlock {
		*block = (*block)[:start+len(out.spans)]
	}
	return out
}

// start returns the earliest start at or after arrive at which a visit of
// the given minutes fits the hours on weekday wd: openStartFor on the
// hours read (a span whose close does not read admits no visit there).
func (h *openHours) start(wd, arrive, visit int) (int, bool) {
	if !h.limited {
		return arrive, true
	}
	best := -1
	for i := range h.spans {
		s := &h.spans[i]
		if !s.on(wd) {
			continue
		}
		t := max(arrive, s.open)
		if s.open <= t && t+visit <= s.close && (best < 0 || t < best) {
			best = t
		}
	}
	return best, best >= 0
}

// on reports whether the span holds weekday wd (-1: unknown, held).
func (s *openSpan) on(wd int) bool {
	if wd < 0 || s.all {
		return true
	}
	if wd < 64 {
		return s.days&(1<<wd) != 0
	}
	return slices.Contains(s.weekdays, wd)
}

// open reports whether the hours allow a visit from start to end
// (minutes) on weekday wd (-1 unknown): openFor on the hours read.
func (h *openHours) open(wd, start, end int) bool {
	if !h.limited {
		return true
	}
	for i := range h.spans {
		s := &h.spans[i]
		if !s.on(wd) {
			continue
		}
		if s.open <= start && end <= s.close {
			return true
		}
	}
	return false
}

// always returns a stretch [from, to] (minutes) within which open(wd,
// start, end) holds for every wd — all day for no hours, else the longest
// span naming no weekday; [0, 0] when there is none — and whether open
// holds only within it (no hours, or one span naming no weekday, or none
// that reads).
func (h *openHours) always() ([2]int32, bool) {
	if !h.limited {
		return [2]int32{math.MinInt32, math.MaxInt32}, true
	}
	var out [2]int32
	for i := range h.spans {
		if s := &h.spans[i]; s.all && s.close > s.open && s.close-s.open > int(out[1]-out[0]) {
			out = [2]int32{int32(s.open), int32(s.close)}
		}
	}
	return out, len(h.spans) == 0 || len(h.spans) == 1 && h.spans[0].all && out[1] > 0
}
