package datatools

import (
	"context"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"

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
}

// POIFinder finds attractions and places to eat, best first.
type POIFinder interface {
	Attractions(ctx context.Context, q POIQuery) ([]orchestrator.Attraction, error)
	Restaurants(ctx context.Context, q POIQuery) ([]orchestrator.Restaurant, error)
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
}

// FindPOIsOutput is the find_pois tool's result: Attractions or Restaurants
// as Category says, best first. The list of the category is always present
// in JSON, empty when nothing matched; the other is absent.
type FindPOIsOutput struct {
	Category    string                    `json:"category"`
	Attractions []orchestrator.Attraction `json:"attractions,omitempty"`
	Restaurants []orchestrator.Restaurant `json:"restaurants,omitempty"`
	Provenance  orchestrator.Provenance   `json:"provenance"`
}

// MarshalJSON writes the category's list even when it is empty.
func (o FindPOIsOutput) MarshalJSON() ([]byte, error) {
	type plain FindPOIsOutput
	if o.Category == CategoryRestaurants {
		return json.Marshal(struct {
			Category    string                    `json:"category"`
			Restaurants []orchestrator.Restaurant `json:"restaurants"`
			Provenance  orchestrator.Provenance   `json:"provenance"`
		}{o.Category, nonNil(o.Restaurants), o.Provenance})
	}
	if o.Category == CategoryAttractions {
		return json.Marshal(struct {
			Category    string                    `json:"category"`
			Attractions []orchestrator.Attraction `json:"attractions"`
			Provenance  orchestrator.Provenance   `json:"provenance"`
		}{o.Category, nonNil(o.Attractions), o.Provenance})
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
		"(restaurants, cafes, fast food, with cuisines) from OpenStreetMap around a point, best first, with coordinates, " +
		"opening hours when simple enough to read, address, website and, for attractions, kind, indoor/outdoor and fee. " +
		"Data © OpenStreetMap contributors, ODbL.",
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
	}
	if err := checkPoint(in.Latitude, in.Longitude); err != nil {
		return FindPOIsOutput{}, err
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
