package main

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpenFailuresAreErrors checks that every startup failure the issue saw
// end in SIGSEGV is returned as an error naming its cause.
func TestOpenFailuresAreErrors(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	if err := os.WriteFile(blocker, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	for name, tc := range map[string]struct {
		edit func(*Config)
		want string
	}{
		"unwritable db path": {func(c *Config) { c.DBPath = filepath.Join(blocker, "plans.db") }, "plan store"},
		"dead redis":         {func(c *Config) { c.RedisURL = "redis://127.0.0.1:1/0" }, "REDIS_URL"},
		"unreachable agents": {func(c *Config) { c.AgentsURL = "http://127.0.0.1:1/mcp" }, "agents"},
		"bad import dir":     {func(c *Config) { c.Imports = "chinatravel:" + filepath.Join(dir, "missing") }, "chinatravel"},
	} {
		t.Run(name, func(t *testing.T) {
			cfg := DefaultConfig()
			cfg.DBPath = filepath.Join(t.TempDir(), "plans.db")
			cfg.Agents.Browser = nil
			tc.edit(&cfg)
			a, err := Open(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
			if err == nil {
				a.Close()
				t.Fatal("Open succeeded")
			}
			if a != nil {
				t.Error("Open returned an App with its error")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not name %q", err, tc.want)
			}
		})
	}
}

// TestAuthPolicy: a listener beyond loopback without keys refuses to start
// naming what to do; with a key made by `keys create` it starts with
// authentication on; loopback stays open unless TRIPWEAVE_AUTH=required.
func TestAuthPolicy(t *testing.T) {
	ctx := context.Background()
	cfg := DefaultConfig()
	cfg.DBPath = filepath.Join(t.TempDir(), "plans.db")
	cfg.Agents.Browser = nil
	a, err := Open(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if err := a.enableAuth(ctx, "127.0.0.1:8080"); err != nil {
		t.Errorf("loopback: %v", err)
	}
	err = a.enableAuth(ctx, ":8080")
	if err == nil || !strings.Contains(err.Error(), "keys create") {
		t.Errorf("all interfaces without keys: %v", err)
	}
	a.Config.Auth = "required"
	if err := a.enableAuth(ctx, "127.0.0.1:8080"); err == nil {
		t.Error("TRIPWEAVE_AUTH=required without keys started")
	}
	var out, errOut strings.Builder
	if err := cmdKeys(ctx, cfg, []string{"create", "--name", "ci", "--scopes", "plans:write,plans:read"}, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "tw_") {
		t.Fatalf("keys create printed %q", out.String())
	}
	if err := a.enableAuth(ctx, "0.0.0.0:8080"); err != nil {
		t.Errorf("with a key: %v", err)
	}
	out.Reset()
	if err := cmdKeys(ctx, cfg, []string{"list"}, &out, &errOut); err != nil || !strings.Contains(out.String(), `"name":"ci"`) || strings.Contains(out.String(), "tw_") {
		t.Errorf("keys list: %v %s", err, out.String())
	}
}
