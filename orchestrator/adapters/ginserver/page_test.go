package ginserver_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestPage(t *testing.T) {
	st := &memStore{}
	srv := newDocServer(t, &planner{store: st}, st, true, time.Second)
	nonces := map[string]bool{}
	for i := 0; i < 2; i++ {
		resp, body := get(t, srv.URL+"/", nil)
		page := string(body)
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/html; charset=utf-8" {
			t.Fatalf("got %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
		}
		csp := resp.Header.Get("Content-Security-Policy")
		m := regexp.MustCompile(`script-src 'nonce-([A-Za-z0-9_-]+)'`).FindStringSubmatch(csp)
		if m == nil {
			t.Fatalf("CSP without a script nonce: %s", csp)
		}
		nonces[m[1]] = true
		if !strings.Contains(page, `<script nonce="`+m[1]+`">`) || !strings.Contains(page, `<style nonce="`+m[1]+`">`) {
			t.Errorf("the page's script and style do not carry the CSP nonce %s", m[1])
		}
		for _, want := range []string{`id="plan-form"`, `id="request"`, `id="nodes"`, `id="open"`, `"/v1/plans/stream"`, "node_finished"} {
			if !strings.Contains(page, want) {
				t.Errorf("page lacks %s", want)
			}
		}
		if strings.Contains(page, "http://") || strings.Contains(page, "https://") {
			t.Error("the page refers to another site")
		}
	}
	if len(nonces) != 2 {
		t.Error("two requests got the same nonce")
	}
}
