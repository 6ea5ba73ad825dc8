package ginserver

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"
	"sync"

	"github.com/gin-gonic/gin"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/templates"
)

// DocumentCacheControl is the Cache-Control of a plan's documents. A stored
// plan never changes, so browsers may keep a document for a few minutes and
// then revalidate it with If-None-Match (the ETag is the plan's hash and the
// renderer's version); plans are personal, so shared caches may not keep
// them.
const DocumentCacheControl = "private, max-age=300"

// documentCSP forbids everything an itinerary page does not need: it has no
// script, no external resource and no form, only inline styles and SVG.
const documentCSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// splitFormat splits "pl_x.html" into the plan ID and its document format.
func splitFormat(id string) (string, templates.Format, bool) {
	i := strings.LastIndexByte(id, '.')
	if i < 0 {
		return "", "", false
	}
	f, ok := templates.ParseFormat(id[i+1:])
	return id[:i], f, ok
}

// renderPlan answers GET /v1/plans/{id}.{html,md,ics,geojson}: the stored
// plan rendered in format f, with its ETag, or 304 when If-None-Match
// matches.
func (s *Server) renderPlan(c *gin.Context, id string, f templates.Format) {
	if !planIDPattern.MatchString(id) {
		writeError(c, s.log, orchestrator.Errorf(orchestrator.ENOTFOUND, "no plan %q", id))
		return
	}
	if s.cfg.Renderer == nil {
		writeError(c, s.log, orchestrator.Errorf(orchestrator.EUNAVAILABLE, "documents are not configured on this server"))
		return
	}
	p, etag, err := s.storedPlan(c.Request.Context(), id)
	if err != nil {
		writeError(c, s.log, err)
		return
	}
	if etagMatch(c.GetHeader("If-None-Match"), etag) {
		h := c.Writer.Header()
		h.Set("ETag", etag)
		h.Set("Cache-Control", DocumentCacheControl)
		c.Status(http.StatusNotModified)
		c.Writer.WriteHeaderNow()
		return
	}
	body, ok := s.docs.get(etag, f)
	if !ok {
		if p == nil {
			if p, err = s.cfg.Store.Plan(c.Request.Context(), id); err != nil {
				writeError(c, s.log, err)
				return
			}
		}
		if body, err = s.cfg.Renderer.RenderBytes(p, f); err != nil {
			writeError(c, s.log, err)
			return
		}
		s.docs.put(etag, f, body)
	}
	h := c.Writer.Header()
	h.Set("ETag", etag)
	h.Set("Cache-Control", DocumentCacheControl)
	h.Set("X-Content-Type-Options", "nosniff")
	switch f {
	case templates.FormatHTML:
		h.Set("Content-Security-Policy", documentCSP)
		h.Set("Referrer-Policy", "no-referrer")
	case templates.FormatICS:
		h.Set("Content-Disposition", `attachment; filename="`+id+`.ics"`)
	}
	c.Data(http.StatusOK, f.ContentType(), body)
}

// etagMatch reports whether an If-None-Match header value matches etag,
// with the weak comparison RFC 9110 prescribes for it: "*" matches
// anything, and W/ prefixes are ignored.
func etagMatch(header, etag string) bool {
	header = strings.TrimSpace(header)
	if header == "" {
		return false
	}
	if header == "*" {
		return true
	}
	want := strings.TrimPrefix(etag, "W/")
	for _, t := range strings.Split(header, ",") {
		if strings.TrimPrefix(strings.TrimSpace(t), "W/") == want {
			return true
		}
	}
	return false
}

// storedPlan returns plan id's entity tag and, when the tag could not be
// had without it, the plan. A store that keeps plans by reference gives
// the tag from its own (LeanPlanStore) without reading the trip; a store that keeps plans as JSON documents
// (PlanJSON) gives the tag from the stored bytes — the renderer's version
// and the document's hash, the same on every read — without decoding the
// plan; otherwise the tag is templates.ETag of the decoded plan.
func (s *Server) storedPlan(ctx context.Context, id string) (*orchestrator.Plan, string, error) {
	if ls, ok := s.cfg.Store.(orchestrator.LeanPlanStore); ok {
		// Stored by reference: the store's tag covers the lean plan and
		// the content addresses of the trip's values.
		_, tag, err := ls.LeanPlanJSON(ctx, id)
		if err != nil {
			return nil, "", err
		}
		return nil, documentETag([]byte(tag)), nil
	}
	if raw, ok := s.cfg.Store.(interface {
		PlanJSON(ctx context.Context, id string) ([]byte, error)
	}); ok {
		data, err := raw.PlanJSON(ctx, id)
		if err != nil {
			return nil, "", err
		}
		return nil, documentETag(data), nil
	}
	p, err := s.cfg.Store.Plan(ctx, id)
	if err != nil {
		return nil, "", err
	}
	return p, templates.ETag(p), nil
}

// documentETag is the entity tag of the documents rendered from a stored
// plan document: the renderer's version and the document's SHA-256, equal
// to templates.ETag of the plan when the document is json.Marshal's.
func documentETag(doc []byte) string {
	h := sha256.New()
	h.Write([]byte("tripweave-render-v" + templates.Version + "\x00"))
	h.Write(doc)
	h.Write([]byte{'\n'})
	return `"` + hex.EncodeToString(h.Sum(nil)[:16]) + `"`
}

// docCache keeps recently rendered documents by entity tag and format: a
// stored plan never changes, so a document rendered once is served again
// without rendering until the cache is full (then it starts over).
type docCache struct {
	mu  sync.Mutex
	max int
	m   map[string][]byte
}

func newDocCache(max int) *docCache { return &docCache{max: max, m: map[string][]byte{}} }

func (d *docCache) get(etag string, f templates.Format) ([]byte, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	b, ok := d.m[etag+string(f)]
	return b, ok
}

func (d *docCache) put(etag string, f templates.Format, body []byte) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.m) >= d.max {
		clear(d.m)
	}
	d.m[etag+string(f)] = body
}
