package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/app/auth"
)

// cmdKeys manages API keys in the plan store:
//
//	orchestrator keys create --name NAME [--scopes plans:read,plans:write]
//	orchestrator keys list
//	orchestrator keys revoke ID
func cmdKeys(ctx context.Context, cfg Config, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return &usageError{"keys needs create, list or revoke\n" + usage}
	}
	logger := newLogger(stderr, cfg.LogLevel)
	store, err := openStore(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer store.Close()
	ks, ok := store.(orchestrator.KeyStore)
	if !ok {
		return errors.New("this plan store keeps no API keys")
	}
	now := time.Now
	if cfg.Now != nil {
		now = cfg.Now
	}
	switch args[0] {
	case "create":
		fs := newFlags("keys create", stderr)
		name := fs.String("name", "", "who or what holds the key")
		scopes := fs.String("scopes", orchestrator.ScopePlansRead+","+orchestrator.ScopePlansWrite, "comma-separated: "+strings.Join(auth.Scopes, ", "))
		if err := parseFlags(fs, args[1:]); err != nil {
			return err
		}
		secret, k, err := auth.NewKey(*name, splitList(*scopes), now())
		if err != nil {
			return &usageError{orchestrator.ErrorMessage(err)}
		}
		if err := ks.CreateKey(ctx, k); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "created key %s (%s) with scopes %s; it is shown once, keep it safe\n", k.ID, k.Name, strings.Join(k.Scopes, ","))
		fmt.Fprintln(stdout, secret)
		return nil
	case "list":
		list, err := ks.ListKeys(ctx)
		if err != nil {
			return err
		}
		enc := json.NewEncoder(stdout)
		for _, k := range list {
			if err := enc.Encode(k); err != nil {
				return err
			}
		}
		return nil
	case "revoke":
		if len(args) != 2 {
			return &usageError{"keys revoke takes the key's id\n" + usage}
		}
		if err := ks.RevokeKey(ctx, args[1], now()); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "revoked key %s (servers stop accepting it within %s)\n", args[1], auth.CacheTTL)
		return nil
	}
	return &usageError{fmt.Sprintf("unknown keys command %q\n%s", args[0], usage)}
}

func splitList(s string) []string {
	var out []string
	for p := range strings.SplitSeq(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// loopback reports whether addr (HOST:PORT) listens on loopback only; an
// empty host listens on every interface.
func loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil || host == "" {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// enableAuth applies the authentication policy before the API listens on
// addr: authentication is off only on a loopback listener with
// TRIPWEAVE_AUTH unset; otherwise it needs a key store holding at least one
// valid key, or the server refuses to start saying what to do.
func (a *App) enableAuth(ctx context.Context, addr string) error {
	if loopback(addr) && a.Config.Auth != "required" {
		a.Logger.Info("authentication off: the API listens on loopback only (TRIPWEAVE_AUTH=required turns it on)", "addr", addr)
		return nil
	}
	why := "TRIPWEAVE_AUTH=required"
	if !loopback(addr) {
		why = "the API listens on " + addr + ", beyond loopback"
	}
	ks, ok := a.Store.(orchestrator.KeyStore)
	if !ok {
		return fmt.Errorf("%s, so it needs API keys, which this plan store cannot keep: use SQLite or PostgreSQL (DATABASE_URL), or listen on 127.0.0.1", why)
	}
	keys, err := ks.ListKeys(ctx)
	if err != nil {
		return fmt.Errorf("read API keys: %w", err)
	}
	valid := 0
	for _, k := range keys {
		if k.RevokedAt == nil {
			valid++
		}
	}
	if valid == 0 {
		return fmt.Errorf("%s, so it needs API keys and none exists: create one with `orchestrator keys create --name NAME --scopes plans:read,plans:write` (and one with --scopes admin for /metrics), or listen on 127.0.0.1 with TRIPWEAVE_ADDR", why)
	}
	a.Server.SetAuth(auth.NewAuthenticator(ks, a.Config.Now), ks)
	if a.Delegate != nil {
		a.Delegate.SetKeys(ks) // /mcp and /a2a keep plans to their owners
	}
	if !a.Config.Hardening.RateLimitSet {
		l := a.Server.Limits()
		l.Requests = DefaultKeyRate
		a.Server.SetLimits(l)
	}
	a.Logger.Info("authentication on: API keys required", "addr", addr, "valid_keys", valid,
		"rate_limit", a.Server.Limits().Requests.String(), "plan_quota", a.Server.Limits().Plans.String())
	return nil
}
