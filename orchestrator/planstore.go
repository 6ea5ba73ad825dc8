package orchestrator

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"
)

// PlanStore keeps plans and their traces: the system of record every
// replica shares. A plan is acknowledged to the caller only after SavePlan
// returns nil. orchestrator/adapters/storetest holds the contract every
// implementation passes (SQLite, PostgreSQL, Supabase).
type PlanStore interface {
	// SavePlan stores a plan and its run trace atomically, replacing any
	// plan with the same ID and its trace; r may be nil for no trace. A plan
	// without an ID, or a run of another plan, is an EINVALID *Error.
	SavePlan(ctx context.Context, p *Plan, r *Run) error
	// Plan returns the plan with id, or an ENOTFOUND *Error.
	Plan(ctx context.Context, id string) (*Plan, error)
	// PlanJSON returns the JSON of plan id as the API serves it: it decodes
	// to the saved plan. It returns an ENOTFOUND *Error for an unknown id.
	PlanJSON(ctx context.Context, id string) ([]byte, error)
	// Run returns the trace of plan id, or an ENOTFOUND *Error.
	Run(ctx context.Context, planID string) (*Run, error)
	// ListPlans returns one page of plans matching f, newest first (ties
	// broken by descending ID), and the cursor of the next page ("" on the
	// last page). A malformed filter or cursor is an EINVALID *Error.
	ListPlans(ctx context.Context, f PlanFilter) (PlanPage, error)
	// DeletePlan removes plan id and its trace, or returns an ENOTFOUND
	// *Error when there is no such plan.
	DeletePlan(ctx context.Context, id string) error
	// DeletePlansBefore removes every plan created before t, with its trace,
	// and returns how many it removed (retention).
	DeletePlansBefore(ctx context.Context, t time.Time) (int, error)
	// Ping reports whether the store is reachable.
	Ping(ctx context.Context) error
	Close() error
}

// List limits.
const (
	DefaultListLimit = 50
	MaxListLimit     = 500
)

// PlanFilter selects plans for PlanStore.ListPlans. The zero value lists
// every plan, DefaultListLimit at a time.
type PlanFilter struct {
	// Status, when set, keeps plans with this status (complete, partial,
	// needs_input).
	Status string
	// CreatedFrom and CreatedTo, when set, keep plans created at or after
	// CreatedFrom and strictly before CreatedTo.
	CreatedFrom, CreatedTo time.Time
	// Limit is the page size: 0 means DefaultListLimit; at most
	// MaxListLimit.
	Limit int
	// Cursor is PlanPage.Next of the previous page; "" starts at the newest.
	Cursor string
}

// PlanSummary is one plan in a list: enough to choose it, not the whole
// plan.
type PlanSummary struct {
	ID           string    `json:"id"`
	CreatedAt    time.Time `json:"created_at"`
	Status       string    `json:"status"`
	Query        string    `json:"query,omitempty"`
	Destinations []string  `json:"destinations"`
	StartDate    string    `json:"start_date,omitempty"`
	Days         int       `json:"days,omitempty"`
	// Replaces is set on a repaired plan: the plan it replaces, so that a
	// listing shows the versions of a trip.
	Replaces string `json:"replaces,omitempty"`
}

// PlanPage is one page of PlanStore.ListPlans.
type PlanPage struct {
	Plans []PlanSummary `json:"plans"`
	// Next is the cursor of the following page, "" when this is the last.
	Next string `json:"next_cursor,omitempty"`
}

// PlanStatuses are the statuses a stored plan can have.
var PlanStatuses = []string{PlanComplete, PlanPartial, PlanNeedsInput}

// Validate checks f and fills its defaults, returning the position the
// cursor encodes (zero when there is none). Errors are EINVALID *Errors
// naming the query parameter at fault.
func (f *PlanFilter) Validate() (PlanCursor, error) {
	switch {
	case f.Limit == 0:
		f.Limit = DefaultListLimit
	case f.Limit < 0 || f.Limit > MaxListLimit:
		return PlanCursor{}, FieldErrorf("limit", "must be between 1 and %d", MaxListLimit)
	}
	if f.Status != "" {
		ok := false
		for _, s := range PlanStatuses {
			ok = ok || s == f.Status
		}
		if !ok {
			return PlanCursor{}, FieldErrorf("status", "%q is not one of %s", f.Status, strings.Join(PlanStatuses, ", "))
		}
	}
	if !f.CreatedFrom.IsZero() && !f.CreatedTo.IsZero() && !f.CreatedFrom.Before(f.CreatedTo) {
		return PlanCursor{}, FieldErrorf("created_to", "must be after created_from")
	}
	if f.Cursor == "" {
		return PlanCursor{}, nil
	}
	return ParsePlanCursor(f.Cursor)
}

// PlanCursor is a position in the list order (created_at descending, then
// id descending): the last plan of a page. The next page starts strictly
// after it.
type PlanCursor struct {
	CreatedAt time.Time
	ID        string
}

// IsZero reports whether c is the start of the list.
func (c PlanCursor) IsZero() bool { return c.ID == "" }

// String encodes c as an opaque URL-safe token.
func (c PlanCursor) String() string {
	if c.IsZero() {
		return ""
	}
	raw := c.CreatedAt.UTC().Format(time.RFC3339Nano) + "|" + c.ID
	return base64.RawURLEncoding.EncodeToString([]byte(raw))
}

// ParsePlanCursor decodes a token made by PlanCursor.String, or returns an
// EINVALID *Error naming "cursor".
func ParsePlanCursor(s string) (PlanCursor, error) {
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return PlanCursor{}, FieldErrorf("cursor", "not a cursor returned by this API")
	}
	at, id, ok := strings.Cut(string(raw), "|")
	if !ok || id == "" {
		return PlanCursor{}, FieldErrorf("cursor", "not a cursor returned by this API")
	}
	t, err := time.Parse(time.RFC3339Nano, at)
	if err != nil {
		return PlanCursor{}, FieldErrorf("cursor", "not a cursor returned by this API")
	}
	return PlanCursor{CreatedAt: t.UTC(), ID: id}, nil
}

// NextPage turns up to limit+1 summaries read in list order into a page:
// when there is one more than limit, the page keeps limit and its Next
// points after the last kept one. Stores read limit+1 rows so they know
// whether another page follows without counting.
func NextPage(rows []PlanSummary, limit int) PlanPage {
	if rows == nil {
		rows = []PlanSummary{}
	}
	if len(rows) <= limit {
		return PlanPage{Plans: rows}
	}
	rows = rows[:limit]
	last := rows[len(rows)-1]
	return PlanPage{Plans: rows, Next: PlanCursor{CreatedAt: last.CreatedAt, ID: last.ID}.String()}
}

// Summarize returns p's list entry.
func (p *Plan) Summarize() PlanSummary {
	dest := p.Brief.Destinations
	if dest == nil {
		dest = []string{}
	}
	return PlanSummary{
		ID: p.ID, CreatedAt: p.CreatedAt.UTC(), Status: p.Status, Query: p.Query,
		Destinations: dest, StartDate: p.Brief.StartDate, Days: p.Brief.Days, Replaces: p.Replaces,
	}
}

// CheckSave validates SavePlan's arguments the same way in every store and
// returns the spans to write.
func CheckSave(p *Plan, r *Run) ([]Span, error) {
	if p == nil {
		return nil, Errorf(EINVALID, "no plan to save")
	}
	if p.ID == "" {
		return nil, FieldErrorf("id", "a plan needs an id to be saved")
	}
	if err := CheckStorableText(p); err != nil {
		return nil, err
	}
	if r == nil {
		return nil, nil
	}
	if r.PlanID != "" && r.PlanID != p.ID {
		return nil, FieldErrorf("plan_id", "run of plan %q saved with plan %q", r.PlanID, p.ID)
	}
	for i, sp := range r.Spans {
		if math.IsNaN(sp.DurationMS) || math.IsInf(sp.DurationMS, 0) {
			return nil, FieldErrorf(fmt.Sprintf("spans[%d].duration_ms", i), "must be a finite number")
		}
	}
	return r.Spans, nil
}

// CheckStorableText refuses a plan whose request text holds a NUL
// character (U+0000), which PostgreSQL cannot keep in text or JSONB: every
// store answers the same EINVALID naming the query, so no store accepts
// what another refuses. Brief fields are cleaned of control characters by
// Normalize before they get here.
func CheckStorableText(p *Plan) error {
	if strings.IndexByte(p.Query, 0) >= 0 {
		return FieldErrorf("query", "the request text contains a NUL character (U+0000); send it as plain text without control characters")
	}
	return nil
}

// LeanPlan is a plan as the API sends it by default: every field but the
// trip — its catalogs and travel matrices, hundreds of kilobytes — which
// only ?include=trip adds. json.Marshal of a LeanPlan is the plan's JSON
// without the "trip" member.
type LeanPlan struct {
	*Plan
	Trip *Trip `json:"trip,omitempty"` // shadows Plan.Trip
}

// LeanPlanStore is a PlanStore that keeps plans by reference — the large
// values of a trip (Sourced.Ref) once per content, the plan apart from them
// — and so can read a plan without its trip cheaply. It is optional: the
// API serves lean plans from any PlanStore, faster from one of these.
type LeanPlanStore interface {
	PlanStore
	// LeanPlanJSON returns json.Marshal(LeanPlan{p}) of the saved plan p,
	// and a tag that identifies everything stored for p, its trip's
	// referenced values included: equal tags mean equal plans. It returns
	// an ENOTFOUND *Error for an unknown id.
	LeanPlanJSON(ctx context.Context, id string) (doc []byte, tag string, err error)
}

// ContentRef returns the content address of a JSON document:
// "sha256-" and the hex SHA-256 of doc.
func ContentRef(doc []byte) string {
	h := sha256.Sum256(doc)
	return "sha256-" + hex.EncodeToString(h[:])
}

// TripBlob is one large value of a trip that a store keeps once, under
// its content address.
type TripBlob struct {
	Ref   string
	value any
}

// Encode returns the value's JSON. A store calls it only for a Ref it does
// not hold yet and checks that ContentRef of the JSON is Ref.
func (b TripBlob) Encode() ([]byte, error) { return json.Marshal(b.value) }

// SplitTrip returns a copy of t in which every section with a Ref (each
// city's attractions, restaurants, hotels, travel matrix and guide, and
// each transport leg) keeps only its provenance and Ref, and those
// sections' values, one per Ref. t is not modified; sections without a Ref
// stay in the copy whole.
func SplitTrip(t *Trip) (Trip, []TripBlob) {
	out := *t
	var blobs []TripBlob
	seen := map[string]bool{}
	if t.Transport != nil {
		out.Transport = make([]Sourced[TransportLeg], len(t.Transport))
		for i := range t.Transport {
			out.Transport[i] = *splitSourced(&t.Transport[i], &blobs, seen)
		}
	}
	if t.Cities == nil {
		return out, blobs
	}
	out.Cities = make([]CityData, len(t.Cities))
	for i, c := range t.Cities {
		c.Attractions = splitSourced(c.Attractions, &blobs, seen)
		c.Restaurants = splitSourced(c.Restaurants, &blobs, seen)
		c.Hotels = splitSourced(c.Hotels, &blobs, seen)
		c.Matrix = splitSourced(c.Matrix, &blobs, seen)
		c.Guide = splitSourced(c.Guide, &blobs, seen)
		out.Cities[i] = c
	}
	return out, blobs
}

// JoinTrip fills the values of t's referenced sections (as SplitTrip left
// them) from their JSON, which blob returns by Ref.
func JoinTrip(t *Trip, blob func(ref string) ([]byte, error)) error {
	for i := range t.Transport {
		if err := joinSourced(&t.Transport[i], blob); err != nil {
			return err
		}
	}
	for i := range t.Cities {
		c := &t.Cities[i]
		if err := errors.Join(
			joinSourced(c.Attractions, blob), joinSourced(c.Restaurants, blob), joinSourced(c.Hotels, blob),
			joinSourced(c.Matrix, blob), joinSourced(c.Guide, blob)); err != nil {
			return err
		}
	}
	return nil
}

func splitSourced[T any](s *Sourced[T], blobs *[]TripBlob, seen map[string]bool) *Sourced[T] {
	if s == nil || s.Ref == "" {
		return s
	}
	if !seen[s.Ref] {
		seen[s.Ref] = true
		*blobs = append(*blobs, TripBlob{Ref: s.Ref, value: s.Value})
	}
	return &Sourced[T]{Provenance: s.Provenance, Ref: s.Ref}
}

func joinSourced[T any](s *Sourced[T], blob func(ref string) ([]byte, error)) error {
	if s == nil || s.Ref == "" {
		return nil
	}
	doc, err := blob(s.Ref)
	if err != nil {
		return err
	}
	var v T
	if err := json.Unmarshal(doc, &v); err != nil {
		return fmt.Errorf("trip value %s: %w", s.Ref, err)
	}
	s.Value = v
	return nil
}
