package overpass

import (
	"context"
	"fmt"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
)

// LodgingKinds are the tourism=* values Lodging asks for.
var LodgingKinds = []string{"hotel", "hostel", "guest_house", "motel", "apartment", "chalet"}

// LodgingQuery returns the Overpass QL for named lodging:
// tourism=hotel|hostel|guest_house|motel|apartment|chalet nodes and ways
// (buildings, with their centre).
func (c *Client) LodgingQuery(s Search) string {
	return fmt.Sprintf(`[out:json][timeout:%d];
(
  nw["tourism"~"^(%s)$"]["name"]%s;
);
out center tags %d;`, int(c.queryTimeout.Seconds()), strings.Join(LodgingKinds, "|"), s.around(), MaxElements)
}

// Lodging returns up to s.Limit places to stay around s.Center, best
// first: ranked by stars, then by how completely they are mapped (Wikidata,
// website, phone, room count, names in several languages), then by
// distance, OSM type and ID; the same place mapped twice appears once. OSM
// has no room prices: Price is zero with no currency. Errors are
// *orchestrator.UpstreamError; no match is an empty list.
func (c *Client) Lodging(ctx context.Context, s Search) ([]orchestrator.Accommodation, error) {
	if err := s.normalize(); err != nil {
		return nil, err
	}
	r, err := c.query(ctx, c.LodgingQuery(s))
	if err != nil {
		return nil, err
	}
	return Lodging(r, s), nil
}

// Lodging converts an interpreter answer into ranked places to stay, as
// Client.Lodging does. Each is one Accommodation: Kind is the tourism
// value, Stars the stars tag (1–5, zero when missing or unreadable), Name
// the name for s.Language and NameAlt the name in another language, Area
// the address's district or suburb. RoomType is shared_room for hostels
// (a bed in a dorm, MaxOccupancy 1), entire_home for apartments and
// chalets, private_room otherwise (MaxOccupancy 2); OccupancyEstimate is
// set, as OSM does not say.
func Lodging(r *Response, s Search) []orchestrator.Accommodation {
	if s.Limit <= 0 {
		s.Limit = DefaultResults
	}
	out := []orchestrator.Accommodation{}
	for _, c := range rank(r, s, lodgingScore) {
		t := c.el.Tags
		kind := strings.TrimSpace(t["tourism"])
		a := orchestrator.Accommodation{
			ID:                ID(c.el),
			Name:              c.name,
			NameAlt:           altName(t, c.name, s.Language),
			City:              s.City,
			Area:              first(t, "addr:district", "addr:suburb", "addr:city_district", "addr:quarter"),
			Location:          c.loc,
			Kind:              kind,
			Stars:             Stars(t["stars"]),
			OccupancyEstimate: true,
		}
		a.RoomType, a.MaxOccupancy = RoomFor(kind)
		out = append(out, a)
	}
	return out
}

// RoomFor returns the room type (one of orchestrator.RoomTypes) and the
// occupancy a place of kind (a tourism=* value) rents by default: a dorm
// bed for one in a hostel, a whole flat or cottage for two in an apartment
// or chalet, a private room for two elsewhere.
func RoomFor(kind string) (roomType string, occupancy int) {
	switch kind {
	case "hostel":
		return "shared_room", 1
	case "apartment", "chalet":
		return "entire_home", 2
	}
	return "private_room", 2
}

// Stars reads an OSM stars tag: "4", "4S" (superior), "3.5", "5*" give
// their whole stars, 1 to 5; anything else is zero.
func Stars(v string) int {
	v = strings.TrimSpace(v)
	if v == "" || v[0] < '1' || v[0] > '5' {
		return 0
	}
	if len(v) > 1 && v[1] >= '0' && v[1] <= '9' {
		return 0 // "10", "45"
	}
	return int(v[0] - '0')
}

// altName returns the place's name in another language than name: for the
// local name, the English one; for the English or Chinese one, the local
// one (or the other language when the local one is the same).
func altName(t map[string]string, name, lang string) string {
	var keys []string
	switch lang {
	case "en":
		keys = []string{"name", "name:zh-Hans", "name:zh"}
	case "zh":
		keys = []string{"name:en", "int_name", "name"}
	default:
		keys = []string{"name:en", "int_name", "name:zh-Hans", "name:zh"}
	}
	for _, k := range keys {
		if v := strings.TrimSpace(t[k]); v != "" && !strings.EqualFold(v, name) {
			return v
		}
	}
	return ""
}

func lodgingScore(t map[string]string) float64 {
	s := float64(Stars(t["stars"]))
	if t["wikidata"] != "" {
		s += 1
	}
	if website(t) != "" {
		s += 0.5
	}
	if first(t, "phone", "contact:phone") != "" {
		s += 0.5
	}
	if t["rooms"] != "" || t["beds"] != "" {
		s += 0.25
	}
	if t["name:en"] != "" || t["name:zh"] != "" {
		s += 0.5
	}
	if address(t) != "" {
		s += 0.25
	}
	return s
}

// RestaurantTier returns the price tier an eating place's tags suggest:
// splurge for stars of 4 or more or a fine-dining or Michelin tag, budget
// for amenity=fast_food, food_court or cafe, mid-range for
// amenity=restaurant, "" otherwise. See datatools' price model, which
// prices places by tier.
func RestaurantTier(t map[string]string) string {
	if Stars(t["stars"]) >= 4 || fineDining(t) {
		return orchestrator.TierSplurge
	}
	switch t["amenity"] {
	case "fast_food", "food_court", "cafe":
		return orchestrator.TierBudget
	case "restaurant":
		return orchestrator.TierMidrange
	}
	return ""
}

// fineDining reports tags that mark an upscale restaurant: fine_dining=yes,
// a fine_dining cuisine, or any michelin or award:michelin key.
func fineDining(t map[string]string) bool {
	if t["fine_dining"] == "yes" {
		return true
	}
	for _, c := range strings.Split(t["cuisine"], ";") {
		if strings.TrimSpace(strings.ToLower(c)) == "fine_dining" {
			return true
		}
	}
	for k, v := range t {
		if (strings.HasPrefix(k, "michelin") || strings.HasPrefix(k, "award:michelin")) && v != "" && v != "no" {
			return true
		}
	}
	return false
}

// TieredRestaurants is Restaurants with each restaurant's price tier
// (RestaurantTier of its tags) keyed by its ID; a restaurant whose tags
// suggest no tier is not in the map.
func (c *Client) TieredRestaurants(ctx context.Context, s Search) ([]orchestrator.Restaurant, map[string]string, error) {
	if err := s.normalize(); err != nil {
		return nil, nil, err
	}
	r, err := c.query(ctx, c.RestaurantsQuery(s))
	if err != nil {
		return nil, nil, err
	}
	rs := Restaurants(r, s)
	return rs, RestaurantTiers(r, rs), nil
}

// RestaurantTiers returns the price tiers of restaurants (converted from
// r) keyed by ID.
func RestaurantTiers(r *Response, restaurants []orchestrator.Restaurant) map[string]string {
	want := make(map[string]bool, len(restaurants))
	for _, rs := range restaurants {
		want[rs.ID] = true
	}
	tiers := map[string]string{}
	for i := range r.Elements {
		el := &r.Elements[i]
		id := ID(el)
		if !want[id] {
			continue
		}
		if tier := RestaurantTier(el.Tags); tier != "" {
			tiers[id] = tier
		}
	}
	return tiers
}
