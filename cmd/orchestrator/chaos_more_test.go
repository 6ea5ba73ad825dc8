package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tripweave/tripweave/orchestrator/adapters/postgres/pgtest"
	"github.com/tripweave/tripweave/orchestrator/platform/breaker"
)

// chaosPGURL is the PostgreSQL the fault suite's PostgreSQL phase uses:
// DATABASE_URL, or the local server CI and the Makefile use. The phase
// skips (fails with TRIPWEAVE_REQUIRE_INTEGRATION=1) when none answers.
func chaosPGURL(t *testing.T) string {
	url := os.Getenv("DATABASE_URL")
	if url == "" {
		url = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		if os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
			t.Fatalf("no PostgreSQL for the fault suite at %s: %v", url, err)
		}
		t.Skipf("no PostgreSQL at %s (set DATABASE_URL): %v", url, err)
	}
	conn.Close(ctx)
	return url
}

// storedPlanIDs lists the plan IDs in schema.
func storedPlanIDs(t *testing.T, url, schema string) map[string]bool {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	rows, err := conn.Query(ctx, `SELECT id FROM `+pgx.Identifier{schema, "plans"}.Sanitize())
	if err != nil {
		t.Fatal(err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, id := range ids {
		out[id] = true
	}
	return out
}

// chaosPostgresOutage is the PostgreSQL phase: an API whose plan store is
// PostgreSQL (a schema of its own) reached through a TCP proxy, under load,
// while the proxy drops every connection and refuses new ones for 6 s.
// Every answer is a 201 or a documented 503 with Retry-After (never a 500),
// /readyz says 503 during the cut, every 201 reads back afterwards, and the
// service is ready again on its own.
func chaosPostgresOutage(t *testing.T, common []string, briefs [][]byte) {
	url := chaosPGURL(t)
	t.Setenv("DATABASE_URL", url) // for pgtest.Schema only: children get chaosEnviron
	_, schema := pgtest.Schema(t)
	proxy, via := pgtest.NewProxy(t, url)
	addr := freeAddr(t)
	base := "http://" + addr
	api := startAPI(t, "api (postgresql)", addr, append(append([]string(nil), common...), "DATABASE_URL="+via, "TRIPWEAVE_PG_SCHEMA="+schema)...)
	// Warm first: a fresh process's first plans take seconds (cold
	// caches), and the cut must meet plans being stored.
	warm := runPhase(t, "postgresql warm-up", base, briefs, 8, 4*time.Second, nil)
	warm.check(t, "postgresql warm-up", base)
	var readyDuring int
	var readyBody string
	// A plan here takes about 4.5 s (the providers are dead): the cut
	// outlasts one so that plans finish, and are stored, while it holds.
	res := runPhase(t, "postgresql cut", base, briefs, 8, 8*time.Second, func() {
		time.Sleep(500 * time.Millisecond)
		proxy.Cut()
		time.Sleep(3 * time.Second)
		readyDuring, readyBody = readyz(base)
		time.Sleep(3 * time.Second)
		proxy.Restore()
	})
	took := waitReady(t, base, api, recoverWithin)
	res.check(t, "postgresql cut", base)
	if res.statuses[http.StatusServiceUnavailable] == 0 {
		t.Errorf("no 503 while PostgreSQL was cut off: %v", res.statuses)
	}
	if readyDuring != http.StatusServiceUnavailable || !strings.Contains(readyBody, `"store"`) {
		t.Errorf("/readyz during the cut: %d %s; want 503 naming the store", readyDuring, readyBody)
	}
	// Ghosts: stored plans the client was never told of (a commit that
	// reached the server while its answer was cut) are counted, not hidden.
	created := map[string]bool{}
	for _, r := range []*loadResult{warm, res} {
		r.mu.Lock()
		for _, id := range r.created {
			created[id] = true
		}
		r.mu.Unlock()
	}
	ghosts := 0
	for id := range storedPlanIDs(t, url, schema) {
		if !created[id] {
			ghosts++
		}
	}
	t.Logf("postgresql cut: /readyz %d during the cut, ready %v after; %d plans stored that were not answered 201 (requests without an answer: %d)",
		readyDuring, took, ghosts, res.transport)
	if ghosts > res.transport {
		t.Errorf("%d stored plans were answered with an error (ghosts)", ghosts-res.transport)
	}
}

// chaosAgentsRestart is the agents-server restart phase: with the agents
// server killed and started again on the same address, plans keep coming
// (warm data needs no agent) and, within recoverWithin, no plan's notes say
// an agent is unreachable: the tool client reconnected by itself.
func chaosAgentsRestart(t *testing.T, agentsBin string, common, agentsEnv []string, briefs [][]byte, dbPath string) {
	agentsAddr := freeAddr(t)
	startAgents := func(name string) *chaosProc {
		p := startChaosProc(t, name, agentsBin, agentsEnv, "--addr", agentsAddr)
		for start := time.Now(); ; time.Sleep(50 * time.Millisecond) {
			if c, err := net.Dial("tcp", agentsAddr); err == nil {
				c.Close()
				return p
			}
			if time.Since(start) > 20*time.Second {
				t.Fatalf("%s did not listen", name)
			}
		}
	}
	agents := startAgents("agents")
	addr := freeAddr(t)
	base := "http://" + addr
	startAPI(t, "api (agents restarted)", addr, append(append([]string(nil), common...), "TRIPWEAVE_DB_PATH="+dbPath,
		"TRIPWEAVE_AGENTS_URL=http://"+agentsAddr+"/mcp")...)
	res := runPhase(t, "agents restarted", base, briefs, 8, 4*time.Second, func() {
		time.Sleep(time.Second)
		_ = agents.cmd.Process.Kill()
		<-agents.done
		time.Sleep(time.Second)
		agents = startAgents("agents (restarted)")
	})
	res.check(t, "agents restarted", base)
	if res.statuses[http.StatusCreated] == 0 {
		t.Errorf("no plan was made around the agents restart: %v", res.statuses)
	}
	// Recovered: a plan's notes show its calls reaching the agents server
	// again — a failure worded by a tool (its providers are dead), no
	// agent unreachable. A tool circuit opened while the server was away
	// refuses calls for its cool-down first (breaker.DefaultCoolDown).
	const within = breaker.DefaultCoolDown + recoverWithin
	reached := func() (string, bool) {
		resp, err := http.Post(base+"/v1/plans", "application/json", strings.NewReader(string(briefs[0])))
		if err != nil {
			return err.Error(), false
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusCreated {
			return fmt.Sprintf("%d %.200s", resp.StatusCode, data), false
		}
		var p struct {
			Notes []struct{ Kind, Message string } `json:"notes"`
		}
		_ = json.Unmarshal(data, &p)
		why, toolWorded := "no note from a tool", false
		for _, n := range p.Notes {
			switch {
			case strings.Contains(n.Message, "unreachable"):
				return n.Message, false
			case strings.Contains(n.Message, "circuit is open"), strings.Contains(n.Message, "no agent"):
				why = n.Message
			case n.Kind == "weather" || n.Kind == "guide" || n.Kind == "fx":
				toolWorded = true
			}
		}
		return why, toolWorded
	}
	start := time.Now()
	for {
		why, ok := reached()
		if ok {
			t.Logf("agents restarted: plans reach the new agents server %v after the load stopped", time.Since(start).Round(time.Millisecond))
			return
		}
		if time.Since(start) > within {
			t.Fatalf("plans still miss the restarted agents server after %v: %s", within, why)
		}
		time.Sleep(500 * time.Millisecond)
	}
}
