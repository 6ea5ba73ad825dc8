package datatools

import (
	"context"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/orchestrator"
)

// GuideLanguages are the languages destination_guide serves.
var GuideLanguages = []string{"en", "zh"}

// GuideSource finds a destination's travel guide. near, when not nil, is
// the destination's point, to tell apart places of the same name.
type GuideSource interface {
	Guide(ctx context.Context, city, lang string, near *orchestrator.GeoPoint) (orchestrator.Guide, error)
}

// GuideInput are the destination_guide tool's arguments, as the
// orchestrator's pipeline sends them.
type GuideInput struct {
	City      string   `json:"city" jsonschema:"the destination city, any case, e.g. chengdu or 成都 (1-100 characters)"`
	Lang      string   `json:"lang,omitempty" jsonschema:"language of the guide: en or zh; default en (zh falls back to en when no Chinese guide exists)"`
	Latitude  *float64 `json:"latitude,omitempty" jsonschema:"WGS-84 latitude of the city, to tell apart places of the same name"`
	Longitude *float64 `json:"longitude,omitempty" jsonschema:"WGS-84 longitude of the city"`
}

// GuideOutput is the destination_guide tool's result.
type GuideOutput struct {
	Guide      orchestrator.Guide      `json:"guide"`
	Provenance orchestrator.Provenance `json:"provenance"`
}

var guideTool = &mcp.Tool{
	Name:  ToolGuide,
	Title: "Destination travel guide",
	Description: "The Wikivoyage guide to a city: the sections understand, get in, get around, see, do, buy, eat, drink, " +
		"sleep and stay safe as plain text, and its listings (see, do, buy, eat, drink, sleep, go) with name, " +
		"coordinates, address, hours, price, phone, website and description; a huge city's listings come from its " +
		"district articles. Text is CC BY-SA 4.0: show the attribution with the article link.",
	Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: ptr(true)},
}

func (t *tools) guide(ctx context.Context, in GuideInput) (GuideOutput, error) {
	city := strings.Join(strings.Fields(in.City), " ")
	lang := strings.ToLower(strings.TrimSpace(in.Lang))
	if lang == "" {
		lang = "en"
	}
	switch {
	case city == "":
		return GuideOutput{}, invalidf("city is empty")
	case utf8.RuneCountInString(city) > MaxNameLength:
		return GuideOutput{}, invalidf("city is longer than %d characters", MaxNameLength)
	case !slices.Contains(GuideLanguages, lang):
		return GuideOutput{}, invalidf("lang %q is not one of %s", in.Lang, strings.Join(GuideLanguages, ", "))
	case (in.Latitude == nil) != (in.Longitude == nil):
		return GuideOutput{}, invalidf("latitude and longitude go together")
	}
	var near *orchestrator.GeoPoint
	if in.Latitude != nil {
		if err := checkPoint(*in.Latitude, *in.Longitude); err != nil {
			return GuideOutput{}, err
		}
		near = &orchestrator.GeoPoint{Lat: *in.Latitude, Lon: *in.Longitude}
	}
	g, err := t.guides.Guide(ctx, city, lang, near)
	if err != nil {
		return GuideOutput{}, err
	}
	if g.Sections == nil {
		g.Sections = []orchestrator.GuideSection{}
	}
	if g.Listings == nil {
		g.Listings = []orchestrator.Listing{}
	}
	p := t.provenance(t.opts.Guide, false)
	if p.Attribution != nil {
		a := *p.Attribution
		a.URL = g.URL
		p.Attribution = &a
	}
	return GuideOutput{Guide: g, Provenance: p}, nil
}

func checkPoint(lat, lon float64) error {
	switch {
	case !(lat >= -90 && lat <= 90):
		return invalidf("latitude must be between -90 and 90")
	case !(lon >= -180 && lon <= 180):
		return invalidf("longitude must be between -180 and 180")
	}
	return nil
}
