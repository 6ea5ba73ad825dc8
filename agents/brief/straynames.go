package brief

import (
	"slices"
	"strings"
)

// Stray names: words a must-see cue or a list took that name no sight —
// a count of visits (打卡三连, 两次, 一趟), a verb said twice (拜一拜, 逛逛,
// 溜达溜达, 走了走) or a look ("a quick look", "a peek").

// strayCountersZH are the counters of a count of visits.
var strayCountersZH = "连次遍趟回下处站个"

// strayNamesEN are English looks a list may take for a name.
var strayNamesEN = []string{"look", "a look", "quick look", "a quick look", "peek", "a peek", "quick peek", "glance", "a glance",
	"quick visit", "a quick visit", "quick stop", "a quick stop", "look around", "wander", "stroll", "a stroll"}

// strayName reports whether a must-see name is a stray word, not a sight.
func strayName(m string) bool {
	rs := []rune(m)
	switch {
	case len(rs) == 0:
		return true
	case isHan(rs[0]):
		// a count of visits: numerals and a counter (三连, 两次, 一趟)
		k := 0
		for k < len(rs) && (cnDigit[rs[k]] > 0 || rs[k] == '两' || rs[k] == '十' || rs[k] == '几') {
			k++
		}
		if k > 0 && k == len(rs)-1 && strings.ContainsRune(strayCountersZH, rs[k]) {
			return true
		}
		// a verb said twice: XX, X一X, X了X, XYXY
		switch len(rs) {
		case 2:
			return rs[0] == rs[1]
		case 3:
			return rs[0] == rs[2] && (rs[1] == '一' || rs[1] == '了')
		case 4:
			return rs[0] == rs[2] && rs[1] == rs[3] && rs[0] != rs[1]
		}
		return false
	default:
		return slices.Contains(strayNamesEN, strings.ToLower(strings.TrimSpace(m)))
	}
}

// activityTailsZH are what is done at a sight, written right after its
// name (巴黎人拍照, 外滩散步): no part of the name.
var activityTailsZH = []string{"拍拍照", "拍照片", "拍照", "打个卡", "打卡", "合影", "散散步", "散步", "走走", "逛逛", "看看", "转转", "玩玩",
	"溜达", "吃饭", "购物", "逛街", "喝茶", "喝咖啡", "拜拜", "拜佛", "烧香", "许愿", "骑车", "划船", "野餐"}

// dropStrayNames leaves the stray words out of the must-see names and cuts
// an activity written after a Chinese name off it.
func dropStrayNames(must []string) []string {
	for i, m := range must {
		for _, w := range activityTailsZH {
			if rest, ok := strings.CutSuffix(m, w); ok && len([]rune(rest)) >= 2 && !slices.Contains(must, rest) {
				must[i] = rest
				break
			}
		}
	}
	return slices.DeleteFunc(must, strayName)
}
