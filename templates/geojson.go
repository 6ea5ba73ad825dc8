package templates

import (
	"cmp"
	"encoding/json"
	"io"
	"math"
	"slices"

	"github.com/tripweave/tripweave/orchestrator"
)

// featureCollection is an RFC 7946 FeatureCollection; "tripweave" is a
// foreign member naming the plan.
type featureCollection struct {
	Type      string     `json:"type"`
	Features  []feature  `json:"features"`
	Tripweave collection `json:"tripweave"`
}

type collection struct {
	PlanID string `json:"plan_id"`
	Title  string `json:"title"`
	Status string `json:"status"`
}

type feature struct {
	Type       string       `json:"type"`
	Geometry   geometry     `json:"geometry"`
	Properties featureProps `json:"properties"`
}

type geometry struct {
	Type        string `json:"type"`
	Coordinates any    `json:"coordinates"`
}

type featureProps struct {
	// Kind is stop, meal, stay, city or route.
	Kind       string `json:"kind"`
	Day        int    `json:"day,omitempty"`
	Date       string `json:"date,omitempty"`
	Order      int    `json:"order,omitempty"`
	Name       string `json:"name,omitempty"`
	City       string `json:"city,omitempty"`
	Start      string `json:"start,omitempty"`
	End        string `json:"end,omitempty"`
	Slot       string `json:"slot,omitempty"`
	ID         string `json:"id,omitempty"`
	FirstNight int    `json:"first_night,omitempty"`
	Nights     int    `json:"nights,omitempty"`
}

type position [2]float64

func pos(g orchestrator.GeoPoint) position {
	r := func(f float64) float64 { return math.Round(f*1e6) / 1e6 }
	return position{r(g.Lon), r(g.Lat)}
}

// dayPlace is a located stop or meal of a day.
type dayPlace struct {
	kind       string
	minutes    int
	order      int
	name, city string
	start, end string
	slot, id   string
	at         orchestrator.GeoPoint
}

// orderedPlaces returns a day's located stops and meals in visiting order.
func orderedPlaces(d *orchestrator.Day) []dayPlace {
	var out []dayPlace
	for i, s := range d.Stops {
		if s.Location == nil || !validPos(*s.Location) {
			continue
		}
		m, ok := clockMinutes(s.Start)
		if !ok {
			m = 24 * 60
		}
		out = append(out, dayPlace{kind: "stop", minutes: m, order: 100 + i, name: s.Name, city: s.City, start: s.Start, end: s.End, id: s.AttractionID, at: *s.Location})
	}
	for i, ml := range d.Meals {
		if ml.Location == nil || !validPos(*ml.Location) {
			continue
		}
		m, ok := clockMinutes(ml.Time)
		if !ok {
			m = 24 * 60
		}
		out = append(out, dayPlace{kind: "meal", minutes: m, order: 200 + i, name: ml.Name, city: ml.City, start: ml.Time, slot: ml.Slot, id: ml.RestaurantID, at: *ml.Location})
	}
	slices.SortStableFunc(out, func(a, b dayPlace) int {
		return cmp.Or(cmp.Compare(a.minutes, b.minutes), cmp.Compare(a.order, b.order))
	})
	return out
}

// GeoJSON writes the plan as an RFC 7946 FeatureCollection: a Point per
// located stop, meal and stay (properties say which, the day and the
// visiting order) and a LineString per day through its stops and meals in
// order. Without an itinerary it holds a Point per geocoded city.
// Coordinates are [longitude, latitude], rounded to 6 decimals.
func (r *Renderer) GeoJSON(w io.Writer, plan *orchestrator.Plan) error {
	if plan == nil {
		return errNoPlan
	}
	l := labelsFor(plan.Brief.Language)
	fc := featureCollection{Type: "FeatureCollection", Features: []feature{},
		Tripweave: collection{PlanID: clean(plan.ID), Title: l.title(localNames(plan.Brief.Cities(), l.Lang), plan.Brief.Days), Status: clean(plan.Status)}}
	point := func(g orchestrator.GeoPoint, p featureProps) {
		fc.Features = append(fc.Features, feature{Type: "Feature", Geometry: geometry{Type: "Point", Coordinates: pos(g)}, Properties: p})
	}
	if it := plan.Itinerary; it != nil {
		for di := range it.Days {
			d := &it.Days[di]
			places := orderedPlaces(d)
			line := make([]position, 0, len(places))
			for i, p := range places {
				point(p.at, featureProps{Kind: p.kind, Day: d.Day, Date: clean(d.Date), Order: i + 1, Name: clean(p.name),
					City: clean(p.city), Start: clean(p.start), End: clean(p.end), Slot: clean(p.slot), ID: clean(p.id)})
				line = append(line, pos(p.at))
			}
			if len(line) >= 2 {
				fc.Features = append(fc.Features, feature{Type: "Feature", Geometry: geometry{Type: "LineString", Coordinates: line},
					Properties: featureProps{Kind: "route", Day: d.Day, Date: clean(d.Date), City: clean(d.City)}})
			}
		}
		for _, s := range it.Stays {
			if s.Location != nil && validPos(*s.Location) {
				point(*s.Location, featureProps{Kind: "stay", Name: clean(s.Name), City: clean(s.City), ID: clean(s.AccommodationID),
					FirstNight: s.FirstNight, Nights: s.Nights})
			}
		}
	} else {
		for _, c := range plan.Trip.Cities {
			if c.Place == nil {
				continue
			}
			g := orchestrator.GeoPoint{Lat: c.Place.Value.Latitude, Lon: c.Place.Value.Longitude}
			if validPos(g) {
				point(g, featureProps{Kind: "city", Name: clean(c.Name), City: clean(c.Place.Value.Name)})
			}
		}
	}
	body, err := json.MarshalIndent(fc, "", " ")
	if err != nil {
		return err
	}
	body = append(body, '\n')
	_, err = w.Write(body)
	return err
}
