package overpass

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator"
)

// Limits on a POI search.
const (
	DefaultRadiusM = 8000
	MinRadiusM     = 100
	MaxRadiusM     = 25000
	DefaultResults = 60
	MaxResults     = 200
	// MaxElements bounds the elements one query returns ("out … N"); the
	// ranking then keeps the best Results.
	MaxElements = 2000
)

// Search is a POI search around a point.
type Search struct {
	// City names the place the results belong to (their City field).
	City   string
	Center orchestrator.GeoPoint
	// RadiusM is the search radius in metres; zero means DefaultRadiusM.
	RadiusM int
	// Limit is the number of results; zero means DefaultResults.
	Limit int
	// Language picks names: "zh" prefers name:zh, "en" name:en; other
	// values and "" keep the local name.
	Language string
	// BBox, when set, searches the area instead of the circle around
	// Center; Center still ranks the results by distance.
	BBox *orchestrator.BBox
}

// MaxBBoxDeg is the longest side of a searched area, in degrees (about
// 110 km): a city and its surroundings, within Overpass's fair use.
const MaxBBoxDeg = 1.0

func (s *Search) normalize() error {
	s.City = strings.Join(strings.Fields(s.City), " ")
	s.Language = strings.ToLower(strings.TrimSpace(s.Language))
	if s.RadiusM == 0 {
		s.RadiusM = DefaultRadiusM
	}
	if s.Limit == 0 {
		s.Limit = DefaultResults
	}
	switch {
	case s.City == "" || utf8.RuneCountInString(s.City) > 100:
		return invalidf("city must be 1 to 100 characters")
	case s.Center.Lat < -90 || s.Center.Lat > 90 || math.IsNaN(s.Center.Lat):
		return invalidf("latitude must be between -90 and 90")
	case s.Center.Lon < -180 || s.Center.Lon > 180 || math.IsNaN(s.Center.Lon):
		return invalidf("longitude must be between -180 and 180")
	case s.RadiusM < MinRadiusM || s.RadiusM > MaxRadiusM:
		return invalidf("radius must be between %d and %d metres", MinRadiusM, MaxRadiusM)
	case s.Limit < 1 || s.Limit > MaxResults:
		return invalidf("limit must be between 1 and %d", MaxResults)
	}
	if b := s.BBox; b != nil {
		if _, err := orchestrator.ParseBBox(fmt.Sprintf("%g,%g,%g,%g", b.South, b.West, b.North, b.East), MaxBBoxDeg); err != nil {
			return invalidf("bbox %v", err)
		}
	}
	return nil
}

// around is the Overpass "(around:r,lat,lon)" filter of s, or the
// "(south,west,north,east)" box filter when s has a BBox.
func (s *Search) around() string {
	if b := s.BBox; b != nil {
		f := func(v float64) string { return strconv.FormatFloat(v, 'f', 6, 64) }
		return "(" + f(b.South) + "," + f(b.West) + "," + f(b.North) + "," + f(b.East) + ")"
	}
	return fmt.Sprintf("(around:%d,%s,%s)", s.RadiusM,
		strconv.FormatFloat(s.Center.Lat, 'f', 6, 64), strconv.FormatFloat(s.Center.Lon, 'f', 6, 64))
}

// AttractionsQuery returns the Overpass QL for attractions: named
// tourism=attraction|museum|viewpoint|gallery|zoo|theme_park, historic=*
// and leisure=park objects of any type, ways and relations with their
// centre.
func (c *Client) AttractionsQuery(s Search) string {
	a := s.around()
	return fmt.Sprintf(`[out:json][timeout:%d];
(
  nwr["tourism"~"^(attraction|museum|viewpoint|gallery|zoo|theme_park)$"]["name"]%s;
  nwr["historic"]["name"]%s;
  nwr["leisure"="park"]["name"]%s;
);
out center tags %d;`, int(c.queryTimeout.Seconds()), a, a, a, MaxElements)
}

// RestaurantsQuery returns the Overpass QL for named
// amenity=restaurant|cafe|fast_food objects.
func (c *Client) RestaurantsQuery(s Search) string {
	return fmt.Sprintf(`[out:json][timeout:%d];
(
  nwr["amenity"~"^(restaurant|cafe|fast_food)$"]["name"]%s;
);
out center tags %d;`, int(c.queryTimeout.Seconds()), s.around(), MaxElements)
}

// Attractions returns up to s.Limit attractions around s.Center, best
// first: ranked by a score from their tags (Wikidata/Wikipedia links,
// kind, heritage status, opening hours, website, names in several
// languages), then by distance, then by OSM type and ID. The same object
// mapped twice (a node and a way of one name within 250 m) appears once.
// Errors are *orchestrator.UpstreamError; no match is an empty list.
func (c *Client) Attractions(ctx context.Context, s Search) ([]orchestrator.Attraction, error) {
	if err := s.normalize(); err != nil {
		return nil, err
	}
	r, err := c.query(ctx, c.AttractionsQuery(s))
	if err != nil {
		return nil, err
	}
	return Attractions(r, s), nil
}

// Restaurants returns up to s.Limit places to eat around s.Center, best
// first, ranked like Attractions. OSM has no prices: Price is zero with no
// currency.
func (c *Client) Restaurants(ctx context.Context, s Search) ([]orchestrator.Restaurant, error) {
	if err := s.normalize(); err != nil {
		return nil, err
	}
	r, err := c.query(ctx, c.RestaurantsQuery(s))
	if err != nil {
		return nil, err
	}
	return Restaurants(r, s), nil
}

// candidate is an element being ranked.
type candidate struct {
	el    *Element
	name  string
	loc   *orchestrator.GeoPoint
	score float64
	dist  float64 // km from the centre; +Inf without a location
}

// rank turns elements into candidates, best first, without duplicates.
func rank(r *Response, s Search, score func(tags map[string]string) float64) []candidate {
	cands := make([]candidate, 0, len(r.Elements))
	for i := range r.Elements {
		el := &r.Elements[i]
		name := nameFor(el.Tags, s.Language)
		if name == "" || el.ID <= 0 || typeRank(el.Type) < 0 {
			continue
		}
		c := candidate{el: el, name: name, loc: location(el), score: score(el.Tags), dist: math.Inf(1)}
		if c.loc != nil {
			c.dist = s.Center.DistanceKM(*c.loc)
		}
		cands = append(cands, c)
	}
	slices.SortFunc(cands, func(a, b candidate) int {
		return cmp.Or(
			cmp.Compare(b.score, a.score),
			cmp.Compare(a.dist, b.dist),
			cmp.Compare(typeRank(a.el.Type), typeRank(b.el.Type)),
			cmp.Compare(a.el.ID, b.el.ID),
		)
	})
	// Drop duplicates: the same local name within 250 m of a better-ranked
	// one (a place mapped as a node and as a building).
	kept := cands[:0]
	seen := map[string][]*orchestrator.GeoPoint{}
	for _, c := range cands {
		key := strings.ToLower(cmp.Or(strings.TrimSpace(c.el.Tags["name"]), c.name))
		dup := false
		for _, p := range seen[key] {
			if p == nil || c.loc == nil || p.DistanceKM(*c.loc) < 0.25 {
				dup = true
				break
			}
		}
		if dup {
			continue
		}
		seen[key] = append(seen[key], c.loc)
		kept = append(kept, c)
		if len(kept) == s.Limit {
			break
		}
	}
	return kept
}

// Attractions converts an interpreter answer into ranked attractions, as
// Client.Attractions does.
func Attractions(r *Response, s Search) []orchestrator.Attraction {
	if s.Limit <= 0 {
		s.Limit = DefaultResults
	}
	out := []orchestrator.Attraction{}
	for _, c := range rank(r, s, attractionScore) {
		t := c.el.Tags
		a := orchestrator.Attraction{
			ID:         ID(c.el),
			Name:       c.name,
			City:       s.City,
			Category:   attractionCategory(t),
			Tags:       attractionTags(t),
			Location:   c.loc,
			Address:    address(t),
			Phone:      first(t, "phone", "contact:phone"),
			Website:    website(t),
			Price:      fee(t),
			Indoor:     indoor(t),
			Popularity: math.Round(c.score*10) / 10,
		}
		if h, ok := ParseOpeningHours(t["opening_hours"]); ok {
			a.Hours = h
		}
		out = append(out, a)
	}
	return out
}

// Restaurants converts an interpreter answer into ranked restaurants, as
// Client.Restaurants does.
func Restaurants(r *Response, s Search) []orchestrator.Restaurant {
	if s.Limit <= 0 {
		s.Limit = DefaultResults
	}
	out := []orchestrator.Restaurant{}
	for _, c := range rank(r, s, restaurantScore) {
		t := c.el.Tags
		rs := orchestrator.Restaurant{
			ID:       ID(c.el),
			Name:     c.name,
			City:     s.City,
			Location: c.loc,
			Cuisines: cuisines(t),
		}
		if h, ok := ParseOpeningHours(t["opening_hours"]); ok {
			rs.Hours = h
		}
		out = append(out, rs)
	}
	return out
}

// ID returns an element's identifier, e.g. "osm:node/123".
func ID(el *Element) string { return "osm:" + el.Type + "/" + strconv.FormatInt(el.ID, 10) }

func typeRank(t string) int {
	switch t {
	case "node":
		return 0
	case "way":
		return 1
	case "relation":
		return 2
	}
	return -1
}

// location is a node's position or a way's or relation's centre; nil when
// missing or out of range.
func location(el *Element) *orchestrator.GeoPoint {
	var lat, lon float64
	switch {
	case el.Lat != nil && el.Lon != nil:
		lat, lon = *el.Lat, *el.Lon
	case el.Center != nil:
		lat, lon = el.Center.Lat, el.Center.Lon
	default:
		return nil
	}
	if lat < -90 || lat > 90 || lon < -180 || lon > 180 || math.IsNaN(lat) || math.IsNaN(lon) {
		return nil
	}
	return &orchestrator.GeoPoint{Lat: lat, Lon: lon}
}

// nameFor picks the name for a language: zh → name:zh-Hans, name:zh;
// en → name:en, int_name; the local name otherwise or when those are
// missing.
func nameFor(t map[string]string, lang string) string {
	var keys []string
	switch lang {
	case "zh":
		keys = []string{"name:zh-Hans", "name:zh", "name"}
	case "en":
		keys = []string{"name:en", "int_name", "name"}
	default:
		keys = []string{"name"}
	}
	return first(t, keys...)
}

func first(t map[string]string, keys ...string) string {
	for _, k := range keys {
		if v := strings.TrimSpace(t[k]); v != "" {
			return v
		}
	}
	return ""
}

func attractionScore(t map[string]string) float64 {
	s := 0.0
	if t["wikidata"] != "" {
		s += 2
	}
	if t["wikipedia"] != "" {
		s += 2
	}
	switch t["tourism"] {
	case "attraction", "museum", "zoo", "theme_park":
		s += 2
	case "gallery", "viewpoint":
		s += 1.5
	}
	switch h := t["historic"]; h {
	case "":
	case "memorial", "wayside_shrine", "wayside_cross", "boundary_stone", "milestone", "marker", "yes":
		s += 0.25
	default:
		s += 1
	}
	if t["leisure"] == "park" {
		s += 1
	}
	if t["heritage"] != "" {
		s += 1
	}
	if t["opening_hours"] != "" {
		s += 0.5
	}
	if website(t) != "" {
		s += 0.5
	}
	if t["name:en"] != "" || t["name:zh"] != "" {
		s += 0.5
	}
	return s
}

func restaurantScore(t map[string]string) float64 {
	s := 0.0
	switch t["amenity"] {
	case "restaurant":
		s += 1
	case "cafe":
		s += 0.5
	}
	if t["wikidata"] != "" {
		s += 2
	}
	if t["cuisine"] != "" {
		s += 1
	}
	if t["opening_hours"] != "" {
		s += 0.5
	}
	if website(t) != "" || first(t, "phone", "contact:phone") != "" {
		s += 0.5
	}
	if t["name:en"] != "" || t["name:zh"] != "" {
		s += 0.5
	}
	if t["brand"] != "" || t["brand:wikidata"] != "" {
		s -= 0.5 // chains are everywhere
	}
	return s
}

// attractionCategory is the attraction's kind: the tourism value, "park",
// or the historic value ("historic" for historic=yes).
func attractionCategory(t map[string]string) string {
	switch {
	case t["tourism"] != "" && t["tourism"] != "yes":
		return t["tourism"]
	case t["leisure"] == "park":
		return "park"
	case t["historic"] != "" && t["historic"] != "yes":
		return t["historic"]
	case t["historic"] == "yes":
		return "historic"
	}
	return "attraction"
}

// attractionTags lists the tags that say what a place is, as "key=value",
// sorted.
func attractionTags(t map[string]string) []string {
	var out []string
	for _, k := range []string{"amenity", "building", "heritage", "historic", "leisure", "religion", "tourism"} {
		if v := t[k]; v != "" && !(k == "building" && v == "yes") {
			out = append(out, k+"="+v)
		}
	}
	slices.Sort(out)
	return out
}

func indoor(t map[string]string) *bool {
	switch {
	case t["indoor"] == "yes":
		return ptr(true)
	case t["tourism"] == "museum" || t["tourism"] == "gallery":
		return ptr(true)
	case t["tourism"] == "viewpoint" || t["tourism"] == "zoo" || t["tourism"] == "theme_park" || t["leisure"] == "park":
		return ptr(false)
	}
	return nil
}

func address(t map[string]string) string {
	if v := first(t, "addr:full"); v != "" {
		return v
	}
	street := first(t, "addr:street")
	if street == "" {
		return ""
	}
	if n := first(t, "addr:housenumber"); n != "" {
		if strings.ContainsFunc(street, isHan) {
			return street + n + "号"
		}
		return n + " " + street
	}
	return street
}

func isHan(r rune) bool { return r >= 0x4E00 && r <= 0x9FFF }

func website(t map[string]string) string {
	v := first(t, "website", "contact:website", "url")
	if strings.HasPrefix(v, "http://") || strings.HasPrefix(v, "https://") {
		return v
	}
	return ""
}

var chargeRE = regexp.MustCompile(`^(?:([A-Z]{3})\s*)?(\d+(?:\.\d{1,2})?)(?:\s*([A-Z]{3}))?$`)

// fee is the ticket price: free for fee=no, the amount of a "50 CNY" or
// "CNY 50" charge, nil (unknown) otherwise.
func fee(t map[string]string) *orchestrator.Money {
	if m := chargeRE.FindStringSubmatch(strings.TrimSpace(t["charge"])); m != nil && (m[1] == "") != (m[3] == "") {
		f, err := strconv.ParseFloat(m[2], 64)
		if err == nil {
			money := orchestrator.MoneyFromFloat(f, m[1]+m[3])
			return &money
		}
	}
	if t["fee"] == "no" {
		return &orchestrator.Money{}
	}
	return nil
}

// cuisines splits the cuisine tag ("sichuan;hot_pot") into its values.
func cuisines(t map[string]string) []string {
	var out []string
	for _, c := range strings.Split(t["cuisine"], ";") {
		if c = strings.ToLower(strings.TrimSpace(c)); c != "" && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

func invalidf(format string, args ...any) *orchestrator.UpstreamError {
	return &orchestrator.UpstreamError{Type: orchestrator.EINVALIDARG, Message: fmt.Sprintf(format, args...), Provider: Provider}
}

func ptr[T any](v T) *T { return &v }
