package brief

import (
	"testing"
	"time"
)

// TestWeekdayDayZHEveryPrefix: a day of the month beside a weekday is read
// with each of the three Chinese weekday words (周, 星期, 礼拜), the next
// month where that day falls on that weekday (Wednesday the 17th after
// 2026-12-07 is 2027-02-17), and 周 absent from the text does not stop the
// search for 星期 and 礼拜.
func TestWeekdayDayZHEveryPrefix(t *testing.T) {
	now := time.Date(2026, 12, 7, 10, 0, 0, 0, time.FixedZone("CST", 8*3600))
	for _, q := range []string{
		"17号星期三从上海去杭州玩两天",
		"17号礼拜三从上海去杭州玩两天",
		"17号周三从上海去杭州玩两天",
		"星期三17号从上海去杭州玩两天",
	} {
		r := ParseRules(q, now)
		if r.Brief.StartDate != "2027-02-17" || r.Brief.EndDate != "2027-02-18" {
			t.Errorf("%s: %s – %s, want 2027-02-17 – 2027-02-18", q, r.Brief.StartDate, r.Brief.EndDate)
		}
	}
}
