// Package travelplanner adapts the TravelPlanner benchmark (Xie et al., ICML
// 2024) to tripweave: its structured queries become briefs, itineraries are
// exported in its submission format, and a Go port of its evaluator scores
// plans by the official rules (delivery, commonsense and hard-constraint
// pass rates). RunBatch plans a whole query file.
package travelplanner

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/planner"
)

// Query is one row of a TravelPlanner query file (train_queries.jsonl
// fields). Route, when present, fixes the order of the cities to visit.
type Query struct {
	Idx                int             `json:"idx"`
	Query              string          `json:"query"`
	Org                string          `json:"org"`
	Dest               string          `json:"dest"`
	Days               int             `json:"days"`
	VisitingCityNumber int             `json:"visiting_city_number"`
	Date               []string        `json:"date"`
	PeopleNumber       int             `json:"people_number"`
	LocalConstraint    LocalConstraint `json:"local_constraint"`
	Budget             float64         `json:"budget"`
	Level              string          `json:"level,omitempty"`
	Route              []string        `json:"route,omitempty"`
	// Plan is the gold plan, when the file carries one.
	Plan []map[string]any `json:"plan,omitempty"`
}

// LocalConstraint holds the query's optional constraints; nil means unset.
type LocalConstraint struct {
	HouseRule      *string  `json:"house rule"`
	Cuisine        []string `json:"cuisine"`
	RoomType       *string  `json:"room type"`
	Transportation *string  `json:"transportation"`
}

// ReadQueries reads a JSON-lines query file.
func ReadQueries(r io.Reader) ([]*Query, error) {
	var out []*Query
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<20), 64<<20)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		q := &Query{}
		if err := json.Unmarshal([]byte(text), q); err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		out = append(out, q)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// ReadQueriesFile reads a JSON-lines query file from disk.
func ReadQueriesFile(path string) ([]*Query, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	qs, err := ReadQueries(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return qs, nil
}

// houseRules maps the benchmark's house rules to the brief's.
var houseRules = map[string]string{
	"smoking": "smoking", "parties": "parties", "children under 10": "children_under_10",
	"visitors": "visitors", "pets": "pets",
}

// roomTypes maps the benchmark's room types to the brief's.
var roomTypes = map[string]string{
	"entire room": "entire_home", "private room": "private_room",
	"shared room": "shared_room", "not shared room": "not_shared_room",
}

// Brief turns the query into a normalized brief: origin, the destination
// (a city, or a state for multi-city trips) or the fixed route, dates,
// group, budget in USD for the whole group, and the local constraints.
// The brief's reference time is the first travel date, so 2022 dates are
// not rejected as past.
func (q *Query) Brief() (*orchestrator.Brief, error) {
	if len(q.Date) == 0 {
		return nil, orchestrator.FieldErrorf("date", "the query has no dates")
	}
	b := &orchestrator.Brief{
		Origin:       q.Org,
		Destinations: []string{q.Dest},
		Route:        append([]string(nil), q.Route...),
		StartDate:    q.Date[0],
		Days:         q.Days,
		Travelers:    orchestrator.Travelers{Adults: max(1, q.PeopleNumber)},
		Budget:       &orchestrator.Budget{Amount: q.Budget, Currency: "USD"},
		Language:     "en",
		Now:          q.Date[0] + "T00:00:00Z",
	}
	if len(q.Route) > 0 {
		b.Destinations = append([]string(nil), q.Route...)
	}
	lc := q.LocalConstraint
	if lc.HouseRule != nil {
		r, ok := houseRules[*lc.HouseRule]
		if !ok {
			return nil, orchestrator.FieldErrorf("local_constraint.house rule", "unknown house rule %q", *lc.HouseRule)
		}
		b.Constraints.HouseRules = []string{r}
	}
	if lc.RoomType != nil {
		r, ok := roomTypes[*lc.RoomType]
		if !ok {
			return nil, orchestrator.FieldErrorf("local_constraint.room type", "unknown room type %q", *lc.RoomType)
		}
		b.Constraints.RoomType = r
	}
	b.Constraints.Cuisines = append([]string(nil), lc.Cuisine...)
	if lc.Transportation != nil {
		switch *lc.Transportation {
		case "no flight":
			b.Constraints.TransportExclude = []string{"flight"}
		case "no self-driving":
			b.Constraints.TransportExclude = []string{"self_driving"}
		default:
			return nil, orchestrator.FieldErrorf("local_constraint.transportation", "unknown transportation constraint %q", *lc.Transportation)
		}
	}
	nb, err := orchestrator.NormalizeBrief(*b, time.Time{})
	if err != nil {
		return nil, err
	}
	out := nb.Brief()
	return &out, nil
}

// PlanOptions returns the planner options the query implies: the number of
// cities to visit.
func (q *Query) PlanOptions() planner.Options {
	// The benchmark's evaluator allows only flights, taxi and self-driving
	// and no transfers inside a day: no connections, no modelled hops.
	return planner.Options{Cities: q.VisitingCityNumber, Direct: true}
}

// constraints lists the budget and every hard constraint the query sets;
// plan-level (macro) results consider all of them, as the official
// evaluator does.
func (q *Query) constraints() []string {
	out := []string{HardBudget}
	lc := q.LocalConstraint
	if lc.HouseRule != nil {
		out = append(out, HardRoomRule)
	}
	if lc.RoomType != nil {
		out = append(out, HardRoomType)
	}
	if len(lc.Cuisine) > 0 {
		out = append(out, HardCuisine)
	}
	if lc.Transportation != nil {
		out = append(out, HardTransport)
	}
	return out
}

// applicable lists the hard constraints the micro rate counts for the
// query: the budget always; house rule, cuisine and room type when set on
// medium queries; all four kinds when set on hard queries (and on queries
// without a level).
func (q *Query) applicable() []string {
	out := []string{HardBudget}
	lc := q.LocalConstraint
	if q.Level == "easy" {
		return out
	}
	if lc.HouseRule != nil {
		out = append(out, HardRoomRule)
	}
	if lc.RoomType != nil {
		out = append(out, HardRoomType)
	}
	if len(lc.Cuisine) > 0 {
		out = append(out, HardCuisine)
	}
	if lc.Transportation != nil && q.Level != "medium" {
		out = append(out, HardTransport)
	}
	return out
}

// TextOnly reports whether the row carries only its text: no origin,
// destination or dates (the two-stage setting, where a parser reads the
// query before the planner plans against the dataset).
func (q *Query) TextOnly() bool {
	return q.Query != "" && q.Org == "" && q.Dest == "" && len(q.Date) == 0
}

// Reader reads a row's text into its structured fields. It returns an
// error (a parse failure) when the text leaves an essential open.
type Reader func(text string) (*Query, error)

// FromBrief fills a query's structured fields from a brief read from its
// text: region, when not empty, is the state the brief's destinations are
// candidate cities of (cityCount of them to visit). Constraints outside
// the benchmark's vocabulary are left out; a budget in another currency
// than USD, a brief without dates or without an origin is an error naming
// the field.
func FromBrief(text string, b *orchestrator.Brief, region string, cityCount int) (*Query, error) {
	q := &Query{Query: text, Org: b.Origin, Days: b.Days, Date: b.Dates(), PeopleNumber: b.Travelers.Total()}
	switch {
	case b.Origin == "":
		return nil, orchestrator.FieldErrorf("org", "the text names no origin")
	case len(q.Date) == 0:
		return nil, orchestrator.FieldErrorf("date", "the text gives no dates")
	case b.Budget == nil:
		return nil, orchestrator.FieldErrorf("budget", "the text gives no budget")
	case b.Budget.Currency != "USD":
		return nil, orchestrator.FieldErrorf("budget", "the budget is in %s; the sandbox prices in USD", b.Budget.Currency)
	}
	q.Budget = b.Budget.Amount
	if b.Budget.PerPerson {
		q.Budget *= float64(max(q.PeopleNumber, 1))
	}
	switch {
	case region != "":
		q.Dest, q.VisitingCityNumber = region, max(cityCount, 1)
	case len(b.Route) > 0:
		q.Dest, q.Route, q.VisitingCityNumber = b.Route[0], append([]string(nil), b.Route...), len(b.Route)
	case len(b.Destinations) == 1:
		q.Dest, q.VisitingCityNumber = b.Destinations[0], 1
	case len(b.Destinations) > 1:
		q.Dest, q.Route, q.VisitingCityNumber = b.Destinations[0], append([]string(nil), b.Destinations...), len(b.Destinations)
	default:
		return nil, orchestrator.FieldErrorf("dest", "the text names no destination")
	}
	c := b.Constraints
	for name, r := range houseRules {
		if len(c.HouseRules) > 0 && c.HouseRules[0] == r {
			v := name
			q.LocalConstraint.HouseRule = &v
		}
	}
	for name, r := range roomTypes {
		if c.RoomType == r {
			v := name
			q.LocalConstraint.RoomType = &v
		}
	}
	q.LocalConstraint.Cuisine = append([]string(nil), c.Cuisines...)
	for _, m := range c.TransportExclude {
		var v string
		switch m {
		case "flight":
			v = "no flight"
		case "self_driving":
			v = "no self-driving"
		default:
			continue
		}
		q.LocalConstraint.Transportation = &v
		break
	}
	return q, nil
}
