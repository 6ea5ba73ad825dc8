package main

import (
	"context"
	"net"
	"strings"
	"testing"
)

// TestReachability: the providers check is ok when every target accepts a
// connection, and otherwise names the targets out of reach and what an
// operator can do.
func TestReachability(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	closed, _ := net.Listen("tcp", "127.0.0.1:0")
	deadAddr := closed.Addr().String()
	closed.Close()

	up := newReachability(Config{AgentsURL: "http://" + ln.Addr().String() + "/mcp"})
	if err := up.Ping(context.Background()); err != nil {
		t.Errorf("reachable agents server: %v", err)
	}
	var cfg Config
	cfg.Agents.OpenMeteoGeocodingURL = "http://" + ln.Addr().String()
	cfg.Agents.WikivoyageENURL = "http://" + deadAddr
	cfg.Agents.OverpassURL = "http://" + ln.Addr().String()
	down := newReachability(cfg)
	err = down.Ping(context.Background())
	if err == nil || !strings.Contains(err.Error(), deadAddr) || !strings.Contains(err.Error(), "TRIPWEAVE_IMPORT") ||
		strings.Contains(err.Error(), ln.Addr().String()) {
		t.Errorf("one provider down: %v; want it named with the operator's options", err)
	}
	if again := down.Ping(context.Background()); again != err {
		t.Errorf("a second probe within ReachabilityTTL dialled again: %v", again)
	}
}
