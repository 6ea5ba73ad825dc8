package overpass

import (
	"context"
	"strings"
	"testing"

	"github.com/tripweave/tripweave/agents/overpass/overpasstest"
	"github.com/tripweave/tripweave/orchestrator"
)

func TestLodging(t *testing.T) {
	for _, lang := range []string{"", "en", "zh"} {
		t.Run("lang="+lang, func(t *testing.T) {
			srv := overpasstest.NewServer(t)
			c, _ := newClient(srv, -1)
			s := chengdu
			s.Language = lang
			got, err := c.Lodging(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, "lodging_chengdu_"+map[string]string{"": "local", "en": "en", "zh": "zh"}[lang]+".json", got)
			// 13 elements: one unnamed, one duplicate of the Shangri-La.
			if len(got) != 11 {
				t.Errorf("%d places, want 11", len(got))
			}
			if q := srv.Requests()[0].Query; !strings.Contains(q, `nw["tourism"~"^(hotel|hostel|guest_house|motel|apartment|chalet)$"]["name"](around:8000,30.660000,104.070000);`) ||
				!strings.Contains(q, "out center tags 2000;") {
				t.Errorf("query = %s", q)
			}
			byID := map[string]orchestrator.Accommodation{}
			for _, a := range got {
				byID[a.ID] = a
				if a.City != "chengdu" || a.Location == nil || !a.OccupancyEstimate || a.Price != (orchestrator.Money{}) || a.PriceEstimate {
					t.Errorf("%s: %+v", a.ID, a)
				}
			}
			sl := byID["osm:way/228190447"]
			if sl.Kind != "hotel" || sl.Stars != 5 || sl.RoomType != "private_room" || sl.MaxOccupancy != 2 || sl.Area != "锦江区" ||
				*sl.Location != (orchestrator.GeoPoint{Lat: 30.6473451, Lon: 104.0868012}) {
				t.Errorf("Shangri-La = %+v", sl)
			}
			if got[0].ID != "osm:way/228190447" {
				t.Errorf("best = %s, want the five-star Shangri-La", got[0].ID)
			}
			if _, dup := byID["osm:node/5518227310"]; dup {
				t.Error("the Shangri-La's duplicate node is listed")
			}
			mix := byID["osm:node/4184729301"]
			if mix.Kind != "hostel" || mix.RoomType != "shared_room" || mix.MaxOccupancy != 1 {
				t.Errorf("Mix Hostel = %+v", mix)
			}
			wantName := map[string][2]string{"": {"驴友记青年旅舍", "Mix Hostel"}, "en": {"Mix Hostel", "驴友记青年旅舍"}, "zh": {"驴友记青年旅舍", "Mix Hostel"}}[lang]
			if mix.Name != wantName[0] || mix.NameAlt != wantName[1] {
				t.Errorf("Mix Hostel names = %q / %q, want %q", mix.Name, mix.NameAlt, wantName)
			}
			if apt := byID["osm:node/8102938476"]; apt.RoomType != "entire_home" || apt.Kind != "apartment" {
				t.Errorf("apartment = %+v", apt)
			}
			if g := byID["osm:node/2837465019"]; g.Stars != 3 {
				t.Errorf("stars 3.5 read as %d", g.Stars)
			}
		})
	}
}

func TestLodgingEmptyAndInvalid(t *testing.T) {
	srv := overpasstest.NewServer(t)
	c, _ := newClient(srv, -1)
	got, err := c.Lodging(context.Background(), Search{City: "nowhere", Center: orchestrator.GeoPoint{Lat: -45, Lon: 170}})
	if err != nil || got == nil || len(got) != 0 {
		t.Errorf("lodging = %v, %v; want an empty list", got, err)
	}
	_, err = c.Lodging(context.Background(), Search{City: "x", Center: chengdu.Center, RadiusM: 30000})
	wantUpstream(t, err, "invalid_argument", false)
	srv.Fail(srv.RateLimited())
	_, err = c.Lodging(context.Background(), chengdu)
	wantUpstream(t, err, "rate_limited", false) // retries spent: not retryable above the client
}

func TestStars(t *testing.T) {
	for v, want := range map[string]int{"1": 1, "3": 3, "4S": 4, "3.5": 3, "5*": 5, " 2 ": 2, "": 0, "0": 0, "6": 0, "10": 0, "yes": 0, "-1": 0} {
		if got := Stars(v); got != want {
			t.Errorf("Stars(%q) = %d, want %d", v, got, want)
		}
	}
}

func TestRestaurantTier(t *testing.T) {
	tests := []struct {
		tags map[string]string
		want string
	}{
		{map[string]string{"amenity": "fast_food"}, "budget"},
		{map[string]string{"amenity": "food_court"}, "budget"},
		{map[string]string{"amenity": "cafe"}, "budget"},
		{map[string]string{"amenity": "restaurant"}, "mid-range"},
		{map[string]string{"amenity": "restaurant", "stars": "4"}, "splurge"},
		{map[string]string{"amenity": "cafe", "stars": "5"}, "splurge"},
		{map[string]string{"amenity": "restaurant", "stars": "3"}, "mid-range"},
		{map[string]string{"amenity": "restaurant", "cuisine": "french;fine_dining"}, "splurge"},
		{map[string]string{"amenity": "restaurant", "fine_dining": "yes"}, "splurge"},
		{map[string]string{"amenity": "restaurant", "award:michelin": "1"}, "splurge"},
		{map[string]string{"amenity": "restaurant", "michelin:stars": "no"}, "mid-range"},
		{map[string]string{"amenity": "bar"}, ""},
		{nil, ""},
	}
	for _, tt := range tests {
		if got := RestaurantTier(tt.tags); got != tt.want {
			t.Errorf("RestaurantTier(%v) = %q, want %q", tt.tags, got, tt.want)
		}
	}
}

func TestTieredRestaurants(t *testing.T) {
	srv := overpasstest.NewServer(t)
	c, _ := newClient(srv, -1)
	rs, tiers, err := c.TieredRestaurants(context.Background(), chengdu)
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := c.Restaurants(context.Background(), chengdu)
	if len(rs) != len(plain) || rs[0].ID != plain[0].ID {
		t.Errorf("tiered restaurants differ from Restaurants: %v vs %v", rs, plain)
	}
	want := map[string]string{
		"osm:node/3141592653": "mid-range", // 陈麻婆豆腐, restaurant
		"osm:node/2718281828": "budget",    // 龙抄手, fast food
		"osm:way/161803398":   "mid-range", // 玉芝兰, restaurant
		"osm:node/1414213562": "budget",    // Starbucks, cafe
		"osm:node/1732050807": "mid-range", // hotpot, restaurant
		"osm:node/2645751311": "budget",    // KFC, fast food
	}
	if len(tiers) != len(want) {
		t.Errorf("tiers = %v", tiers)
	}
	for id, tier := range want {
		if tiers[id] != tier {
			t.Errorf("tier of %s = %q, want %q", id, tiers[id], tier)
		}
	}
}
