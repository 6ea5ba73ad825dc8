package pipeline

import (
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
)

// TestNoteAudience: configuration facts about enrichments (no price
// recipe, the browser off, no agent for a tool) are operator notes; an
// outage, or configuration that leaves the itinerary without something it
// needs, is the traveller's note.
func TestNoteAudience(t *testing.T) {
	noRecipe := &orchestrator.UpstreamError{Type: orchestrator.ENOTFOUND, Message: "no recipe for hotels", Provider: browserProvider}
	browserOff := configuration(&orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: "live prices need the headless browser"})
	noTool := configuration(&orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: "no agent serves tool transport_options yet"})
	outage := &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: "cannot resolve open-meteo's host", Provider: "open-meteo"}
	for _, tt := range []struct {
		kind orchestrator.Kind
		err  error
		want string
	}{
		{orchestrator.KindHotelPrices, noRecipe, orchestrator.NoteOperator},
		{orchestrator.KindFares, browserOff, orchestrator.NoteOperator},
		{orchestrator.KindFX, configuration(&orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: "no agent serves tool fx_rates yet"}), orchestrator.NoteOperator},
		{orchestrator.KindWeather, outage, ""},
		{orchestrator.KindTransport, noTool, ""},
		{orchestrator.KindHotelPrices, &orchestrator.UpstreamError{Type: orchestrator.ENOTFOUND, Message: "no price found", Provider: browserProvider}, ""},
	} {
		n := noteFor(orchestrator.Subtask{ID: "x", Kind: tt.kind, Params: map[string]string{"city": "chengdu"}}, tt.err)
		if n.Audience != tt.want {
			t.Errorf("%s %v: audience %q, want %q", tt.kind, tt.err, n.Audience, tt.want)
		}
		if n.Code != orchestrator.ErrorCode(tt.err) {
			t.Errorf("%s %v: code %q changed", tt.kind, tt.err, n.Code)
		}
	}
}
