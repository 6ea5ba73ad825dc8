// Package calendar computes the dates of movable holidays: the Chinese
// lunisolar calendar (Spring Festival, Dragon Boat, Mid-Autumn …) and the
// 24 solar terms (Qingming, winter solstice) from astronomical algorithms,
// and Western ones (Easter, Thanksgiving). Nothing is tabled per year.
//
// New moons use Meeus, Astronomical Algorithms (2nd ed.), chapter 49, and
// the Sun's apparent longitude chapter 25 (about 0.01°, i.e. some minutes
// of time); dates are civil dates in China Standard Time (UTC+8), as the
// Chinese calendar rules require. The functions are exact for 1900–2100
// except, rarely, when a new moon or solar term falls within minutes of
// midnight Beijing time.
package calendar

import (
	"math"
	"sync"
	"time"
)

const (
	synodicMonth = 29.530588861
	j2000        = 2451545.0
	beijing      = 8.0 / 24 // UTC+8 in days
)

// Date returns the UTC midnight of y-m-d, the form every function here
// returns.
func Date(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

// julianDay returns the Julian day of t.
func julianDay(t time.Time) float64 { return float64(t.Unix())/86400 + 2440587.5 }

// civilDate returns the date in China Standard Time of the instant jd (UT).
func civilDate(jd float64) time.Time {
	sec := (jd + beijing - 2440587.5) * 86400
	t := time.Unix(int64(math.Floor(sec)), 0).UTC()
	return Date(t.Year(), t.Month(), t.Day())
}

// deltaT returns TT − UT in days for a decimal year (Espenak & Meeus fits).
func deltaT(year float64) float64 {
	var s float64
	switch {
	case year >= 2005 && year < 2050:
		t := year - 2000
		s = 62.92 + 0.32217*t + 0.005589*t*t
	case year >= 1986 && year < 2005:
		t := year - 2000
		s = 63.86 + 0.3345*t - 0.060374*t*t + 0.0017275*t*t*t + 0.000651814*t*t*t*t + 0.00002373599*t*t*t*t*t
	case year >= 1961 && year < 1986:
		t := year - 1975
		s = 45.45 + 1.067*t - t*t/260 - t*t*t/718
	case year >= 1941 && year < 1961:
		t := year - 1950
		s = 29.07 + 0.407*t - t*t/233 + t*t*t/2547
	case year >= 2050 && year < 2150:
		s = -20 + 32*math.Pow((year-1820)/100, 2) - 0.5628*(2150-year)
	default:
		u := (year - 1820) / 100
		s = -20 + 32*u*u
	}
	return s / 86400
}

func sinD(deg float64) float64 { return math.Sin(deg * math.Pi / 180) }

// newMoon returns the instant (JD, UT) of new moon number k, counted from
// the new moon of 2000-01-06.
func newMoon(k float64) float64 {
	t := k / 1236.85
	t2, t3, t4 := t*t, t*t*t, t*t*t*t
	jde := 2451550.09766 + synodicMonth*k + 0.00015437*t2 - 0.000000150*t3 + 0.00000000073*t4
	e := 1 - 0.002516*t - 0.0000074*t2
	m := 2.5534 + 29.10535670*k - 0.0000014*t2 - 0.00000011*t3
	mp := 201.5643 + 385.81693528*k + 0.0107582*t2 + 0.00001238*t3 - 0.000000058*t4
	f := 160.7108 + 390.67050284*k - 0.0016118*t2 - 0.00000227*t3 + 0.000000011*t4
	om := 124.7746 - 1.56375588*k + 0.0020672*t2 + 0.00000215*t3
	c := -0.40720*sinD(mp) +
		0.17241*e*sinD(m) +
		0.01608*sinD(2*mp) +
		0.01039*sinD(2*f) +
		0.00739*e*sinD(mp-m) -
		0.00514*e*sinD(mp+m) +
		0.00208*e*e*sinD(2*m) -
		0.00111*sinD(mp-2*f) -
		0.00057*sinD(mp+2*f) +
		0.00056*e*sinD(2*mp+m) -
		0.00042*sinD(3*mp) +
		0.00042*e*sinD(m+2*f) +
		0.00038*e*sinD(m-2*f) -
		0.00024*e*sinD(2*mp-m) -
		0.00017*sinD(om) -
		0.00007*sinD(mp+2*m) +
		0.00004*sinD(2*mp-2*f) +
		0.00004*sinD(3*m) +
		0.00003*sinD(mp+m-2*f) +
		0.00003*sinD(2*mp+2*f) -
		0.00003*sinD(mp+m+2*f) +
		0.00003*sinD(mp-m+2*f) -
		0.00002*sinD(mp-m-2*f) -
		0.00002*sinD(3*mp+m) +
		0.00002*sinD(4*mp)
	a := [14]float64{
		299.77 + 0.107408*k - 0.009173*t2, 251.88 + 0.016321*k, 251.83 + 26.651886*k, 349.42 + 36.412478*k,
		84.66 + 18.206239*k, 141.74 + 53.303771*k, 207.14 + 2.453732*k, 154.84 + 7.306860*k,
		34.52 + 27.261239*k, 207.19 + 0.121824*k, 291.34 + 1.844379*k, 161.72 + 24.198154*k,
		239.56 + 25.513099*k, 331.55 + 3.592518*k,
	}
	w := [14]float64{0.000325, 0.000165, 0.000164, 0.000126, 0.000110, 0.000062, 0.000060, 0.000056, 0.000047, 0.000042, 0.000040, 0.000037, 0.000035, 0.000023}
	for i := range a {
		c += w[i] * sinD(a[i])
	}
	jde += c
	return jde - deltaT(2000+k/12.3685)
}

// sunLongitude returns the Sun's apparent ecliptic longitude in degrees
// [0, 360) at jd (UT).
func sunLongitude(jd float64) float64 {
	jde := jd + deltaT(2000+(jd-j2000)/365.25)
	t := (jde - j2000) / 36525
	l0 := 280.46646 + 36000.76983*t + 0.0003032*t*t
	m := 357.52911 + 35999.05029*t - 0.0001537*t*t
	c := (1.914602-0.004817*t-0.000014*t*t)*sinD(m) + (0.019993-0.000101*t)*sinD(2*m) + 0.000289*sinD(3*m)
	om := 125.04 - 1934.136*t
	l := l0 + c - 0.00569 - 0.00478*sinD(om)
	l = math.Mod(l, 360)
	if l < 0 {
		l += 360
	}
	return l
}

// solarTermJD returns the instant (JD, UT) in Gregorian year y when the
// Sun's apparent longitude reaches deg.
func solarTermJD(y int, deg float64) float64 {
	// The Sun is at 0° near March 20; start from the mean position.
	est := julianDay(Date(y, time.March, 20)) + math.Mod(deg+360, 360)/360*365.2422
	if deg >= 270 && est > julianDay(Date(y+1, time.January, 1)) {
		est -= 365.2422
	}
	jd := est
	for i := 0; i < 8; i++ {
		d := deg - sunLongitude(jd)
		d = math.Mod(d+540, 360) - 180
		jd += d / 360 * 365.2422
		if math.Abs(d) < 1e-7 {
			break
		}
	}
	return jd
}

// SolarTerm returns the date (China Standard Time) in Gregorian year y on
// which the Sun's apparent longitude reaches deg, a multiple of 15°: 15 is
// Qingming (清明, early April), 90 the summer solstice, 270 the winter
// solstice (冬至, December).
func SolarTerm(y int, deg float64) time.Time { return civilDate(solarTermJD(y, deg)) }

// Qingming returns the date of the Qingming festival (清明) in year y.
func Qingming(y int) time.Time { return SolarTerm(y, 15) }

// WinterSolstice returns the date of the winter solstice (冬至) in year y.
func WinterSolstice(y int) time.Time { return SolarTerm(y, 270) }

// newMoonOnOrBefore returns the index k and date of the last new moon whose
// China date is on or before d.
func newMoonOnOrBefore(d time.Time) (float64, time.Time) {
	k := math.Floor((julianDay(d) - 2451550.1) / synodicMonth)
	for civilDate(newMoon(k)).After(d) {
		k--
	}
	for !civilDate(newMoon(k + 1)).After(d) {
		k++
	}
	return k, civilDate(newMoon(k))
}

// lunarMonth is one month of a Chinese year: its number (1–12), whether it
// is a leap (intercalary) month, and its first day.
type lunarMonth struct {
	num   int
	leap  bool
	start time.Time
}

// months returns the months from month 11 of lunar year y-1 to month 11 of
// lunar year y (exclusive), numbered by the rule that a year of 13 months
// between winter solstices takes as leap the first month without a
// principal solar term (中气).
func months(y int) []lunarMonth {
	if m, ok := monthCache.Load(y); ok {
		return m.([]lunarMonth)
	}
	m := computeMonths(y)
	monthCache.Store(y, m)
	return m
}

// monthCache memoises months by year; a year's months never change.
var monthCache sync.Map

func computeMonths(y int) []lunarMonth {
	k1, _ := newMoonOnOrBefore(WinterSolstice(y - 1))
	k2, _ := newMoonOnOrBefore(WinterSolstice(y))
	n := int(math.Round(k2 - k1))
	starts := make([]time.Time, n+1)
	for i := range starts {
		starts[i] = civilDate(newMoon(k1 + float64(i)))
	}
	leapAt := -1
	if n == 13 {
		for i := 1; i < n; i++ {
			if !hasPrincipalTerm(starts[i], starts[i+1]) {
				leapAt = i
				break
			}
		}
	}
	out := make([]lunarMonth, 0, n)
	num := 11
	for i := 0; i < n; i++ {
		if i > 0 && i != leapAt {
			num = num%12 + 1
		}
		out = append(out, lunarMonth{num: num, leap: i == leapAt, start: starts[i]})
	}
	return out
}

// hasPrincipalTerm reports whether a principal term (the Sun at a multiple
// of 30°) falls on a China date in [from, to).
func hasPrincipalTerm(from, to time.Time) bool {
	a := sunLongitude(julianDay(from) - beijing)
	b := sunLongitude(julianDay(to) - beijing)
	return math.Floor(a/30) != math.Floor(b/30) // a month spans under 30°
}

// LunarDate returns the Gregorian date of day d of month m (not a leap
// month) of the Chinese year that begins in Gregorian year y. Months 11 and
// 12 of that Chinese year fall in Gregorian year y+1 and are taken from
// there. ok is false for an impossible day.
func LunarDate(y, m, d int) (t time.Time, ok bool) {
	if m < 1 || m > 12 || d < 1 || d > 30 {
		return time.Time{}, false
	}
	ms := months(y)
	if m >= 11 {
		ms = months(y + 1)
	}
	seenFirst := false
	for i, mo := range ms {
		if mo.num == 1 && !mo.leap {
			seenFirst = true
		}
		if mo.num != m || mo.leap || (m < 11 && !seenFirst) {
			continue
		}
		t = mo.start.AddDate(0, 0, d-1)
		if i+1 < len(ms) && !t.Before(ms[i+1].start) {
			return time.Time{}, false
		}
		return t, true
	}
	return time.Time{}, false
}

// SpringFestival returns the Chinese New Year's Day (春节, 正月初一) in
// Gregorian year y.
func SpringFestival(y int) time.Time {
	for _, mo := range months(y) {
		if mo.num == 1 && !mo.leap {
			return mo.start
		}
	}
	return time.Time{} // unreachable: every Chinese year has a first month
}

// LunarNewYearsEve returns 除夕, the last day of the Chinese year that ends
// in Gregorian year y.
func LunarNewYearsEve(y int) time.Time { return SpringFestival(y).AddDate(0, 0, -1) }
