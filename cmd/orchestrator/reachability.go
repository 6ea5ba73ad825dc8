package main

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/tripweave/tripweave/agents"
	"github.com/tripweave/tripweave/agents/openmeteo"
	"github.com/tripweave/tripweave/agents/overpass"
	"github.com/tripweave/tripweave/agents/wikivoyage"
	"github.com/tripweave/tripweave/orchestrator"
)

// ReachabilityTTL is how long a provider reachability probe's answer is
// reused: /readyz polled every second dials the providers at most this
// often.
const ReachabilityTTL = 30 * time.Second

// reachability probes, by a TCP connection, whether the data providers
// (or the agents server, when one is configured) can be reached from this
// process. It is /readyz's degraded "providers" check: an offline machine
// is still live and ready (cached and imported data serve plans), but the
// operator is told that providers are out of reach and what to do.
type reachability struct {
	targets  []string // host:port
	datasets bool     // TRIPWEAVE_IMPORT is set
	dial     func(ctx context.Context, network, addr string) (net.Conn, error)

	mu   sync.Mutex
	at   time.Time
	last error
}

// newReachability probes the agents server of cfg, or the no-key
// providers the in-process agents use (their configured endpoints).
func newReachability(cfg Config) *reachability {
	var urls []string
	if cfg.AgentsURL != "" {
		urls = []string{cfg.AgentsURL}
	} else {
		a := cfg.Agents
		urls = []string{
			or(a.OpenMeteoGeocodingURL, openmeteo.DefaultGeocodingURL),
			or(a.WikivoyageENURL, wikivoyage.DefaultENURL),
			or(a.OverpassURL, overpass.DefaultURL),
		}
	}
	r := &reachability{datasets: cfg.Imports != "", dial: (&net.Dialer{}).DialContext}
	for _, u := range urls {
		if t := hostPort(u); t != "" && !containsString(r.targets, t) {
			r.targets = append(r.targets, t)
		}
	}
	return r
}

func or(s, def string) string {
	if s != "" {
		return s
	}
	return def
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// hostPort is raw's host:port, the scheme's default port when none.
func hostPort(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Hostname() == "" {
		return ""
	}
	port := u.Port()
	if port == "" {
		port = "443"
		if u.Scheme == "http" {
			port = "80"
		}
	}
	return net.JoinHostPort(u.Hostname(), port)
}

// Ping answers the last probe when it is younger than ReachabilityTTL,
// otherwise dials every target at once under ctx. The error names each
// target that could not be reached and what an operator can do.
func (r *reachability) Ping(ctx context.Context) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.at.IsZero() && time.Since(r.at) < ReachabilityTTL {
		return r.last
	}
	errs := make([]error, len(r.targets))
	var wg sync.WaitGroup
	for i, t := range r.targets {
		wg.Go(func() {
			c, err := r.dial(ctx, "tcp", t)
			if err != nil {
				errs[i] = err
				return
			}
			c.Close()
		})
	}
	wg.Wait()
	var down []string
	for i, err := range errs {
		if err != nil {
			down = append(down, fmt.Sprintf("%s (%v)", r.targets[i], err))
		}
	}
	r.at, r.last = time.Now(), nil
	if len(down) > 0 {
		msg := "unreachable: " + strings.Join(down, "; ") + ". Plans for cities with no cached data answer data_unavailable; " +
			"check the network (or HTTPS_PROXY) and provider keys"
		if r.datasets {
			msg += "; the datasets of TRIPWEAVE_IMPORT still serve their cities"
		} else {
			msg += ", or load a sandbox dataset with TRIPWEAVE_IMPORT"
		}
		r.last = orchestrator.Errorf(orchestrator.EUNAVAILABLE, "%s", msg)
	}
	return r.last
}

// reportReachability probes r once in the background and logs, as a
// warning, the providers out of reach: the startup log tells the operator
// of an offline machine before the first plan does. The returned func
// waits for the probe (an App closer).
func reportReachability(r *reachability, log interface {
	Warn(msg string, args ...any)
}) func() error {
	done := make(chan struct{})
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	go func() {
		defer close(done)
		if err := r.Ping(ctx); err != nil {
			log.Warn("data providers out of reach (operator)", "providers", orchestrator.ErrorMessage(err))
		}
	}()
	return func() error {
		cancel()
		<-done
		return nil
	}
}

// logOperatorFacts logs, once at start, the configuration facts that plans
// record as operator notes (audience "operator", never on the itinerary):
// what this deployment cannot provide however often it is asked.
func logOperatorFacts(log interface{ Info(string, ...any) }, ac agents.Config) {
	var facts []string
	if ac.Browser == nil {
		facts = append(facts, "live hotel prices and fares: the headless browser is off (install Chromium, TRIPWEAVE_BROWSER)")
	}
	if ac.Travel.DuffelToken == "" {
		facts = append(facts, "live flight offers: no DUFFEL_TOKEN")
	}
	if ac.Travel.AmapKey == "" {
		facts = append(facts, "Amap (China POIs, routes, weather): no AMAP_KEY")
	}
	if len(facts) > 0 {
		log.Info("configuration (operator notes on plans, never on itineraries)", "unavailable", facts)
	}
}
