// Package keystoretest is the contract every orchestrator.KeyStore meets:
// each implementation's tests call Run with a function that opens an empty
// store.
//
//	func TestKeyStoreContract(t *testing.T) {
//		keystoretest.Run(t, func(t *testing.T) orchestrator.KeyStore { return openTest(t) })
//	}
package keystoretest

import (
	"bytes"
	"slices"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/app/auth"
)

// Open returns an empty store that lives until t ends.
type Open func(t *testing.T) orchestrator.KeyStore

// Run runs the contract's tests, each on a store of its own.
func Run(t *testing.T, open Open) {
	for name, test := range map[string]func(*testing.T, orchestrator.KeyStore){
		"keys":      testKeys,
		"revoke":    testRevoke,
		"ownership": testOwnership,
	} {
		t.Run(name, func(t *testing.T) { test(t, open(t)) })
	}
}

var t0 = time.Date(2026, 12, 2, 3, 4, 5, 0, time.UTC)

func newKey(t *testing.T, s orchestrator.KeyStore, name string, at time.Time, scopes ...string) (string, *orchestrator.APIKey) {
	t.Helper()
	secret, k, err := auth.NewKey(name, scopes, at)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CreateKey(t.Context(), k); err != nil {
		t.Fatalf("create key %s: %v", name, err)
	}
	return secret, k
}

func wantCode(t *testing.T, what string, err error, code string) {
	t.Helper()
	if orchestrator.ErrorCode(err) != code {
		t.Errorf("%s: error %v, want code %s", what, err, code)
	}
}

func testKeys(t *testing.T, s orchestrator.KeyStore) {
	ctx := t.Context()
	if list, err := s.ListKeys(ctx); err != nil || len(list) != 0 {
		t.Fatalf("empty store lists %v, %v", list, err)
	}
	secret, a := newKey(t, s, "alice", t0, orchestrator.ScopePlansRead, orchestrator.ScopePlansWrite)
	_, b := newKey(t, s, "ops", t0.Add(time.Minute), orchestrator.ScopeAdmin)
	got, err := s.Key(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != a.ID || got.Name != "alice" || !bytes.Equal(got.Hash, a.Hash) || !slices.Equal(got.Scopes, a.Scopes) ||
		!got.CreatedAt.Equal(t0) || got.RevokedAt != nil {
		t.Errorf("key read back %+v, want %+v", got, a)
	}
	if !auth.SameHash(secret, got.Hash) {
		t.Error("the stored hash does not match the key")
	}
	if err := s.CreateKey(ctx, a); err == nil {
		t.Error("a key with an existing ID was stored twice")
	}
	_, err = s.Key(ctx, "knope")
	wantCode(t, "unknown key", err, orchestrator.ENOTFOUND)
	list, err := s.ListKeys(ctx)
	if err != nil || len(list) != 2 || list[0].ID != a.ID || list[1].ID != b.ID {
		t.Errorf("list %+v, %v; want alice then ops", list, err)
	}
}

func testRevoke(t *testing.T, s orchestrator.KeyStore) {
	ctx := t.Context()
	_, k := newKey(t, s, "ci", t0, orchestrator.ScopePlansRead)
	if err := s.RevokeKey(ctx, k.ID, t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := s.RevokeKey(ctx, k.ID, t0.Add(2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	got, err := s.Key(ctx, k.ID)
	if err != nil || got.RevokedAt == nil || !got.RevokedAt.Equal(t0.Add(time.Hour)) {
		t.Errorf("revoked key %+v, %v; want revoked at the first revocation", got, err)
	}
	wantCode(t, "revoke an unknown key", s.RevokeKey(ctx, "knope", t0), orchestrator.ENOTFOUND)
	a := auth.NewAuthenticator(s, func() time.Time { return t0.Add(3 * time.Hour) })
	secret, live := newKey(t, s, "live", t0, orchestrator.ScopePlansRead)
	if got, err := a.Authenticate(ctx, secret); err != nil || got.ID != live.ID {
		t.Errorf("authenticate a live key: %v, %v", got, err)
	}
	_, err = a.Authenticate(ctx, "tw_"+k.ID+"_wrong")
	wantCode(t, "a wrong secret", err, orchestrator.EUNAUTHORIZED)
}

func testOwnership(t *testing.T, s orchestrator.KeyStore) {
	ctx := t.Context()
	_, _, err := s.PlanOwner(ctx, "pl_none")
	wantCode(t, "owner of an unknown plan", err, orchestrator.ENOTFOUND)
	wantCode(t, "share an unowned plan", s.SetShareHash(ctx, "pl_none", auth.Hash("x")), orchestrator.ENOTFOUND)
	if err := s.SetPlanOwner(ctx, "pl_1", "kalice"); err != nil {
		t.Fatal(err)
	}
	owner, share, err := s.PlanOwner(ctx, "pl_1")
	if err != nil || owner != "kalice" || share != nil {
		t.Errorf("owner %q share %x err %v; want kalice, no share", owner, share, err)
	}
	tok, hash := auth.NewShareToken()
	if err := s.SetShareHash(ctx, "pl_1", hash); err != nil {
		t.Fatal(err)
	}
	if _, share, _ = s.PlanOwner(ctx, "pl_1"); !auth.SameHash(tok, share) {
		t.Error("the share token does not match the stored hash")
	}
	_, hash2 := auth.NewShareToken()
	if err := s.SetShareHash(ctx, "pl_1", hash2); err != nil {
		t.Fatal(err)
	}
	if _, share, _ = s.PlanOwner(ctx, "pl_1"); auth.SameHash(tok, share) {
		t.Error("a replaced share token still opens the plan")
	}
	if err := s.SetPlanOwner(ctx, "pl_2", "kbob"); err != nil {
		t.Fatal(err)
	}
	if owner, _, _ := s.PlanOwner(ctx, "pl_1"); owner != "kalice" {
		t.Errorf("another plan's owner changed pl_1's to %q", owner)
	}
}
