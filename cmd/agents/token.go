package main

import (
	"crypto/subtle"
	"fmt"
	"net"
	"net/http"
	"strings"
)

// requireToken wraps h so that every request but GET /healthz must carry
// "Authorization: Bearer <token>"; an empty token lets everything through.
func requireToken(token string, h http.Handler) http.Handler {
	if token == "" {
		return h
	}
	want := []byte("Bearer " + token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/healthz" && subtle.ConstantTimeCompare([]byte(r.Header.Get("Authorization")), want) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="tripweave-agents"`)
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = w.Write([]byte(`{"error":{"code":"unauthorized","message":"the agents server needs Authorization: Bearer <TRIPWEAVE_AGENTS_TOKEN>"}}` + "\n"))
			return
		}
		h.ServeHTTP(w, r)
	})
}

// checkExposure refuses to serve tools beyond loopback without a token:
// anyone who reached them would spend the providers' quotas.
func checkExposure(addr, token string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("agents: listen address %q: %w", addr, err)
	}
	ip := net.ParseIP(host)
	if token == "" && host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return fmt.Errorf("agents: %s listens beyond loopback; set TRIPWEAVE_AGENTS_TOKEN (and the same on the orchestrator) or listen on 127.0.0.1", strings.TrimSpace(addr))
	}
	return nil
}
