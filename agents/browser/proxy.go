package browser

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"
)

// egressProxy is the browser's only way out: Chromium runs with
// --proxy-server pointing here, loopback included, so every connection a
// page opens (documents, XHR, WebSockets, anything the DevTools Fetch
// interception does not see) is checked against the union of every allowed
// host. The proxy resolves names itself and dials only vetted addresses, so a
// name cannot be rebound to a private address between check and connect.
// The per-page checks of the Fetch interception come first; this is the
// backstop.
type egressProxy struct {
	pol    *policy
	logger *slog.Logger
	ln     net.Listener
	srv    *http.Server
	tr     *http.Transport

	mu     sync.Mutex
	conns  map[net.Conn]bool // hijacked tunnels, closed by close
	closed bool
	wg     sync.WaitGroup // the server and the tunnel copiers
}

const proxyDialTimeout = 10 * time.Second

func startProxy(pol *policy, logger *slog.Logger) (*egressProxy, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	p := &egressProxy{pol: pol, logger: logger, ln: ln, conns: map[net.Conn]bool{}}
	p.tr = &http.Transport{
		Proxy:                 nil,
		DialContext:           p.dial,
		MaxIdleConnsPerHost:   4,
		IdleConnTimeout:       30 * time.Second,
		ResponseHeaderTimeout: time.Minute,
		DisableCompression:    true,
	}
	p.srv = &http.Server{Handler: p, ReadHeaderTimeout: 10 * time.Second, ErrorLog: slog.NewLogLogger(logger.Handler(), slog.LevelDebug)}
	p.wg.Go(func() { p.srv.Serve(ln) }) // returns when close shuts the server down
	return p, nil
}

func (p *egressProxy) addr() string { return p.ln.Addr().String() }

// close stops the proxy and every tunnel, and waits for them.
func (p *egressProxy) close() {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	p.srv.Shutdown(ctx)
	p.srv.Close()
	p.mu.Lock()
	p.closed = true
	for c := range p.conns {
		c.Close()
	}
	p.mu.Unlock()
	p.wg.Wait()
	p.tr.CloseIdleConnections()
}

// allowed reports whether host:port may be reached.
func (p *egressProxy) allowed(hostport string) (host, port string, ok bool) {
	host, port, err := net.SplitHostPort(hostport)
	if err != nil {
		return "", "", false
	}
	host = strings.ToLower(strings.Trim(host, "[]"))
	for _, hp := range p.pol.hosts {
		if hp.match(host, port) {
			return host, port, true
		}
	}
	return host, port, false
}

// dial connects to an allowed host:port through a vetted address.
func (p *egressProxy) dial(ctx context.Context, network, hostport string) (net.Conn, error) {
	host, port, ok := p.allowed(hostport)
	if !ok {
		return nil, errors.New("host not allowed")
	}
	var addrs []netip.Addr
	if a, err := netip.ParseAddr(host); err == nil {
		addrs = []netip.Addr{a}
	} else {
		lctx, cancel := context.WithTimeout(ctx, lookupTimeout)
		addrs, err = p.pol.lookup(lctx, host)
		cancel()
		if err != nil {
			return nil, err
		}
	}
	var d net.Dialer
	d.Timeout = proxyDialTimeout
	var lastErr error = errors.New("no address")
	for _, a := range addrs {
		if !p.pol.allowPrivate && privateAddr(a) {
			lastErr = errors.New("private address")
			continue
		}
		c, err := d.DialContext(ctx, "tcp", net.JoinHostPort(a.Unmap().String(), port))
		if err == nil {
			return c, nil
		}
		lastErr = err
	}
	return nil, lastErr
}

// ServeHTTP tunnels CONNECT requests and forwards absolute-URI requests.
func (p *egressProxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodConnect {
		p.tunnel(w, r)
		return
	}
	if r.URL.Scheme != "http" || r.URL.Host == "" {
		http.Error(w, "not a proxy request", http.StatusBadRequest)
		return
	}
	hostport := r.URL.Host
	if r.URL.Port() == "" {
		hostport = net.JoinHostPort(r.URL.Hostname(), "80")
	}
	if _, _, ok := p.allowed(hostport); !ok {
		p.logger.Debug("proxy refused", "host", r.URL.Host)
		http.Error(w, "host not allowed", http.StatusForbidden)
		return
	}
	out := r.Clone(r.Context())
	out.RequestURI = ""
	for _, h := range []string{"Proxy-Connection", "Proxy-Authorization", "Connection", "Keep-Alive", "Te", "Trailer", "Upgrade"} {
		out.Header.Del(h)
	}
	resp, err := p.tr.RoundTrip(out)
	if err != nil {
		p.logger.Debug("proxy upstream", "host", r.URL.Host, "error", err)
		http.Error(w, "upstream unreachable", http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	for k, vs := range resp.Header {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	w.WriteHeader(resp.StatusCode)
	io.Copy(flushWriter{w}, resp.Body)
}

type flushWriter struct{ w http.ResponseWriter }

func (f flushWriter) Write(b []byte) (int, error) {
	n, err := f.w.Write(b)
	if fl, ok := f.w.(http.Flusher); ok {
		fl.Flush()
	}
	return n, err
}

func (p *egressProxy) tunnel(w http.ResponseWriter, r *http.Request) {
	up, err := p.dial(r.Context(), "tcp", r.Host)
	if err != nil {
		p.logger.Debug("proxy refused tunnel", "host", r.Host, "error", err)
		http.Error(w, "tunnel refused", http.StatusForbidden)
		return
	}
	hj, ok := w.(http.Hijacker)
	if !ok {
		up.Close()
		http.Error(w, "cannot tunnel", http.StatusInternalServerError)
		return
	}
	down, buf, err := hj.Hijack()
	if err != nil {
		up.Close()
		return
	}
	if !p.track(up, down) {
		up.Close()
		down.Close()
		return
	}
	down.Write([]byte("HTTP/1.1 200 Connection Established\r\n\r\n"))
	p.wg.Add(2)
	go func() {
		defer p.wg.Done()
		if n := buf.Reader.Buffered(); n > 0 {
			b, _ := buf.Reader.Peek(n)
			up.Write(b)
		}
		io.Copy(up, down)
		closeWrite(up)
	}()
	go func() {
		defer p.wg.Done()
		io.Copy(down, up)
		closeWrite(down)
		p.untrack(up, down)
	}()
}

func closeWrite(c net.Conn) {
	if tc, ok := c.(*net.TCPConn); ok {
		tc.CloseWrite()
		return
	}
	c.Close()
}

func (p *egressProxy) track(cs ...net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return false
	}
	for _, c := range cs {
		p.conns[c] = true
	}
	return true
}

func (p *egressProxy) untrack(cs ...net.Conn) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range cs {
		c.Close()
		delete(p.conns, c)
	}
}
