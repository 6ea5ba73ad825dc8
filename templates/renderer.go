// Package templates renders a plan into the documents a traveller receives:
// a self-contained HTML itinerary (inline CSS, inline SVG maps and charts,
// no external fonts, scripts, images or tiles; prints cleanly), Markdown,
// an iCalendar file (RFC 5545) and GeoJSON (RFC 7946). The templates are
// embedded and parsed once by New; rendering is deterministic — the same
// plan always gives the same bytes — and every string taken from the plan is
// escaped for its format, with control and bidirectional-override
// characters removed.
package templates

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	htmltemplate "html/template"
	"io"
	"sync"
	texttemplate "text/template"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// Version is the renderer's output version. It is part of every ETag, so a
// change to the templates invalidates cached documents.
const Version = "1"

//go:embed tmpl/*.tmpl
var files embed.FS

// Format is a document format.
type Format string

// The formats a Renderer produces.
const (
	FormatHTML     Format = "html"
	FormatMarkdown Format = "md"
	FormatICS      Format = "ics"
	FormatGeoJSON  Format = "geojson"
)

// Formats lists every format.
var Formats = []Format{FormatHTML, FormatMarkdown, FormatICS, FormatGeoJSON}

// ParseFormat returns the format named s ("html", "md", "ics", "geojson").
func ParseFormat(s string) (Format, bool) {
	switch Format(s) {
	case FormatHTML, FormatMarkdown, FormatICS, FormatGeoJSON:
		return Format(s), true
	}
	return "", false
}

// ContentType returns the media type of documents in f.
func (f Format) ContentType() string {
	switch f {
	case FormatHTML:
		return "text/html; charset=utf-8"
	case FormatMarkdown:
		return "text/markdown; charset=utf-8"
	case FormatICS:
		return "text/calendar; charset=utf-8"
	case FormatGeoJSON:
		return "application/geo+json"
	}
	return "application/octet-stream"
}

// Renderer renders plans. It is safe for concurrent use; the zero value is
// not usable, call New.
type Renderer struct {
	html  *htmltemplate.Template
	md    *texttemplate.Template
	zones sync.Map // IANA name → *time.Location
}

// New parses the embedded templates. It returns an error, never panics,
// when a template does not parse.
func New() (*Renderer, error) {
	h, err := htmltemplate.New("itinerary").ParseFS(files, "tmpl/itinerary.html.tmpl", "tmpl/style.css.tmpl")
	if err != nil {
		return nil, fmt.Errorf("templates: parse html: %w", err)
	}
	m, err := texttemplate.New("itinerary").ParseFS(files, "tmpl/itinerary.md.tmpl")
	if err != nil {
		return nil, fmt.Errorf("templates: parse markdown: %w", err)
	}
	r := &Renderer{html: h.Lookup("itinerary.html.tmpl"), md: m.Lookup("itinerary.md.tmpl")}
	if r.html == nil || r.md == nil {
		return nil, fmt.Errorf("templates: missing the itinerary templates")
	}
	return r, nil
}

func identity(s string) string { return s }

// HTML writes plan as one self-contained HTML page. A nil Itinerary gives a
// page of the trip data and the notes.
func (r *Renderer) HTML(w io.Writer, plan *orchestrator.Plan) error {
	if plan == nil {
		return errNoPlan
	}
	if err := r.html.Execute(w, newView(plan, identity, identity, "–\u200b")); err != nil {
		return fmt.Errorf("templates: html: %w", err)
	}
	return nil
}

// Markdown writes plan as a Markdown document (CommonMark with GFM
// tables). A nil Itinerary gives the trip data and the notes.
func (r *Renderer) Markdown(w io.Writer, plan *orchestrator.Plan) error {
	if plan == nil {
		return errNoPlan
	}
	if err := r.md.Execute(w, newView(plan, mdEscape, mdURL, "–")); err != nil {
		return fmt.Errorf("templates: markdown: %w", err)
	}
	return nil
}

// Render writes plan in format f.
func (r *Renderer) Render(w io.Writer, plan *orchestrator.Plan, f Format) error {
	switch f {
	case FormatHTML:
		return r.HTML(w, plan)
	case FormatMarkdown:
		return r.Markdown(w, plan)
	case FormatICS:
		return r.ICS(w, plan)
	case FormatGeoJSON:
		return r.GeoJSON(w, plan)
	}
	return &orchestrator.Error{Code: orchestrator.EINVALID, Field: "format", Message: fmt.Sprintf("unknown format %q; use html, md, ics or geojson", string(f))}
}

// RenderBytes renders plan in format f into memory, so that a failure
// leaves nothing half-written.
func (r *Renderer) RenderBytes(plan *orchestrator.Plan, f Format) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(32 << 10)
	if err := r.Render(&buf, plan, f); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

var errNoPlan = &orchestrator.Error{Code: orchestrator.EINVALID, Field: "plan", Message: "no plan to render"}

// ETag returns a strong HTTP entity tag for the documents of plan: a hash of
// the plan's JSON and the renderer Version, quoted. Equal plans have equal
// tags; it is the same for every format (each format has its own URL).
func ETag(plan *orchestrator.Plan) string {
	h := sha256.New()
	h.Write([]byte("tripweave-render-v" + Version + "\x00"))
	if err := json.NewEncoder(h).Encode(plan); err != nil {
		// A plan always encodes; if a future field cannot, fall back to its
		// identity so the tag still changes with the plan's ID and time.
		fmt.Fprintf(h, "%s\x00%s", plan.ID, plan.CreatedAt.Format(time.RFC3339Nano))
	}
	return `"` + hex.EncodeToString(h.Sum(nil)[:16]) + `"`
}

// location returns the time zone named name; nil when unknown. Known zones
// are cached (there are a few hundred); unknown names are not, so a hostile
// plan cannot grow the cache.
func (r *Renderer) location(name string) *time.Location {
	if name == "" || name == "Local" || len(name) > 64 {
		return nil
	}
	if v, ok := r.zones.Load(name); ok {
		return v.(*time.Location)
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil
	}
	r.zones.Store(name, loc)
	return loc
}
