package templates

import (
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
)

// A note has two audiences. Its Message is the technical detail (a
// provider's error, a tool's refusal, a DNS failure) for operators, the
// JSON and the trace. The traveller reads NoteText instead: what is missing
// or estimated and what it means for the trip, in the plan's language,
// built only from the note's kind, code and places — never from Message,
// so no internal wording can reach a page.

// otherSubject words a kind the registry does not know.
var otherSubject = orchestrator.KindWords{EN: "Some trip data", ZH: "部分旅行数据"}

// NoteText is the note worded for a traveller reading lang ("zh" or
// English), with place names in that language (PlaceName).
func NoteText(n orchestrator.Note, lang string) string {
	zh := labelsFor(lang).Lang == "zh"
	subj := orchestrator.Kinds[n.Kind].Words // what the kind provides (the registry)
	if subj.EN == "" {
		subj = otherSubject
	}
	places := make([]string, 0, 2)
	for _, p := range n.Places {
		if p = clean(p); p != "" {
			places = append(places, PlaceName(p, pick(zh, "zh", "en")))
		}
	}
	what := pick(zh, subj.ZH, subj.EN)
	if !fillPlaces(&what, places) {
		// A place-bound kind whose note names no place: the bare noun.
		what = pick(zh, subj.BareZH, subj.BareEN)
		if what == "" {
			what = pick(zh, otherSubject.ZH, otherSubject.EN)
		}
	}
	verb := "is"
	if subj.Plural {
		verb = "are"
	}
	var s string
	missing := false
	switch n.Code {
	case "estimate", "estimated":
		switch {
		case subj.EstimateEN != "" && zh:
			s = what + subj.EstimateZH
		case subj.EstimateEN != "":
			s = what + " " + verb + " " + subj.EstimateEN
		case zh:
			s = what + "为估算值"
		default:
			s = what + " " + verb + " estimated"
		}
	case "stale":
		s = pick(zh, what+"可能不是最新的", what+" may be out of date")
	case orchestrator.ETIMEOUT:
		s, missing = pick(zh, what+"未能及时获取", what+" did not arrive in time"), true
	case orchestrator.ENOTFOUND:
		s, missing = pick(zh, what+"暂无", what+" "+verb+" not available"), true
	default:
		s, missing = pick(zh, what+"暂时无法获取", what+" "+verb+" unavailable right now"), true
	}
	if missing && subj.MissingEN != "" {
		s += pick(zh, "；"+subj.MissingZH, "; "+subj.MissingEN)
	}
	return s + pick(zh, "。", ".")
}

// fillPlaces replaces {0} and {1} in s with places; false when s needs a
// place the note does not name.
func fillPlaces(s *string, places []string) bool {
	for i, tok := range []string{"{0}", "{1}"} {
		if !strings.Contains(*s, tok) {
			continue
		}
		if i >= len(places) {
			return false
		}
		*s = strings.ReplaceAll(*s, tok, places[i])
	}
	return true
}

func pick(zh bool, zhText, enText string) string {
	if zh {
		return zhText
	}
	return enText
}

// TravellerNotes fills each note's Traveller text for lang; it returns notes.
//
// Operator notes (Audience orchestrator.NoteOperator) get no traveller text:
// they are never shown to travellers.
func TravellerNotes(notes []orchestrator.Note, lang string) []orchestrator.Note {
	for i := range notes {
		if notes[i].Audience == orchestrator.NoteOperator {
			continue
		}
		notes[i].Traveller = NoteText(notes[i], lang)
	}
	return notes
}

// Words is the traveller's wording the planning pipeline asks for
// (pipeline.Words): notes' traveller text and place names in a language.
type Words struct{}

// TravellerNotes is TravellerNotes.
func (Words) TravellerNotes(notes []orchestrator.Note, lang string) []orchestrator.Note {
	return TravellerNotes(notes, lang)
}

// PlaceName is PlaceName.
func (Words) PlaceName(name, lang string) string { return PlaceName(name, lang) }
