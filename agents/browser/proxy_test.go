package browser

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"testing"
)

func TestEgressProxy(t *testing.T) {
	ok := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "allowed") }))
	defer ok.Close()
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { t.Errorf("the proxy let a request reach %s", r.Host) }))
	defer other.Close()
	okTLS := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "tls") }))
	defer okTLS.Close()
	_, okPort, _ := net.SplitHostPort(ok.Listener.Addr().String())

	lookup := func(_ context.Context, host string) ([]netip.Addr, error) {
		return []netip.Addr{netip.MustParseAddr("127.0.0.1")}, nil // every name "resolves" to loopback
	}
	hosts := []hostPattern{}
	for _, h := range []string{ok.Listener.Addr().String(), okTLS.Listener.Addr().String(), "rebound.example:" + okPort} {
		p, err := parseHostPattern(h)
		if err != nil {
			t.Fatal(err)
		}
		hosts = append(hosts, p)
	}
	get := func(allowPrivate bool, target string) (int, string) {
		t.Helper()
		px, err := startProxy(newPolicy(hosts, allowPrivate, lookup), slog.New(slog.NewTextHandler(io.Discard, nil)))
		if err != nil {
			t.Fatal(err)
		}
		defer px.close()
		tr := okTLS.Client().Transport.(*http.Transport).Clone()
		tr.Proxy = http.ProxyURL(&url.URL{Scheme: "http", Host: px.addr()})
		defer tr.CloseIdleConnections()
		resp, err := (&http.Client{Transport: tr}).Get(target)
		if err != nil {
			return 0, err.Error()
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	for _, tt := range []struct {
		private bool
		url     string
		status  int
		body    string
	}{
		{true, ok.URL + "/x", 200, "allowed"},
		{true, okTLS.URL + "/x", 200, "tls"},                                            // CONNECT tunnel
		{true, other.URL + "/x", 403, "host not allowed"},                               // same IP, other port
		{true, strings.Replace(other.URL, "http:", "https:", 1) + "/x", 0, "Forbidden"}, // CONNECT refused
		{true, "http://rebound.example:" + okPort + "/x", 200, "allowed"},
		{false, "http://rebound.example:" + okPort + "/x", 502, "upstream unreachable"}, // resolves to loopback: not dialled
		{false, ok.URL + "/x", 502, "upstream unreachable"},
	} {
		status, body := get(tt.private, tt.url)
		if status != tt.status || !strings.Contains(body, tt.body) {
			t.Errorf("GET %s (private %v) = %d %q, want %d %q", tt.url, tt.private, status, body, tt.status, tt.body)
		}
	}
}
