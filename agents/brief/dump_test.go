package brief

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
	"time"
)

// dumpTexts returns every request text the dump covers: the corpus and
// the test tables.
func dumpTexts(t testing.TB) []string {
	texts := append([]string(nil), requestCorpus(t)...)
	for _, tab := range [][]classCase{classCases, everydayCases, everydayClassCases, understandingCases, englishPhrasings, modelAddsCases, probeCases, probeRound2, probeRound3} {
		for _, c := range tab {
			texts = append(texts, c.q)
		}
	}
	for _, c := range rulesCases {
		texts = append(texts, c.query)
	}
	return append(texts, benchQueries...)
}

// dumpAnswers are answers Answer reads in the dump, one field each.
var dumpAnswers = []map[string]string{
	{"destinations": "Kyoto, Osaka"}, {"destinations": "成都和重庆"}, {"destination": "somewhere nice"},
	{"origin": "北京"}, {"origin": "from Boston"}, {"dates": "5月1日到3日"}, {"dates": "next Friday"},
	{"days": "3"}, {"start_date": "2027-01-10"}, {"end_date": "一周"}, {"travelers": "2 adults and a 5 year old"},
	{"travelers": "一家三口"}, {"travelers": "4"}, {"budget": "5000"}, {"budget": "人均2000"},
	{"budget.currency": "EUR"}, {"budget.currency": "QQQ"}, {"nope": "x"}, {"travelers": "none"},
}

// TestDumpParses writes the rules' reading of every text (and answers to
// the first texts' briefs) to BRIEF_DUMP: refactors must leave it
// byte-identical (diff the files before and after).
func TestDumpParses(t *testing.T) {
	path := os.Getenv("BRIEF_DUMP")
	if path == "" {
		t.Skip("BRIEF_DUMP not set")
	}
	p, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	for i, q := range dumpTexts(t) {
		r, err := p.Parse(context.Background(), q, classNow)
		js, _ := json.Marshal(r)
		fmt.Fprintf(&sb, "%d\t%q\t%v\t%s\n", i, q, err, js)
		if err != nil || r == nil || i%7 != 0 {
			continue
		}
		for _, a := range dumpAnswers {
			keys := make([]string, 0, len(a))
			for k := range a {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			ar, aerr := p.Answer(context.Background(), r.Brief, a, classNow)
			js, _ := json.Marshal(ar)
			fmt.Fprintf(&sb, "  answer %v\t%v\t%s\n", keys, aerr, js)
		}
	}
	// a Sunday evening in another zone: relative days and weekends
	sunday := time.Date(2027, 3, 7, 21, 0, 0, 0, time.UTC)
	for i, q := range dumpTexts(t) {
		r, err := p.Parse(context.Background(), q, sunday)
		js, _ := json.Marshal(r)
		fmt.Fprintf(&sb, "sunday %d\t%v\t%s\n", i, err, js)
	}
	if err := os.WriteFile(path, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
