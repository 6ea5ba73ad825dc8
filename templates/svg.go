package templates

import (
	"html/template"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
)

// Route map geometry, in SVG user units.
const (
	mapW, mapH, mapPad = 360, 220, 26
)

type mapPoint struct {
	Pos   orchestrator.GeoPoint
	Label string
	Title string
	Hotel bool
}

// routeMap is a day's places drawn on a plain equirectangular projection:
// numbered markers in visiting order joined by a line, hotels as squares,
// and a scale bar. No tiles: it is drawn from coordinates only.
type routeMap struct {
	W, H    int
	Line    string // polyline points
	Markers []marker
	Scale   scaleBar
	Label   string // aria label
}

type marker struct {
	X, Y, TX, TY string
	RX, RY       string // top-left corner of a hotel's square
	Label, Title string
	Hotel        bool
}

type scaleBar struct {
	X1, X2, Y, TX, TY, Label string
}

const kmPerDegLat = 110.574

// newRouteMap lays pts out; nil when none has a usable position.
func newRouteMap(pts []mapPoint, l *labels) *routeMap {
	ok := make([]mapPoint, 0, len(pts))
	for _, p := range pts {
		if validPos(p.Pos) {
			ok = append(ok, p)
		}
	}
	if len(ok) == 0 {
		return nil
	}
	minLat, maxLat, minLon, maxLon := 90.0, -90.0, 180.0, -180.0
	for _, p := range ok {
		minLat, maxLat = math.Min(minLat, p.Pos.Lat), math.Max(maxLat, p.Pos.Lat)
		minLon, maxLon = math.Min(minLon, p.Pos.Lon), math.Max(maxLon, p.Pos.Lon)
	}
	midLat := (minLat + maxLat) / 2
	kmPerDegLon := 111.320 * math.Cos(midLat*math.Pi/180)
	spanX := (maxLon - minLon) * kmPerDegLon
	spanY := (maxLat - minLat) * kmPerDegLat
	innerW, innerH := float64(mapW-2*mapPad), float64(mapH-2*mapPad-14) // room for the scale bar
	var scale float64                                                   // px per km
	switch {
	case spanX < 1e-6 && spanY < 1e-6:
		scale = innerW / 2 // a single place: show about 2 km across
	case spanX < 1e-6:
		scale = innerH / spanY
	case spanY < 1e-6:
		scale = innerW / spanX
	default:
		scale = math.Min(innerW/spanX, innerH/spanY)
	}
	offX := mapPad + (innerW-spanX*scale)/2
	offY := mapPad + (innerH-spanY*scale)/2
	proj := func(g orchestrator.GeoPoint) (float64, float64) {
		return offX + (g.Lon-minLon)*kmPerDegLon*scale, offY + (maxLat-g.Lat)*kmPerDegLat*scale
	}
	m := &routeMap{W: mapW, H: mapH, Label: l.Map, Markers: make([]marker, 0, len(ok))}
	line := make([]string, 0, len(ok))
	// Hotels first so numbered markers are drawn on top.
	slices.SortStableFunc(ok, func(a, b mapPoint) int {
		switch {
		case a.Hotel == b.Hotel:
			return 0
		case a.Hotel:
			return -1
		}
		return 1
	})
	for _, p := range ok {
		x, y := proj(p.Pos)
		m.Markers = append(m.Markers, marker{X: fnum(x, 1), Y: fnum(y, 1), TX: fnum(x, 1), TY: fnum(y+4, 1), RX: fnum(x-7, 1), RY: fnum(y-7, 1),
			Label: p.Label, Title: p.Title, Hotel: p.Hotel})
		if !p.Hotel {
			line = append(line, fnum(x, 1)+","+fnum(y, 1))
		}
	}
	if len(line) > 1 {
		m.Line = strings.Join(line, " ")
	}

	km := niceDistance(innerW / 4 / scale)
	w := km * scale
	y := float64(mapH - 12)
	m.Scale = scaleBar{X1: fnum(mapPad, 1), X2: fnum(mapPad+w, 1), Y: fnum(y, 1), TX: fnum(mapPad+w+6, 1), TY: fnum(y+4, 1), Label: distanceLabel(km)}
	return m
}

func validPos(g orchestrator.GeoPoint) bool {
	return !math.IsNaN(g.Lat) && !math.IsNaN(g.Lon) && g.Lat >= -90 && g.Lat <= 90 && g.Lon >= -180 && g.Lon <= 180 &&
		!(g.Lat == 0 && g.Lon == 0)
}

// niceDistance returns the largest 1, 2 or 5 × 10^k km not above km.
func niceDistance(km float64) float64 {
	if km <= 0 || math.IsInf(km, 0) || math.IsNaN(km) {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(km)))
	for _, f := range []float64{5, 2, 1} {
		if f*p <= km {
			return f * p
		}
	}
	return p
}

func distanceLabel(km float64) string {
	if km < 1 {
		return fnum(km*1000, 0) + " m"
	}
	return fnum(km, 0) + " km"
}

// Budget chart geometry.
const (
	chartW, chartRowH, chartLabelW, chartTotalW = 360, 30, 82, 100
)

// budgetChart is a stacked bar per tier, by category, with the budget
// limit as a dashed line.
type budgetChart struct {
	W, H   int
	Rows   []chartRow
	Limit  *limitLine
	Legend []legendItem
	Label  string
}

type chartRow struct {
	Y, TY, TotalX string
	Tier, Total   string
	Chosen        bool
	Segs          []chartSeg
}

type chartSeg struct {
	X, W, Class, Title string
}

type limitLine struct{ X, Y1, Y2 string }

type legendItem struct {
	X, TX, Y, TY, Class, Label string
}

var categories = []string{"transport", "lodging", "food", "attractions"}

func newBudgetChart(bb *orchestrator.BudgetBreakdown, l *labels) *budgetChart {
	maxC := int64(0)
	for _, t := range bb.Tiers {
		maxC = max(maxC, t.Total.Cents, t.Transport.Cents+t.Lodging.Cents+t.Food.Cents+t.Attractions.Cents)
	}
	if bb.Limit != nil {
		maxC = max(maxC, bb.Limit.Cents)
	}
	if maxC <= 0 {
		return nil
	}
	barW := float64(chartW - chartLabelW - chartTotalW)
	c := &budgetChart{W: chartW, Label: l.BudgetTitle}
	names := map[string]string{"transport": l.Transport, "lodging": l.Lodging, "food": l.Food, "attractions": l.Attractions}
	top := 8.0
	for i, t := range bb.Tiers {
		y := top + float64(i*chartRowH)
		r := chartRow{Y: fnum(y, 1), TY: fnum(y+15, 1), TotalX: fnum(float64(chartLabelW)+barW+6, 1),
			Tier: word(l.Tiers, t.Tier, string(t.Tier)), Total: money(t.Total), Chosen: t.Tier == bb.Chosen}
		x := float64(chartLabelW)
		for j, v := range []orchestrator.Money{t.Transport, t.Lodging, t.Food, t.Attractions} {
			if v.Cents <= 0 {
				continue
			}
			w := float64(v.Cents) / float64(maxC) * barW
			r.Segs = append(r.Segs, chartSeg{X: fnum(x, 1), W: fnum(w, 1), Class: categories[j], Title: names[categories[j]] + ": " + money(v)})
			x += w
		}
		c.Rows = append(c.Rows, r)
	}
	bottom := top + float64(len(bb.Tiers)*chartRowH)
	if bb.Limit != nil {
		x := float64(chartLabelW) + float64(bb.Limit.Cents)/float64(maxC)*barW
		c.Limit = &limitLine{X: fnum(x, 1), Y1: fnum(top-4, 1), Y2: fnum(bottom-6, 1)}
	}
	ly := bottom + 6
	x := 4.0
	for _, cat := range categories {
		c.Legend = append(c.Legend, legendItem{X: fnum(x, 1), TX: fnum(x+14, 1), Y: fnum(ly, 1), TY: fnum(ly+10, 1), Class: cat, Label: names[cat]})
		x += 14 + float64(textWidth(names[cat])) + 14
	}
	c.H = int(ly) + 18
	return c
}

// textWidth estimates a label's width in user units at the chart's 11px
// font: wide for CJK, narrow otherwise.
func textWidth(s string) int {
	w := 0
	for _, r := range s {
		if r >= 0x2E80 {
			w += 11
		} else {
			w += 6
		}
	}
	return w
}

// The SVG markup is written by code rather than by the page template, for
// speed: every number in it is formatted here, and every text (names,
// labels) goes through template.HTMLEscapeString.

func svgOpen(b *strings.Builder, class string, w, h int, label string) {
	b.WriteString(`<svg class="`)
	b.WriteString(class)
	b.WriteString(`" viewBox="0 0 `)
	b.WriteString(fnum(float64(w), 0))
	b.WriteByte(' ')
	b.WriteString(fnum(float64(h), 0))
	b.WriteString(`" role="img" aria-label="`)
	b.WriteString(template.HTMLEscapeString(label))
	b.WriteString(`" xmlns="http://www.w3.org/2000/svg">`)
}

// svgText writes <text x y [class]>s</text> with s escaped.
func svgText(b *strings.Builder, class, x, y, s string) {
	b.WriteString(`<text`)
	if class != "" {
		b.WriteString(` class="`)
		b.WriteString(class)
		b.WriteByte('"')
	}
	b.WriteString(` x="`)
	b.WriteString(x)
	b.WriteString(`" y="`)
	b.WriteString(y)
	b.WriteString(`">`)
	b.WriteString(template.HTMLEscapeString(s))
	b.WriteString(`</text>`)
}

func svgTitle(b *strings.Builder, s string) {
	b.WriteString(`<title>`)
	b.WriteString(template.HTMLEscapeString(s))
	b.WriteString(`</title>`)
}

// SVG returns the map as inline SVG markup.
func (m *routeMap) SVG() template.HTML {
	var b strings.Builder
	b.Grow(1024 + 200*len(m.Markers))
	svgOpen(&b, "route", m.W, m.H, m.Label)
	b.WriteString(`<rect class="bg" x="0.5" y="0.5" width="` + fnum(float64(m.W-1), 0) + `" height="` + fnum(float64(m.H-1), 0) + `" rx="8"/>`)
	if m.Line != "" {
		b.WriteString(`<polyline class="path" points="` + m.Line + `"/>`)
	}
	for _, mk := range m.Markers {
		if mk.Hotel {
			b.WriteString(`<g class="hotel">`)
			svgTitle(&b, mk.Title)
			b.WriteString(`<rect x="` + mk.RX + `" y="` + mk.RY + `" width="14" height="14" rx="3"/>`)
		} else {
			b.WriteString(`<g class="mk">`)
			svgTitle(&b, mk.Title)
			b.WriteString(`<circle cx="` + mk.X + `" cy="` + mk.Y + `" r="9"/>`)
		}
		svgText(&b, "", mk.TX, mk.TY, mk.Label)
		b.WriteString(`</g>`)
	}
	s := m.Scale
	b.WriteString(`<g class="scale"><line x1="` + s.X1 + `" y1="` + s.Y + `" x2="` + s.X2 + `" y2="` + s.Y + `"/>`)
	svgText(&b, "", s.TX, s.TY, s.Label)
	b.WriteString(`</g></svg>`)
	return template.HTML(b.String())
}

// SVG returns the chart as inline SVG markup.
func (c *budgetChart) SVG() template.HTML {
	var b strings.Builder
	b.Grow(2048)
	svgOpen(&b, "chart", c.W, c.H, c.Label)
	for _, r := range c.Rows {
		class := "tier"
		tier := r.Tier
		if r.Chosen {
			class, tier = "tier chosen", tier+" ✓"
		}
		svgText(&b, class, "0", r.TY, tier)
		for _, sg := range r.Segs {
			b.WriteString(`<rect class="` + sg.Class + `" x="` + sg.X + `" y="` + r.Y + `" width="` + sg.W + `" height="20">`)
			svgTitle(&b, sg.Title)
			b.WriteString(`</rect>`)
		}
		class = "total"
		if r.Chosen {
			class = "total chosen"
		}
		svgText(&b, class, r.TotalX, r.TY, r.Total)
	}
	if l := c.Limit; l != nil {
		b.WriteString(`<line class="limit" x1="` + l.X + `" y1="` + l.Y1 + `" x2="` + l.X + `" y2="` + l.Y2 + `"/>`)
	}
	for _, li := range c.Legend {
		b.WriteString(`<rect class="` + li.Class + `" x="` + li.X + `" y="` + li.Y + `" width="10" height="10"/>`)
		svgText(&b, "", li.TX, li.TY, li.Label)
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// Timeline returns the day's timeline as an HTML ordered list, written by
// code for speed like the SVGs: every text is escaped with
// template.HTMLEscapeString and class names are constants.
func (d *dayView) Timeline() template.HTML {
	var b strings.Builder
	b.Grow(256 * (len(d.Items) + 1))
	b.WriteString(`<ol class="timeline">`)
	for i := range d.Items {
		it := &d.Items[i]
		b.WriteString("\n<li class=\"")
		b.WriteString(it.Kind) // one of leg, stop, meal, stay
		if it.Changed {
			b.WriteString(` changed`)
		}
		b.WriteString(`"><span class="time">`)
		b.WriteString(template.HTMLEscapeString(it.Time))
		b.WriteString(`</span><span class="what">`)
		if it.Marker > 0 {
			b.WriteString(`<b class="num">`)
			b.WriteString(strconv.Itoa(it.Marker))
			b.WriteString(`</b>`)
		}
		b.WriteString(`<span class="label">`)
		b.WriteString(template.HTMLEscapeString(it.Label))
		b.WriteString(`</span> <span class="name">`)
		b.WriteString(template.HTMLEscapeString(it.Name))
		b.WriteString(`</span>`)
		if it.Detail != "" {
			b.WriteString(`<span class="detail">`)
			b.WriteString(template.HTMLEscapeString(it.Detail))
			b.WriteString(`</span>`)
		}
		b.WriteString(`</span>`)
		if it.Cost != "" {
			b.WriteString(`<span class="cost">`)
			b.WriteString(template.HTMLEscapeString(it.Cost))
			b.WriteString(`</span>`)
		}
		b.WriteString(`</li>`)
	}
	b.WriteString("\n</ol>")
	return template.HTML(b.String())
}
