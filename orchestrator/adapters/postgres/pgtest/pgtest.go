// Package pgtest gives tests a PostgreSQL schema of their own in the
// database at DATABASE_URL, dropped when the test ends, so that runs sharing
// one server (CI, other engineers) never see each other's rows.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// URL returns DATABASE_URL, skipping the test when it is unset, or failing
// it when TRIPWEAVE_REQUIRE_INTEGRATION=1.
func URL(t testing.TB) string {
	t.Helper()
	url := os.Getenv("DATABASE_URL")
	if url == "" {
		if os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
			t.Fatal("DATABASE_URL is not set but TRIPWEAVE_REQUIRE_INTEGRATION=1")
		}
		t.Skip("DATABASE_URL is not set: no PostgreSQL to test against")
	}
	return url
}

// Schema returns DATABASE_URL and the name of a new, empty schema in it
// that is dropped (with everything in it) when t ends. It skips t as URL
// does.
func Schema(t testing.TB) (url, schema string) {
	t.Helper()
	url = URL(t)
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema = "tw_test_" + hex.EncodeToString(b[:])
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatalf("connect to DATABASE_URL: %v", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+pgx.Identifier{schema}.Sanitize()); err != nil {
		t.Fatalf("create schema %s: %v", schema, err)
	}
	t.Cleanup(func() { Drop(t, url, schema) })
	return url, schema
}

// Drop removes schema and everything in it.
func Drop(t testing.TB, url, schema string) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Errorf("drop schema %s: %v", schema, err)
		return
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "DROP SCHEMA IF EXISTS "+pgx.Identifier{schema}.Sanitize()+" CASCADE"); err != nil {
		t.Errorf("drop schema %s: %v", schema, err)
	}
}
