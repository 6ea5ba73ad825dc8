package travelplanner

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
)

// PlanDay is one day of a plan in the benchmark's submission format.
type PlanDay struct {
	Days           int    `json:"days"`
	CurrentCity    string `json:"current_city"`
	Transportation string `json:"transportation"`
	Breakfast      string `json:"breakfast"`
	Attraction     string `json:"attraction"`
	Lunch          string `json:"lunch"`
	Dinner         string `json:"dinner"`
	Accommodation  string `json:"accommodation"`
}

// Map returns the day as the evaluator reads it.
func (d PlanDay) Map() map[string]any {
	return map[string]any{
		"days": float64(d.Days), "current_city": d.CurrentCity, "transportation": d.Transportation,
		"breakfast": d.Breakfast, "attraction": d.Attraction, "lunch": d.Lunch, "dinner": d.Dinner,
		"accommodation": d.Accommodation,
	}
}

// Maps converts a plan for the evaluator.
func Maps(days []PlanDay) []map[string]any {
	out := make([]map[string]any, len(days))
	for i, d := range days {
		out[i] = d.Map()
	}
	return out
}

// Export renders an itinerary in the submission format: "from A to B" on
// travel days, one transportation string per day, "Name, City" entities,
// attractions each ending with ";", "-" for empty fields.
func Export(it *orchestrator.Itinerary) []PlanDay {
	out := make([]PlanDay, 0, len(it.Days))
	for _, d := range it.Days {
		p := PlanDay{
			Days: d.Day, CurrentCity: d.City, Transportation: "-",
			Breakfast: "-", Attraction: "-", Lunch: "-", Dinner: "-", Accommodation: "-",
		}
		if len(d.Legs) > 0 {
			p.CurrentCity = "from " + d.Legs[0].From + " to " + d.Legs[len(d.Legs)-1].To
			p.Transportation = transportText(d.Legs[0])
		}
		for _, m := range d.Meals {
			s := m.Name + ", " + m.City
			switch m.Slot {
			case orchestrator.Breakfast:
				p.Breakfast = s
			case orchestrator.Lunch:
				p.Lunch = s
			case orchestrator.Dinner:
				p.Dinner = s
			}
		}
		if len(d.Stops) > 0 {
			var b strings.Builder
			for _, s := range d.Stops {
				b.WriteString(s.Name + ", " + s.City + ";")
			}
			p.Attraction = b.String()
		}
		if d.Stay != nil {
			p.Accommodation = d.Stay.Name + ", " + d.Stay.City
		}
		out = append(out, p)
	}
	return out
}

func transportText(l orchestrator.Leg) string {
	switch l.Mode {
	case "flight":
		return fmt.Sprintf("Flight Number: %s, from %s to %s, Departure Time: %s, Arrival Time: %s", l.Number, l.From, l.To, l.Depart, l.Arrive)
	case "self_driving", "taxi":
		name := "Self-driving"
		if l.Mode == "taxi" {
			name = "Taxi"
		}
		return fmt.Sprintf("%s, from %s to %s, duration: %s, distance: %s km, cost: %d", name, l.From, l.To,
			durationText(l.DurationMinutes), groupDigits(l.DistanceKM), l.Cost.Cents/100)
	}
	return fmt.Sprintf("%s %s, from %s to %s, Departure Time: %s, Arrival Time: %s", l.Mode, l.Number, l.From, l.To, l.Depart, l.Arrive)
}

func durationText(m int) string {
	if m >= 60 {
		h := "hours"
		if m/60 == 1 {
			h = "hour"
		}
		return fmt.Sprintf("%d %s %d mins", m/60, h, m%60)
	}
	return fmt.Sprintf("%d mins", m)
}

// groupDigits writes a distance with thousands separators ("1,144").
func groupDigits(km float64) string {
	if km != math.Trunc(km) {
		return strconv.FormatFloat(km, 'f', -1, 64)
	}
	s := strconv.FormatInt(int64(km), 10)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// SubmissionLine is one line of a submission file.
type SubmissionLine struct {
	Idx   int       `json:"idx"`
	Query string    `json:"query"`
	Plan  []PlanDay `json:"plan"`
}

// submissionIn is a submission line as read for evaluation (plans may be
// any JSON list or null).
type submissionIn struct {
	Idx  int               `json:"idx"`
	Plan []json.RawMessage `json:"plan"`
}
