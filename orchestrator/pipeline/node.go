package pipeline

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/tripweave/tripweave/decision"
	"github.com/tripweave/tripweave/knowledgebase"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/dag"
)

// node executes one subtask along its strategy's route and fallback chain.
type node struct {
	svc      *Service
	brief    *orchestrator.Brief
	st       orchestrator.Subtask
	all      []orchestrator.Subtask // the run's subtasks, for local steps' trip
	strategy decision.Strategy
	cached   knowledgebase.Lookup
}

func (n *node) run(ctx context.Context, deps dag.Deps[nodeValue]) (nodeValue, error) {
	routes := append([]orchestrator.Route{n.strategy.Route}, n.strategy.Fallback...)
	var lastErr error
	for _, route := range routes {
		v, err, tried := n.try(ctx, route, deps)
		if !tried {
			continue
		}
		if err == nil {
			dag.SetRoute(ctx, string(route))
			v.memo = &memo{}
			return v, nil
		}
		lastErr = err
		if ctx.Err() != nil {
			return nodeValue{}, err
		}
	}
	dag.SetRoute(ctx, string(orchestrator.RouteNone))
	if lastErr != nil {
		return nodeValue{}, lastErr
	}
	return nodeValue{}, n.unavailable()
}

// try answers the subtask from one route. tried is false when the route does
// not apply (e.g. stale serving with nothing cached).
func (n *node) try(ctx context.Context, route orchestrator.Route, deps dag.Deps[nodeValue]) (v nodeValue, err error, tried bool) {
	switch route {
	case orchestrator.RouteCache:
		if n.cached.State == knowledgebase.Miss {
			return nodeValue{}, nil, false
		}
		if n.cached.State == knowledgebase.Stale && !n.strategy.StaleAllowed && !n.strategy.Revalidate {
			return nodeValue{}, nil, false
		}
		dag.MarkCacheHit(ctx)
		prov := n.cached.Entry.Provenance
		prov.CacheHit = true
		prov.Stale = n.cached.State == knowledgebase.Stale
		if n.strategy.Revalidate && prov.Stale {
			if tools := n.liveTools(deps); len(tools) > 0 {
				if args, aerr := n.args(tools[0], deps); aerr == nil {
					n.svc.kb.Revalidate(cacheKey(n.st), n.strategy.TTL, n.fetcher(tools[0], args))
				}
			}
		}
		return nodeValue{payload: n.cached.Entry.Payload, prov: prov}, nil, true
	case orchestrator.RouteMCP, orchestrator.RouteBrowser:
		// The decision module chose the tools up front; which of them
		// apply depends on what the dependencies found (the country of
		// the geocoded city, the length of a leg).
		tools := n.strategy.Select(route, n.st, n.content(deps))
		if len(tools) == 0 {
			return nodeValue{}, nil, false
		}
		var lastErr error
		for _, tool := range tools {
			args, aerr := n.args(tool, deps)
			if aerr != nil {
				lastErr = aerr
				continue
			}
			v, err := n.live(ctx, tool, args)
			if err == nil {
				return v, nil, true
			}
			lastErr = err
			if ctx.Err() != nil {
				break
			}
		}
		return nodeValue{}, lastErr, true
	case orchestrator.RouteLocal:
		f := n.svc.opts.Local[n.st.Kind]
		if f == nil {
			return nodeValue{}, nil, false
		}
		in := n.localInput(deps)
		payload, err := f(ctx, in)
		if err != nil {
			return nodeValue{}, err, true
		}
		return nodeValue{payload: payload, prov: orchestrator.Provenance{Source: "tripweave:" + string(n.st.Kind), FetchedAt: n.svc.opts.Now().UTC()}}, nil, true
	}
	return nodeValue{}, nil, false
}

// live calls the subtask's tool, through the knowledge cache's coalescing
// fetch when the result is cacheable.
func (n *node) live(ctx context.Context, tool string, args map[string]any) (nodeValue, error) {
	fetch := n.fetcher(tool, args)
	if !n.strategy.Cacheable {
		payload, prov, err := fetch(ctx)
		if err != nil {
			return nodeValue{}, err
		}
		return nodeValue{payload: payload, prov: prov}, nil
	}
	e, err := n.svc.kb.Fetch(ctx, cacheKey(n.st), n.strategy.TTL, fetch)
	if err != nil {
		return nodeValue{}, err
	}
	prov := e.Provenance
	prov.TTL = int64(n.strategy.TTL / time.Second)
	return nodeValue{payload: e.Payload, prov: prov}, nil
}

// fetcher returns the upstream call for args, feeding the circuit breaker and
// reading the tool's provenance from its output.
func (n *node) fetcher(tool string, args map[string]any) func(ctx context.Context) (json.RawMessage, orchestrator.Provenance, error) {
	return func(ctx context.Context) (json.RawMessage, orchestrator.Provenance, error) {
		done, ok := n.svc.breaker.Allow(tool)
		if !ok {
			return nil, orchestrator.Provenance{}, &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE,
				Message: fmt.Sprintf("tool %s is failing; its circuit is open", tool)}
		}
		out, err := n.svc.tools.Call(ctx, tool, args)
		done(ctx, err)
		if err != nil {
			return nil, orchestrator.Provenance{}, markTransient(err)
		}
		var meta struct {
			Provenance orchestrator.Provenance `json:"provenance"`
		}
		if err := json.Unmarshal(out, &meta); err != nil {
			return nil, orchestrator.Provenance{}, &orchestrator.UpstreamError{Type: orchestrator.EBADRESPONSE, Message: "tool " + tool + " returned undecodable output"}
		}
		prov := meta.Provenance
		if prov.Source == "" {
			prov.Source = "agent:" + tool
		}
		if prov.FetchedAt.IsZero() {
			prov.FetchedAt = n.svc.opts.Now().UTC()
		}
		prov.TTL = int64(n.strategy.TTL / time.Second)
		return out, prov, nil
	}
}

func markTransient(err error) error {
	if dag.IsTransient(err) {
		return dag.Transient(err)
	}
	return err
}

func (n *node) unavailable() error {
	switch {
	case n.strategy.Reason == "no_dates":
		return &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: "needs travel dates"}
	case n.st.Tool == "":
		return &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: fmt.Sprintf("%s is not computed yet: no local %s step is registered", n.st.Kind, n.st.Kind)}
	case n.st.Category == orchestrator.RealtimePrice && n.svc.opts.Down[orchestrator.RouteBrowser]:
		return &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: "live prices need the headless browser, which is not running here (no Chromium, or TRIPWEAVE_BROWSER=off)"}
	case n.strategy.Reason == "circuit_open":
		return &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: fmt.Sprintf("tool %s is failing repeatedly; its circuit is open", n.st.Tool)}
	default:
		return &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: fmt.Sprintf("no agent serves tool %s yet", n.st.Tool)}
	}
}

// depPlaces returns the geocoded places among the subtask's dependencies, in
// dependency order, with their subtask IDs.
func (n *node) depPlaces(deps dag.Deps[nodeValue]) []orchestrator.Place {
	var out []orchestrator.Place
	for _, id := range n.st.Deps {
		if !strings.HasPrefix(id, string(orchestrator.KindGeocode)+":") {
			continue
		}
		if dv, ok := deps.Value(id); ok {
			if pl, ok := decodePlace(dv.payload); ok {
				out = append(out, pl)
				continue
			}
		}
		out = append(out, orchestrator.Place{}) // not located
	}
	return out
}

// content is what the decision module's tool rules look at: the countries
// of the places this subtask concerns and, for a leg, its length.
func (n *node) content(deps dag.Deps[nodeValue]) decision.Content {
	var c decision.Content
	places := n.depPlaces(deps)
	for _, pl := range places {
		c.Countries = append(c.Countries, strings.ToUpper(pl.CountryCode))
	}
	if len(places) == 2 && places[0].SourceID+places[0].Name != "" && places[1].SourceID+places[1].Name != "" {
		a := orchestrator.GeoPoint{Lat: places[0].Latitude, Lon: places[0].Longitude}
		c.DistanceKM = a.DistanceKM(orchestrator.GeoPoint{Lat: places[1].Latitude, Lon: places[1].Longitude})
	}
	return c
}

// liveTools returns the tools of the strategy's first live route that apply
// to this subtask's content.
func (n *node) liveTools(deps dag.Deps[nodeValue]) []string {
	for _, r := range n.strategy.Chain() {
		if r == orchestrator.RouteMCP || r == orchestrator.RouteBrowser {
			if tools := n.strategy.Select(r, n.st, n.content(deps)); len(tools) > 0 {
				return tools
			}
		}
	}
	return nil
}

// args builds tool's arguments from the subtask's parameters and its
// dependencies' outputs (coordinates and countries from geocode).
func (n *node) args(tool string, deps dag.Deps[nodeValue]) (map[string]any, error) {
	p := n.st.Params
	switch {
	case tool == "amap_geocode":
		return map[string]any{"address": p["city"]}, nil
	case n.st.Kind == orchestrator.KindGeocode:
		return map[string]any{"name": p["city"], "language": p["lang"], "count": 1}, nil
	case n.st.Kind == orchestrator.KindWeather: // weather and amap_weather take the same arguments
		place, err := n.place(deps)
		if err != nil {
			return nil, err
		}
		if p["start"] == "" {
			return nil, &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: "weather needs travel dates; the brief gives only a duration"}
		}
		return map[string]any{"latitude": place.Latitude, "longitude": place.Longitude, "start_date": p["start"], "end_date": p["end"]}, nil
	case n.st.Kind == orchestrator.KindMatrix:
		return matrixArgs(deps)
	case n.st.Kind == orchestrator.KindRender:
		return n.renderArgs(deps)
	case n.st.Kind == orchestrator.KindAttractions, n.st.Kind == orchestrator.KindRestaurants, n.st.Kind == orchestrator.KindHotels:
		place, err := n.place(deps)
		if err != nil {
			return nil, err
		}
		args := map[string]any{"city": p["city"], "category": p["category"], "latitude": place.Latitude, "longitude": place.Longitude}
		if place.CountryCode != "" {
			args["country"] = strings.ToUpper(place.CountryCode)
		}
		return args, nil
	case n.st.Kind == orchestrator.KindTransport:
		places := n.depPlaces(deps)
		if len(places) != 2 || places[0].Name == "" || places[1].Name == "" {
			return nil, &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: fmt.Sprintf("%s or %s could not be located", p["from"], p["to"])}
		}
		args := map[string]any{"from": p["from"], "to": p["to"],
			"from_latitude": places[0].Latitude, "from_longitude": places[0].Longitude,
			"to_latitude": places[1].Latitude, "to_longitude": places[1].Longitude}
		if cc := places[0].CountryCode; cc != "" {
			args["from_country"] = strings.ToUpper(cc)
		}
		if cc := places[1].CountryCode; cc != "" {
			args["to_country"] = strings.ToUpper(cc)
		}
		return args, nil
	case tool == "flight_offers":
		tr := n.brief.Travelers // what the subtask's guests parameter was made from
		return map[string]any{"from": p["from"], "to": p["to"], "date": p["date"], "adults": max(tr.Adults, 1), "children": tr.Children}, nil
	}
	// Other tools: the canonical parameters plus the coordinates of
	// the geocoded city or cities this subtask depends on.
	args := map[string]any{}
	for k, v := range p {
		args[k] = v
	}
	if n.st.Category == orchestrator.RealtimePrice {
		args["kind"] = string(n.st.Kind)
	}
	var places []orchestrator.Place
	for _, id := range deps.IDs() {
		if dv, ok := deps.Value(id); ok {
			if pl, ok := decodePlace(dv.payload); ok {
				places = append(places, pl)
			}
		}
	}
	if len(places) == 1 {
		args["latitude"], args["longitude"] = places[0].Latitude, places[0].Longitude
	}
	for i, pl := range places {
		if len(places) > 1 {
			args["latitude_"+strconv.Itoa(i)], args["longitude_"+strconv.Itoa(i)] = pl.Latitude, pl.Longitude
		}
	}
	return args, nil
}

// place returns the geocoded place this subtask depends on.
func (n *node) place(deps dag.Deps[nodeValue]) (orchestrator.Place, error) {
	for _, id := range deps.IDs() {
		if dv, ok := deps.Value(id); ok {
			if pl, ok := decodePlace(dv.payload); ok {
				return pl, nil
			}
		}
		if err := deps.Err(id); err != nil {
			return orchestrator.Place{}, &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: "the city could not be located: " + orchestrator.ErrorMessage(unwrapNode(err))}
		}
	}
	return orchestrator.Place{}, &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: "the city could not be located"}
}

// geocodeOutput is the geocode tool's output.
type geocodeOutput struct {
	Places []orchestrator.Place `json:"places"`
}

func decodePlace(payload json.RawMessage) (orchestrator.Place, bool) {
	var out geocodeOutput
	if err := json.Unmarshal(payload, &out); err != nil || len(out.Places) == 0 {
		return orchestrator.Place{}, false
	}
	return out.Places[0], true
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
func matrixArgs(deps dag.Deps[nodeValue]) (map[string]any, error) {
	type cand struct {
		id    string
		loc   *orchestrator.GeoPoint
		score float64
	}
	var hotels, restaurants, attractions []cand
	for _, id := range deps.IDs() {
		dv, ok := deps.Value(id)
		if !ok {
			continue
		}
		switch {
		case strings.HasPrefix(id, string(orchestrator.KindHotels)+":"):
			list, _ := decodeList[orchestrator.Accommodation](dv.payload, "hotels")
			for _, h := range list {
				hotels = append(hotels, cand{h.ID, h.Location, h.Rating})
			}
		case strings.HasPrefix(id, string(orchestrator.KindRestaurants)+":"):
			list, _ := decodeList[orchestrator.Restaurant](dv.payload, "restaurants")
			for _, r := range list {
				restaurants = append(restaurants, cand{r.ID, r.Location, r.Rating})
			}
		case strings.HasPrefix(id, string(orchestrator.KindAttractions)+":"):
			list, _ := decodeList[orchestrator.Attraction](dv.payload, "attractions")
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

// localInput assembles what a local step (or the renderer) sees: the trip
// built from the subtask's dependencies and their raw payloads.
func (n *node) localInput(deps dag.Deps[nodeValue]) LocalInput {
	raw := map[string]json.RawMessage{}
	values := map[string]nodeValue{}
	errs := map[string]error{}
	isDep := map[string]bool{}
	for _, id := range deps.IDs() {
		isDep[id] = true
		if dv, ok := deps.Value(id); ok {
			raw[id], values[id] = dv.payload, dv
		} else {
			errs[id] = deps.Err(id)
		}
	}
	var depTasks []orchestrator.Subtask
	for _, st := range n.all {
		if isDep[st.ID] {
			depTasks = append(depTasks, st)
		}
	}
	trip, _ := assemble(n.brief, depTasks, values, errs)
	return LocalInput{Brief: n.brief, Subtask: n.st, Trip: &trip, Deps: raw}
}

// renderArgs asks the renderer for the HTML itinerary of the plan as far as
// it is known: the brief, the trip and the verified itinerary.
func (n *node) renderArgs(deps dag.Deps[nodeValue]) (map[string]any, error) {
	in := n.localInput(deps)
	it, err := itineraryDep(in)
	if err != nil {
		return nil, err
	}
	for _, id := range n.st.Deps {
		if strings.HasPrefix(id, string(orchestrator.KindVerify)+":") {
			var rep orchestrator.Report
			if raw, ok := in.Deps[id]; ok && json.Unmarshal(raw, &rep) == nil {
				it.Report = &rep
			}
		}
	}
	plan := orchestrator.Plan{Brief: *n.brief, Status: orchestrator.PlanComplete, Trip: *in.Trip, Itinerary: it, Notes: []orchestrator.Note{}}
	data, err := json.Marshal(plan)
	if err != nil {
		return nil, err
	}
	return map[string]any{"plan": json.RawMessage(data), "format": "html"}, nil
}
