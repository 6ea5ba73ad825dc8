package datasets

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// RequestTexts returns every travel request text held under the given
// roots: the "query" of each record of every JSON Lines file (TravelPlanner's
// queries, the quality evaluation set, the public requests kept as test
// data), each once, in walk order. Unreadable files are skipped; .git and
// node_modules are not entered.
func RequestTexts(roots ...string) []string {
	seen := map[string]bool{}
	var out []string
	for _, root := range roots {
		_ = filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if e.IsDir() && (e.Name() == ".git" || e.Name() == "node_modules") {
				return filepath.SkipDir
			}
			if e.IsDir() || !strings.HasSuffix(path, ".jsonl") {
				return nil
			}
			f, err := os.Open(path)
			if err != nil {
				return nil
			}
			defer f.Close()
			sc := bufio.NewScanner(f)
			sc.Buffer(make([]byte, 0, 1<<20), 64<<20)
			for sc.Scan() {
				line := sc.Bytes()
				if !bytes.Contains(line, []byte(`"query"`)) {
					continue
				}
				var rec struct {
					Query string `json:"query"`
				}
				if json.Unmarshal(line, &rec) == nil {
					if q := strings.TrimSpace(rec.Query); q != "" && !seen[q] {
						seen[q] = true
						out = append(out, q)
					}
				}
			}
			return nil
		})
	}
	return out
}

// ModuleRoot returns the directory of the go.mod above the working
// directory.
func ModuleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", os.ErrNotExist
		}
		dir = parent
	}
}

// RequestCorpus is RequestTexts over the shared datasets (Locate) and this
// module's own files. The texts of whatever was found are returned; err
// says the shared datasets are missing (callers that require them fail).
func RequestCorpus() ([]string, error) {
	var roots []string
	dir, derr := Locate(".")
	if derr == nil {
		roots = append(roots, dir)
	}
	root, err := ModuleRoot()
	if err != nil {
		return nil, err
	}
	return RequestTexts(append(roots, root)...), derr
}
