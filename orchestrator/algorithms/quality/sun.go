package quality

import (
	"math"
	"strings"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// SunsetMinutes returns the local clock time of sunset, in minutes after
// midnight, on date (YYYY-MM-DD) at latitude lat and longitude lon, in the
// IANA time zone tz ("" or unknown: the longitude's mean zone, rounded to
// the hour). It follows NOAA's general solar position equations
// (gml.noaa.gov/grad/solcalc/solareqns.PDF: the fractional year, the
// equation of time and the declination, and the hour angle for the zenith
// of 90.833°, refraction and the sun's disc included), good to a few
// minutes away from the polar circles; ok is false for a bad date or a day
// with no sunset.
func SunsetMinutes(date string, lat, lon float64, tz string) (int, bool) {
	d, err := time.Parse("2006-01-02", date)
	if err != nil {
		return 0, false
	}
	offset := int(math.Round(lon/15)) * 60
	if tz != "" {
		if loc, err := time.LoadLocation(tz); err == nil {
			_, secs := time.Date(d.Year(), d.Month(), d.Day(), 12, 0, 0, 0, loc).Zone()
			offset = secs / 60
		}
	}
	g := 2 * math.Pi / 365 * float64(d.YearDay()-1)
	eqtime := 229.18 * (0.000075 + 0.001868*math.Cos(g) - 0.032077*math.Sin(g) - 0.014615*math.Cos(2*g) - 0.040849*math.Sin(2*g))
	decl := 0.006918 - 0.399912*math.Cos(g) + 0.070257*math.Sin(g) - 0.006758*math.Cos(2*g) + 0.000907*math.Sin(2*g) - 0.002697*math.Cos(3*g) + 0.00148*math.Sin(3*g)
	phi := lat * math.Pi / 180
	c := math.Cos(90.833*math.Pi/180)/(math.Cos(phi)*math.Cos(decl)) - math.Tan(phi)*math.Tan(decl)
	if c < -1 || c > 1 {
		return 0, false
	}
	ha := math.Acos(c) * 180 / math.Pi
	utc := 720 - 4*(lon-ha) - eqtime
	return int(math.Round(utc)) + offset, true
}

// Sunset visits: a visit asked for at sunset starts between SunsetLead
// minutes before sunset and SunsetLast minutes before it, so that the
// traveller is there as the sun goes down.
const (
	SunsetLead = 150
	SunsetLast = 20
)

// SunsetWindow returns the starts, minutes after midnight, of a visit at
// sunset on date in city at p (from SunsetLead to SunsetLast minutes
// before sunset), the city's time zone read from the brief's places (the
// longitude's zone when it has none); ok is false without a position or a
// date, or on a day without a sunset.
func SunsetWindow(b *orchestrator.Brief, city, date string, p *orchestrator.GeoPoint) (from, to int, ok bool) {
	if p == nil || date == "" {
		return 0, 0, false
	}
	tz := ""
	for _, pl := range b.Places {
		if strings.EqualFold(pl.Name, city) {
			tz = pl.Timezone
			break
		}
	}
	ss, ok := SunsetMinutes(date, p.Lat, p.Lon, tz)
	if !ok {
		return 0, 0, false
	}
	return ss - SunsetLead, ss - SunsetLast, true
}
