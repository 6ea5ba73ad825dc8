package templates_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/templates"
)

func ExampleRenderer_Render() {
	r, err := templates.New()
	if err != nil {
		fmt.Println(err)
		return
	}
	yuan := func(y int64) orchestrator.Money { return orchestrator.Money{Cents: y * 100, Currency: "CNY"} }
	plan := &orchestrator.Plan{
		ID:     "pl_example",
		Brief:  orchestrator.Brief{Destinations: []string{"Chengdu"}, StartDate: "2026-06-02", EndDate: "2026-06-02", Days: 1, Travelers: orchestrator.Travelers{Adults: 2}, Language: "en"},
		Status: orchestrator.PlanComplete,
		Itinerary: &orchestrator.Itinerary{Currency: "CNY", People: 2, Days: []orchestrator.Day{{
			Day: 1, Date: "2026-06-02", City: "Chengdu",
			Stops: []orchestrator.Stop{{AttractionID: "a1", Name: "Wuhou Shrine", City: "Chengdu", Start: "09:00", End: "10:30",
				Location: &orchestrator.GeoPoint{Lat: 30.6463, Lon: 104.0434}, Price: yuan(50), Cost: yuan(100)}},
			Meals: []orchestrator.Meal{{Slot: orchestrator.Lunch, RestaurantID: "r1", Name: "Chen Mapo Tofu", City: "Chengdu", Time: "12:00", Price: yuan(60), Cost: yuan(120)}},
			Cost:  yuan(220),
		}}},
	}
	var md strings.Builder
	if err := r.Render(&md, plan, templates.FormatMarkdown); err != nil {
		fmt.Println(err)
		return
	}
	day := md.String()[strings.Index(md.String(), "### Day 1"):]
	fmt.Print(day[:strings.Index(day, "\n## ")])

	if err := r.Render(os.Stdout, &orchestrator.Plan{ID: "pl_pending"}, templates.FormatICS); err != nil {
		fmt.Println(orchestrator.ErrorCode(err), orchestrator.ErrorMessage(err))
	}
	// Output:
	// ### Day 1 · Tue 2 Jun · Chengdu
	//
	// - **09:00–10:30** (1) Visit: Wuhou Shrine · 100.00 CNY
	// - **12:00** Lunch: Chen Mapo Tofu · 120.00 CNY
	//
	// Day cost: 220.00 CNY
	// unprocessable the plan has no itinerary to put in a calendar
}
