package main

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestRequireToken(t *testing.T) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
	h := requireToken("s3cret", ok)
	for _, tc := range []struct {
		path, auth string
		want       int
	}{
		{"/mcp", "", 401},
		{"/mcp", "Bearer wrong", 401},
		{"/mcp", "Bearer s3cret", 204},
		{"/quotas", "", 401},
		{"/healthz", "", 204},
	} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("POST", tc.path, nil)
		if tc.auth != "" {
			req.Header.Set("Authorization", tc.auth)
		}
		h.ServeHTTP(rec, req)
		if rec.Code != tc.want {
			t.Errorf("%s with %q: %d, want %d", tc.path, tc.auth, rec.Code, tc.want)
		}
	}
	for addr, wantErr := range map[string]bool{"127.0.0.1:8081": false, "localhost:1": false, "[::1]:8081": false, ":8081": true, "0.0.0.0:8081": true} {
		if err := checkExposure(addr, ""); (err != nil) != wantErr {
			t.Errorf("%s without a token: %v", addr, err)
		}
		if err := checkExposure(addr, "t"); err != nil {
			t.Errorf("%s with a token: %v", addr, err)
		}
	}
}
