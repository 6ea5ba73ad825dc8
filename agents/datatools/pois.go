package datatools

import (
	"context"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/sourcegraph/conc"

	"github.com/tripweave/tripweave/orchestrator"
)

// POI categories, as the orchestrator's subtask kinds name them.
const (
	CategoryAttractions = "attractions"
	CategoryRestaurants = "restaurants"
)

// Limits of find_pois.
const (
	DefaultRadiusM = 8000
	MinRadiusM     = 100
	MaxRadiusM     = 25000
	DefaultPOIs    = 60
	MaxPOIs        = 200
)

// POIQuery is a search for points of interest around a point.
type POIQuery struct {
	// City names the place the results belong to.
	City   string
	Center orchestrator.GeoPoint
	// RadiusM is the search radius in metres.
	RadiusM int
	// Limit is the most results wanted.
	Limit int
	// Language picks names: "en", "zh", or "" for local names.
	Language string
	// BBox, when set, is the area searched instead of the circle; Center
	// still ranks by distance.
	BBox *orchestrator.BBox
}

// POIFinder finds attractions and places to eat, best first.
type POIFinder interface {
	Attractions(ctx context.Context, q POIQuery) ([]orchestrator.Attraction, error)
	Restaurants(ctx context.Context, q POIQuery) ([]orchestrator.Restaurant, error)
}

// TieredRestaurantFinder is implemented by a POIFinder that knows the price
// tier its source's tags suggest for each restaurant: Restaurants with the
// tiers (orchestrator.TierBudget, TierMidrange, TierSplurge) keyed by
// restaurant ID, a restaurant of no known tier left out. find_pois uses
// them to estimate prices by tier; without them an unmatched restaurant
// gets the guide's overall median.
type TieredRestaurantFinder interface {
	TieredRestaurants(ctx context.Context, q POIQuery) ([]orchestrator.Restaurant, map[string]string, error)
}

// FindPOIsInput are the find_pois tool's arguments, as the orchestrator's
// pipeline sends them (city, category, latitude, longitude) plus optional
// tuning.
type FindPOIsInput struct {
	City      string  `json:"city" jsonschema:"the city the points belong to, e.g. chengdu (1-100 characters)"`
	Category  string  `json:"category" jsonschema:"attractions (sights, museums, viewpoints, galleries, zoos, theme parks, historic places, parks) or restaurants (restaurants, cafes, fast food)"`
	Latitude  float64 `json:"latitude" jsonschema:"WGS-84 latitude of the search centre"`
	Longitude float64 `json:"longitude" jsonschema:"WGS-84 longitude of the search centre"`
	RadiusM   int     `json:"radius_m,omitempty" jsonschema:"search radius in metres, 100-25000; default 8000"`
	Limit     int     `json:"limit,omitempty" jsonschema:"most results, 1-200; default 60"`
	Lang      string  `json:"lang,omitempty" jsonschema:"language of the names: en or zh; default the local names"`
	Country   string  `json:"country,omitempty" jsonschema:"ISO 3166-1 alpha-2 code of the city's country, e.g. CN; tells which currency the guide's ¥, $ or kr prices are in when restaurants are priced from it; optional"`
	BBox      string  `json:"bbox,omitempty" jsonschema:"an area to search instead of the circle: south,west,north,east in degrees, at most 1° a side; latitude and longitude still rank by distance"`
}

// MaxBBoxDeg is the longest side of an area find_pois searches, in degrees.
const MaxBBoxDeg = 1.0

// FindPOIsOutput is the find_pois tool's result: Attractions or Restaurants
// as Category says, best first. The list of the category is always present
// in JSON, empty when nothing matched; the other is absent. For
// restaurants priced from the city's guide, PriceModel is the model
// estimates come from and Notes say why prices are missing.
type FindPOIsOutput struct {
	Category    string                    `json:"category"`
	Attractions []orchestrator.Attraction `json:"attractions,omitempty"`
	Restaurants []orchestrator.Restaurant `json:"restaurants,omitempty"`
	PriceModel  *PriceModel               `json:"price_model,omitempty"`
	Notes       []string                  `json:"notes,omitempty"`
	Provenance  orchestrator.Provenance   `json:"provenance"`
}

// MarshalJSON writes the category's list even when it is empty.
func (o FindPOIsOutput) MarshalJSON() ([]byte, error) {
	type plain FindPOIsOutput
	if o.Category == CategoryRestaurants {
		return json.Marshal(struct {
			Category    string                    `json:"category"`
			Restaurants []orchestrator.Restaurant `json:"restaurants"`
			PriceModel  *PriceModel               `json:"price_model,omitempty"`
			Notes       []string                  `json:"notes,omitempty"`
			Provenance  orchestrator.Provenance   `json:"provenance"`
		}{o.Category, nonNil(o.Restaurants), o.PriceModel, o.Notes, o.Provenance})
	}
	if o.Category == CategoryAttractions {
		return json.Marshal(struct {
			Category    string                    `json:"category"`
			Attractions []orchestrator.Attraction `json:"attractions"`
			Notes       []string                  `json:"notes,omitempty"`
			Provenance  orchestrator.Provenance   `json:"provenance"`
		}{o.Category, nonNil(o.Attractions), o.Notes, o.Provenance})
	}
	return json.Marshal(plain(o))
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

var poisTool = &mcp.Tool{
	Name:  ToolPOIs,
	Title: "Find points of interest",
	Description: "Attractions (sights, museums, viewpoints, galleries, zoos, theme parks, historic places, parks) or restaurants " +
		"(restaurants, cafes, fast food, with cuisines) from OpenStreetMap around a point or in an area (bbox), best first, with coordinates, " +
		"opening hours when simple enough to read, address, website and, for attractions, kind, indoor/outdoor and fee. " +
		"Restaurants get a price per person from the city's Wikivoyage guide when it lists them, else an estimate " +
		"(price_estimate) from the median of the guide's eating places of the same price tier; pass country (ISO 3166-1 " +
		"alpha-2) so prices in ¥, $ or kr can be read. Data © OpenStreetMap contributors, ODbL; prices from Wikivoyage, CC BY-SA 4.0.",
	Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: ptr(true)},
}

func (t *tools) findPOIs(ctx context.Context, in FindPOIsInput) (FindPOIsOutput, error) {
	q := POIQuery{
		City:     strings.Join(strings.Fields(in.City), " "),
		Center:   orchestrator.GeoPoint{Lat: in.Latitude, Lon: in.Longitude},
		RadiusM:  in.RadiusM,
		Limit:    in.Limit,
		Language: strings.ToLower(strings.TrimSpace(in.Lang)),
	}
	if strings.TrimSpace(in.BBox) != "" {
		b, err := orchestrator.ParseBBox(in.BBox, MaxBBoxDeg)
		if err != nil {
			return FindPOIsOutput{}, invalidf("bbox %v", err)
		}
		q.BBox = &b
	}
	category := strings.ToLower(strings.TrimSpace(in.Category))
	if q.RadiusM == 0 {
		q.RadiusM = DefaultRadiusM
	}
	if q.Limit == 0 {
		q.Limit = DefaultPOIs
	}
	switch {
	case q.City == "":
		return FindPOIsOutput{}, invalidf("city is empty")
	case utf8.RuneCountInString(q.City) > MaxNameLength:
		return FindPOIsOutput{}, invalidf("city is longer than %d characters", MaxNameLength)
	case category != CategoryAttractions && category != CategoryRestaurants:
		return FindPOIsOutput{}, invalidf("category %q is not attractions or restaurants", in.Category)
	case q.RadiusM < MinRadiusM || q.RadiusM > MaxRadiusM:
		return FindPOIsOutput{}, invalidf("radius_m must be between %d and %d", MinRadiusM, MaxRadiusM)
	case q.Limit < 1 || q.Limit > MaxPOIs:
		return FindPOIsOutput{}, invalidf("limit must be between 1 and %d", MaxPOIs)
	case q.Language != "" && !languageRE.MatchString(q.Language):
		return FindPOIsOutput{}, invalidf("lang %q is not a 2- or 3-letter code", in.Lang)
	case strings.TrimSpace(in.Country) != "" && !countryRE.MatchString(strings.TrimSpace(in.Country)):
		return FindPOIsOutput{}, invalidf("country %q is not an ISO 3166-1 alpha-2 code", in.Country)
	}
	if err := checkPoint(in.Latitude, in.Longitude); err != nil {
		return FindPOIsOutput{}, err
	}
	currency := ""
	if c := strings.TrimSpace(in.Country); c != "" && t.opts.Prices != nil {
		if currency = t.opts.Prices.CountryCurrency(c); currency == "" {
			return FindPOIsOutput{}, invalidf("country %q is not a known ISO 3166-1 alpha-2 code", in.Country)
		}
	}
	if category == CategoryRestaurants && t.opts.Guides != nil && t.opts.Prices != nil {
		return t.pricedRestaurants(ctx, q, currency)
	}
	out := FindPOIsOutput{Category: category}
	var err error
	if category == CategoryAttractions {
		out.Attractions, err = t.opts.POIs.Attractions(ctx, q)
		out.Attractions = nonNil(out.Attractions)
	} else {
		out.Restaurants, err = t.opts.POIs.Restaurants(ctx, q)
		out.Restaurants = nonNil(out.Restaurants)
	}
	if err != nil {
		return FindPOIsOutput{}, err
	}
	out.Provenance = t.provenance(t.opts.POI, false)
	return out, nil
}

// pricedRestaurants finds restaurants and, at the same time, the city's
// guide, and prices the restaurants from it: a restaurant the guide lists
// (same or similar name, see matchListings) gets the midpoint of its
// listing's price range; another gets the guide's median for its tier
// (PriceModel), marked PriceEstimate. The guide is best effort: when it
// fails the restaurants come unpriced with a note. currency is the
// country's, "" when unknown.
func (t *tools) pricedRestaurants(ctx context.Context, q POIQuery, currency string) (FindPOIsOutput, error) {
	guideLang := "en"
	if q.Language == "zh" {
		guideLang = "zh"
	}
	var (
		rs         []orchestrator.Restaurant
		tiers      map[string]string
		guide      orchestrator.Guide
		rerr, gerr error
		wg         conc.WaitGroup
	)
	wg.Go(func() {
		if tf, ok := t.opts.POIs.(TieredRestaurantFinder); ok {
			rs, tiers, rerr = tf.TieredRestaurants(ctx, q)
		} else {
			rs, rerr = t.opts.POIs.Restaurants(ctx, q)
		}
	})
	wg.Go(func() { guide, gerr = t.guides.Guide(ctx, q.City, guideLang, &q.Center) })
	wg.Wait()
	if rerr != nil {
		return FindPOIsOutput{}, rerr
	}
	out := FindPOIsOutput{Category: CategoryRestaurants, Restaurants: nonNil(rs)}
	if gerr != nil {
		out.Notes = append(out.Notes, guideFailureNote(gerr, q.City))
		out.Provenance = t.provenance(t.opts.POI, false)
		return out, nil
	}
	if currency == "" {
		currency = t.inferCurrency(guide.Listings)
	}
	model := NewPriceModel(guide.Listings, orchestrator.ListingEat, currency, t.opts.Prices)
	out.PriceModel = &model
	var eats []orchestrator.Listing
	for _, l := range guide.Listings {
		if l.Type == orchestrator.ListingEat {
			eats = append(eats, l)
		}
	}
	if model.Listings == 0 && hasPriceText(eats) {
		out.Notes = append(out.Notes, unreadPricesNote(currency))
	}
	lents := make([]entity, len(eats))
	for i, l := range eats {
		lents[i] = entity{names: []string{l.Name, l.Alt}, loc: l.Location}
	}
	rents := make([]entity, len(out.Restaurants))
	for j, r := range out.Restaurants {
		rents[j] = entity{names: []string{r.Name}, loc: r.Location}
	}
	listingOf := make([]int, len(out.Restaurants))
	for j := range listingOf {
		listingOf[j] = -1
	}
	for i, j := range matchListings(lents, rents) {
		if j >= 0 {
			listingOf[j] = i
		}
	}
	used, estimated := false, false
	for j := range out.Restaurants {
		r := &out.Restaurants[j]
		if r.Price != (orchestrator.Money{}) {
			continue // the source priced it
		}
		tier := tiers[r.ID]
		var l *orchestrator.Listing
		if i := listingOf[j]; i >= 0 {
			l = &eats[i]
			if l.Tier != "" {
				tier = l.Tier
			}
		}
		price, estimate, ok := t.placePrice(l, tier, currency, model, true)
		if !ok {
			continue
		}
		r.Price, r.PriceEstimate = price, estimate
		used, estimated = true, estimated || estimate
	}
	out.Provenance = t.mixedProvenance(true, used, t.opts.POI, guide.URL, estimated)
	return out, nil
}
