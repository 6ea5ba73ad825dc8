package brief

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator/gazetteer"
)

// evalCase is one request of the repo's tables with the extraction a
// correct model would give, derived from the table's expected fields (not
// from what the parser reads), and the table's own scoring.
type evalCase struct {
	table string
	q     string
	now   time.Time
	x     extraction
	score func(r *Result) (right, total int)
}

func splitList(s string) []string {
	if s == "" {
		return []string{}
	}
	return strings.Split(s, ",")
}

// budgetFields reads "2000 CNY pp" or "1500 USD".
func budgetFields(s string, x *extraction) {
	f := strings.Fields(s)
	if len(f) < 2 {
		return
	}
	x.BudgetAmount, _ = strconv.ParseFloat(f[0], 64)
	x.BudgetCurrency = f[1]
	x.BudgetPerPerson = len(f) > 2 && f[2] == "pp"
}

func emptyExtraction() extraction {
	return extraction{Destinations: []string{}, Interests: []string{}, TransportExclude: []string{}, TransportPrefer: []string{},
		HouseRules: []string{}, Cuisines: []string{}, Accessibility: []string{}}
}

// modelAddsCases are requests whose words the rules' lexicon lacks but the
// concept table knows (ramen, 串串, 撸串, 热干面, 小龙虾) or an enumerated
// value's words cover ("our own apartment"): what a correct model adds.
var modelAddsCases = []classCase{
	{"model adds", "4 days in Kyoto next week, we love matcha and ramen", map[string]string{"dests": "Kyoto", "days": "4", "cuisines": "Japanese"}},
	{"model adds", "去成都玩3天，下周五出发，想吃串串", map[string]string{"dests": "Chengdu", "days": "3", "cuisines": "Hot Pot"}},
	{"model adds", "去青岛三天，下周六出发，晚上想撸串", map[string]string{"dests": "Qingdao", "days": "3", "cuisines": "BBQ"}},
	{"model adds", "去武汉两天，下周六出发，想吃热干面", map[string]string{"dests": "Wuhan", "days": "2", "cuisines": "Hubei"}},
	{"model adds", "去长沙三天，下周六出发，想吃小龙虾", map[string]string{"dests": "Changsha", "days": "3", "cuisines": "Crayfish"}},
	{"model adds", "3 days in Austin next week, we'd like our own apartment", map[string]string{"dests": "Austin", "days": "3", "room": "entire_home"}},
}

// evalCases gathers the class tables, the rules table and, when the shared
// datasets are present, the TravelPlanner training queries.
func evalCases(t *testing.T) []evalCase {
	var out []evalCase
	for _, tc := range append(append([]classCase{}, classCases...), modelAddsCases...) {
		w := tc.want
		table := "classes"
		if tc.class == "model adds" {
			table = "model adds"
		}
		x := emptyExtraction()
		x.Origin = w["origin"]
		x.Destinations = splitList(w["dests"])
		x.Days, _ = strconv.Atoi(w["days"])
		x.Adults, _ = strconv.Atoi(w["adults"])
		x.Children, _ = strconv.Atoi(w["children"])
		budgetFields(w["budget"], &x)
		x.RoomType = w["room"]
		x.TransportExclude = splitList(w["exclude"])
		x.Cuisines = splitList(w["cuisines"])
		x.HouseRules = splitList(w["house"])
		if n, _ := strconv.Atoi(w["city_count"]); n > 1 {
			x.CityCount = n
		}
		out = append(out, evalCase{table: table, q: tc.q, now: classNow, x: x, score: func(r *Result) (int, int) {
			got := classFields(r)
			right := 0
			for k, v := range w {
				if got[k] == v {
					right++
				}
			}
			return right, len(w)
		}})
	}
	for _, tc := range rulesCases {
		w := tc.want
		x := emptyExtraction()
		x.Origin = w.origin
		x.Destinations = append([]string{}, w.dests...)
		x.Days, x.Adults, x.Children = w.days, w.adults, w.children
		budgetFields(w.budget, &x)
		x.Interests = append([]string{}, w.interests...)
		x.Pace, x.RoomType = w.pace, w.room
		x.TransportExclude = append([]string{}, w.exclude...)
		x.TransportPrefer = append([]string{}, w.prefer...)
		x.HouseRules = append([]string{}, w.rules...)
		x.Cuisines = append([]string{}, w.cuisines...)
		x.Accessibility = append([]string{}, w.access...)
		x.CityCount = w.cityCount
		out = append(out, evalCase{table: "rules", q: tc.query, now: refNow, x: x, score: func(r *Result) (int, int) {
			total := checkedFields(w)
			return max(0, total-len(checkResult(r, w))), total
		}})
	}
	if _, err := os.Stat(travelPlannerQueries()); err != nil {
		if os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
			t.Fatalf("TravelPlanner queries: %v", err)
		}
		t.Logf("TravelPlanner queries not available (%v): evaluated on the repo's tables only", err)
		return out
	}
	for _, q := range loadTravelPlanner(t) {
		x := emptyExtraction()
		x.Origin, x.Destinations, x.Days, x.Adults = q.Org, []string{q.Dest}, q.Days, q.People
		x.BudgetAmount, x.BudgetCurrency = q.Budget, "USD"
		if q.VisitingCities > 1 {
			x.CityCount = q.VisitingCities
		}
		if v, ok := q.LocalConstraint["house rule"].(string); ok {
			x.HouseRules = []string{tpHouseRule[v]}
		}
		if v, ok := q.LocalConstraint["cuisine"].([]any); ok {
			for _, c := range v {
				x.Cuisines = append(x.Cuisines, c.(string))
			}
		}
		if v, ok := q.LocalConstraint["room type"].(string); ok {
			x.RoomType = tpRoomType[v]
		}
		if v, ok := q.LocalConstraint["transportation"].(string); ok {
			x.TransportExclude = []string{tpTransport[v]}
		}
		out = append(out, evalCase{table: "travelplanner", q: q.Query, now: time.Date(2022, 1, 1, 9, 0, 0, 0, time.UTC), x: x,
			score: func(r *Result) (int, int) {
				got := tpFields(r, q)
				right := 0
				for _, v := range got {
					if v {
						right++
					}
				}
				return right, len(got)
			}})
	}
	return out
}

// checkedFields counts the fields checkResult compares for w.
func checkedFields(w want) int {
	n := 1 // questions
	for _, set := range []bool{w.lang != "", w.origin != "", w.dests != nil, w.cc != "", w.admin != "", w.start != "", w.end != "",
		w.days != 0, w.adults != 0, w.children != 0, w.budget != "", w.noBudget, w.interests != nil, w.pace != "", w.exclude != nil,
		w.prefer != nil, w.rules != nil, w.room != "", w.cuisines != nil, w.access != nil, w.chooses != 0 || len(w.dests) > 1,
		w.cityCount != 0, w.holiday != "", w.month != ""} {
		if set {
			n++
		}
	}
	return n
}

// inventedPlaces are real cities (the gazetteer knows them) that no table
// request names; a model that invents places names them.
var inventedPlaces = []string{"Reykjavik", "Ulaanbaatar", "Nuuk", "乌鲁木齐", "Tromsø", "Windhoek"}

// replayModel answers chat completions for the evaluation: the request
// text picks the case, the mode the kind of reply.
type replayModel struct {
	mode  string // wrong_shape, inventing, correct
	cases map[string]*evalCase
	mu    sync.Mutex
	calls int
}

func (m *replayModel) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var req struct {
		Messages []struct{ Role, Content string }
	}
	if err := json.Unmarshal(body, &req); err != nil || len(req.Messages) < 2 {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	var q struct{ Request string }
	_ = json.Unmarshal([]byte(req.Messages[1].Content), &q)
	m.mu.Lock()
	m.calls++
	m.mu.Unlock()
	c := m.cases[q.Request]
	if c == nil {
		http.Error(w, "unknown request", http.StatusBadRequest)
		return
	}
	var content []byte
	x := c.x
	switch m.mode {
	case "correct":
		content, _ = json.Marshal(x)
	case "wrong_shape":
		// the public brief JSON instead of the extraction schema
		content, _ = json.Marshal(map[string]any{"origin": x.Origin, "destinations": x.Destinations, "days": x.Days,
			"start_date": "", "travelers": map[string]int{"adults": max(x.Adults, 1), "children": x.Children},
			"budget":    map[string]any{"amount": x.BudgetAmount, "currency": x.BudgetCurrency, "per_person": x.BudgetPerPerson},
			"interests": x.Interests, "constraints": map[string]any{"cuisines": x.Cuisines}})
	case "inventing":
		var invented []string
		for _, p := range inventedPlaces {
			if !strings.Contains(gazetteer.Key(c.q), gazetteer.Key(p)) {
				invented = append(invented, p)
			}
		}
		x.Origin = invented[0]
		x.Destinations = append(invented[1:3], x.Destinations...)
		x.Days = x.Days + 4
		x.Adults = x.Adults + 3
		x.Children = x.Children + 2
		x.BudgetAmount = x.BudgetAmount*3 + 1234
		x.DateText = "next Monday"
		content, _ = json.Marshal(x)
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(chatBody(string(content)))
}

// TestLLMAccuracy runs the repo's request tables through the rules alone
// and through the model path with three replay models: one that always
// answers in the wrong shape, one that answers well-formed but invents
// places and numbers, and one that answers correctly (the expected
// extraction of each request). The first two must equal the rules' field
// accuracy within one point and bring no invented place into a brief; the
// correct one must be at least as accurate as the rules.
func TestLLMAccuracy(t *testing.T) {
	cases := evalCases(t)
	byText := map[string]*evalCase{}
	for i := range cases {
		byText[cleanText(cases[i].q)] = &cases[i]
	}
	type tally struct{ right, total int }
	results := map[string]map[string]*tally{}
	add := func(mode, table string, right, total int) {
		if results[mode] == nil {
			results[mode] = map[string]*tally{}
		}
		for _, k := range []string{table, "all"} {
			if results[mode][k] == nil {
				results[mode][k] = &tally{}
			}
			results[mode][k].right += right
			results[mode][k].total += total
		}
	}
	count := map[string]int{}
	for _, c := range cases {
		right, total := c.score(ParseRules(c.q, c.now))
		add("rules", c.table, right, total)
		count[c.table]++
		count["all"]++
	}
	modes := []string{"wrong_shape", "inventing", "correct"}
	for _, mode := range modes {
		rm := &replayModel{mode: mode, cases: byText}
		srv := httptest.NewServer(rm)
		p, err := New(Options{LLM: &LLMConfig{BaseURL: srv.URL + "/v1", APIKey: "sk-test", Model: "replay-" + mode, Timeout: 10 * time.Second,
			HTTPClient: srv.Client()}})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			r, err := p.Parse(context.Background(), c.q, c.now)
			if err != nil {
				r = ParseRules(c.q, c.now) // a refused request scores as the rules' refusal does
				if len(r.Questions) == 0 {
					t.Errorf("[%s] %s: %v", mode, c.q, err)
					continue
				}
			}
			if mode == "inventing" {
				for _, inv := range inventedPlaces {
					if strings.Contains(gazetteer.Key(c.q), gazetteer.Key(inv)) {
						continue
					}
					rb := ParseRules(c.q, c.now).Brief
					ruled := map[string]bool{rb.Origin: true}
					for _, n := range rb.Destinations {
						ruled[n] = true // the rules' own reading (a region's candidate cities)
					}
					names := append([]string{r.Brief.Origin}, r.Brief.Destinations...)
					for _, p := range r.Brief.Places {
						names = append(names, p.Name)
					}
					for _, n := range names {
						if n != "" && !ruled[n] && (gazetteer.Key(n) == gazetteer.Key(inv) || n == "Ürümqi" && inv == "乌鲁木齐") {
							t.Errorf("invented place %s reached the brief of %q", inv, c.q)
						}
					}
				}
			}
			right, total := c.score(r)
			if rr, _ := c.score(ParseRules(c.q, c.now)); (right < rr || right < total && mode == "correct") && os.Getenv("BRIEF_EVAL_VERBOSE") == "1" {
				t.Logf("[%s] %s: %d/%d (rules %d)\n  got  %s\n  notes %q", mode, c.q, right, total, rr, summary(r), r.Notes)
			}
			add(mode, c.table, right, total)
		}
		srv.Close()
		t.Logf("%s: %d model calls for %d requests", mode, rm.calls, len(cases))
	}
	pct := func(t *tally) float64 { return 100 * float64(t.right) / float64(t.total) }
	var tables []string
	for k := range results["rules"] {
		if k != "all" {
			tables = append(tables, k)
		}
	}
	tables = append(sortedStrings(tables), "all")
	var sb strings.Builder
	fmt.Fprintf(&sb, "field accuracy (%d requests)\n%-14s %4s %14s %14s %14s %14s\n", len(cases), "table", "reqs", "rules only", "wrong shape", "inventing", "correct")
	for _, tb := range tables {
		fmt.Fprintf(&sb, "%-14s %4d", tb, count[tb])
		for _, mode := range append([]string{"rules"}, modes...) {
			r := results[mode][tb]
			fmt.Fprintf(&sb, " %5d/%4d %5.1f%%", r.right, r.total, pct(r))
		}
		sb.WriteString("\n")
	}
	t.Log(sb.String())
	base := pct(results["rules"]["all"])
	for _, mode := range []string{"wrong_shape", "inventing"} {
		if got := pct(results[mode]["all"]); got < base-1 || got > base+1 {
			t.Errorf("%s: field accuracy %.1f%%, want the rules' %.1f%% within one point", mode, got, base)
		}
	}
	if got := pct(results["correct"]["all"]); got < base {
		t.Errorf("correct replies: field accuracy %.1f%% is below the rules' %.1f%%", got, base)
	}
}

func sortedStrings(s []string) []string {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	return s
}
