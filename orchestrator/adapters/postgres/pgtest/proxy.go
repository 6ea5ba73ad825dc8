package pgtest

import (
	"net"
	"net/url"
	"sync"
	"testing"
)

// Proxy is a TCP proxy in front of a PostgreSQL server that a test can cut
// (every connection dropped, new ones refused) and restore: an outage of
// the database as its clients see it, without touching the server.
type Proxy struct {
	ln     net.Listener
	target string

	mu    sync.Mutex
	cut   bool
	conns map[net.Conn]struct{}
	wg    sync.WaitGroup
	// armed, when set, is the fault the next bytes in its direction meet
	// (CutOnReply, CutOnRequest).
	armed   direction
	stay    bool // the fault cuts every connection and refuses new ones
	tripped chan struct{}
}

// direction is a way bytes go through the proxy.
type direction int

const (
	none     direction = iota
	toServer           // client → PostgreSQL
	toClient           // PostgreSQL → client
)

// NewProxy starts a proxy to the host of dbURL and returns it with dbURL
// rewritten to go through it. It is closed when t ends.
func NewProxy(t testing.TB, dbURL string) (*Proxy, string) {
	t.Helper()
	u, err := url.Parse(dbURL)
	if err != nil {
		t.Fatalf("pgtest: parse DATABASE_URL: %v", err)
	}
	target := u.Host
	if u.Port() == "" {
		target = net.JoinHostPort(u.Hostname(), "5432")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("pgtest: proxy listen: %v", err)
	}
	p := &Proxy{ln: ln, target: target, conns: map[net.Conn]struct{}{}}
	p.wg.Add(1)
	go p.accept()
	t.Cleanup(p.Close)
	u.Host = ln.Addr().String()
	return p, u.String()
}

func (p *Proxy) accept() {
	defer p.wg.Done()
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		p.mu.Lock()
		if p.cut {
			p.mu.Unlock()
			c.Close()
			continue
		}
		p.mu.Unlock()
		up, err := net.Dial("tcp", p.target)
		if err != nil {
			c.Close()
			continue
		}
		p.mu.Lock()
		p.conns[c], p.conns[up] = struct{}{}, struct{}{}
		p.mu.Unlock()
		p.wg.Add(2)
		go p.pipe(c, up, toClient)
		go p.pipe(up, c, toServer)
	}
}

func (p *Proxy) pipe(dst, src net.Conn, dir direction) {
	defer p.wg.Done()
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 && p.trip(dir) {
			// The fault: these bytes are lost and the connection cut,
			// both ways, as a network failure would.
			break
		}
		if n > 0 {
			if _, werr := dst.Write(buf[:n]); werr != nil {
				break
			}
		}
		if err != nil {
			break
		}
	}
	dst.Close()
	src.Close()
	p.mu.Lock()
	delete(p.conns, dst)
	delete(p.conns, src)
	p.mu.Unlock()
}

// trip reports whether bytes going dir meet the armed fault, disarming it.
func (p *Proxy) trip(dir direction) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.armed == none || p.armed != dir {
		return false
	}
	p.armed = none
	close(p.tripped)
	if p.stay {
		p.cut = true
		for c := range p.conns {
			c.Close()
		}
	}
	return true
}

// CutOnReply arms the proxy: the next bytes PostgreSQL sends to a client
// are dropped and that connection cut. Whatever the client had sent (a
// COMMIT) reached the server; only the answer is lost. The channel is
// closed when the fault has struck.
func (p *Proxy) CutOnReply() <-chan struct{} { return p.arm(toClient, false) }

// OutageOnReply is CutOnReply followed at once by Cut: the database is out
// of reach from the moment the answer is lost until Restore.
func (p *Proxy) OutageOnReply() <-chan struct{} { return p.arm(toClient, true) }

// CutOnRequest arms the proxy: the next bytes a client sends are dropped
// and that connection cut, so the server never sees them.
func (p *Proxy) CutOnRequest() <-chan struct{} { return p.arm(toServer, false) }

func (p *Proxy) arm(dir direction, stay bool) <-chan struct{} {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.armed, p.stay, p.tripped = dir, stay, make(chan struct{})
	return p.tripped
}

// Cut drops every open connection and refuses new ones until Restore.
func (p *Proxy) Cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cut = true
	for c := range p.conns {
		c.Close()
	}
}

// Restore lets connections through again.
func (p *Proxy) Restore() {
	p.mu.Lock()
	p.cut = false
	p.mu.Unlock()
}

// Close stops the proxy and waits for its goroutines.
func (p *Proxy) Close() {
	p.Cut()
	p.ln.Close()
	p.wg.Wait()
}
