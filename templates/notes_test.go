package templates

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/templates/templatestest"
)

// TestNoteText: every kind and outcome is worded for the traveller in both
// languages, with Chinese place names on Chinese pages, and never from the
// technical message.
func TestNoteText(t *testing.T) {
	latin := regexp.MustCompile(`[A-Za-z]{2,}`)
	kinds := []orchestrator.Kind{orchestrator.KindGeocode, orchestrator.KindGuide, orchestrator.KindAttractions,
		orchestrator.KindRestaurants, orchestrator.KindHotels, orchestrator.KindHotelPrices, orchestrator.KindWeather,
		orchestrator.KindFX, orchestrator.KindTransport, orchestrator.KindFares, orchestrator.KindMatrix,
		orchestrator.KindItinerary, orchestrator.KindBudget, orchestrator.KindVerify, orchestrator.KindRender, "mystery"}
	codes := []string{orchestrator.EUNAVAILABLE, orchestrator.ETIMEOUT, orchestrator.ENOTFOUND, orchestrator.EINVALIDARG,
		orchestrator.EBADRESPONSE, orchestrator.ERATELIMITED, "stale", "estimate"}
	const secret = "validating /properties/kind: enum: dial tcp: lookup open-meteo.com"
	for _, k := range kinds {
		for _, code := range codes {
			for _, places := range [][]string{{"Hangzhou"}, {"Beijing", "Hangzhou"}, nil} {
				n := orchestrator.Note{Kind: k, Code: code, Level: "warning", Message: secret, Places: places}
				zh, en := NoteText(n, "zh"), NoteText(n, "en")
				if strings.Contains(zh, "validating") || strings.Contains(en, "validating") || strings.Contains(en, "lookup") {
					t.Fatalf("%s/%s: the technical message leaks: %q / %q", k, code, zh, en)
				}
				if latin.MatchString(zh) {
					t.Errorf("%s/%s %v: Chinese text has Latin words: %q", k, code, places, zh)
				}
				if strings.Contains(en, "{") || strings.Contains(zh, "{") || !strings.HasSuffix(en, ".") {
					t.Errorf("%s/%s %v: unfilled or unfinished: %q / %q", k, code, places, en, zh)
				}
			}
		}
	}
	w := NoteText(orchestrator.Note{Kind: orchestrator.KindWeather, Code: orchestrator.EUNAVAILABLE, Places: []string{"Hangzhou"}}, "zh")
	if w != "杭州的天气暂时无法获取；出发前请查看天气预报。" {
		t.Errorf("zh weather note %q", w)
	}
	f := NoteText(orchestrator.Note{Kind: orchestrator.KindFares, Code: orchestrator.ENOTFOUND, Places: []string{"Beijing", "Hangzhou"}}, "en")
	if f != "Live fares from Beijing to Hangzhou are not available; the fares shown come from the stored timetables." {
		t.Errorf("en fares note %q", f)
	}
}

// TestPagesShowNoTechnicalDetail renders plans whose notes carry raw
// upstream errors and hostile text: the pages show the traveller's wording
// only.
func TestPagesShowNoTechnicalDetail(t *testing.T) {
	r := newRenderer(t)
	for _, lang := range []string{"en", "zh"} {
		p := templatestest.Plan(lang)
		p.Notes = append(p.Notes,
			orchestrator.Note{Kind: orchestrator.KindHotelPrices, Level: "warning", Code: orchestrator.EINVALIDARG, Places: []string{"Chengdu"},
				Message: `hotel_prices for chengdu unavailable: validating /properties/kind: enum: hotel_prices does not equal any of: [hotels transport]`},
			orchestrator.Note{Kind: orchestrator.KindWeather, Level: "info", Code: orchestrator.EUNAVAILABLE, Places: []string{"<script>alert(1)</script>"},
				Message: "weather unavailable: dial tcp: lookup api.open-meteo.com: no such host"})
		for _, f := range []Format{FormatHTML, FormatMarkdown} {
			out, err := r.RenderBytes(p, f)
			if err != nil {
				t.Fatal(err)
			}
			for _, bad := range []string{"validating", "no such host", "dial tcp", "<script>alert"} {
				if bytes.Contains(out, []byte(bad)) {
					t.Errorf("%s %s page contains %q", lang, f, bad)
				}
			}
		}
	}
}

// TestAlternativesShown: a destination chosen for a wish lists the other
// fitting destinations in the header, in the page's language.
func TestAlternativesShown(t *testing.T) {
	r := newRenderer(t)
	p := templatestest.Plan("zh")
	p.Brief.Alternatives = []string{"Zhoushan", "Xiamen"}
	out, err := r.RenderBytes(p, FormatHTML)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(out, []byte("其他可选目的地")) || !bytes.Contains(out, []byte("舟山、厦门")) {
		t.Error("the Chinese page does not list the alternatives 舟山、厦门")
	}
}
