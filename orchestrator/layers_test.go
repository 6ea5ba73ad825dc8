package orchestrator_test

import (
	"encoding/json"
	"os/exec"
	"sort"
	"strings"
	"testing"
)

// module is the import path every layer rule below is relative to.
const module = "github.com/tripweave/tripweave/"

// layer names the layer a package belongs to, by the folder it lives in.
// The folders are the layers: a reader sees a package's layer in its path.
func layer(pkg string) string {
	switch {
	case pkg == "orchestrator", pkg == "orchestrator/gazetteer":
		return "domain"
	case strings.HasPrefix(pkg, "orchestrator/platform/"):
		return "platform"
	case strings.HasPrefix(pkg, "orchestrator/algorithms/"), pkg == "decision":
		return "algorithm"
	case pkg == "knowledgebase", strings.HasPrefix(pkg, "knowledgebase/"):
		return "port"
	case pkg == "templates", strings.HasPrefix(pkg, "templates/"):
		return "presentation"
	case pkg == "agents", strings.HasPrefix(pkg, "agents/"):
		return "agent"
	case strings.HasPrefix(pkg, "orchestrator/app/"):
		return "application"
	case strings.HasPrefix(pkg, "orchestrator/adapters/"):
		return "adapter"
	case strings.HasPrefix(pkg, "orchestrator/evaluation/"):
		return "evaluation"
	case strings.HasPrefix(pkg, "cmd/"):
		return "cmd"
	case pkg == "docs":
		return "docs"
	}
	return ""
}

// mayImport lists, for each layer, the layers its non-test code may import.
// Arrows run down only: the domain imports nothing of ours; algorithms are
// pure over the domain; the application composes algorithms and the
// knowledge port; adapters translate to the application and never to each
// other; evaluation and commands see everything.
var mayImport = map[string][]string{
	"domain":       {"domain"},
	"platform":     {"domain", "platform"},
	"algorithm":    {"domain", "platform", "algorithm"},
	"port":         {"domain", "platform", "port"},
	"presentation": {"domain", "platform", "algorithm", "presentation"},
	"agent":        {"domain", "platform", "algorithm", "port", "presentation", "agent"},
	"application":  {"domain", "platform", "algorithm", "port", "application"},
	"adapter":      {"domain", "platform", "algorithm", "port", "presentation", "application", "adapter"},
	"evaluation":   {"domain", "platform", "algorithm", "port", "presentation", "agent", "application", "adapter", "evaluation"},
	"cmd":          {"domain", "platform", "algorithm", "port", "presentation", "agent", "application", "adapter", "evaluation", "cmd", "docs"},
	"docs":         {},
}

// adapterPairs are the adapter-to-adapter imports allowed: Supabase is
// PostgreSQL behind PostgREST and shares its error classification.
var adapterPairs = map[string]bool{
	"orchestrator/adapters/supabase -> orchestrator/adapters/postgres": true,
}

// adapterRoot is the adapter an adapter package belongs to (its first
// folder under orchestrator/adapters).
func adapterRoot(pkg string) string {
	rest := strings.TrimPrefix(pkg, "orchestrator/adapters/")
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		rest = rest[:i]
	}
	return rest
}

// TestLayers holds the import rules over `go list`: every package of the
// module has a layer by its folder, and no non-test import points up.
func TestLayers(t *testing.T) {
	if testing.Short() {
		t.Skip("go list over the module")
	}
	out, err := exec.Command("go", "list", "-json=ImportPath,Imports", module+"...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	var bad []string
	n := 0
	for dec.More() {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		n++
		from := strings.TrimPrefix(p.ImportPath, module)
		lf := layer(from)
		if lf == "" {
			bad = append(bad, from+": in no layer folder")
			continue
		}
		allowed := map[string]bool{}
		for _, l := range mayImport[lf] {
			allowed[l] = true
		}
		for _, imp := range p.Imports {
			if !strings.HasPrefix(imp, module) {
				continue
			}
			to := strings.TrimPrefix(imp, module)
			lt := layer(to)
			if !allowed[lt] {
				bad = append(bad, from+" ("+lf+") -> "+to+" ("+lt+")")
				continue
			}
			if lf == "adapter" && lt == "adapter" && adapterRoot(from) != adapterRoot(to) && !adapterPairs[from+" -> "+to] {
				bad = append(bad, from+" -> "+to+": adapters do not import each other")
			}
		}
	}
	if n < 20 {
		t.Fatalf("go list gave %d packages; expected the whole module", n)
	}
	sort.Strings(bad)
	for _, b := range bad {
		t.Error(b)
	}
}
