package brief

import (
	"fmt"
	"strings"
	"testing"
)

// touristTowns are county-level cities and famous towns travellers name as
// destinations, in Chinese and in English, with the gazetteer's name.
var touristTowns = []struct{ zh, en, name string }{
	{"平遥", "Pingyao", "Pingyao"}, {"阳朔", "Yangshuo", "Yangshuo"}, {"凤凰", "Fenghuang", "Fenghuang"},
	{"乌镇", "Wuzhen", "Wuzhen"}, {"周庄", "Zhouzhuang", "Zhouzhuang"}, {"同里", "Tongli", "Tongli"},
	{"西塘", "Xitang", "Xitang"}, {"婺源", "Wuyuan", "Wuyuan"}, {"宏村", "Hongcun", "Hongcun"},
	{"丽江", "Lijiang", "Lijiang"}, {"大理", "Dali", "Dali"}, {"香格里拉", "Shangri-La", "Shangri-La"},
	{"敦煌", "Dunhuang", "Dunhuang"}, {"张家界", "Zhangjiajie", "Zhangjiajie"}, {"九寨沟", "Jiuzhaigou", "Jiuzhaigou"},
	{"黄山", "Huangshan", "Huangshan"}, {"峨眉山", "Emeishan", "Emeishan"}, {"稻城", "Daocheng", "Daocheng"},
	{"嘉峪关", "Jiayuguan", "Jiayuguan"}, {"泉州", "Quanzhou", "Quanzhou"}, {"长沙", "Changsha", "Changsha"},
	{"腾冲", "Tengchong", "Tengchong"}, {"漠河", "Mohe", "Mohe"}, {"北戴河", "Beidaihe", "Beidaihe"},
	{"朱家角", "Zhujiajiao", "Zhujiajiao"}, {"南浔", "Nanxun", "Nanxun"}, {"景德镇", "Jingdezhen", "Jingdezhen"},
	{"张掖", "Zhangye", "Zhangye"}, {"吐鲁番", "Turpan", "Turpan"}, {"喀什", "Kashgar", "Kashgar"},
	{"西双版纳", "Xishuangbanna", "Xishuangbanna"}, {"武夷山", "Wuyishan", "Wuyishan"}, {"曲阜", "Qufu", "Qufu"},
	{"阆中", "Langzhong", "Langzhong"}, {"镇远", "Zhenyuan", "Zhenyuan"}, {"理塘", "Litang", "Litang"},
	{"色达", "Seda", "Seda"}, {"顺德", "Shunde", "Shunde"},
	{"安吉", "Anji", "Anji"}, {"平潭", "Pingtan", "Pingtan"}, {"罗平", "Luoping", "Luoping"},
	{"若尔盖", "Zoige", "Ruoergai"}, {"康定", "Kangding", "Kangding"}, {"龙胜", "Longsheng", "Longsheng"},
	{"箱根", "Hakone", "Hakone"},
	{"哈尔施塔特", "Hallstatt", "Hallstatt"}, {"采尔马特", "Zermatt", "Zermatt"}, {"因特拉肯", "Interlaken", "Interlaken"},
}

// TestTouristTowns reads every tourist town alone and in lists of every
// shape, in both languages, beside big cities and beside each other.
func TestTouristTowns(t *testing.T) {
	var cases []classCase
	for i, tw := range touristTowns {
		// a partner of the same country (the last four towns are abroad)
		abroad := len(touristTowns) - 4
		o := touristTowns[(i+7)%abroad]
		if i >= abroad {
			o = touristTowns[abroad+(i-abroad+1)%4]
		}
		both := tw.name + "," + o.name
		cases = append(cases,
			classCase{"alone", tw.zh + "三天", map[string]string{"dests": tw.name}},
			classCase{"alone", "去" + tw.zh + "玩两天", map[string]string{"dests": tw.name}},
			classCase{"alone", "3 days in " + tw.en, map[string]string{"dests": tw.name}},
			classCase{"、", "北京、" + tw.zh + "，五天", map[string]string{"dests": "Beijing," + tw.name}},
			classCase{"和", "上海和" + tw.zh + "五天", map[string]string{"dests": "Shanghai," + tw.name}},
			classCase{"，", tw.zh + "，" + o.zh + "，六天", map[string]string{"dests": both}},
			classCase{"then", tw.zh + "然后" + o.zh + "，六天", map[string]string{"dests": both}},
			classCase{"and", tw.en + " and " + o.en + ", 6 days", map[string]string{"dests": both}},
			classCase{"then", "Beijing then " + tw.en + ", 6 days", map[string]string{"dests": "Beijing," + tw.name}},
			classCase{"->", "Shanghai -> " + tw.en + " -> " + o.en + ", 8 days", map[string]string{"dests": "Shanghai," + both}},
			classCase{",", "Xi'an, " + tw.en + ", " + o.en + ", 9 days", map[string]string{"dests": "Xi'an," + both}},
		)
	}
	bad := map[string]int{}
	right, total := 0, 0
	for _, tc := range cases {
		got := classFields(ParseRules(tc.q, classNow))
		for k, want := range tc.want {
			total++
			if got[k] == want {
				right++
				continue
			}
			bad[tc.class]++
			t.Errorf("[%s] %s: %s = %q, want %q", tc.class, tc.q, k, got[k], want)
		}
	}
	t.Logf("tourist towns: %d/%d (%s)", right, total, strings.TrimPrefix(fmt.Sprint(bad), "map"))
}
