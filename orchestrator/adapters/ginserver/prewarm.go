package ginserver

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/tripweave/tripweave/orchestrator"
)

// enqueuePrewarm answers POST /v1/prewarm: the job
// {"cities": [...], "language": "en", "kinds": [...], "job": "id"} goes on
// the shared pre-warm queue; 202 with its status and Location
// /v1/prewarm/{job}. Without a queue (no REDIS_URL) it is a 503.
func (s *Server) enqueuePrewarm(c *gin.Context) {
	if s.cfg.Prewarm == nil {
		writeError(c, s.log, orchestrator.Errorf(orchestrator.EUNAVAILABLE, "distributed pre-warming needs a shared Redis (REDIS_URL) and workers (orchestrator worker)"))
		return
	}
	var job orchestrator.PrewarmJob
	if err := decodeJSON(c, &job); err != nil {
		writeError(c, s.log, err)
		return
	}
	st, err := s.cfg.Prewarm.Enqueue(c.Request.Context(), job)
	if err != nil {
		writeError(c, s.log, err)
		return
	}
	c.Header("Location", "/v1/prewarm/"+st.Job)
	c.JSON(http.StatusAccepted, st)
}

// prewarmStatus answers GET /v1/prewarm/{job}: the job's progress.
func (s *Server) prewarmStatus(c *gin.Context) {
	if s.cfg.Prewarm == nil {
		writeError(c, s.log, orchestrator.Errorf(orchestrator.EUNAVAILABLE, "distributed pre-warming needs a shared Redis (REDIS_URL)"))
		return
	}
	st, err := s.cfg.Prewarm.Status(c.Request.Context(), c.Param("job"))
	if err != nil {
		writeError(c, s.log, err)
		return
	}
	c.JSON(http.StatusOK, st)
}
