package brief

import (
	"context"
	"strings"
	"testing"
)

// TestDateCuePrecedence checks conflicting and layered date cues in both
// languages: an explicit day (calendar date, relative day) beats a window
// (holiday, before/after a holiday, month, season, weekend) when it lies
// inside it, with a note; a bare weekday is placed inside the window; a
// contradiction, or two explicit days that disagree, is a question naming
// both readings, with both dates as choices. Reference: classNow,
// Wednesday 2026-12-02.
func TestDateCuePrecedence(t *testing.T) {
	tests := []struct {
		q                string
		start, end, days string
		questions        string // question fields
		choices          string // the dates question's choices
		note             string // a note containing this
	}{
		// consistent: the explicit day is kept, the window noted
		{q: "国庆后从北京去南京玩四天，下周六出发", start: "2026-12-12", days: "4", note: "'国庆后' agrees with '下周六'"},
		{q: "after Thanksgiving, 3 days in Chicago leaving next Friday", start: "2026-12-11", days: "3", note: "'after Thanksgiving' agrees"},
		{q: "冬天去哈尔滨玩四天，下周六出发", start: "2026-12-12", days: "4", note: "'冬天' agrees"},
		{q: "12月去大理，明天出发，玩五天", start: "2026-12-03", days: "5", note: "'12月' agrees with '明天'"},
		{q: "a weekend in Paris, leaving this Saturday", start: "2026-12-05", end: "2026-12-06", days: "2", note: "'weekend' agrees"},
		{q: "圣诞节前去上海玩三天，12月20日出发", start: "2026-12-20", days: "3", note: "'圣诞节前' agrees"},
		{q: "元旦期间去厦门，12月31日出发，玩三天", start: "2026-12-31", days: "3", note: "'元旦期间' agrees"},
		{q: "Christmas in Vienna, arriving December 24", start: "2026-12-24", end: "2026-12-26", days: "3", note: "trip length taken from the rest of the Christmas"},
		{q: "in January, 4 days in Seoul from the 10th", start: "2027-01-10", days: "4"},
		// a window alone: a day beside the holiday
		{q: "国庆后去南京玩四天", start: "2027-10-08", days: "4", note: "dates assumed from '国庆后'"},
		{q: "春节前回老家，去西安玩三天", start: "2027-02-02", days: "3", note: "before the Spring Festival"},
		{q: "3 days in Boston after Christmas", start: "2026-12-27", days: "3", note: "after the Christmas"},
		// a bare weekday placed inside the window
		{q: "国庆周六出发去西安玩三天", start: "2027-10-02", days: "3", note: "'周六' taken as the first such day in '国庆'"},
		{q: "in April, leave Thursday, back Sunday, from Denver to Santa Fe", start: "2027-04-01", end: "2027-04-04", days: "4"},
		// contradictions: a question naming both readings
		{q: "春节期间去，下周六出发，去成都三天", start: "2026-12-12", questions: "dates", choices: "2026-12-12,2027-02-05", note: "dates conflict: '下周六'"},
		{q: "after Christmas, 3 days in Rome, leaving next Saturday", start: "2026-12-12", questions: "dates", choices: "2026-12-12,2026-12-27"},
		{q: "in April, 3 days in Kyoto, leaving tomorrow", start: "2026-12-03", questions: "dates", choices: "2026-12-03,2027-04-01"},
		{q: "下个月去西安玩三天，这周五出发", start: "2026-12-04", questions: "dates", choices: "2026-12-04,2027-01-01"},
		{q: "this summer, 5 days in Vancouver, leaving next Monday", start: "2026-12-07", questions: "dates", choices: "2026-12-07,2027-06-01"},
		{q: "国庆去北京，5月3日出发，玩五天", start: "2027-05-03", questions: "dates", choices: "2027-05-03,2027-10-01"},
		// two explicit days that disagree
		{q: "12月13日周六出发去厦门三天", start: "2026-12-13", questions: "dates", choices: "2026-12-13,2026-12-12", note: "is not a Saturday"},
		{q: "Saturday, December 13, 3 days in Boston", start: "2026-12-13", questions: "dates", choices: "2026-12-13,2026-12-12"},
		{q: "12月20日出发去杭州三天，下周六走", start: "2026-12-20", questions: "dates", choices: "2026-12-20,2026-12-12"},
		{q: "leaving December 20, next Friday works too, Austin for 3 days", start: "2026-12-20", questions: "dates", choices: "2026-12-20,2026-12-11"},
		// explicit days that agree: a weekday matching its date, a return day
		{q: "12月12日周六出发去厦门三天", start: "2026-12-12", end: "2026-12-14", days: "3"},
		{q: "Saturday, December 12, 3 days in Boston", start: "2026-12-12", end: "2026-12-14"},
		{q: "12月10日出发，下周日回，去成都", start: "2026-12-10", end: "2026-12-13", days: "4"},
		{q: "leaving December 10, back on Sunday, 2 people to Chicago", start: "2026-12-10", end: "2026-12-13", days: "4"},
	}
	for _, tc := range tests {
		r := ParseRules(tc.q, classNow)
		f := classFields(r)
		check := func(field, got, want string) {
			if want != "" && got != want {
				t.Errorf("%s: %s = %q, want %q (notes %q)", tc.q, field, got, want, r.Notes)
			}
		}
		check("start", f["start"], tc.start)
		check("end", f["end"], tc.end)
		if tc.days != "" && f["days"] != tc.days && !(f["days"] == "0" && f["end"] != "") {
			t.Errorf("%s: days = %q, want %q", tc.q, f["days"], tc.days)
		}
		if f["questions"] != tc.questions {
			t.Errorf("%s: questions = %q, want %q (%+v)", tc.q, f["questions"], tc.questions, r.Questions)
		}
		var choices []string
		for _, q := range r.Questions {
			if q.Field == "dates" {
				choices = q.Choices
				if tc.choices != "" {
					// the question names both readings
					for _, c := range q.Choices {
						if !strings.Contains(q.Text, c) {
							t.Errorf("%s: question %q does not name %s", tc.q, q.Text, c)
						}
					}
				}
			}
		}
		check("choices", strings.Join(choices, ","), tc.choices)
		if tc.note != "" && !strings.Contains(strings.Join(r.Notes, "\n"), tc.note) {
			t.Errorf("%s: no note containing %q in %q", tc.q, tc.note, r.Notes)
		}
	}
}

// TestDateConflictAnswered checks that a choice offered by a date
// conflict answers it: the chosen start replaces the other, the trip keeps
// its length, and no question remains.
func TestDateConflictAnswered(t *testing.T) {
	p, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ q, pick, start, end string }{
		{"春节期间去，下周六出发，去成都三天", "2027-02-05", "2027-02-05", "2027-02-07"},
		{"in April, 3 days in Kyoto, leaving tomorrow", "2027-04-01", "2027-04-01", "2027-04-03"},
		{"in April, 3 days in Kyoto, leaving tomorrow", "2026-12-03", "2026-12-03", "2026-12-05"},
	} {
		r := ParseRules(tc.q, classNow)
		if len(r.Questions) != 1 || r.Questions[0].Field != "dates" {
			t.Fatalf("%s: questions %+v", tc.q, r.Questions)
		}
		a, err := p.Answer(context.Background(), r.Brief, map[string]string{"dates": tc.pick}, classNow)
		if err != nil {
			t.Fatalf("%s: %v", tc.q, err)
		}
		if len(a.Questions) > 0 || a.Brief.StartDate != tc.start || a.Brief.EndDate != tc.end {
			t.Errorf("%s answered %s: %s..%s questions %+v, want %s..%s", tc.q, tc.pick, a.Brief.StartDate, a.Brief.EndDate, a.Questions, tc.start, tc.end)
		}
	}
}
