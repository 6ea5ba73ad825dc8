package datatools

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/tripweave/tripweave/orchestrator"
)

// Distances of the matcher, in kilometres: a guide listing and a place of
// the same name are one place unless both have coordinates further apart
// than sameNameKM (chains have many branches); of similar names, when
// within similarNameKM.
const (
	sameNameKM    = 1.0
	similarNameKM = 0.1
)

// entity is a place to match: its names and location.
type entity struct {
	names []string
	loc   *orchestrator.GeoPoint
}

// matchListings pairs guide listings with places that are the same: names
// equal ignoring case, spaces and punctuation (and no more than sameNameKM
// apart when both have coordinates), or similar names (see similarNames)
// within similarNameKM. Each listing and each place is paired at most once,
// equal names before similar ones, then nearest first, then in input
// order. It returns the place index of each listing, -1 when unpaired.
func matchListings(listings, places []entity) []int {
	type pair struct {
		l, p    int
		similar bool
		km      float64
	}
	norm := func(es []entity) [][]string {
		out := make([][]string, len(es))
		for i, e := range es {
			for _, n := range e.names {
				if k := nameKey(n); k != "" && !slices.Contains(out[i], k) {
					out[i] = append(out[i], k)
				}
			}
		}
		return out
	}
	ln, pn := norm(listings), norm(places)
	var pairs []pair
	for i, l := range listings {
		for j, p := range places {
			km := math.Inf(1)
			if l.loc != nil && p.loc != nil {
				km = l.loc.DistanceKM(*p.loc)
			}
			switch {
			case anyEqual(ln[i], pn[j]) && (math.IsInf(km, 1) || km <= sameNameKM):
				pairs = append(pairs, pair{i, j, false, km})
			case km <= similarNameKM && similarNames(ln[i], pn[j]):
				pairs = append(pairs, pair{i, j, true, km})
			}
		}
	}
	slices.SortFunc(pairs, func(a, b pair) int {
		return cmp.Or(compareBool(a.similar, b.similar), cmp.Compare(a.km, b.km), cmp.Compare(a.l, b.l), cmp.Compare(a.p, b.p))
	})
	out := make([]int, len(listings))
	for i := range out {
		out[i] = -1
	}
	taken := make([]bool, len(places))
	for _, p := range pairs {
		if out[p.l] < 0 && !taken[p.p] {
			out[p.l], taken[p.p] = p.p, true
		}
	}
	return out
}

func compareBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case !a:
		return -1
	}
	return 1
}

// nameKey folds a name for comparison: lower-cased letters and digits only,
// so "Shangri-La Hotel" and "shangri la hotel" are equal.
func nameKey(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func anyEqual(a, b []string) bool {
	for _, x := range a {
		if slices.Contains(b, x) {
			return true
		}
	}
	return false
}

// similarNames reports whether two places' folded names look alike: one
// contains the other (at least 3 characters of it: "Shangri-La Hotel" and
// "Shangri-La Hotel Chengdu"), or their character pairs overlap with a Dice
// coefficient of 0.6 or more ("香格里拉酒店" and "香格里拉大酒店").
func similarNames(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			short, long := x, y
			if len([]rune(short)) > len([]rune(long)) {
				short, long = long, short
			}
			if len([]rune(short)) >= 3 && strings.Contains(long, short) {
				return true
			}
			if dice(x, y) >= 0.6 {
				return true
			}
		}
	}
	return false
}

// dice is the Dice coefficient of the character bigrams of a and b.
func dice(a, b string) float64 {
	ba, bb := bigrams(a), bigrams(b)
	if len(ba) == 0 || len(bb) == 0 {
		return 0
	}
	count := map[[2]rune]int{}
	for _, g := range ba {
		count[g]++
	}
	common := 0
	for _, g := range bb {
		if count[g] > 0 {
			count[g]--
			common++
		}
	}
	return 2 * float64(common) / float64(len(ba)+len(bb))
}

func bigrams(s string) [][2]rune {
	r := []rune(s)
	if len(r) < 2 {
		return nil
	}
	out := make([][2]rune, 0, len(r)-1)
	for i := 0; i+1 < len(r); i++ {
		out = append(out, [2]rune{r[i], r[i+1]})
	}
	return out
}
