package templates

import (
	"github.com/tripweave/tripweave/templates/templatestest"

	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	ics "github.com/arran4/golang-ical"
	"golang.org/x/net/html"

	"github.com/tripweave/tripweave/orchestrator"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

func newRenderer(t testing.TB) *Renderer {
	t.Helper()
	r, err := New()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

var extension = map[Format]string{FormatHTML: "html", FormatMarkdown: "md", FormatICS: "ics", FormatGeoJSON: "geojson"}

func TestGolden(t *testing.T) {
	r := newRenderer(t)
	cases := []struct {
		name    string
		plan    *orchestrator.Plan
		formats []Format
	}{
		{"chengdu_en", templatestest.Plan("en"), Formats},
		{"chengdu_zh", templatestest.Plan("zh"), Formats},
		{"partial", templatestest.Partial(), []Format{FormatHTML, FormatMarkdown, FormatGeoJSON}},
	}
	for _, c := range cases {
		for _, f := range c.formats {
			t.Run(c.name+"."+extension[f], func(t *testing.T) {
				got, err := r.RenderBytes(c.plan, f)
				if err != nil {
					t.Fatal(err)
				}
				again, _ := r.RenderBytes(c.plan, f)
				if !bytes.Equal(got, again) {
					t.Fatal("two renderings of the same plan differ")
				}
				path := filepath.Join("testdata", "golden", c.name+"."+extension[f])
				if *update {
					if err := os.WriteFile(path, got, 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(path)
				if err != nil {
					t.Fatalf("%v (run go test -update to create it)", err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s differs from the golden file; run go test ./templates -update and review the diff\n%s", path, firstDiff(got, want))
				}
			})
		}
	}
}

func firstDiff(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var a, b string
		if i < len(g) {
			a = g[i]
		}
		if i < len(w) {
			b = w[i]
		}
		if a != b {
			return "line " + itoa(i+1) + ":\n got: " + a + "\nwant: " + b
		}
	}
	return ""
}

func itoa(i int) string {
	return string(rune('0'+i/1000%10)) + string(rune('0'+i/100%10)) + string(rune('0'+i/10%10)) + string(rune('0'+i%10))
}

// TestHTMLSections checks the page's structure: every section of a
// complete plan, a route map per located day, the budget chart, and
// nothing that loads from elsewhere.
func TestHTMLSections(t *testing.T) {
	r := newRenderer(t)
	for _, c := range []struct {
		plan *orchestrator.Plan
		ids  []string
		not  []string
	}{
		{templatestest.Plan("en"), []string{"overview", "days", "day-1", "day-2", "day-3", "stays", "budget", "weather", "packing", "findings", "notes", "sources"}, []string{"trip", "partial"}},
		{templatestest.Partial(), []string{"overview", "partial", "trip", "weather", "packing", "notes", "sources"}, []string{"days", "budget", "findings"}},
	} {
		out, err := r.RenderBytes(c.plan, FormatHTML)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := html.Parse(bytes.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		ids := map[string]bool{}
		svgs := 0
		walk(doc, func(n *html.Node) {
			if n.Type != html.ElementNode {
				return
			}
			for _, a := range n.Attr {
				if a.Key == "id" {
					ids[a.Val] = true
				}
				if a.Key == "src" || (a.Key == "href" && n.Data == "link") {
					t.Errorf("%s loads %s: the page must be self-contained", n.Data, a.Val)
				}
			}
			switch n.Data {
			case "script", "img", "iframe", "link", "object", "embed":
				t.Errorf("unexpected <%s>", n.Data)
			case "svg":
				svgs++
			}
		})
		for _, id := range c.ids {
			if !ids[id] {
				t.Errorf("plan %s: no #%s", c.plan.ID, id)
			}
		}
		for _, id := range c.not {
			if ids[id] {
				t.Errorf("plan %s: unexpected #%s", c.plan.ID, id)
			}
		}
		if c.plan.Itinerary != nil && svgs != 4 { // three day maps and the budget chart
			t.Errorf("got %d SVGs, want 4", svgs)
		}
		for _, want := range []string{"@media print", "@media (max-width:420px)", `name="viewport"`} {
			if !bytes.Contains(out, []byte(want)) {
				t.Errorf("page lacks %s", want)
			}
		}
	}
}

func walk(n *html.Node, f func(*html.Node)) {
	f(n)
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		walk(c, f)
	}
}

func TestPendingPlanShowsItsQuestions(t *testing.T) {
	r := newRenderer(t)
	p := &orchestrator.Plan{ID: "pl_q", Status: orchestrator.PlanNeedsInput, Brief: orchestrator.Brief{Language: "en"},
		Questions: []orchestrator.Question{{Field: "destinations", Text: "Where would you like to go?"}}}
	for _, f := range []Format{FormatHTML, FormatMarkdown, FormatGeoJSON} {
		out, err := r.RenderBytes(p, f)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if f != FormatGeoJSON && !bytes.Contains(out, []byte("Where would you like to go?")) {
			t.Errorf("%s lacks the question", f)
		}
	}
}

func TestLabelsFollowTheBriefLanguage(t *testing.T) {
	r := newRenderer(t)
	for _, c := range []struct {
		lang      string
		want, not []string
	}{
		{"en", []string{`<html lang="en">`, "Day by day", "Budget", "Packing hints", "Tue 2 Jun"}, []string{"逐日行程"}},
		{"zh", []string{`<html lang="zh">`, "逐日行程", "行李建议", "6月2日 周二", "数据来源与署名", "第1天"}, []string{"Day by day", "Packing hints"}},
	} {
		out, err := r.RenderBytes(templatestest.Plan(c.lang), FormatHTML)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range c.want {
			if !bytes.Contains(out, []byte(w)) {
				t.Errorf("%s: page lacks %q", c.lang, w)
			}
		}
		for _, w := range c.not {
			if bytes.Contains(out, []byte(w)) {
				t.Errorf("%s: page has %q", c.lang, w)
			}
		}
	}
}

func TestPackingHints(t *testing.T) {
	got := packing(templatestest.Plan("en"), english)
	want := []string{english.Hints["rain"], english.Hints["outdoor"], english.Hints["sun"], english.Hints["walk"],
		english.Hints["temples"], english.Hints["children"], english.Hints["documents"]}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	p := templatestest.Partial()
	p.Brief.Travelers.Children, p.Brief.Interests = 0, nil
	p.Trip.Cities[0].Weather.Value.Days = []orchestrator.WeatherDay{{Date: "2026-06-02", TempMin: ptr(-3.0), Code: ptr(73)}}
	if got, want := packing(p, english), []string{english.Hints["cold"], english.Hints["snow"]}; !reflect.DeepEqual(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

const hostile = "<script>alert(1)</script>\"'&amp;</style><!-- \u202Eevil\u200F |*[x](javascript:alert(1))\n\r\x00</title>\\;,"

// hostileize sets every string in v (a pointer) to hostile text, every URL
// field to a javascript: URL, and keeps fields named in keep.
func hostileize(v reflect.Value, keep map[string]bool) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			hostileize(v.Elem(), keep)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			f := v.Type().Field(i)
			if !f.IsExported() || keep[f.Name] {
				continue
			}
			if f.Name == "URL" || f.Name == "Website" {
				v.Field(i).SetString("javascript:alert(1)")
				continue
			}
			hostileize(v.Field(i), keep)
		}
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 { // json.RawMessage
			return
		}
		for i := 0; i < v.Len(); i++ {
			hostileize(v.Index(i), keep)
		}
	case reflect.Map:
		if v.Type().Key().Kind() != reflect.String {
			return
		}
		m := reflect.MakeMap(v.Type())
		for i, k := range v.MapKeys() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(v.MapIndex(k))
			hostileize(e, keep)
			m.SetMapIndex(reflect.ValueOf(hostile+itoa(i)).Convert(v.Type().Key()), e)
		}
		v.Set(m)
	case reflect.String:
		v.SetString(hostile)
	}
}

// TestHostileStrings puts script tags, quotes, </style>, RTL overrides,
// control characters and javascript: URLs in every string of a plan and
// checks that every format keeps them inert.
func TestHostileStrings(t *testing.T) {
	r := newRenderer(t)
	everything := templatestest.Plan("en")
	hostileize(reflect.ValueOf(everything), nil)
	// For the calendar the dates, times and zones stay valid, so that events
	// exist to carry the hostile text.
	datesKept := templatestest.Plan("en")
	hostileize(reflect.ValueOf(datesKept), map[string]bool{"Date": true, "Start": true, "End": true, "Time": true, "Depart": true,
		"Arrive": true, "StartDate": true, "EndDate": true, "Timezone": true, "Language": true, "Status": true, "Name": false})
	// Cities are matched by name to find their zones: give them one name.
	for _, p := range []*orchestrator.Plan{everything, datesKept} {
		out, err := r.RenderBytes(p, FormatHTML)
		if err != nil {
			t.Fatal(err)
		}
		checkHTMLInert(t, out)

		md, err := r.RenderBytes(p, FormatMarkdown)
		if err != nil {
			t.Fatal(err)
		}
		checkMarkdownInert(t, md)
		if !bytes.Contains(md, []byte(`\<script\>alert(1)\</script\>`)) {
			t.Errorf("markdown lacks the escaped hostile text")
		}
		gj, err := r.RenderBytes(p, FormatGeoJSON)
		if err != nil {
			t.Fatal(err)
		}
		var fc map[string]any
		if err := json.Unmarshal(gj, &fc); err != nil {
			t.Fatalf("geojson: %v", err)
		}
		if bytes.ContainsAny(gj, "<>\u202E") {
			t.Errorf("geojson has raw <, > or an RTL override")
		}
	}
	cal, err := r.RenderBytes(datesKept, FormatICS)
	if err != nil {
		t.Fatal(err)
	}
	c := parseICS(t, cal)
	if n := len(c.Events()); n != 17 {
		t.Errorf("got %d events, want 17", n)
	}
	for _, ev := range c.Events() {
		s := ev.GetProperty(ics.ComponentPropertySummary)
		if s == nil || strings.ContainsAny(s.Value, "\u202E\u200F\x00\r\n") {
			t.Errorf("summary %+v", s)
		}
	}
	if _, err := r.RenderBytes(everything, FormatICS); orchestrator.ErrorCode(err) != orchestrator.EUNPROCESSABLE {
		t.Errorf("ICS of a plan without valid dates: got %v, want an unprocessable error", err)
	}
}

// checkMarkdownInert checks that every character that could start markup
// in Markdown — <, &, [, ], `, *, _, | — is backslash-escaped, except in the
// renderer's own link syntax "[text](<https://...>)", and that no control,
// RTL or NUL character remains.
func checkMarkdownInert(t *testing.T, md []byte) {
	t.Helper()
	for _, bad := range []string{"\u202E", "\u200F", "\x00", "\r"} {
		if bytes.Contains(md, []byte(bad)) {
			t.Errorf("markdown contains %q", bad)
		}
	}
	s := string(md)
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++ // an escaped character
		case '<':
			if !strings.HasPrefix(s[i:], "<https://") && !strings.HasPrefix(s[i:], "<http://") {
				t.Errorf("unescaped < at %q", s[max(0, i-20):min(len(s), i+20)])
			}
		case '&':
			t.Errorf("unescaped & at %q", s[max(0, i-20):min(len(s), i+20)])
		case ']':
			if strings.HasPrefix(s[i:], "](") && !strings.HasPrefix(s[i:], "](<http") {
				t.Errorf("link to %q", s[i:min(len(s), i+30)])
			}
		}
	}
}

func checkHTMLInert(t *testing.T, out []byte) {
	t.Helper()
	if n := bytes.Count(out, []byte("</style>")); n != 1 {
		t.Errorf("</style> appears %d times", n)
	}
	for _, bad := range []string{"<script", "\u202E", "\u200F", "\x00", "<!--"} {
		if bytes.Contains(out, []byte(bad)) {
			t.Errorf("html contains %q", bad)
		}
	}
	doc, err := html.Parse(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	texts := 0
	walk(doc, func(n *html.Node) {
		switch n.Type {
		case html.ElementNode:
			if n.Data == "script" {
				t.Error("a <script> element")
			}
			for _, a := range n.Attr {
				if strings.HasPrefix(a.Key, "on") {
					t.Errorf("event handler attribute %s", a.Key)
				}
				if a.Key == "href" && !strings.HasPrefix(a.Val, "#") && !strings.HasPrefix(a.Val, "https://") && !strings.HasPrefix(a.Val, "http://") {
					t.Errorf("link to %q", a.Val)
				}
			}
		case html.TextNode:
			if strings.Contains(n.Data, "<script>alert(1)</script>") {
				texts++
			}
		}
	})
	if texts == 0 {
		t.Error("the hostile text does not appear as text at all")
	}
}

func parseICS(t *testing.T, data []byte) *ics.Calendar {
	t.Helper()
	for i, line := range bytes.Split(data, []byte("\r\n")) {
		if len(line) > 75 {
			t.Errorf("line %d has %d octets: %q", i+1, len(line), line)
		}
		if bytes.ContainsAny(line, "\r\n") {
			t.Errorf("line %d has a bare CR or LF", i+1)
		}
		if !utf8.Valid(line) {
			t.Errorf("line %d is not valid UTF-8 (a fold split a character)", i+1)
		}
	}
	if !bytes.HasSuffix(data, []byte("END:VCALENDAR\r\n")) {
		t.Error("calendar does not end with END:VCALENDAR CRLF")
	}
	c, err := ics.ParseCalendar(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("golang-ical: %v", err)
	}
	return c
}

// TestICS parses the calendar with golang-ical and checks events, times in
// their zones, and UIDs.
func TestICS(t *testing.T) {
	r := newRenderer(t)
	data, err := r.RenderBytes(templatestest.Plan("en"), FormatICS)
	if err != nil {
		t.Fatal(err)
	}
	c := parseICS(t, data)
	if tz := c.Timezones(); len(tz) != 1 {
		t.Errorf("got %d VTIMEZONEs, want 1 (Asia/Shanghai)", len(tz))
	}
	shanghai, _ := time.LoadLocation("Asia/Shanghai")
	byUID := map[string]*ics.VEvent{}
	var summaries []string
	for _, ev := range c.Events() {
		byUID[ev.Id()] = ev
		summaries = append(summaries, ev.GetProperty(ics.ComponentPropertySummary).Value)
	}
	if len(byUID) != 17 {
		t.Fatalf("got %d distinct UIDs, want 17: %q", len(byUID), summaries)
	}
	find := func(summary string) *ics.VEvent {
		for _, ev := range c.Events() {
			if ev.GetProperty(ics.ComponentPropertySummary).Value == summary {
				return ev
			}
		}
		t.Fatalf("no event %q in %q", summary, summaries)
		return nil
	}
	for _, tc := range []struct {
		summary    string
		start, end time.Time
	}{
		{"Wuhou Shrine", time.Date(2026, 6, 2, 13, 20, 0, 0, shanghai), time.Date(2026, 6, 2, 15, 0, 0, 0, shanghai)},
		{"Lunch: Chen Mapo Tofu", time.Date(2026, 6, 2, 11, 45, 0, 0, shanghai), time.Date(2026, 6, 2, 12, 45, 0, 0, shanghai)},
		{"Flight CA4193: Beijing → Chengdu", time.Date(2026, 6, 2, 7, 30, 0, 0, shanghai), time.Date(2026, 6, 2, 10, 35, 0, 0, shanghai)},
		{"Train G8501: Chengdu → Chongqing", time.Date(2026, 6, 4, 8, 5, 0, 0, shanghai), time.Date(2026, 6, 4, 9, 25, 0, 0, shanghai)},
	} {
		ev := find(tc.summary)
		start, err1 := ev.GetStartAt()
		end, err2 := ev.GetEndAt()
		if err1 != nil || err2 != nil || !start.Equal(tc.start) || !end.Equal(tc.end) {
			t.Errorf("%s: got %v–%v (%v %v), want %v–%v", tc.summary, start, end, err1, err2, tc.start, tc.end)
		}
	}
	stay := find("Hotel: Jinjiang Hotel")
	if s, err := stay.GetAllDayStartAt(); err != nil || s.Format("2006-01-02") != "2026-06-02" {
		t.Errorf("stay starts %v %v", s, err)
	}
	if e, err := stay.GetAllDayEndAt(); err != nil || e.Format("2006-01-02") != "2026-06-04" {
		t.Errorf("stay ends %v %v", e, err)
	}
	if g := find("Wuhou Shrine").GetProperty(ics.ComponentPropertyGeo); g == nil || g.Value != "30.646300;104.043400" {
		t.Errorf("geo %+v", g)
	}
	if d := find("Flight 3U8889: Chongqing → Beijing").GetProperty(ics.ComponentPropertyDescription); d == nil || !strings.Contains(d.Value, "2,970.00 CNY (estimated)") {
		t.Errorf("description %+v", d)
	}

	// The same plan gives the same UIDs; another plan other ones.
	other := templatestest.Plan("en")
	other.ID = "pl_other"
	data2, _ := r.RenderBytes(other, FormatICS)
	for uid := range byUID {
		if !bytes.Contains(data, []byte("UID:"+uid)) || bytes.Contains(data2, []byte("UID:"+uid)) {
			t.Errorf("UID %s is not stable per plan", uid)
		}
	}
}

// TestICSTimezoneTransitions checks a Berlin trip across the start of
// summer time: the VTIMEZONE has both observances and times resolve.
func TestICSTimezoneTransitions(t *testing.T) {
	r := newRenderer(t)
	p := templatestest.Plan("en")
	p.Trip.Cities[0].Place.Value.Timezone = "Europe/Berlin"
	p.Trip.Cities[1].Place.Value.Timezone = "Europe/Berlin"
	p.Trip.Origin.Value.Timezone = "Europe/Berlin"
	for i, date := range []string{"2026-03-28", "2026-03-29", "2026-03-30"} {
		p.Itinerary.Days[i].Date = date
		for j := range p.Itinerary.Days[i].Legs {
			p.Itinerary.Days[i].Legs[j].Date = date
		}
	}
	data, err := r.RenderBytes(p, FormatICS)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"BEGIN:STANDARD\r\nDTSTART:20251026T030000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nTZNAME:CET\r\n",
		"BEGIN:DAYLIGHT\r\nDTSTART:20260329T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\nTZNAME:CEST\r\n"} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("VTIMEZONE lacks %q\n%s", want, data[:min(len(data), 900)])
		}
	}
	c := parseICS(t, data)
	for _, ev := range c.Events() {
		if ev.GetProperty(ics.ComponentPropertySummary).Value == "Giant Panda Breeding Research Base" {
			s, err := ev.GetStartAt()
			if err != nil || !s.Equal(time.Date(2026, 3, 29, 6, 30, 0, 0, time.UTC)) {
				t.Errorf("start %v %v, want 06:30 UTC (08:30 CEST)", s, err)
			}
		}
	}
}

func TestICSFloatingAndFolding(t *testing.T) {
	r := newRenderer(t)
	p := templatestest.Plan("zh")
	for i := range p.Trip.Cities {
		p.Trip.Cities[i].Place.Value.Timezone = ""
		p.Trip.Cities[i].Weather.Value.Timezone = ""
	}
	p.Trip.Origin = nil
	long := strings.Repeat("大熊猫繁育研究基地", 20) + ",;\\"
	p.Itinerary.Days[1].Stops[0].Name = long
	data, err := r.RenderBytes(p, FormatICS)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(data, []byte("VTIMEZONE")) || bytes.Contains(data, []byte("TZID=")) {
		t.Error("unknown zones should give floating times, not a VTIMEZONE")
	}
	if !bytes.Contains(data, []byte("DTSTART:20260603T083000\r\n")) {
		t.Error("no floating DTSTART for the panda base")
	}
	c := parseICS(t, data)
	found := false
	for _, ev := range c.Events() {
		if ev.GetProperty(ics.ComponentPropertySummary).Value == long {
			found = true
		}
	}
	if !found {
		t.Error("the folded, escaped long summary does not round-trip")
	}
}

func TestICSNeedsAnItinerary(t *testing.T) {
	r := newRenderer(t)
	_, err := r.RenderBytes(templatestest.Partial(), FormatICS)
	var e *orchestrator.Error
	if !errors.As(err, &e) || e.Code != orchestrator.EUNPROCESSABLE {
		t.Errorf("got %v, want an unprocessable error", err)
	}
}

func TestGeoJSON(t *testing.T) {
	r := newRenderer(t)
	data, err := r.RenderBytes(templatestest.Plan("en"), FormatGeoJSON)
	if err != nil {
		t.Fatal(err)
	}
	var fc struct {
		Type     string `json:"type"`
		Features []struct {
			Type     string `json:"type"`
			Geometry struct {
				Type        string          `json:"type"`
				Coordinates json.RawMessage `json:"coordinates"`
			} `json:"geometry"`
			Properties map[string]any `json:"properties"`
		} `json:"features"`
	}
	if err := json.Unmarshal(data, &fc); err != nil || fc.Type != "FeatureCollection" {
		t.Fatalf("%v %s", err, fc.Type)
	}
	count := map[string]int{}
	for _, f := range fc.Features {
		count[f.Properties["kind"].(string)+"/"+f.Geometry.Type]++
		if f.Geometry.Type == "LineString" {
			var line [][2]float64
			if err := json.Unmarshal(f.Geometry.Coordinates, &line); err != nil || len(line) < 2 {
				t.Errorf("route of day %v: %v %v", f.Properties["day"], line, err)
			}
			for _, p := range line {
				if p[0] < 100 || p[0] > 110 || p[1] < 29 || p[1] > 31 {
					t.Errorf("position %v is not [lon, lat] near Chengdu", p)
				}
			}
		}
	}
	// 7 stops, 5 located meals (one has no location), 1 stay, 3 routes.
	want := map[string]int{"stop/Point": 7, "meal/Point": 5, "stay/Point": 1, "route/LineString": 3}
	if !reflect.DeepEqual(count, want) {
		t.Errorf("got %v, want %v", count, want)
	}
}

func TestETag(t *testing.T) {
	a, b := templatestest.Plan("en"), templatestest.Plan("en")
	if ETag(a) != ETag(b) {
		t.Error("equal plans have different tags")
	}
	if !regexp.MustCompile(`^"[0-9a-f]{32}"$`).MatchString(ETag(a)) {
		t.Errorf("tag %s is not a quoted hex string", ETag(a))
	}
	b.Itinerary.Days[0].Stops[0].Name = "Other"
	if ETag(a) == ETag(b) {
		t.Error("different plans have equal tags")
	}
}

func TestParseFormat(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Format
		ok   bool
		ct   string
	}{
		{"html", FormatHTML, true, "text/html; charset=utf-8"},
		{"md", FormatMarkdown, true, "text/markdown; charset=utf-8"},
		{"ics", FormatICS, true, "text/calendar; charset=utf-8"},
		{"geojson", FormatGeoJSON, true, "application/geo+json"},
		{"pdf", "", false, ""},
		{"HTML", "", false, ""},
	} {
		got, ok := ParseFormat(c.in)
		if got != c.want || ok != c.ok || (ok && got.ContentType() != c.ct) {
			t.Errorf("%s: got %q %v %s", c.in, got, ok, got.ContentType())
		}
	}
	r := newRenderer(t)
	if err := r.Render(new(bytes.Buffer), templatestest.Plan("en"), "pdf"); orchestrator.ErrorCode(err) != orchestrator.EINVALID {
		t.Errorf("unknown format: %v", err)
	}
	if err := r.HTML(new(bytes.Buffer), nil); err == nil {
		t.Error("nil plan: no error")
	}
}

func TestRouteMapGeometry(t *testing.T) {
	for _, c := range []struct {
		pts   []mapPoint
		scale string
		nil_  bool
	}{
		{nil, "", true},
		{[]mapPoint{{Pos: orchestrator.GeoPoint{}}}, "", true}, // (0,0) is "no position"
		{[]mapPoint{{Pos: orchestrator.GeoPoint{Lat: 30.6, Lon: 104}, Label: "1"}}, "500 m", false},
		{[]mapPoint{{Pos: orchestrator.GeoPoint{Lat: 30.6, Lon: 104}, Label: "1"}, {Pos: orchestrator.GeoPoint{Lat: 30.7, Lon: 104.1}, Label: "2"}}, "5 km", false},
		{[]mapPoint{{Pos: orchestrator.GeoPoint{Lat: 30.6, Lon: 104}}, {Pos: orchestrator.GeoPoint{Lat: 29.56, Lon: 106.55}}}, "50 km", false},
	} {
		m := newRouteMap(c.pts, english)
		if (m == nil) != c.nil_ {
			t.Errorf("%v: map %v", c.pts, m)
			continue
		}
		if m == nil {
			continue
		}
		if m.Scale.Label != c.scale {
			t.Errorf("%v: scale %s, want %s", c.pts, m.Scale.Label, c.scale)
		}
		for _, mk := range m.Markers {
			x, y := parseF(mk.X), parseF(mk.Y)
			if x < mapPad-0.1 || x > mapW-mapPad+0.1 || y < mapPad-0.1 || y > mapH-mapPad+0.1 {
				t.Errorf("marker %s at %v,%v is outside the frame", mk.Label, x, y)
			}
		}
	}
}

func parseF(s string) float64 {
	var f float64
	_ = json.Unmarshal([]byte(s), &f)
	return f
}

func TestMoneyAndClean(t *testing.T) {
	for _, c := range []struct {
		in   orchestrator.Money
		want string
	}{
		{orchestrator.Money{Cents: 123456789, Currency: "CNY"}, "1,234,567.89 CNY"},
		{orchestrator.Money{Cents: -5, Currency: "USD"}, "-0.05 USD"},
		{orchestrator.Money{Cents: 100000}, "1,000.00"},
	} {
		if got := money(c.in); got != c.want {
			t.Errorf("money(%v) = %q, want %q", c.in, got, c.want)
		}
	}
	for in, want := range map[string]string{
		"plain":                 "plain",
		"a\u202Eb\u200Fc\u2066": "abc",
		"tab\tnew\nline\x00":    "tab new line",
		" padded ":              "padded",
		"bad\xffutf8":           "bad\uFFFDutf8",
	} {
		if got := clean(in); got != want {
			t.Errorf("clean(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{
		"https://open-meteo.com/": "https://open-meteo.com/",
		"javascript:alert(1)":     "",
		"JaVaScRiPt:alert(1)":     "",
		"//evil.example/":         "",
		"https://u:p@host/":       "",
		"data:text/html,x":        "",
		"/relative":               "",
	} {
		if got := safeURL(in); got != want {
			t.Errorf("safeURL(%q) = %q, want %q", in, got, want)
		}
	}
}

func ptr[T any](v T) *T { return &v }

// TestEstimatedPricesAreMarked: fares, meals and stays priced by a model
// carry "≈" in the timeline and the stays table, with the legend.
func TestEstimatedPricesAreMarked(t *testing.T) {
	r := newRenderer(t)
	p := templatestest.Plan("en")
	it := p.Itinerary
	for d := range it.Days {
		for m := range it.Days[d].Meals {
			it.Days[d].Meals[m].Estimate = false
		}
		for l := range it.Days[d].Legs {
			it.Days[d].Legs[l].Estimate = false
		}
		for s := range it.Days[d].Stops {
			it.Days[d].Stops[s].TravelEstimate = false
		}
	}
	for i := range it.Stays {
		it.Stays[i].Estimate = false
	}
	plain, err := r.RenderBytes(p, FormatHTML)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(plain, []byte("≈ ")) || bytes.Contains(plain, []byte(`class="legend"`)) {
		t.Fatalf("a plan without estimates shows the estimate mark")
	}
	it.Days[1].Meals[0].Estimate = true
	it.Stays[0].Estimate = true
	out, err := r.RenderBytes(p, FormatHTML)
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(out, []byte("≈ ")); n < 2 {
		t.Errorf("%d estimate marks, want the meal's and the stay's", n)
	}
	if !bytes.Contains(out, []byte(`class="legend"`)) {
		t.Errorf("no legend explaining ≈")
	}
}

// TestEstimatedVisitIsMarked: a stop whose visit length is the planner's
// estimate (visit_estimate) says so on the page, in the brief's language.
func TestEstimatedVisitIsMarked(t *testing.T) {
	r := newRenderer(t)
	for _, lang := range []string{"en", "zh"} {
		p := templatestest.Plan(lang)
		want := labelsFor(lang).VisitEstimate
		plain, err := r.RenderBytes(p, FormatHTML)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(plain, []byte(want)) {
			t.Fatalf("%s: a plan without estimated visits shows %q", lang, want)
		}
		p.Itinerary.Days[0].Stops[0].VisitEstimate = true
		for _, f := range []Format{FormatHTML, FormatMarkdown} {
			out, err := r.RenderBytes(p, f)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(out, []byte(want)) {
				t.Errorf("%s %v: the estimated visit is not marked %q", lang, f, want)
			}
		}
	}
}

// TestJourneyLegs: the legs of a connection show the change before each
// later leg.
func TestJourneyLegs(t *testing.T) {
	r := newRenderer(t)
	for lang, want := range map[string]string{"en": "change 35 min", "zh": "换乘 35分钟"} {
		p := templatestest.Plan(lang)
		d := &p.Itinerary.Days[0]
		first := d.Legs[0]
		second := first
		second.OptionID, second.Number, second.Journey, second.TransferMinutes, second.MinTransferMinutes = "t:2", "G2", 1, 35, 20
		first.Journey = 1
		d.Legs = []orchestrator.Leg{first, second}
		d.Journeys = []orchestrator.Journey{{From: first.From, To: second.To, Via: []string{first.To}, Legs: 2}}
		for _, f := range []Format{FormatHTML, FormatMarkdown} {
			out, err := r.RenderBytes(p, f)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(out, []byte(want)) {
				t.Errorf("%s %s: no %q", lang, extension[f], want)
			}
		}
	}
}
