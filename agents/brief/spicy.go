package brief

import "strings"

// Spice declined: a party that takes no chilli or only a little (不吃辣,
// 吃不了辣, 一点辣都不能吃, 微辣就行, "mild spice only", "can't handle
// heat") gets constraints.avoid_foods "spicy food", never a food wish.

var spicyDeclinedZH = []string{"不吃辣", "不能吃辣", "不太能吃辣", "怕辣", "不要辣", "不辣", "吃不了辣", "不能吃太辣", "不能太辣",
	"不吃太辣", "不要太辣", "别太辣", "吃不了太辣", "不敢吃辣", "不太吃辣", "不能吃麻辣", "不吃麻辣", "受不了辣", "吃不惯辣",
	"不碰辣", "忌辣", "少辣", "微辣", "免辣", "不加辣", "不放辣", "辣不了", "不怎么能吃辣", "不怎么吃辣", "不能吃一点辣"}

var spicyDeclinedEN = []string{"no spicy", "not spicy", "nothing spicy", "can't eat spicy", "cannot eat spicy", "don't eat spicy",
	"avoid spicy", "mild food", "not too spicy", "can't handle spicy", "cannot handle spicy", "can't do spicy", "no spice",
	"don't like spicy", "doesn't eat spicy", "can't take spicy", "mild spice", "mildly spicy", "mild only", "no chili", "no chilli",
	"no chilies", "no chillies", "can't handle spice", "cannot handle spice", "can't handle heat", "can't handle the heat",
	"can't take the heat", "low spice", "spice-free", "sensitive to spice", "not big on spice", "no hot spice", "less spicy",
	"not much spice", "little spice", "easy on the spice", "hold the spice", "don't do spice", "can't eat chili", "can't eat chilli"}

// spicyDeclined reports whether the request declines spicy food.
func (d *doc) spicyDeclined() bool {
	if d.hasHanText && strings.Contains(d.clean, "辣") {
		if d.zhAny(spicyDeclinedZH...) {
			return true
		}
		// 一点辣都不能吃, 一点儿辣也吃不了
		for i := 0; ; {
			k := strings.Index(d.clean[i:], "辣")
			if k < 0 {
				break
			}
			k += i
			i = k + len("辣")
			before, after := d.clean[max(0, k-12):k], d.clean[k+len("辣"):]
			if strings.HasSuffix(before, "一点") || strings.HasSuffix(before, "一点儿") || strings.HasSuffix(before, "一丁点") {
				if hasPrefixAny(after, "都不", "也不", "都吃不", "也吃不", "都碰不", "都受不") {
					return true
				}
			}
		}
	}
	return d.hasLatin && hasAny(d.low, "spic", "chil", "mild", "heat") && d.enAny(spicyDeclinedEN...)
}
