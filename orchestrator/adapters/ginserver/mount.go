package ginserver

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// Mount serves h at path for each of methods beside the JSON API, behind
// the same request ID, recovery, access log and metrics (the MCP endpoint
// and the A2A agent are mounted so). Call it before serving.
func (s *Server) Mount(h http.Handler, path string, methods ...string) {
	wrapped := gin.WrapH(h)
	for _, m := range methods {
		s.engine.Handle(m, path, wrapped)
	}
}

// Routes lists every route the server answers (method, path with :params),
// mounted ones included; the OpenAPI test walks them.
func (s *Server) Routes() gin.RoutesInfo { return s.engine.Routes() }
