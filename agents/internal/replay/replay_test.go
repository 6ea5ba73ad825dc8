package replay

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

func TestLoadFixtures(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{"a.json": `{"a":1}`, "b.html": "<p>b</p>", "c.txt": "c"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "sub.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	got := LoadFixtures(t, dir, ".json", ".html")
	if len(got) != 2 || string(got["a.json"]) != `{"a":1}` || string(got["b.html"]) != "<p>b</p>" {
		t.Errorf("LoadFixtures(.json, .html) = %q", got)
	}
	if all := LoadFixtures(t, dir); len(all) != 3 {
		t.Errorf("LoadFixtures() read %d files, want 3 (no directories)", len(all))
	}
	if b := ReadFixture(t, dir, "c.txt"); string(b) != "c" {
		t.Errorf("ReadFixture = %q", b)
	}
	w := httptest.NewRecorder()
	got.Write(w, http.StatusCreated, "a.json")
	if w.Code != http.StatusCreated || w.Body.String() != `{"a":1}` {
		t.Errorf("Fixtures.Write: %d %q", w.Code, w.Body)
	}
}

func TestTestdataDir(t *testing.T) {
	if got := filepath.Base(TestdataDir()); got != "testdata" {
		t.Errorf("TestdataDir() = %q", TestdataDir())
	}
	if got := filepath.Dir(TestdataDir()); filepath.Base(got) != "internal" {
		t.Errorf("TestdataDir() = %q, want internal/testdata beside this file's directory", TestdataDir())
	}
}

// serve answers r with fs's failure or 200 "ok", as a replay server does.
func serve(fs *Failures, path string) (int, string, http.Header) {
	w := httptest.NewRecorder()
	w.Header().Set("Content-Type", "application/json")
	if !fs.Serve(w, httptest.NewRequest(http.MethodGet, path, nil)) {
		w.WriteString("ok")
	}
	return w.Code, w.Body.String(), w.Header()
}

func TestFailuresSticky(t *testing.T) {
	var fs Failures
	fs.Set("", 0, Failure{Status: 429, Body: []byte("slow"), Header: Header("Retry-After", "3", "Content-Type", "text/plain", "odd")})
	for range 3 {
		code, body, h := serve(&fs, "/x")
		if code != 429 || body != "slow" || h.Get("Retry-After") != "3" || h.Get("Content-Type") != "text/plain" || len(h) != 2 {
			t.Fatalf("sticky failure answered %d %q %v", code, body, h)
		}
	}
	fs.Set("", 0, Failure{})
	if code, body, _ := serve(&fs, "/x"); code != 200 || body != "ok" {
		t.Errorf("after status 0: %d %q, want the normal answer", code, body)
	}
}

func TestFailuresCountedAndPath(t *testing.T) {
	var fs Failures
	fs.Set("/a", 2, Failure{Status: 500, Body: []byte("down")})
	var got []int
	for _, p := range []string{"/b", "/a", "/b", "/a", "/a"} {
		code, _, _ := serve(&fs, p)
		got = append(got, code)
	}
	if want := []int{200, 500, 200, 500, 200}; !slices.Equal(got, want) {
		t.Errorf("codes = %v, want %v", got, want)
	}
	fs.Set("", 2, Failure{Status: 503})
	fs.Set("", 0, Failure{Status: 502}) // replaces the pending ones
	for range 2 {
		if code, _, _ := serve(&fs, "/c"); code != 502 {
			t.Errorf("after replacing: %d, want 502", code)
		}
	}
}

func TestFailuresScripted(t *testing.T) {
	var fs Failures
	fs.Add(Failure{Status: 429}, Failure{Status: 504})
	fs.Add(Failure{Status: 500})
	var got []int
	for range 5 {
		code, _, _ := serve(&fs, "/any")
		got = append(got, code)
	}
	if want := []int{429, 504, 500, 200, 200}; !slices.Equal(got, want) {
		t.Errorf("codes = %v, want %v", got, want)
	}
}

func TestRecorder(t *testing.T) {
	var r Recorder[string]
	if r.All() != nil {
		t.Errorf("empty Recorder: %v", r.All())
	}
	r.Record("a")
	r.Record("b")
	all := r.All()
	all[0] = "changed"
	if got := r.All(); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("All() = %v, want a copy of [a b]", got)
	}
}

func TestGate(t *testing.T) {
	var g Gate
	g.SetDelay(time.Hour)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	leave1, ok := g.Enter(ctx)
	if ok {
		t.Error("Enter waited out an hour on a cancelled context")
	}
	g.SetDelay(0)
	leave2, ok := g.Enter(t.Context())
	if !ok {
		t.Error("Enter without delay reported a cancelled context")
	}
	if got := g.MaxInFlight(); got != 2 {
		t.Errorf("MaxInFlight = %d, want 2", got)
	}
	leave1()
	leave2()
	leave3, _ := g.Enter(t.Context())
	leave3()
	if got := g.MaxInFlight(); got != 2 {
		t.Errorf("MaxInFlight after leaving = %d, want 2", got)
	}
}
