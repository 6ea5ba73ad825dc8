package brief

import (
	"strconv"
	"strings"
)

// halfDays reads a length with a half day in it (一天半, 两天半, 2.5天,
// "one and a half days", "a day and a half", "2.5 days", "a week and a
// half") as the whole days it needs, rounded up, with a note. It returns 0
// when the request states no such length.
func (d *doc) halfDays() int {
	if n := d.halfDaysZH(); n > 0 {
		return n
	}
	if strings.Contains(d.low, "half") || strings.Contains(d.low, ".5") {
		return d.halfDaysEN()
	}
	return 0
}

func (d *doc) halfDaysZH() int {
	s := d.clean
	for _, unit := range []string{"天半", "日半"} {
		if i := strings.Index(s, unit); i > 0 {
			n, ns := readNumberBackAll(s, i)
			after := s[i+len(unit):]
			// 三天半价, 一天半山腰: 半 is another word's
			if hasPrefixAny(after, "价", "山", "夜", "小时", "个") {
				continue
			}
			if n > 0 && ns < i && n <= 60 && !hasSuffixAny(s[:ns], "第", "每", "月") {
				d.notes = append(d.notes, "half a day counted as a day: "+s[ns:i+len(unit)]+" read as "+strconv.Itoa(n+1)+" days")
				return n + 1
			}
		}
	}
	for _, unit := range []string{".5天", ".5日"} {
		if i := strings.Index(s, unit); i > 0 {
			j := i
			for j > 0 && isDigitByte(s[j-1]) {
				j--
			}
			if n, err := strconv.Atoi(s[j:i]); err == nil && n > 0 && n <= 60 {
				d.notes = append(d.notes, "half a day counted as a day: "+s[j:i+len(unit)]+" read as "+strconv.Itoa(n+1)+" days")
				return n + 1
			}
		}
	}
	return 0
}

// halfDaysEN reads "N and a half days", "a day and a half", "N.5 days" and
// the same with weeks.
func (d *doc) halfDaysEN() int {
	toks := d.toks
	low := func(k int) string {
		if k < len(toks) {
			return toks[k].low
		}
		return ""
	}
	count := func(w string) int {
		if w == "a" || w == "an" {
			return 1
		}
		return wordNumber(w)
	}
	for i := range toks {
		n := count(toks[i].low)
		if n <= 0 || n > 60 {
			continue
		}
		var mult int
		switch {
		case low(i+1) == "and" && (low(i+2) == "a" || low(i+2) == "one") && low(i+3) == "half":
			// "one and a half days"
			mult = halfUnit(low(i + 4))
		case low(i+1) == "." && low(i+2) == "5" && toks[i+2].start == toks[i+1].end && toks[i+1].start == toks[i].end:
			// "2.5 days"
			k := i + 3
			if low(k) == "-" {
				k++
			}
			mult = halfUnit(low(k))
		case halfUnit(low(i+1)) > 0 && low(i+2) == "and" && low(i+3) == "a" && low(i+4) == "half":
			// "a day and a half", "a week and a half"
			mult = halfUnit(low(i + 1))
		}
		if mult == 0 {
			continue
		}
		days := n*mult + (mult+1)/2
		d.notes = append(d.notes, "half a day counted as a day: read as "+strconv.Itoa(days)+" days")
		return days
	}
	return 0
}

func halfUnit(w string) int {
	switch w {
	case "day", "days":
		return 1
	case "week", "weeks":
		return 7
	}
	return 0
}
