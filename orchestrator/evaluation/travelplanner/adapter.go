package travelplanner

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
	"github.com/tripweave/tripweave/orchestrator/algorithms/planner"
)

// Adapter plans TravelPlanner queries on a catalog loaded from the sandbox.
// It restricts the data to entities the official evaluator can see as
// themselves: a name the evaluator looks up by substring must resolve to
// the very row the planner priced (not an earlier row whose name contains
// it, nor a row the evaluator drops for an empty field), and a flight's
// number must price as the planner priced it. An Adapter is read-only after
// NewAdapter and safe for concurrent use.
type Adapter struct {
	Catalog *datasets.Catalog
	Sandbox *Sandbox
	safe    map[string]bool
}

// NewAdapter indexes which catalog entities the evaluator resolves to
// themselves. cat may be nil when trips come from elsewhere (the knowledge
// cache); Restrict then checks entities one by one.
func NewAdapter(cat *datasets.Catalog, sb *Sandbox) *Adapter {
	a := &Adapter{Catalog: cat, Sandbox: sb, safe: map[string]bool{}}
	if cat == nil {
		return a
	}
	for _, name := range cat.Cities() {
		ci, _ := cat.City(name)
		for i := range ci.Attractions {
			a.safe[ci.Attractions[i].ID] = a.safeAttraction(&ci.Attractions[i])
		}
		for i := range ci.Restaurants {
			a.safe[ci.Restaurants[i].ID] = a.safeRestaurant(&ci.Restaurants[i])
		}
		for i := range ci.Hotels {
			a.safe[ci.Hotels[i].ID] = a.safeHotel(&ci.Hotels[i])
		}
	}
	for _, p := range cat.Pairs() {
		opts := cat.Options(p.From, p.To)
		for i := range opts {
			a.safe[opts[i].ID] = a.safeOption(&opts[i])
		}
	}
	return a
}

// rowPos is the CSV row encoded at the end of a TravelPlanner entity ID.
func rowPos(id string) int {
	n, err := strconv.Atoi(id[strings.LastIndexByte(id, ':')+1:])
	if err != nil {
		return -1
	}
	return n
}

func (a *Adapter) safeAttraction(x *orchestrator.Attraction) bool {
	if strings.Contains(x.Name, ";") {
		return false // the attraction field is split on ";"
	}
	r, ok := a.Sandbox.firstAttraction(nameCity(x.Name + ", " + x.City))
	return ok && r.pos == rowPos(x.ID)
}

func (a *Adapter) safeRestaurant(x *orchestrator.Restaurant) bool {
	r, ok := a.Sandbox.firstRestaurant(nameCity(x.Name + ", " + x.City))
	return ok && r.pos == rowPos(x.ID)
}

func (a *Adapter) safeHotel(x *orchestrator.Accommodation) bool {
	r, ok := a.Sandbox.firstAcc(nameCity(x.Name + ", " + x.City))
	return ok && r.pos == rowPos(x.ID)
}

func (a *Adapter) safeOption(o *orchestrator.TransportOption) bool {
	if o.Mode == "flight" {
		price, ok := a.Sandbox.flightPrice(o.Number)
		return ok && a.Sandbox.flightExists(o.Number, o.From, o.To) && int64(math.Round(price*100)) == o.Price.Cents
	}
	_, ok := a.Sandbox.drivableKM(o.From, o.To)
	return ok
}

// ok reports whether an entity is safe, from the index when the adapter
// has a catalog, else by checking it.
func (a *Adapter) ok(id string, check func() bool) bool {
	if a.Catalog != nil {
		return a.safe[id]
	}
	return check()
}

// Cities returns the cities a query may visit, in the dataset's spelling:
// the fixed route; else the destination city for a one-city trip; else the
// cities of the destination state, the origin excluded. Without a catalog
// the sandbox's city list answers.
func (a *Adapter) Cities(q *Query) ([]string, error) {
	if a.Catalog == nil {
		return a.Sandbox.cities(q)
	}
	canon := func(name string) (string, error) {
		ci, ok := a.Catalog.City(name)
		if !ok {
			return "", fmt.Errorf("%q: %w", name, datasets.ErrUnknownCity)
		}
		return ci.Name, nil
	}
	if len(q.Route) > 0 {
		out := make([]string, len(q.Route))
		for i, c := range q.Route {
			n, err := canon(c)
			if err != nil {
				return nil, err
			}
			out[i] = n
		}
		return out, nil
	}
	if _, isCity := a.Catalog.City(q.Dest); isCity && q.VisitingCityNumber <= 1 {
		n, err := canon(q.Dest)
		if err != nil {
			return nil, err
		}
		return []string{n}, nil
	}
	cities := a.Catalog.CitiesIn(q.Dest)
	if len(cities) == 0 {
		n, err := canon(q.Dest)
		if err != nil {
			return nil, err
		}
		return []string{n}, nil
	}
	org, _ := canon(q.Org)
	return slices.DeleteFunc(cities, func(c string) bool { return c == org }), nil
}

// Trip assembles the planning data for a query: the candidate cities and
// the origin from the catalog, restricted to entities the evaluator sees.
func (a *Adapter) Trip(q *Query) (*orchestrator.Trip, error) {
	cities, err := a.Cities(q)
	if err != nil {
		return nil, err
	}
	org := q.Org
	if ci, ok := a.Catalog.City(org); ok {
		org = ci.Name
	}
	trip, err := a.Catalog.Trip(org, cities)
	if err != nil {
		return nil, err
	}
	a.Restrict(trip)
	return trip, nil
}

// Restrict drops, in place, the trip entities the evaluator cannot resolve
// to themselves (see Adapter). Trips for TravelPlanner queries assembled by
// other means (the knowledge cache) must pass through it before planning.
// City names must be the dataset's spellings.
func (a *Adapter) Restrict(trip *orchestrator.Trip) {
	for i := range trip.Cities {
		cd := &trip.Cities[i]
		if cd.Attractions != nil {
			cd.Attractions.Value = slices.DeleteFunc(cd.Attractions.Value, func(x orchestrator.Attraction) bool {
				return !a.ok(x.ID, func() bool { return a.safeAttraction(&x) })
			})
		}
		if cd.Restaurants != nil {
			cd.Restaurants.Value = slices.DeleteFunc(cd.Restaurants.Value, func(x orchestrator.Restaurant) bool {
				return !a.ok(x.ID, func() bool { return a.safeRestaurant(&x) })
			})
		}
		if cd.Hotels != nil {
			cd.Hotels.Value = slices.DeleteFunc(cd.Hotels.Value, func(x orchestrator.Accommodation) bool {
				return !a.ok(x.ID, func() bool { return a.safeHotel(&x) })
			})
		}
	}
	for i := range trip.Transport {
		l := &trip.Transport[i].Value
		l.Options = slices.DeleteFunc(l.Options, func(o orchestrator.TransportOption) bool {
			return !a.ok(o.ID, func() bool { return a.safeOption(&o) })
		})
	}
}

// Plan plans one query: brief, trip, planner, export.
func (a *Adapter) Plan(q *Query) (*orchestrator.Itinerary, []PlanDay, error) {
	b, err := q.Brief()
	if err != nil {
		return nil, nil, err
	}
	trip, err := a.Trip(q)
	if err != nil {
		return nil, nil, err
	}
	it, err := planner.Plan(b, trip, q.PlanOptions())
	if err != nil {
		return nil, nil, err
	}
	return it, Export(it), nil
}
