package travelplanner_test

import (
	"encoding/json"
	"fmt"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/evaluation/travelplanner"
)

func ExampleExport() {
	it := &orchestrator.Itinerary{Days: []orchestrator.Day{
		{Day: 1, City: "Rockford", From: "St. Petersburg",
			Legs:  []orchestrator.Leg{{Mode: "flight", Number: "F3573659", From: "St. Petersburg", To: "Rockford", Depart: "15:40", Arrive: "17:04"}},
			Meals: []orchestrator.Meal{{Slot: orchestrator.Dinner, Name: "Coco Bambu", City: "Rockford"}},
			Stay:  &orchestrator.StayRef{Name: "Private Room in a two bedroom apt.", City: "Rockford"}},
	}}
	for _, d := range travelplanner.Export(it) {
		out, _ := json.MarshalIndent(d, "", "  ")
		fmt.Println(string(out))
	}
	// Output:
	// {
	//   "days": 1,
	//   "current_city": "from St. Petersburg to Rockford",
	//   "transportation": "Flight Number: F3573659, from St. Petersburg to Rockford, Departure Time: 15:40, Arrival Time: 17:04",
	//   "breakfast": "-",
	//   "attraction": "-",
	//   "lunch": "-",
	//   "dinner": "Coco Bambu, Rockford",
	//   "accommodation": "Private Room in a two bedroom apt., Rockford"
	// }
}
