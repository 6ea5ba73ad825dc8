package ginserver

import (
	"context"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/app/auth"
)

const apiKeyKey = "api_key"

// publicPaths answer without a key even when authentication is on.
var publicPaths = map[string]bool{
	"/": true, "/healthz": true, "/readyz": true, "/.well-known/agent-card.json": true,
}

// adminPrefixes need the admin scope: operator views.
var adminPrefixes = []string{"/metrics", "/providers"}

// authenticate guards every request: it identifies the caller (identify),
// applies the caller's rate limits and plan quota (limit), keeps plans to
// their owners (owns), and bounds the plans in flight (admit), answering 401/403/404, 429 or 503 itself when
// the request may not go on.
func (s *Server) authenticate(c *gin.Context) {
	key, ok := s.identify(c)
	if !ok {
		return
	}
	if key != nil {
		c.Set(apiKeyKey, key)
		c.Request = c.Request.WithContext(orchestrator.WithCaller(c.Request.Context(), key))
	}
	if !s.limit(c, key) || !s.owns(c, key) {
		return
	}
	release, ok := s.admit(c)
	if !ok {
		return
	}
	defer release()
	c.Next()
}

// identify enforces API keys when Hardening.Auth is set: it reads the key
// from "Authorization: Bearer" (or X-API-Key), answers 401 without a valid
// one and 403 when the key lacks the route's scope (plans:read for reads,
// plans:write for the rest, admin for operator endpoints), and lets a GET
// carrying a plan's share token (?share=) through without a key. It returns the caller's key (nil when
// authentication is off or a share token opened the request) and whether
// the request may go on; when not, it has answered.
func (s *Server) identify(c *gin.Context) (*orchestrator.APIKey, bool) {
	if s.cfg.Auth == nil || publicPaths[c.Request.URL.Path] || c.Request.Method == http.MethodOptions {
		return nil, true
	}
	path := c.Request.URL.Path
	read := c.Request.Method == http.MethodGet || c.Request.Method == http.MethodHead
	planID := ""
	if strings.HasPrefix(c.FullPath(), "/v1/plans/:id") {
		planID = c.Param("id")
		if base, _, ok := splitFormat(planID); ok {
			planID = base
		}
	}
	if tok := c.Query("share"); tok != "" && read && planID != "" {
		if s.shareAllows(c.Request.Context(), planID, tok) {
			return nil, true
		}
		writeError(c, s.log, orchestrator.Errorf(orchestrator.EUNAUTHORIZED, "the share token does not open this plan"))
		return nil, false
	}
	token := bearer(c.Request)
	if token == "" {
		c.Header("WWW-Authenticate", `Bearer realm="tripweave"`)
		writeError(c, s.log, orchestrator.Errorf(orchestrator.EUNAUTHORIZED, "an API key is required: send Authorization: Bearer tw_…"))
		return nil, false
	}
	key, err := s.cfg.Auth.Authenticate(c.Request.Context(), token)
	if err != nil {
		if orchestrator.ErrorCode(err) == orchestrator.EUNAUTHORIZED {
			c.Header("WWW-Authenticate", `Bearer realm="tripweave", error="invalid_token"`)
		}
		writeError(c, s.log, err)
		return nil, false
	}
	scope := orchestrator.ScopePlansWrite
	switch {
	case adminPath(path) || (path == "/v1/plans" && read):
		scope = orchestrator.ScopeAdmin
	case agentPath(path):
		scope = orchestrator.ScopePlansWrite // the tools check plan ownership themselves
	case read:
		scope = orchestrator.ScopePlansRead
	}
	if !key.Has(scope) {
		writeError(c, s.log, orchestrator.Errorf(orchestrator.EFORBIDDEN, "key %s lacks the %s scope", key.ID, scope))
		return nil, false
	}
	return key, true
}

// owns lets a request for a plan through only for the plan's owner or an
// admin key (a nil key: authentication is off, or a share token opened the
// plan); for others it answers 404, as for no plan at all.
func (s *Server) owns(c *gin.Context, key *orchestrator.APIKey) bool {
	if key == nil || key.Has(orchestrator.ScopeAdmin) || !strings.HasPrefix(c.FullPath(), "/v1/plans/:id") {
		return true
	}
	planID := c.Param("id")
	if base, _, ok := splitFormat(planID); ok {
		planID = base
	}
	owner, _, err := s.cfg.Keys.PlanOwner(c.Request.Context(), planID)
	if err != nil && orchestrator.ErrorCode(err) != orchestrator.ENOTFOUND {
		writeError(c, s.log, err)
		return false
	}
	if owner != key.ID {
		writeError(c, s.log, orchestrator.Errorf(orchestrator.ENOTFOUND, "no plan %q", planID))
		return false
	}
	return true
}

// agentPrefixes are the MCP endpoint and the A2A agent: plans:write keys
// may call them, and their plan tools answer only for the key's own plans.
var agentPrefixes = []string{"/mcp", "/a2a"}

func agentPath(path string) bool { return hasPrefix(path, agentPrefixes) }

func adminPath(path string) bool { return hasPrefix(path, adminPrefixes) }

func hasPrefix(path string, prefixes []string) bool {
	for _, p := range prefixes {
		if path == p || strings.HasPrefix(path, p+"/") {
			return true
		}
	}
	return false
}

// bearer returns the key a request presents, or "".
func bearer(r *http.Request) string {
	if h := r.Header.Get("Authorization"); h != "" {
		if scheme, tok, ok := strings.Cut(h, " "); ok && strings.EqualFold(scheme, "Bearer") {
			return strings.TrimSpace(tok)
		}
		return ""
	}
	return strings.TrimSpace(r.Header.Get("X-API-Key"))
}

func (s *Server) shareAllows(ctx context.Context, planID, token string) bool {
	_, hash, err := s.cfg.Keys.PlanOwner(ctx, planID)
	return err == nil && hash != nil && auth.SameHash(token, hash)
}

// callerKey returns the request's API key, or nil when authentication is
// off.
func callerKey(c *gin.Context) *orchestrator.APIKey {
	if v, ok := c.Get(apiKeyKey); ok {
		return v.(*orchestrator.APIKey)
	}
	return nil
}

// sharePlan answers POST /v1/plans/{id}/share: a new share token for the
// plan (replacing any earlier one) and the link that opens it without a key.
func (s *Server) sharePlan(c *gin.Context) {
	if s.cfg.Keys == nil {
		writeError(c, s.log, orchestrator.Errorf(orchestrator.EUNAVAILABLE, "sharing needs API keys (authentication is off)"))
		return
	}
	id := c.Param("id")
	if _, err := s.cfg.Store.Plan(c.Request.Context(), id); err != nil {
		writeError(c, s.log, err)
		return
	}
	token, hash := auth.NewShareToken()
	if err := s.cfg.Keys.SetShareHash(c.Request.Context(), id, hash); err != nil {
		writeError(c, s.log, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"plan_id": id, "share_token": token,
		"url": "/v1/plans/" + id + "?share=" + token, "html": "/v1/plans/" + id + ".html?share=" + token})
}
