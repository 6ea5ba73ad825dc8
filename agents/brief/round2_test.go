package brief

import "testing"

// round2Cases are the second round of issue 31's classes, each with
// sentences of their own in both languages (classNow: Wednesday
// 2026-12-02, its week starting Monday 2026-11-30).
var round2Cases = []classCase{
	// relative weeks and weekends two ahead
	{"relweek", "Off to Hangzhou the week after next, Tuesday to Thursday", map[string]string{"dests": "Hangzhou", "start": "2026-12-15", "end": "2026-12-17", "days": "3"}},
	{"relweek", "Kyoto the week after next for 4 days", map[string]string{"dests": "Kyoto", "start": "2026-12-14", "end": "2026-12-17"}},
	{"relweek", "Could we do Macau the weekend after next?", map[string]string{"dests": "Macau", "start": "2026-12-19", "end": "2026-12-20", "days": "2"}},
	{"relweek", "下下周末去苏州玩两天", map[string]string{"dests": "Suzhou", "start": "2026-12-19", "end": "2026-12-20"}},
	{"relweek", "Next weekend in Busan", map[string]string{"dests": "Busan", "start": "2026-12-12"}},
	// a week of a month, no length given: the week is the stay
	{"monthweek", "Lisbon during the second week of March", map[string]string{"dests": "Lisbon", "start": "2027-03-08", "end": "2027-03-14", "days": "7"}},
	{"monthweek", "Hanoi, third week in April, 5 days", map[string]string{"dests": "Hanoi", "start": "2027-04-15", "end": "2027-04-19", "days": "5"}},
	{"monthweek", "三月第一周去厦门", map[string]string{"dests": "Xiamen", "start": "2027-03-01", "end": "2027-03-07", "days": "7"}},
	{"monthweek", "五月份的第二个星期去成都", map[string]string{"dests": "Chengdu", "start": "2027-05-08", "days": "7"}},
	// a number after a month that counts people is no day
	{"monthweek", "Taipei in February, 4 adults", map[string]string{"dests": "Taipei", "start": "2027-02-01", "adults": "4"}},
	{"monthweek", "Bangkok in June, 2 of us, 6 days", map[string]string{"dests": "Bangkok", "start": "2027-06-01", "adults": "2", "days": "6"}},
	{"monthweek", "Bangkok on June 2, 6 days", map[string]string{"start": "2027-06-02", "days": "6"}},
}

func TestRound2Classes(t *testing.T) {
	for _, tc := range round2Cases {
		got := classFields(ParseRules(tc.q, classNow))
		for k, w := range tc.want {
			if got[k] != w {
				t.Errorf("[%s] %s: %s = %q, want %q", tc.class, tc.q, k, got[k], w)
			}
		}
	}
}
