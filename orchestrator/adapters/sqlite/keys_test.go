package sqlite

import (
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/app/auth/keystoretest"
)

func TestKeyStoreContract(t *testing.T) {
	keystoretest.Run(t, func(t *testing.T) orchestrator.KeyStore { return openTest(t) })
}
