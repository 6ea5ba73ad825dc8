package pipeline

import (
	"encoding/json"
	"sort"

	"github.com/tripweave/tripweave/orchestrator"
)

// Handlers of a city's catalogs (attractions, restaurants, hotels: the
// same arguments for the worldwide and the Amap tools) and of its travel
// matrix, measured between the best-rated places of the catalogs.
func init() {
	catalogArgs := func(c *call, _ string) (map[string]any, error) {
		pl, err := c.place()
		if err != nil {
			return nil, err
		}
		return withPlace(map[string]any{"city": c.st.Params["city"], "category": c.st.Params["category"]}, pl), nil
	}
	register(orchestrator.KindAttractions, catalogHandler(catalogArgs, "attractions",
		func(cd *orchestrator.CityData, s *orchestrator.Sourced[[]orchestrator.Attraction]) {
			cd.Attractions = s
		}))
	register(orchestrator.KindRestaurants, catalogHandler(catalogArgs, "restaurants",
		func(cd *orchestrator.CityData, s *orchestrator.Sourced[[]orchestrator.Restaurant]) {
			cd.Restaurants = s
		}))
	register(orchestrator.KindHotels, catalogHandler(catalogArgs, "hotels",
		func(cd *orchestrator.CityData, s *orchestrator.Sourced[[]orchestrator.Accommodation]) { cd.Hotels = s }))
	register(orchestrator.KindMatrix, handler{
		args: func(c *call, _ string) (map[string]any, error) { return matrixArgs(c) },
		decode: func(p json.RawMessage) (any, bool) {
			var out struct {
				Matrix *orchestrator.TravelMatrix `json:"matrix"`
			}
			return out.Matrix, json.Unmarshal(p, &out) == nil && out.Matrix != nil
		},
		shared: true,
		join: func(j *joiner, st orchestrator.Subtask, v nodeValue) {
			if ci, ok := j.city(st); ok {
				if m, ok := v.value.(*orchestrator.TravelMatrix); ok {
					j.trip.Cities[ci].Matrix = &orchestrator.Sourced[orchestrator.TravelMatrix]{Value: *m, Provenance: v.prov, Ref: v.ref()}
				}
			}
		},
	})
}

// catalogHandler is the handler of a city catalog of T, given under field
// by its tools and set on the city's data by set.
func catalogHandler[T any](args func(*call, string) (map[string]any, error), field string, set func(*orchestrator.CityData, *orchestrator.Sourced[[]T])) handler {
	return handler{
		args: args, decode: listDecoder[T](field), shared: true,
		join: func(j *joiner, st orchestrator.Subtask, v nodeValue) {
			if ci, ok := j.city(st); ok {
				if list, ok := v.value.([]T); ok {
					set(&j.trip.Cities[ci], &orchestrator.Sourced[[]T]{Value: list, Provenance: v.prov, Ref: v.ref()})
				}
			}
		},
	}
}

// Matrix sizes: the best-rated places of each catalog, at most
// maxMatrixPoints in all (the OSRM table limit is 100).
const (
	maxMatrixPoints   = 100
	matrixHotels      = 10
	matrixRestaurants = 30
)

type matrixPoint struct {
	ID  string  `json:"id"`
	Lat float64 `json:"lat"`
	Lon float64 `json:"lon"`
}

// matrixArgs picks the points of a city's travel matrix from its catalogs:
// the best-rated hotels and restaurants and as many attractions as fit, in
// a deterministic order.
func matrixArgs(c *call) (map[string]any, error) {
	type cand struct {
		id    string
		loc   *orchestrator.GeoPoint
		score float64
	}
	var hotels, restaurants, attractions []cand
	for _, d := range c.deps {
		switch list := d.v.value.(type) {
		case []orchestrator.Accommodation:
			for _, h := range list {
				hotels = append(hotels, cand{h.ID, h.Location, h.Rating})
			}
		case []orchestrator.Restaurant:
			for _, r := range list {
				restaurants = append(restaurants, cand{r.ID, r.Location, r.Rating})
			}
		case []orchestrator.Attraction:
			for _, a := range list {
				attractions = append(attractions, cand{a.ID, a.Location, a.Rating + a.Popularity})
			}
		}
	}
	var points []matrixPoint
	seen := map[string]bool{}
	take := func(cs []cand, n int) {
		sort.SliceStable(cs, func(i, j int) bool {
			if cs[i].score != cs[j].score {
				return cs[i].score > cs[j].score
			}
			return cs[i].id < cs[j].id
		})
		for _, c := range cs {
			if n == 0 || len(points) == maxMatrixPoints {
				return
			}
			if c.loc == nil || c.id == "" || seen[c.id] {
				continue
			}
			seen[c.id] = true
			points = append(points, matrixPoint{c.id, c.loc.Lat, c.loc.Lon})
			n--
		}
	}
	take(hotels, matrixHotels)
	take(restaurants, matrixRestaurants)
	take(attractions, maxMatrixPoints)
	if len(points) < 2 {
		return nil, &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: "fewer than two located places to measure travel times between"}
	}
	return map[string]any{"points": points, "profile": "driving"}, nil
}
