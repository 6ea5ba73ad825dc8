package browser

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// ForbiddenPrefix starts the message of every invalid_argument error that a
// safety rule (allow-list, private address, scheme, redirect) caused, so a
// caller can tell "you may not fetch this" from a malformed argument.
const ForbiddenPrefix = "forbidden: "

// lookupTimeout bounds one DNS lookup made to check an address.
const lookupTimeout = 3 * time.Second

// hostPattern is one allow-list entry: "example.com" (that host, any
// port), "example.com:8443" (that host and port), "*.example.com" (every
// subdomain, not the apex), or an IP literal ("127.0.0.1", "[::1]:8080").
type hostPattern struct {
	host     string // lower-case, no brackets
	port     string // empty: any
	wildcard bool
}

func parseHostPattern(s string) (hostPattern, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" || strings.ContainsAny(s, "/?#@ ") {
		return hostPattern{}, fmt.Errorf("host %q must be a host name, optionally with :port", s)
	}
	var p hostPattern
	if h, port, err := net.SplitHostPort(s); err == nil {
		p.host, p.port = h, port
	} else {
		p.host = strings.Trim(s, "[]")
	}
	if strings.HasPrefix(p.host, "*.") {
		p.wildcard = true
		p.host = p.host[2:]
	}
	if p.host == "" || strings.Contains(p.host, "*") {
		return hostPattern{}, fmt.Errorf("host %q: only a leading *. wildcard is allowed", s)
	}
	return p, nil
}

func (p hostPattern) match(host, port string) bool {
	if p.port != "" && p.port != port {
		return false
	}
	if p.wildcard {
		return strings.HasSuffix(host, "."+p.host)
	}
	return host == p.host
}

// policy decides which URLs a page may load. It is immutable once built;
// pageGuard adds a per-page DNS cache.
type policy struct {
	hosts        []hostPattern
	allowPrivate bool
	// blockTypes are resource types failed without a fetch (images, fonts,
	// media): nothing to read there, and cheaper for the site.
	lookup func(ctx context.Context, host string) ([]netip.Addr, error)
}

func newPolicy(hosts []hostPattern, allowPrivate bool, lookup func(context.Context, string) ([]netip.Addr, error)) *policy {
	if lookup == nil {
		lookup = func(ctx context.Context, host string) ([]netip.Addr, error) {
			return net.DefaultResolver.LookupNetIP(ctx, "ip", host)
		}
	}
	return &policy{hosts: hosts, allowPrivate: allowPrivate, lookup: lookup}
}

// with returns a copy of p that also allows extra.
func (p *policy) with(extra ...hostPattern) *policy {
	c := *p
	c.hosts = append(append([]hostPattern{}, p.hosts...), extra...)
	return &c
}

func forbidden(format string, args ...any) *orchestrator.UpstreamError {
	return &orchestrator.UpstreamError{Type: orchestrator.EINVALIDARG, Message: ForbiddenPrefix + fmt.Sprintf(format, args...), Provider: Provider}
}

// pageGuard checks the URLs of one page run. It is safe for concurrent use.
type pageGuard struct {
	p  *policy
	mu sync.Mutex
	// dns caches the verdict per host name for the page.
	dns map[string]error
}

func (p *policy) guard() *pageGuard { return &pageGuard{p: p, dns: map[string]error{}} }

// check returns nil when raw may be fetched, or a forbidden
// *orchestrator.UpstreamError (or an unavailable one when the host does not
// resolve).
func (g *pageGuard) check(ctx context.Context, raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return &orchestrator.UpstreamError{Type: orchestrator.EINVALIDARG, Message: "url is not valid", Provider: Provider}
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return forbidden("only http and https URLs may be fetched, not %q", u.Scheme)
	}
	if u.User != nil {
		return forbidden("URLs with credentials may not be fetched")
	}
	host := strings.ToLower(u.Hostname())
	if host == "" {
		return forbidden("URL has no host")
	}
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	allowed := false
	for _, hp := range g.p.hosts {
		if hp.match(host, port) {
			allowed = true
			break
		}
	}
	if !allowed {
		return forbidden("host %s is not in the allow-list", u.Host)
	}
	if g.p.allowPrivate {
		return nil
	}
	return g.checkAddress(ctx, host)
}

func (g *pageGuard) checkAddress(ctx context.Context, host string) error {
	if a, err := netip.ParseAddr(host); err == nil {
		if privateAddr(a) {
			return forbidden("address %s is private, loopback or link-local", host)
		}
		return nil
	}
	g.mu.Lock()
	v, ok := g.dns[host]
	g.mu.Unlock()
	if ok {
		return v
	}
	lctx, cancel := context.WithTimeout(ctx, lookupTimeout)
	addrs, err := g.p.lookup(lctx, host)
	cancel()
	switch {
	case err != nil:
		v = &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: fmt.Sprintf("cannot resolve %s", host), Retryable: true, Provider: Provider}
	case len(addrs) == 0:
		v = &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: fmt.Sprintf("%s has no address", host), Provider: Provider}
	default:
		for _, a := range addrs {
			if privateAddr(a) {
				v = forbidden("host %s resolves to the private address %s", host, a)
				break
			}
		}
	}
	g.mu.Lock()
	g.dns[host] = v
	g.mu.Unlock()
	return v
}

var specialPrefixes = func() []netip.Prefix {
	var out []netip.Prefix
	for _, s := range []string{
		"0.0.0.0/8",       // this network
		"100.64.0.0/10",   // carrier-grade NAT
		"192.0.0.0/24",    // IETF protocol assignments
		"192.0.2.0/24",    // documentation
		"198.18.0.0/15",   // benchmarking
		"198.51.100.0/24", // documentation
		"203.0.113.0/24",  // documentation
		"240.0.0.0/4",     // reserved, broadcast
		"64:ff9b:1::/48",  // local-use NAT64
		"100::/64",        // discard
		"2001:db8::/32",   // documentation
		"2002::/16",       // 6to4 (embeds any IPv4)
		"2001::/32",       // Teredo
		"::ffff:0:0:0/96", // IPv4-translated
		"fec0::/10",       // site-local (deprecated)
	} {
		out = append(out, netip.MustParsePrefix(s))
	}
	return out
}()

var nat64 = netip.MustParsePrefix("64:ff9b::/96")

// privateAddr reports whether a is loopback, private, link-local,
// unspecified, multicast or otherwise not a public unicast address.
func privateAddr(a netip.Addr) bool {
	a = a.Unmap()
	if a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() ||
		a.IsInterfaceLocalMulticast() || a.IsMulticast() || a.IsUnspecified() || !a.IsValid() {
		return true
	}
	for _, p := range specialPrefixes {
		if p.Contains(a) {
			return true
		}
	}
	if nat64.Contains(a) { // well-known NAT64: judge the embedded IPv4 address
		b := a.As16()
		return privateAddr(netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]}))
	}
	return false
}
