package templates

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestEveryScoreDetailHasChineseWording reads every detail format the
// quality scorer writes (detailf calls in orchestrator/algorithms/quality)
// and checks that a Chinese page words it, so that a part added to the
// score is never shown in English on a Chinese page.
func TestEveryScoreDetailHasChineseWording(t *testing.T) {
	files, err := filepath.Glob("../orchestrator/algorithms/quality/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no quality sources: %v", err)
	}
	call := regexp.MustCompile(`detailf\("([^"]*)"`)
	verb := strings.NewReplacer("%d", "2", "%.1f", "1.5", "%.0f", "40", "%%", "%")
	latin := regexp.MustCompile(`[A-Za-z]{2,}`)
	b := &builder{l: labelsFor("zh"), txt: func(s string) string { return s }}
	seen := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range call.FindAllStringSubmatch(string(src), -1) {
			format := m[1]
			if strings.HasPrefix(format, ";") || strings.Contains(format, "%s") {
				continue // a suffix of another detail, or names to be worded elsewhere
			}
			seen++
			detail := verb.Replace(format)
			if zh := b.qualityDetail(detail); zh == "" || latin.MatchString(zh) {
				t.Errorf("%s: detail %q is worded %q on a Chinese page", filepath.Base(f), detail, zh)
			}
		}
	}
	if seen < 10 {
		t.Fatalf("only %d detail formats found; the pattern no longer matches the scorer's calls", seen)
	}
}
