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

// noteSubject words what a subtask kind provides, in English and Chinese;
// {0} is the note's first place, {1} its second (a journey's two ends).
type noteSubject struct {
	en, zh string
	// bareEN and bareZH word it without a place, for notes that name none.
	bareEN, bareZH string
	plural         bool // English: "are" rather than "is"
	// consequence says what the traveller sees instead, when the data is
	// missing (appended to the sentence); empty when nothing changes.
	consEN, consZH string
}

var noteSubjects = map[orchestrator.Kind]noteSubject{
	orchestrator.KindGeocode:     {en: "The location of {0}", zh: "{0}的位置信息", bareEN: "Location data", bareZH: "位置信息"},
	orchestrator.KindGuide:       {en: "The travel guide for {0}", zh: "{0}的旅行指南", bareEN: "The travel guide", bareZH: "旅行指南"},
	orchestrator.KindAttractions: {en: "Sights in {0}", zh: "{0}的景点信息", bareEN: "Sights", bareZH: "景点信息", plural: true},
	orchestrator.KindRestaurants: {en: "Restaurants in {0}", zh: "{0}的餐厅信息", bareEN: "Restaurants", bareZH: "餐厅信息", plural: true},
	orchestrator.KindHotels:      {en: "Hotels in {0}", zh: "{0}的酒店信息", bareEN: "Hotels", bareZH: "酒店信息", plural: true},
	orchestrator.KindHotelPrices: {en: "Live hotel prices in {0}", zh: "{0}的实时酒店价格", bareEN: "Live hotel prices", bareZH: "实时酒店价格", plural: true,
		consEN: "the hotel prices shown come from the stored data", consZH: "所列酒店价格来自已存数据"},
	orchestrator.KindWeather: {en: "The weather for {0}", zh: "{0}的天气", bareEN: "The weather", bareZH: "天气",
		consEN: "check a forecast closer to the day", consZH: "出发前请查看天气预报"},
	orchestrator.KindFX: {en: "Exchange rates", zh: "汇率", plural: true,
		consEN: "amounts in other currencies could not be converted", consZH: "其他币种的金额无法换算"},
	orchestrator.KindTransport: {en: "Trains and flights from {0} to {1}", zh: "{0}到{1}的车次和航班", bareEN: "Trains and flights", bareZH: "车次和航班", plural: true},
	orchestrator.KindFares: {en: "Live fares from {0} to {1}", zh: "{0}到{1}的实时票价", bareEN: "Live fares", bareZH: "实时票价", plural: true,
		consEN: "the fares shown come from the stored timetables", consZH: "所列票价来自已存的时刻表数据"},
	orchestrator.KindMatrix:    {en: "Travel times within {0}", zh: "{0}市内的交通时间", bareEN: "Local travel times", bareZH: "市内交通时间", plural: true},
	orchestrator.KindItinerary: {en: "The day-by-day plan", zh: "逐日行程"},
	orchestrator.KindBudget:    {en: "The budget breakdown", zh: "预算明细"},
	orchestrator.KindVerify:    {en: "The plan's checks", zh: "行程检查", plural: true},
	orchestrator.KindRender:    {en: "The printable itinerary", zh: "行程文档"},
}

var otherSubject = noteSubject{en: "Some trip data", zh: "部分旅行数据"}

// NoteText is the note worded for a traveller reading lang ("zh" or
// English), with place names in that language (PlaceName).
func NoteText(n orchestrator.Note, lang string) string {
	zh := labelsFor(lang).Lang == "zh"
	subj, ok := noteSubjects[n.Kind]
	if !ok {
		subj = otherSubject
	}
	places := make([]string, 0, 2)
	for _, p := range n.Places {
		if p = clean(p); p != "" {
			places = append(places, PlaceName(p, pick(zh, "zh", "en")))
		}
	}
	what := subj.en
	if zh {
		what = subj.zh
	}
	if !fillPlaces(&what, places) {
		// A place-bound kind whose note names no place: the bare noun.
		what = pick(zh, subj.bareZH, subj.bareEN)
		if what == "" {
			what = pick(zh, otherSubject.zh, otherSubject.en)
		}
	}
	verb := "is"
	if subj.plural {
		verb = "are"
	}
	var s string
	missing := false
	switch n.Code {
	case "estimate", "estimated":
		switch {
		case n.Kind == orchestrator.KindWeather && zh:
			s = what + "为往年同期的气候估算，并非天气预报"
		case n.Kind == orchestrator.KindWeather:
			s = what + " " + verb + " a climate estimate from past years, not a forecast"
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
	if missing && subj.consEN != "" {
		s += pick(zh, "；"+subj.consZH, "; "+subj.consEN)
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
