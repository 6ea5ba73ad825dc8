package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestGroundingOnHeldAttractions reads requests through POST /v1/briefs on
// a server holding the sandbox's Chengdu attractions in its knowledge
// cache: must-see sights are matched to the attractions held, across
// languages and short names (the parser's Options.Attractions, wired to the
// cache by kbAttractions).
func TestGroundingOnHeldAttractions(t *testing.T) {
	app := warmApp(t)
	h := app.Server.Handler()
	for _, c := range []struct{ query, want string }{
		{"成都三日游，一定要去东郊记忆和熊猫基地", "熊猫基地 = 成都大熊猫繁育研究基地"},
		{"3 days in Chengdu, must see the Wenshu Monastery", "Wenshu Monastery = 文殊院"},
	} {
		body, _ := json.Marshal(map[string]string{"query": c.query, "now": "2026-05-01T09:00:00+08:00"})
		req := httptest.NewRequest(http.MethodPost, "/v1/briefs", strings.NewReader(string(body)))
		req.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), c.want) {
			t.Errorf("%s: %d %s, want a note matching %s", c.query, w.Code, w.Body, c.want)
		}
	}
}
