package ginserver

import (
	"bytes"
	"crypto/rand"
	"embed"
	"encoding/base64"
	"fmt"
	"html/template"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/tripweave/tripweave/orchestrator"
)

//go:embed page.html
var pageFS embed.FS

// pageTemplate is the page at /, parsed once when the package loads; a
// parse error is kept and answered as a 500 at /, never panicked.
var pageTemplate, pageErr = parsePage()

func parsePage() (*template.Template, error) {
	t, err := template.ParseFS(pageFS, "page.html")
	if err != nil {
		return nil, fmt.Errorf("ginserver: page template: %w", err)
	}
	return t, nil
}

// pageData is what page.html renders.
type pageData struct {
	// Nonce authorizes the page's inline script and style under its CSP.
	Nonce string
}

// page answers GET / with a form to type a request or paste a brief, which
// plans it over the progress stream, shows the DAG's nodes as they run and
// opens the itinerary when it is done.
func (s *Server) page(c *gin.Context) {
	if pageErr != nil {
		writeError(c, s.log, pageErr)
		return
	}
	var n [16]byte
	_, _ = rand.Read(n[:])
	nonce := base64.RawURLEncoding.EncodeToString(n[:])
	var buf bytes.Buffer
	if err := pageTemplate.Execute(&buf, pageData{Nonce: nonce}); err != nil {
		writeError(c, s.log, orchestrator.Errorf(orchestrator.EINTERNAL, "page: %v", err))
		return
	}
	h := c.Writer.Header()
	h.Set("Content-Security-Policy", "default-src 'none'; script-src 'nonce-"+nonce+"'; style-src 'nonce-"+nonce+"'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cache-Control", "no-cache")
	c.Data(http.StatusOK, "text/html; charset=utf-8", buf.Bytes())
}
