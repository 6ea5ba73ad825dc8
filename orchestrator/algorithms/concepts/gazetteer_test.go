package concepts

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGazetteerGenerated checks that gazetteer.tsv is what
// internal/gengazetteer makes of the brief parser's landmark gazetteer
// today (run go generate after editing landmarks.tsv).
func TestGazetteerGenerated(t *testing.T) {
	src := filepath.Join("..", "..", "..", "agents", "brief", "landmarks", "landmarks.tsv")
	if _, err := os.Stat(src); err != nil {
		t.Skipf("landmark gazetteer not found: %v", err)
	}
	out := filepath.Join(t.TempDir(), "gazetteer.tsv")
	if b, err := exec.Command("go", "run", "./internal/gengazetteer", src, out).CombinedOutput(); err != nil {
		t.Fatalf("gengazetteer: %v\n%s", err, b)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != gazetteerTSV {
		t.Errorf("gazetteer.tsv is stale: run go generate in orchestrator/algorithms/concepts")
	}
}
