package brief

import "testing"

// sightCases6 name sights the round-6 landmark rows hold (World Heritage
// sites and 5A areas of China, villages, national-park areas, the top
// sights of the most visited cities), in both languages, in sentences of
// our own (classNow).
var sightCases6 = []classCase{
	{"town", "平遥三天，想看日升昌和王家大院", map[string]string{"dests": "Pingyao", "must": "日升昌,王家大院"}},
	{"town", "敦煌玩三天，莫高窟一定要去，鸣沙山看日落", map[string]string{"dests": "Dunhuang", "must": "莫高窟,鸣沙山"}},
	{"town", "张家界四天，天门山、张家界玻璃桥、袁家界", map[string]string{"dests": "Zhangjiajie", "must": "天门山,玻璃桥,袁家界"}},
	{"town", "大同两天，云冈石窟和悬空寺", map[string]string{"dests": "Datong", "must": "云冈石窟,悬空寺"}},
	{"town", "去曲阜看三孔（孔庙孔府孔林）", map[string]string{"dests": "Qufu", "must": "三孔,孔庙,孔府,孔林"}},
	{"town", "婺源三天，篁岭晒秋和李坑", map[string]string{"dests": "Wuyuan", "must": "篁岭,李坑"}},
	{"town", "泉州两天，开元寺和蟳埔村", map[string]string{"dests": "Quanzhou", "must": "开元寺,蟳埔村"}},
	{"town", "福建土楼两天", map[string]string{"dests": "Zhangzhou", "must": "福建土楼"}},
	{"town", "永定土楼两天", map[string]string{"dests": "Longyan", "must": "永定土楼"}},
	{"town", "洛阳三天，老君山和应天门", map[string]string{"dests": "Luoyang", "must": "老君山,应天门"}},
	{"town", "开封两天，清明上河园", map[string]string{"dests": "Kaifeng", "must": "清明上河园"}},
	{"town", "想去武当山，两天", map[string]string{"dests": "Shiyan", "must": "武当山"}},
	{"town", "大理三天，洱海骑行，双廊和喜洲", map[string]string{"dests": "Dali", "must": "洱海,双廊,喜洲"}},
	{"town", "丽江四天，玉龙雪山和蓝月谷", map[string]string{"dests": "Lijiang", "must": "玉龙雪山,蓝月谷"}},
	{"town", "贵州五天，黄果树瀑布和西江千户苗寨", map[string]string{"must": "黄果树瀑布,西江千户苗寨"}},
	{"town", "新疆七天，喀纳斯和禾木", map[string]string{"must": "喀纳斯,禾木"}},
	{"town", "西藏五天，布达拉宫、大昭寺、纳木错", map[string]string{"must": "布达拉宫,大昭寺,纳木错"}},
	{"town", "青海湖和茶卡盐湖，四天", map[string]string{"must": "青海湖,茶卡盐湖"}},
	{"town", "长沙三天，橘子洲和岳麓山，晚上去文和友", map[string]string{"dests": "Changsha", "must": "橘子洲,岳麓山,文和友"}},
	{"town", "重庆三天，磁器口和李子坝", map[string]string{"dests": "Chongqing", "must": "磁器口,李子坝"}},
	{"abroad", "Chiang Mai 4 days, Doi Suthep and Wat Chedi Luang", map[string]string{"dests": "Chiang Mai", "must": "Doi Suthep,Wat Chedi Luang"}},
	{"abroad", "Hoi An 3 days, the Japanese Covered Bridge and the Ancient Town", map[string]string{"must": "Japanese Covered Bridge,Ancient Town"}},
	{"abroad", "Sydney for 5 days, the Opera House and the Harbour Bridge", map[string]string{"dests": "Sydney", "must": "Opera House,Harbour Bridge"}},
	{"abroad", "Grand Canyon 3 days, hiking the South Rim", map[string]string{"must": "South Rim"}},
	{"abroad", "Yellowstone 4 days, Old Faithful and Grand Prismatic Spring", map[string]string{"must": "Yellowstone,Old Faithful,Grand Prismatic Spring"}},
	{"abroad", "Santorini 3 days, sunset at Oia", map[string]string{"dests": "Santorini", "must": "Oia"}},
	{"abroad", "Munich 4 days with a day at Neuschwanstein", map[string]string{"dests": "Munich", "must": "Neuschwanstein"}},
	{"abroad", "Dubai 3 days, Burj Khalifa and the Dubai Frame", map[string]string{"dests": "Dubai", "must": "Burj Khalifa,Dubai Frame"}},
	{"abroad", "Cusco 4 days, Machu Picchu and Rainbow Mountain", map[string]string{"dests": "Cusco", "must": "Machu Picchu,Rainbow Mountain"}},
	{"abroad", "Kaohsiung 2 days, Pier-2 Art Center", map[string]string{"dests": "Kaohsiung", "must": "Pier-2 Art Center"}},
	{"abroad", "Seoul 4 days, Gyeongbokgung and Bukchon Hanok Village", map[string]string{"dests": "Seoul", "must": "Gyeongbokgung,Bukchon Hanok Village"}},
	{"abroad", "Busan 2 days, Gamcheon Culture Village", map[string]string{"dests": "Busan", "must": "Gamcheon Culture Village"}},
	{"abroad", "Istanbul 3 days, Hagia Sophia and the Blue Mosque", map[string]string{"dests": "Istanbul", "must": "Hagia Sophia,Blue Mosque"}},
	{"abroad", "Prague 3 days, Charles Bridge and Prague Castle", map[string]string{"dests": "Prague", "must": "Charles Bridge,Prague Castle"}},
	{"abroad", "Lisbon 3 days, Belém Tower and Tram 28", map[string]string{"dests": "Lisbon", "must": "Belém Tower,Tram 28"}},
	{"abroad", "Cape Town 4 days, Table Mountain and Boulders Beach", map[string]string{"dests": "Cape Town", "must": "Table Mountain,Boulders Beach"}},
	{"abroad", "Marrakesh 3 days, Jemaa el-Fnaa and the Majorelle Garden", map[string]string{"must": "Jemaa el-Fnaa,Majorelle Garden"}},
	{"abroad", "Vancouver 3 days, Stanley Park and Granville Island", map[string]string{"dests": "Vancouver", "must": "Stanley Park,Granville Island"}},
	{"abroad", "Rio 4 days, Christ the Redeemer and Sugarloaf", map[string]string{"must": "Christ the Redeemer,Sugarloaf"}},
	{"abroad", "Hanoi 3 days, Hoan Kiem Lake and Train Street", map[string]string{"dests": "Hanoi", "must": "Hoan Kiem Lake,Train Street"}},
	{"abroad", "东京五天，浅草寺、晴空塔和明治神宫", map[string]string{"dests": "Tokyo", "must": "浅草寺,晴空塔,明治神宫"}},
	{"abroad", "京都三天，伏见稻荷和金阁寺", map[string]string{"dests": "Kyoto", "must": "伏见稻荷,金阁寺"}},
	{"abroad", "巴黎四天，卢浮宫和凡尔赛宫", map[string]string{"dests": "Paris", "must": "卢浮宫,凡尔赛宫"}},
	{"abroad", "首尔四天，景福宫和北村韩屋村", map[string]string{"dests": "Seoul", "must": "景福宫,北村韩屋村"}},
	// generic names are no far city's sights
	{"generic", "上海三天，去人民公园和南京路", map[string]string{"dests": "Shanghai", "must": "人民公园,南京路"}},
	{"generic", "Shanghai 3 days, Disneyland", map[string]string{"dests": "Shanghai"}},
	{"generic", "Chiang Mai 3 days, the Night Safari and a floating market", map[string]string{"dests": "Chiang Mai"}},
	{"generic", "Jakarta 2 days, Merdeka Square and the old town", map[string]string{"dests": "Jakarta"}},
	{"generic", "苏州两天，少走回头路，十分想去拙政园", map[string]string{"dests": "Suzhou", "must": "拙政园"}},
}

func TestSightCases6(t *testing.T) {
	right, total := 0, 0
	for _, tc := range sightCases6 {
		got := classFields(ParseRules(tc.q, classNow))
		for k, w := range tc.want {
			total++
			if got[k] != w {
				t.Errorf("[%s] %s: %s = %q, want %q", tc.class, tc.q, k, got[k], w)
				continue
			}
			right++
		}
	}
	t.Logf("round-6 sights: %d/%d fields", right, total)
}
