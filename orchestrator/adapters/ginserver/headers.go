package ginserver

import (
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/tripweave/tripweave/orchestrator"
)

// nosniff tells browsers to trust the Content-Type of every response, so a
// JSON body holding markup is never run as HTML.
func nosniff(c *gin.Context) {
	c.Header("X-Content-Type-Options", "nosniff")
	c.Next()
}

// corsMaxAge is how long browsers may cache a preflight answer.
const corsMaxAge = 10 * 60

// cors applies the allow-list of browser origins (Config.CORSOrigins): a
// listed origin (or any, with "*") gets Access-Control-Allow-Origin and its
// preflight requests are answered with 204; other origins get no CORS
// headers, so browsers keep their pages from reading the answers, and their
// preflights are refused with 403. Requests without an Origin header (every
// non-browser client) pass untouched.
func (s *Server) cors(c *gin.Context) {
	origin := c.GetHeader("Origin")
	if origin == "" {
		c.Next()
		return
	}
	c.Header("Vary", "Origin")
	allowed := s.originAllowed(origin)
	preflight := c.Request.Method == http.MethodOptions && c.GetHeader("Access-Control-Request-Method") != ""
	if !allowed {
		if preflight {
			writeError(c, s.log, orchestrator.Errorf(orchestrator.EFORBIDDEN, "origin %s is not allowed (TRIPWEAVE_CORS_ORIGINS)", origin))
			return
		}
		c.Next()
		return
	}
	c.Header("Access-Control-Allow-Origin", origin)
	c.Header("Access-Control-Expose-Headers", "Location, Retry-After, X-Request-ID")
	if preflight {
		c.Header("Access-Control-Allow-Methods", "GET, POST, DELETE, OPTIONS")
		c.Header("Access-Control-Allow-Headers", "Authorization, Content-Type, Accept, X-Request-ID")
		c.Header("Access-Control-Max-Age", strconv.Itoa(corsMaxAge))
		c.AbortWithStatus(http.StatusNoContent)
		return
	}
	c.Next()
}

func (s *Server) originAllowed(origin string) bool {
	for _, o := range s.cfg.CORSOrigins {
		if o == "*" || strings.EqualFold(o, origin) {
			return true
		}
	}
	return false
}

// requireJSON checks a request body's media type: it must be present and be
// application/json (compared case-insensitively, parameters such as charset
// allowed), which also keeps cross-site HTML forms (which cannot send JSON)
// from posting.
func requireJSON(r *http.Request) error {
	ct := r.Header.Get("Content-Type")
	if ct == "" {
		return orchestrator.Errorf(orchestrator.EUNSUPPORTED, "a body needs Content-Type: application/json")
	}
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil || mt != "application/json" { // ParseMediaType lower-cases the type
		return orchestrator.Errorf(orchestrator.EUNSUPPORTED, "content type must be application/json, not %s", ct)
	}
	return nil
}
