package wikivoyage

import (
	"reflect"
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
)

func TestParseListings(t *testing.T) {
	pt := func(lat, lon float64) *orchestrator.GeoPoint { return &orchestrator.GeoPoint{Lat: lat, Lon: lon} }
	tests := []struct {
		name, section, in string
		want              []orchestrator.Listing
	}{
		{"full listing over lines", "see", `* {{see
| name=Louvre | alt=Musée du Louvre | url=https://www.louvre.fr | email=
| address=Rue de Rivoli | lat=48.8611 | long=2.3358 | directions=Métro Palais-Royal
| phone=+33 1 40 20 50 50 | tollfree= | fax= | hours=W-M 09:00-18:00 | price=€22
| wikipedia=Louvre | wikidata=Q19675 | image= | lastedit=2025-01-10
| content=World's most visited museum… }}`, []orchestrator.Listing{{
			Type: "see", Name: "Louvre", Alt: "Musée du Louvre", URL: "https://www.louvre.fr", Address: "Rue de Rivoli",
			Location: pt(48.8611, 2.3358), Directions: "Métro Palais-Royal", Phone: "+33 1 40 20 50 50",
			Hours: "W-M 09:00-18:00", Price: "€22", Wikidata: "Q19675", Description: "World's most visited museum…"}}},
		{"any order, nested markup", "", `{{eat|content=Try the [[mapo tofu|tofu]] ({{lang|zh|麻婆豆腐}}) — '''spicy'''.|price=¥40|name=[[Chen Mapo Tofu]]}}`,
			[]orchestrator.Listing{{Type: "eat", Name: "Chen Mapo Tofu", Price: "¥40", Description: "Try the tofu (麻婆豆腐) — spicy."}}},
		{"pipes inside links and templates do not split", "", `{{do|name=A|content=[[x|y]] and {{nowrap|p|q}} |hours=9-5}}`,
			[]orchestrator.Listing{{Type: "do", Name: "A", Hours: "9-5", Description: "y and p"}}},
		{"generic listing with type", "", `{{listing|type=Drink|name=Bar}}{{vCard|type=sleep|name=Inn|checkin=14:00|checkout=11:00}}`,
			[]orchestrator.Listing{{Type: "drink", Name: "Bar"}, {Type: "sleep", Name: "Inn", CheckIn: "14:00", CheckOut: "11:00"}}},
		{"type from section", "eat", `{{listing|name=Stall}}{{listing|type=weird|name=Odd}}`,
			[]orchestrator.Listing{{Type: "eat", Name: "Stall"}, {Type: "eat", Name: "Odd"}}},
		{"unknown type outside listing sections", "get in", `{{listing|name=Thing}}`,
			[]orchestrator.Listing{{Type: "other", Name: "Thing"}}},
		{"template name case and prefix", "", `{{See|name=A}}{{Template:sleep|name=B}}{{ EAT |name=C}}`,
			[]orchestrator.Listing{{Type: "see", Name: "A"}, {Type: "sleep", Name: "B"}, {Type: "eat", Name: "C"}}},
		{"nameless listings skipped", "", `{{see|name=|content=x}}{{see|alt=only alt}}{{see}}`, nil},
		{"coordinates", "", `{{see|name=A|lat= 30.1 |long=104.2}}{{see|name=B|lat=30.1N|long=104.2E}}{{see|name=C|lat=|long=}}` +
			`{{see|name=D|lat=91|long=0}}{{see|name=E|lat=0|long=0}}{{see|name=F|lat=30.1}}{{see|name=G|lat=NaN|long=Inf}}{{see|name=H|lat=-33.9°|lon=18.4°}}`,
			[]orchestrator.Listing{{Type: "see", Name: "A", Location: pt(30.1, 104.2)}, {Type: "see", Name: "B"}, {Type: "see", Name: "C"},
				{Type: "see", Name: "D"}, {Type: "see", Name: "E"}, {Type: "see", Name: "F"}, {Type: "see", Name: "G"},
				{Type: "see", Name: "H", Location: pt(-33.9, 18.4)}}},
		{"urls", "", `{{see|name=A|url=www.a.cn}}{{see|name=B|url=[http://b.org B site]}}{{see|name=C|url=ftp://c}}{{see|name=D|url=javascript:alert(1)}}{{see|name=E|url=//e.org/x}}{{see|name=F|url={{{url}}}}}`,
			[]orchestrator.Listing{{Type: "see", Name: "A", URL: "http://www.a.cn"}, {Type: "see", Name: "B", URL: "http://b.org"},
				{Type: "see", Name: "C"}, {Type: "see", Name: "D"}, {Type: "see", Name: "E", URL: "https://e.org/x"}, {Type: "see", Name: "F"}}},
		{"wikidata", "", `{{see|name=A|wikidata=q42}}{{see|name=B|wikidata=Q0}}{{see|name=C|wikidata=42}}`,
			[]orchestrator.Listing{{Type: "see", Name: "A", Wikidata: "Q42"}, {Type: "see", Name: "B"}, {Type: "see", Name: "C"}}},
		{"tollfree when no phone", "", `{{buy|name=A|phone=|tollfree=800 123}}`, []orchestrator.Listing{{Type: "buy", Name: "A", Phone: "800 123"}}},
		{"old-style description", "", "* {{see|name=A}} — An old temple, see [[B]].\n* {{see|name=C|content=}}. Second. {{see|name=D}} Third.",
			[]orchestrator.Listing{{Type: "see", Name: "A", Description: "An old temple, see B."}, {Type: "see", Name: "C", Description: "Second."},
				{Type: "see", Name: "D", Description: "Third."}}},
		{"comments inside", "", "{{see|name=A<!-- the name -->|lat=<!-- fill in -->|hours=9<!--x-->-5}}", []orchestrator.Listing{{Type: "see", Name: "A", Hours: "9-5"}}},
		{"listings in other templates are not listings", "", "{{cautionbox|{{see|name=A}}}}", nil},
		{"unclosed listing", "", "{{see|name=A|content=never closed", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ParseListings(tt.in, tt.section)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ParseListings:\ngot  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestStripListings(t *testing.T) {
	in := "Intro.\n* {{see|name=A}} old description\n* {{see\n|name=B\n}}\nOutro {{nowrap|kept}}.\n"
	if got := prose(in); got != "Intro.\nOutro kept." {
		t.Errorf("prose = %q", got)
	}
}

func TestListingTiers(t *testing.T) {
	in := `Intro {{eat|name=Untiered}}
===Budget===
* {{eat|name=A}}
* {{listing|name=B}}
====Noodle shops====
* {{eat|name=C}}
* {{see|name=Not priced by tier}}
=== Mid-range ===
* {{eat|name=D}}
===Markets===
* {{eat|name=E}}
===Upscale===
* {{eat|name=F|content=A heading inside a template does not count:
===Budget===
}}
* {{drink|name=G}}
==Sleep==
* {{sleep|name=H}}
===Luxury hotels===
* {{sleep|name=I}}
`
	var got []string
	for _, l := range ParseListings(in, "eat") {
		got = append(got, l.Name+":"+l.Tier)
	}
	want := []string{"Untiered:", "A:budget", "B:budget", "C:budget", "Not priced by tier:", "D:mid-range", "E:",
		"F:splurge", "G:splurge", "H:", "I:splurge"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("tiers:\ngot  %q\nwant %q", got, want)
	}
}

func TestHeadingTier(t *testing.T) {
	for heading, want := range map[string]string{
		"Budget": "budget", "budget hotels": "budget", "Cheap eats": "budget", "Inexpensive": "budget",
		"Mid-range": "mid-range", "Midrange": "mid-range", "Mid range": "mid-range", "Mid–range": "mid-range",
		"Splurge": "splurge", "Luxury": "splurge", "Upscale": "splurge", "High-end": "splurge", "High end": "splurge",
		"经济": "budget", "经济型": "budget", "平价": "budget", "平價": "budget", "便宜": "budget",
		"中档": "mid-range", "中檔": "mid-range", "中等": "mid-range",
		"高档": "splurge", "高檔": "splurge", "豪华": "splurge", "豪華": "splurge", "奢华": "splurge",
		"Hostels": "", "Markets": "", "Get in": "", "": "",
	} {
		if got := HeadingTier(heading); got != want {
			t.Errorf("HeadingTier(%q) = %q, want %q", heading, got, want)
		}
	}
}
