package amap

import (
	"strings"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator"
)

// railwayTypes maps the numeric railway types some Amap answers carry to
// the class names of 12306 (and of orchestrator/adapters/datasets' fare model). The
// codes come from a third-party transcription of the transit
// documentation (2010 普客 … 2018 郊线) and are unverified; a type written
// in words is kept as it is.
var railwayTypes = map[string]string{
	"2010": "普客",
	"2011": "高铁",
	"2012": "动车",
	"2013": "城际动车",
	"2014": "直达特快",
	"2015": "特快",
	"2016": "快速",
	"2017": "临客",
	"2018": "市郊列车",
}

// trainPrefixes maps a train number's letter to its class.
var trainPrefixes = map[byte]string{
	'G': "高铁", 'D': "动车", 'C': "城际动车", 'Z': "直达特快", 'T': "特快", 'K': "快速", 'Y': "旅游列车", 'L': "临客", 'S': "市郊列车",
}

// RailwayClass names a train's service class — 高铁, 动车, 城际动车, 直达特快,
// 特快, 快速 … — from Amap's railway type, a code ("2011") or words
// ("高速列车", kept as they are), or, when the type says nothing, from the
// letter of its number (G1234 → 高铁). It returns "" when neither tells.
func RailwayClass(typ, trip string) string {
	typ = strings.TrimSpace(typ)
	if c, ok := railwayTypes[typ]; ok {
		return c
	}
	if typ != "" && !allDigits(typ) && utf8.RuneCountInString(typ) <= 20 {
		return typ
	}
	trip = strings.TrimSpace(trip)
	if trip != "" {
		if c, ok := trainPrefixes[trip[0]&^0x20]; ok && len(trip) > 1 && trip[1] >= '0' && trip[1] <= '9' {
			return c
		}
	}
	return ""
}

// clockMinutes reads a clock time as Amap writes it — "07:30", "7:30",
// "0730" — into minutes after midnight; hours up to 48 stand for the next
// day ("25:10"). ok is false for anything else.
func clockMinutes(s string) (int, bool) {
	s = strings.TrimSpace(s)
	if len(s) == 4 && !strings.Contains(s, ":") {
		s = s[:2] + ":" + s[2:]
	}
	return orchestrator.ParseClockSpan(s)
}

// railTimes reads a railway leg's departure and arrival stop times and its
// duration (seconds, 0 when unknown) into "HH:MM" times and the days the
// arrival falls after the departure. ok is false unless both times read.
// The day offset is the one that best agrees with the duration when that
// is known; otherwise an arrival written past 24:00 or earlier than the
// departure is the next day.
func railTimes(depart, arrive string, durationS int) (dep, arr string, dayOffset int, ok bool) {
	d, ok1 := clockMinutes(depart)
	a, ok2 := clockMinutes(arrive)
	if !ok1 || !ok2 || d >= 1440 {
		return "", "", 0, false
	}
	dayOffset, a = a/1440, a%1440
	if a < d && dayOffset == 0 {
		dayOffset = 1
	}
	if durationS > 0 {
		want := d + (durationS+30)/60 // arrival in minutes after the departure day's midnight
		best := dayOffset
		for k := 0; k <= 7; k++ {
			if abs(a+1440*k-want) < abs(a+1440*best-want) {
				best = k
			}
		}
		if a+1440*best >= d {
			dayOffset = best
		}
	}
	return clockText(d), clockText(a), dayOffset, true
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
