package brief

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator"
)

// Numbers the request states that no plan can take are asked about, not
// read as something else: a party of 0 or of more than MaxTravelers
// ("for 1000000000 people", 500人) would otherwise fall back to one adult,
// and a negative budget ("budget -2000") to a positive one.

// partyOutOfRange returns the party size the request writes as digits
// before a word for people when it is 0 or over orchestrator.MaxTravelers,
// and the text as written; ok is false when there is none.
func (d *doc) partyOutOfRange() (n string, ok bool) {
	if d.hasLatin {
		toks := d.toks
		for i := 0; i+1 < len(toks); i++ {
			t := toks[i]
			if !allDigits(t.low) || toks[i+1].kind != tWord {
				continue
			}
			next := toks[i+1].low
			if !enPeopleNouns[next] && next != "adults" && next != "adult" {
				continue
			}
			if i > 0 && toks[i-1].low == "per" {
				continue
			}
			if outOfParty(t.low) {
				return t.text, true
			}
		}
	}
	if d.hasHanText {
		s := d.clean
		for i := 0; i < len(s); {
			if s[i] < '0' || s[i] > '9' {
				_, sz := utf8.DecodeRuneInString(s[i:])
				i += sz
				continue
			}
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			digits := s[i:j]
			rest := s[j:]
			for _, u := range []string{"个人", "位", "人", "名成人", "个大人"} {
				if strings.HasPrefix(rest, u) && !strings.HasPrefix(rest, "人均") && !strings.HasPrefix(rest, "人民币") && outOfParty(digits) {
					return digits, true
				}
			}
			i = j
		}
	}
	return "", false
}

// outOfParty reports whether digits, a party size, is 0 or over the limit.
func outOfParty(digits string) bool {
	if len(digits) > 6 {
		return true
	}
	n, err := strconv.Atoi(digits)
	return err == nil && (n == 0 || n > orchestrator.MaxTravelers)
}

// negativeBudget reports whether a budget cue is followed by a minus sign
// before its amount ("budget -2000", 预算-2000, "budget of −500 USD").
func (d *doc) negativeBudget() bool {
	low := d.low
	for _, cue := range []string{"budget", "预算", "经费", "花费"} {
		for from := 0; ; {
			i := strings.Index(low[from:], cue)
			if i < 0 {
				break
			}
			j := from + i + len(cue)
			from = j
			rest := strings.TrimLeft(low[j:], " :：of是为")
			rest = strings.TrimLeft(rest, " $¥€£")
			if strings.HasPrefix(rest, "-") || strings.HasPrefix(rest, "−") || strings.HasPrefix(rest, "负") {
				if r := strings.TrimLeft(strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(rest, "-"), "−"), "负"), " $¥€£"); r != "" && r[0] >= '0' && r[0] <= '9' {
					return true
				}
			}
		}
	}
	return false
}

// scientificBudget reports whether a budget cue comes with an amount in
// scientific notation ("budget 1e15 USD"), which the amount reader would
// take for its last digits.
func (d *doc) scientificBudget() bool {
	if !strings.Contains(d.low, "budget") && !strings.Contains(d.low, "预算") {
		return false
	}
	for _, t := range d.toks {
		if isScientific(t.low) {
			return true
		}
	}
	return false
}

// isScientific reports whether s is a number like 1e15 or 2.5E+6.
func isScientific(s string) bool {
	i := strings.IndexAny(s, "eE")
	if i <= 0 || i == len(s)-1 {
		return false
	}
	mant, exp := s[:i], strings.TrimLeft(s[i+1:], "+-")
	if exp == "" || !allDigits(exp) {
		return false
	}
	mant = strings.Replace(mant, ".", "", 1)
	return mant != "" && allDigits(mant)
}

// checkBounds asks about the numbers no plan can take.
func (d *doc) checkBounds(b *orchestrator.Brief) {
	if n, ok := d.partyOutOfRange(); ok {
		d.pendingQ = append(d.pendingQ, Question{Field: "travelers", Text: pick(d.lang == "zh",
			"一次最多规划"+strconv.Itoa(orchestrator.MaxTravelers)+"位旅客的行程（你写的是"+n+"人）。请问实际有几位大人、几位孩子？",
			"A plan is made for 1 to "+strconv.Itoa(orchestrator.MaxTravelers)+" travellers, and the request says "+n+". How many adults and children are travelling?")})
		b.Travelers = orchestrator.Travelers{}
	}
	if d.scientificBudget() {
		d.pendingQ = append(d.pendingQ, Question{Field: "budget", Text: pick(d.lang == "zh",
			"预算金额看不明白（科学计数法）。请问这次旅行的预算是多少？",
			"The budget is written in scientific notation, which we do not read as an amount. What is the budget for the trip?")})
		b.Budget = nil
	} else if d.negativeBudget() {
		d.pendingQ = append(d.pendingQ, Question{Field: "budget", Text: pick(d.lang == "zh",
			"预算不能是负数。请问这次旅行的预算是多少？",
			"A budget cannot be negative. What is the budget for the trip?")})
		b.Budget = nil
	}
}
