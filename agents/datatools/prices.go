package datatools

import (
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
)

// PriceReader reads the prices a guide's listings quote. The wiring passes
// Wikivoyage's reader (wikivoyage.PriceReader).
type PriceReader interface {
	// ReadPrice returns the lowest and highest amount a price text names,
	// in one currency; a free place reads as two zero amounts. currency is
	// the destination's ISO 4217 currency ("" when unknown), which ambiguous
	// signs (¥, $, kr) take. ok is false when the text names no amount in a
	// known currency.
	ReadPrice(text, currency string) (lo, hi orchestrator.Money, ok bool)
	// CountryCurrency returns the ISO 4217 currency of an ISO 3166-1
	// alpha-2 country code, or "" when the code is unknown.
	CountryCurrency(country string) string
}

// PriceModel is what a city's places of one kind (places to sleep, places
// to eat) cost, learnt from its travel guide: the median price of the
// guide's listings in each price tier and over all of them. It prices the
// places that another source (OpenStreetMap) lists without a price.
//
// Where the numbers come from: every listing of the type in the city's
// guide (its main article and the district articles it read) whose price
// text reads as an amount — see PriceReader; free places and texts without
// an amount are left out. A listing counts once, at the midpoint of the
// range it quotes ("Doubles ¥380–520" counts ¥450, "from ¥400" counts
// ¥400). Its tier is the guide sub-section it sits in (Budget, Mid-range,
// Splurge); listings outside tiered sub-sections count only in the overall
// median. Only listings in the model's currency count: the one most
// listings quote, the country's on a tie. A median of an even count is the
// mean of the middle two, rounded down to the cent.
//
// Estimate prices a place by its tier: the tier's median when the guide
// has priced listings in it; else, when the guide prices the two other
// tiers and they rise with the tier, the adjacent tier's median scaled by
// the ratio the guide shows between tiers (budget = mid-range² / splurge,
// splurge = mid-range² / budget, mid-range = √(budget × splurge)); else
// the overall median. A place of unknown tier gets the overall median. A
// guide without priced listings prices nothing: those places stay
// unpriced, never guessed.
//
// Tiers of places: see LodgingTier for places to stay; for places to eat,
// the POI finder's tiers (OpenStreetMap amenity=fast_food, food_court and
// cafe are budget, restaurant mid-range, stars ≥ 4 or fine-dining tags
// splurge), or the matching guide listing's own tier.
type PriceModel struct {
	// Type is the listing type the model learnt from: eat or sleep.
	Type string `json:"listing_type"`
	// Currency is the ISO 4217 code of every price of the model.
	Currency string `json:"currency"`
	// Tiers holds the median of each tier with priced listings, cheapest
	// tier first.
	Tiers []TierPrice `json:"tiers"`
	// Overall is the median over every priced listing.
	Overall orchestrator.Money `json:"overall"`
	// Listings counts the priced listings.
	Listings int `json:"listings"`
}

// TierPrice is a tier's median listing price.
type TierPrice struct {
	Tier     string             `json:"tier"`
	Median   orchestrator.Money `json:"median"`
	Listings int                `json:"listings"`
}

// NewPriceModel learns the prices of the listings of type typ (eat or
// sleep) with r, currency being the destination's currency ("" when
// unknown). A model of no listing has Listings zero and estimates nothing.
func NewPriceModel(listings []orchestrator.Listing, typ, currency string, r PriceReader) PriceModel {
	m := PriceModel{Type: typ, Tiers: []TierPrice{}}
	type priced struct {
		tier string
		mid  orchestrator.Money
	}
	var all []priced
	counts := map[string]int{}
	for _, l := range listings {
		if l.Type != typ || strings.TrimSpace(l.Price) == "" {
			continue
		}
		lo, hi, ok := r.ReadPrice(l.Price, currency)
		if !ok || hi.Cents <= 0 || lo.Currency == "" {
			continue
		}
		all = append(all, priced{l.Tier, orchestrator.Money{Cents: lo.Cents + (hi.Cents-lo.Cents)/2, Currency: lo.Currency}})
		counts[lo.Currency]++
	}
	if len(all) == 0 {
		return m
	}
	for _, c := range slices.Sorted(maps.Keys(counts)) {
		n, best := counts[c], counts[m.Currency]
		if m.Currency == "" || n > best || n == best && c == currency {
			m.Currency = c
		}
	}
	var overall []int64
	byTier := map[string][]int64{}
	for _, p := range all {
		if p.mid.Currency != m.Currency {
			continue
		}
		overall = append(overall, p.mid.Cents)
		if slices.Contains(orchestrator.PriceTiers, p.tier) {
			byTier[p.tier] = append(byTier[p.tier], p.mid.Cents)
		}
	}
	m.Listings = len(overall)
	m.Overall = orchestrator.Money{Cents: median(overall), Currency: m.Currency}
	for _, tier := range orchestrator.PriceTiers {
		if xs := byTier[tier]; len(xs) > 0 {
			m.Tiers = append(m.Tiers, TierPrice{Tier: tier, Median: orchestrator.Money{Cents: median(xs), Currency: m.Currency}, Listings: len(xs)})
		}
	}
	return m
}

// Estimate returns the model's price for a place of tier (one of
// orchestrator.PriceTiers, or "" when unknown), as PriceModel describes;
// ok is false when the model has no priced listing.
func (m PriceModel) Estimate(tier string) (orchestrator.Money, bool) {
	if m.Listings == 0 {
		return orchestrator.Money{}, false
	}
	med := map[string]int64{}
	for _, t := range m.Tiers {
		med[t.Tier] = t.Median.Cents
	}
	if c, ok := med[tier]; ok {
		return orchestrator.Money{Cents: c, Currency: m.Currency}, true
	}
	b, hasB := med[orchestrator.TierBudget]
	mid, hasM := med[orchestrator.TierMidrange]
	s, hasS := med[orchestrator.TierSplurge]
	est := int64(-1)
	switch tier {
	case orchestrator.TierBudget:
		if hasM && hasS && 0 < mid && mid < s {
			est = scale(mid, float64(mid)/float64(s))
		}
	case orchestrator.TierSplurge:
		if hasB && hasM && 0 < b && b < mid {
			est = scale(mid, float64(mid)/float64(b))
		}
	case orchestrator.TierMidrange:
		if hasB && hasS && 0 < b && b < s {
			est = scale(b, math.Sqrt(float64(s)/float64(b)))
		}
	}
	if est <= 0 {
		est = m.Overall.Cents
	}
	return orchestrator.Money{Cents: est, Currency: m.Currency}, true
}

// scale returns cents × by, rounded to the cent.
func scale(cents int64, by float64) int64 {
	v := math.Round(float64(cents) * by)
	if math.IsNaN(v) || v <= 0 || v > math.MaxInt64/2 {
		return -1
	}
	return int64(v)
}

// median returns the median of xs (not empty), the mean of the middle two
// rounded down for an even count. xs is sorted in place.
func median(xs []int64) int64 {
	slices.Sort(xs)
	n := len(xs)
	if n%2 == 1 {
		return xs[n/2]
	}
	a, b := xs[n/2-1], xs[n/2]
	return a + (b-a)/2
}

// LodgingTier returns the price tier of a place to stay from its kind (an
// OpenStreetMap tourism=* value) and stars (0 when unknown): hostels, camp
// sites, guest houses and motels are budget; hotels of 1–2 stars budget, of
// 3 stars or unknown mid-range, of 4–5 splurge; apartments and chalets
// mid-range; anything else "" (unknown).
func LodgingTier(kind string, stars int) string {
	switch kind {
	case "hostel", "camp_site", "caravan_site", "alpine_hut", "guest_house", "motel":
		return orchestrator.TierBudget
	case "apartment", "chalet":
		return orchestrator.TierMidrange
	case "hotel":
		switch {
		case stars >= 4:
			return orchestrator.TierSplurge
		case stars >= 1 && stars <= 2:
			return orchestrator.TierBudget
		}
		return orchestrator.TierMidrange
	}
	return ""
}
