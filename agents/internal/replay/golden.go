package replay

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// GoldenJSON compares v, indented JSON with a final newline, with the golden
// file testdata/golden/name; with update it writes the file instead.
func GoldenJSON(t testing.TB, name string, v any, update bool) {
	t.Helper()
	got, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	Golden(t, filepath.Join("testdata", "golden", name), append(got, '\n'), update, "-update")
}

// Golden compares got with the file at path; with update it writes the
// file (and its folder) instead. flag names the test flag that updates, for
// the message when the file is missing.
func Golden(t testing.TB, path string, got []byte, update bool, flag string) {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with %s to create it)", err, flag)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from golden file:\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}
