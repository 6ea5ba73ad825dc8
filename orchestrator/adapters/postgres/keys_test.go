package postgres

import (
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/app/auth/keystoretest"
)

// TestKeyStoreContract runs the key-store contract the SQLite store meets
// on PostgreSQL, each test in a schema of its own.
func TestKeyStoreContract(t *testing.T) {
	keystoretest.Run(t, func(t *testing.T) orchestrator.KeyStore { return openTest(t) })
}
