package templates

import (
	"strings"
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/templates/templatestest"
)

// TestOperatorNotesOffTheItinerary: an operator note (configuration) gets
// no traveller text and appears in neither the HTML nor the Markdown
// itinerary; the traveller's notes still do.
func TestOperatorNotesOffTheItinerary(t *testing.T) {
	r := newRenderer(t)
	p := templatestest.Plan("en")
	p.Notes = TravellerNotes([]orchestrator.Note{
		{Kind: orchestrator.KindHotelPrices, Level: "warning", Code: orchestrator.ENOTFOUND, Places: []string{"Kyoto"},
			Message: "hotel_prices for kyoto unavailable: no recipe for hotels", Audience: orchestrator.NoteOperator},
		{Kind: orchestrator.KindWeather, Level: "info", Code: orchestrator.EUNAVAILABLE, Places: []string{"Kyoto"},
			Message: "weather for kyoto unavailable: cannot resolve open-meteo's host"},
	}, "en")
	if p.Notes[0].Traveller != "" || p.Notes[1].Traveller == "" {
		t.Errorf("traveller texts: operator %q, traveller %q", p.Notes[0].Traveller, p.Notes[1].Traveller)
	}
	for _, f := range []Format{FormatHTML, FormatMarkdown} {
		out, err := r.RenderBytes(p, f)
		if err != nil {
			t.Fatal(err)
		}
		if s := string(out); strings.Contains(s, "hotel prices") || strings.Contains(s, "recipe") || !strings.Contains(s, "The weather for Kyoto") {
			t.Errorf("%v: operator note shown or traveller note missing", f)
		}
	}
}
