package brief

import "strings"

// A room type named as a permission ("住青旅也可以", "hostels are fine",
// "we don't mind a dorm") allows it; it does not require it.

var permitAfterZH = []string{"也可以", "也行", "也没问题", "都可以", "都行", "也ok", "也OK", "可以接受", "也能接受", "也无所谓", "也不介意", "也凑合", "凑合也行", "也成"}
var permitBeforeZH = []string{"不介意", "可以接受", "能接受", "接受", "也可以住", "可以住", "能住"}
var permitAfterEN = []string{"ok", "okay", "fine", "is fine", "are fine", "is ok", "are ok", "is okay", "are okay", "would be fine", "would be ok",
	"would be okay", "is acceptable", "are acceptable", "works", "work too", "works too", "too", "as well", "also fine", "are also fine", "is also fine"}
var permitBeforeEN = []string{"don't mind", "do not mind", "wouldn't mind", "would not mind", "happy with", "fine with", "ok with",
	"okay with", "open to", "even", "or", "ok to stay in", "fine to stay in", "happy to stay in"}

// sharedRoomPermitted reports whether every shared-room word written is a
// permission, not a wish.
func (d *doc) sharedRoomPermitted() bool {
	seen := false
	if d.hasHanText {
		for _, w := range []string{"青旅床位", "青旅", "青年旅舍", "青年旅社", "床位", "多人间", "拼房", "合住", "混住"} {
			for i := 0; ; {
				j := strings.Index(d.clean[i:], w)
				if j < 0 {
					break
				}
				k := i + j
				i = k + len(w)
				seen = true
				after := strings.TrimLeft(d.clean[k+len(w):], " ")
				after = strings.TrimPrefix(after, "的话")
				before := d.clean[max(0, k-12):k]
				before = strings.TrimSuffix(strings.TrimSuffix(before, "住"), "睡")
				_, ce := clauseAt(d.clean, k)
				either := hasAny(d.clean[k:ce], "或", "还是") && hasAny(d.clean[k:ce], "都行", "都可以", "都没问题", "无所谓", "都ok", "都OK", "也行", "也可以")
				if !either && !hasPrefixAny(after, permitAfterZH...) && !hasSuffixAny(before, permitBeforeZH...) {
					return false
				}
			}
		}
	}
	if d.hasLatin {
		for _, w := range []string{"hostel bed", "hostels", "hostel", "dorm bed", "dorms", "dorm", "dormitory", "shared rooms", "shared room"} {
			for i := 0; ; {
				j := strings.Index(d.low[i:], w)
				if j < 0 {
					break
				}
				k := i + j
				i = k + len(w)
				if !wordAt(d.low, k, w) {
					continue
				}
				seen = true
				after := strings.TrimLeft(d.low[k+len(w):], " ")
				before := strings.TrimRight(d.low[max(0, k-24):k], " ")
				before = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(before, " a"), " the"), " in")
				rest := after[:min(len(after), 60)]
				if j := strings.IndexAny(rest, ".;!?\n"); j >= 0 {
					rest = rest[:j]
				}
				either := hasWord(rest, "or") && hasWord(rest, "either is fine", "either works", "either way", "whatever", "both fine", "all fine", "is fine", "are fine", "is ok", "is okay", "would be fine")
				if !either && !hasPrefixAny(after, permitAfterEN...) && !hasSuffixAny(before, permitBeforeEN...) {
					return false
				}
			}
		}
	}
	return seen
}
