// Package discover ranks destinations for a wish that names none ("想去海边
// 玩三天", "somewhere warm in December", "a beach week from Shanghai").
// Its data ship with it: a table of destinations with what they offer
// (sea, snow, mountains, food, history …), a coarse price level and
// monthly mean temperatures (destinations.tsv). Ranking is a pure
// function of the wish and that table: the same wish always yields the
// same order, ties broken by name.
package discover

import (
	_ "embed"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync"
)

//go:embed destinations.tsv
var tsv string

// Destination is one row of the table.
type Destination struct {
	Name, NameZH, CountryCode string
	Lat, Lon                  float64
	// Cost is the price level: 1 cheap, 2 middling, 3 dear.
	Cost int
	Tags []string
	// Temp holds the monthly mean temperatures in °C, January first.
	Temp [12]float64
}

// Has reports whether the destination offers tag.
func (d *Destination) Has(tag string) bool {
	for _, t := range d.Tags {
		if t == tag {
			return true
		}
	}
	return false
}

var (
	loadOnce sync.Once
	table    []Destination
)

// Table returns the shipped destinations, in file order. It panics if the
// embedded file is malformed, which the package tests rule out.
func Table() []Destination {
	loadOnce.Do(func() {
		for n, line := range strings.Split(tsv, "\n") {
			if line == "" || line[0] == '#' {
				continue
			}
			f := strings.Split(line, "\t")
			if len(f) != 8 {
				panic("discover: destinations.tsv line " + strconv.Itoa(n+1) + ": want 8 fields")
			}
			d := Destination{Name: f[0], NameZH: f[1], CountryCode: f[2], Tags: strings.Split(f[6], ",")}
			d.Lat, _ = strconv.ParseFloat(f[3], 64)
			d.Lon, _ = strconv.ParseFloat(f[4], 64)
			d.Cost, _ = strconv.Atoi(f[5])
			ts := strings.Split(f[7], ",")
			if len(ts) != 12 {
				panic("discover: destinations.tsv line " + strconv.Itoa(n+1) + ": want 12 temperatures")
			}
			for i, t := range ts {
				d.Temp[i], _ = strconv.ParseFloat(t, 64)
			}
			table = append(table, d)
		}
	})
	return table
}

// Wish is what a request says about where it wants to go without naming
// a place.
type Wish struct {
	// Concepts are what the place must offer or should offer: the place
	// kinds (sea, beach, island, snow, ski, mountains, desert, grassland,
	// lake) are required; climate words (warm, cool) are required in the
	// travel month; the rest (food, history, temples …) add to the score.
	Concepts []string
	// Month is the travel month 1–12; 0 when unknown.
	Month int
	// Days is the trip's length; 0 when unknown (3 assumed).
	Days int
	// Level is the budget's price level per person and day, 1–3; 0 when
	// there is no budget.
	Level int
	// From is the origin; HasFrom is false when there is none.
	FromLat, FromLon float64
	FromCC           string
	HasFrom          bool
	// MaxKm limits the distance from the origin ("杭州周边"); 0 means none.
	MaxKm float64
	// Domestic prefers the origin's country (or China for a Chinese
	// request without an origin).
	Domestic string
	// Covered names the destinations (by Name) the service already holds
	// data for — imported datasets, pre-warmed cities — so that a plan can
	// be made now; they rank ahead of equally fitting ones it would have
	// to gather live (CoveredBonus). Nil: no preference.
	Covered map[string]bool
}

// CoveredBonus is what holding a destination's data adds to its score: a
// plan needs catalogs, and a wish is best answered with a trip that can be
// planned at once (about two offered concepts' worth).
const CoveredBonus = 3.0

// Candidate is a ranked destination.
type Candidate struct {
	Destination
	Score float64
	Km    float64 // from the origin, 0 without one
	// Why lists what matched, for notes.
	Why []string
}

// required are the concepts a destination must offer to be a candidate.
var required = map[string]bool{"sea": true, "beach": true, "island": true, "snow": true, "ski": true, "mountains": true,
	"desert": true, "grassland": true, "lake": true, "hot springs": true}

// Rank returns up to n destinations for the wish, best first. A wish with
// required concepts no destination offers returns none.
func Rank(w Wish, n int) []Candidate {
	days := w.Days
	if days <= 0 {
		days = 3
	}
	var out []Candidate
	for _, d := range Table() {
		c := Candidate{Destination: d}
		ok := true
		temp := math.NaN()
		if w.Month >= 1 && w.Month <= 12 {
			temp = d.Temp[w.Month-1]
		}
		for _, k := range w.Concepts {
			switch {
			case k == "warm":
				if math.IsNaN(temp) && !d.Has("warm") || !math.IsNaN(temp) && temp < 20 {
					ok = false
				} else {
					c.Score += 1
					c.Why = append(c.Why, "warm")
				}
			case k == "cool":
				if !math.IsNaN(temp) && (temp > 24 || temp < 8) {
					ok = false
				} else {
					c.Score += 1
					c.Why = append(c.Why, "cool")
				}
			case k == "snow":
				if !d.Has("snow") || !math.IsNaN(temp) && temp > 2 && !d.Has("mountains") || !math.IsNaN(temp) && temp > 8 {
					ok = false
				} else {
					c.Score += 2
					c.Why = append(c.Why, "snow")
				}
			case k == "beach" && !math.IsNaN(temp) && temp < 18:
				ok = false // a beach holiday wants warm water
			case required[k]:
				if !d.Has(k) {
					ok = false
				} else {
					c.Score += 2
					c.Why = append(c.Why, k)
				}
			default:
				if d.Has(k) {
					c.Score += 1.5
					c.Why = append(c.Why, k)
				}
			}
		}
		if !ok {
			continue
		}
		// the sea is better warm
		if (d.Has("sea") || d.Has("beach")) && has(w.Concepts, "sea", "beach", "island") && !math.IsNaN(temp) {
			c.Score += math.Min(math.Max(temp-12, 0)/8, 1.5)
		}
		if w.HasFrom {
			c.Km = Km(w.FromLat, w.FromLon, d.Lat, d.Lon)
			if c.Km < 30 {
				continue // the origin itself
			}
			if w.MaxKm > 0 && c.Km > w.MaxKm {
				continue
			}
			c.Score -= math.Min(c.Km/(300*float64(days)), 3)
		}
		if w.Domestic != "" && d.CountryCode != w.Domestic && !(w.Domestic == "CN" && d.CountryCode == "HK") {
			c.Score -= 1.5
		}
		if w.Covered[d.Name] {
			c.Score += CoveredBonus
			c.Why = append(c.Why, "data at hand")
		}
		if w.Level > 0 && d.Cost > w.Level {
			c.Score -= 1.5 * float64(d.Cost-w.Level)
		}
		out = append(out, c)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Score != out[j].Score {
			return out[i].Score > out[j].Score
		}
		return out[i].Name < out[j].Name
	})
	if len(out) > n {
		out = out[:n]
	}
	return out
}

func has(list []string, any ...string) bool {
	for _, x := range list {
		for _, y := range any {
			if x == y {
				return true
			}
		}
	}
	return false
}

// Km is the great-circle distance in kilometres.
func Km(lat1, lon1, lat2, lon2 float64) float64 {
	const r = 6371.0
	p1, p2 := lat1*math.Pi/180, lat2*math.Pi/180
	dp, dl := p2-p1, (lon2-lon1)*math.Pi/180
	a := math.Sin(dp/2)*math.Sin(dp/2) + math.Cos(p1)*math.Cos(p2)*math.Sin(dl/2)*math.Sin(dl/2)
	return 2 * r * math.Asin(math.Min(1, math.Sqrt(a)))
}

// Level returns the price level (1–3) of a budget per person and day in
// CNY: under 500 is 1, under 1200 is 2, else 3.
func Level(cnyPerPersonDay float64) int {
	switch {
	case cnyPerPersonDay <= 0:
		return 0
	case cnyPerPersonDay < 500:
		return 1
	case cnyPerPersonDay < 1200:
		return 2
	}
	return 3
}

// cnyPer holds coarse CNY values of a unit of some currencies, used only
// to place a budget on the three price levels (never to price a plan).
var cnyPer = map[string]float64{"CNY": 1, "USD": 7.2, "EUR": 7.8, "GBP": 9.1, "JPY": 0.048, "HKD": 0.92, "KRW": 0.0052,
	"TWD": 0.22, "SGD": 5.3, "AUD": 4.7, "CAD": 5.2, "THB": 0.2, "CHF": 8.1, "NZD": 4.3, "MYR": 1.6}

// CNY converts amount to coarse CNY for Level; ok is false for a currency
// without a rate.
func CNY(amount float64, currency string) (float64, bool) {
	r, ok := cnyPer[currency]
	return amount * r, ok
}
