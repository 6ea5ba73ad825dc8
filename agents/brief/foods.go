package brief

import (
	"slices"
	"sort"
	"strings"
)

// Foods: particular dishes and foods the traveller names (盐水鸭, 热干面,
// 生煎, "dim sum every morning", "West Lake vinegar fish"), read from a
// dish lexicon in both languages and kept as written, in order, for
// brief.Foods. They are distinct from cuisines (川菜, "Italian food"):
// a word of the cuisine table that is no particular dish (火锅, pizza,
// seafood) is a cuisine only; one that is (寿司, sushi, 早茶, dim sum) is
// both. A dish named after a place or a sight
// (北京烤鸭, 西湖醋鱼, "West Lake vinegar fish") is a dish, never the
// place or the sight. A negated dish (不吃臭豆腐) is no wish.

// dishTerms are the dish lexicon; the value is the English name.
var dishTerms = []term{
	// Jiangsu, Shanghai, Zhejiang
	{"salted duck", []string{"盐水鸭", "南京盐水鸭", "桂花鸭"}, []string{"salted duck", "nanjing salted duck", "osmanthus duck"}},
	{"duck blood vermicelli soup", []string{"鸭血粉丝汤", "鸭血粉丝"}, []string{"duck blood soup", "duck blood vermicelli", "duck blood and vermicelli soup"}},
	{"sheng jian bao", []string{"生煎包", "生煎馒头", "生煎"}, []string{"sheng jian bao", "shengjian", "shengjianbao", "pan-fried buns", "pan fried buns", "pan-fried pork buns"}},
	{"xiaolongbao", []string{"小笼包", "蟹粉小笼", "小笼", "汤包", "蟹黄汤包", "灌汤包"}, []string{"xiaolongbao", "xiao long bao", "soup dumplings", "soup dumpling"}},
	{"West Lake vinegar fish", []string{"西湖醋鱼", "醋鱼"}, []string{"west lake vinegar fish", "vinegar fish", "west lake fish in vinegar sauce", "west lake fish in vinegar", "west lake fish", "fish in vinegar sauce", "west lake sweet and sour fish"}},
	{"Dongpo pork", []string{"东坡肉"}, []string{"dongpo pork", "dongpo pork belly", "dong po pork", "su dongpo pork"}},
	{"pian er chuan", []string{"片儿川", "片儿川面"}, []string{"pian er chuan"}},
	{"stir-fried clams", []string{"辣炒蛤蜊", "蛤蜊"}, []string{"stir-fried clams", "spicy clams"}},
	{"beer fish", []string{"啤酒鱼", "阳朔啤酒鱼"}, []string{"beer fish"}},
	{"Longjing shrimp", []string{"龙井虾仁"}, []string{"longjing shrimp", "dragon well shrimp", "shrimp with longjing tea", "shrimp with dragon well tea", "longjing tea shrimp"}},
	{"beggar's chicken", []string{"叫花鸡", "叫化鸡"}, []string{"beggar's chicken", "beggars chicken"}},
	{"squirrel fish", []string{"松鼠鳜鱼", "松鼠桂鱼"}, []string{"squirrel fish", "squirrel-shaped mandarin fish", "squirrel mandarin fish", "sweet and sour mandarin fish"}},
	{"hairy crab", []string{"大闸蟹", "阳澄湖大闸蟹", "蟹黄面", "秃黄油"}, []string{"hairy crab", "hairy crabs", "mitten crab"}},
	{"scallion oil noodles", []string{"葱油拌面", "葱油面"}, []string{"scallion oil noodles", "scallion noodles"}},
	{"braised pork belly", []string{"红烧肉"}, []string{"braised pork belly", "red braised pork"}},
	{"sweet and sour ribs", []string{"糖醋排骨", "糖醋小排"}, []string{"sweet and sour ribs", "sweet and sour spare ribs"}},
	{"pork chop rice cake", []string{"排骨年糕"}, []string{}},
	{"Suzhou noodles", []string{"苏式面", "奥灶面", "苏式汤面"}, []string{"suzhou noodles"}},
	{"guotie", []string{"锅贴", "牛肉锅贴"}, []string{"guotie", "potstickers", "potsticker"}},
	// Beijing and the north
	{"Peking duck", []string{"北京烤鸭", "烤鸭"}, []string{"peking duck", "beijing duck", "roast duck", "beijing roast duck", "peking roast duck"}},
	{"zhajiangmian", []string{"炸酱面", "老北京炸酱面"}, []string{"zhajiangmian", "zha jiang mian", "fried sauce noodles"}},
	{"instant-boiled mutton", []string{"涮羊肉", "铜锅涮肉", "涮肉"}, []string{"instant-boiled mutton", "lamb hot pot"}},
	{"douzhi", []string{"豆汁", "豆汁儿", "卤煮", "炒肝"}, []string{"douzhi"}},
	{"tanghulu", []string{"糖葫芦", "冰糖葫芦"}, []string{"tanghulu", "candied haws"}},
	{"jianbing", []string{"煎饼果子", "煎饼"}, []string{"jianbing", "jian bing"}},
	{"Goubuli baozi", []string{"狗不理包子", "狗不理"}, []string{"goubuli"}},
	{"guobaorou", []string{"锅包肉"}, []string{"guobaorou", "guo bao rou"}},
	{"iron pot stew", []string{"铁锅炖", "杀猪菜", "猪肉炖粉条", "小鸡炖蘑菇"}, []string{"iron pot stew"}},
	{"kaolengmian", []string{"烤冷面"}, []string{}},
	{"red sausage", []string{"红肠", "哈尔滨红肠", "马迭尔冰棍"}, []string{}},
	// Sichuan, Chongqing
	{"mapo tofu", []string{"麻婆豆腐"}, []string{"mapo tofu", "ma po tofu", "mapo doufu"}},
	{"kung pao chicken", []string{"宫保鸡丁"}, []string{"kung pao chicken", "kung pao", "gong bao chicken"}},
	{"twice-cooked pork", []string{"回锅肉"}, []string{"twice-cooked pork", "twice cooked pork"}},
	{"dan dan noodles", []string{"担担面"}, []string{"dan dan noodles", "dandan noodles", "dan dan mian"}},
	{"Chongqing noodles", []string{"重庆小面", "小面", "豌杂面"}, []string{"chongqing noodles", "xiao mian"}},
	{"suan la fen", []string{"酸辣粉"}, []string{"suan la fen", "hot and sour noodles", "hot and sour glass noodles"}},
	{"spicy rabbit head", []string{"兔头", "冷吃兔"}, []string{"rabbit head", "rabbit heads"}},
	{"chuan chuan", []string{"钵钵鸡", "串串香", "冷锅串串", "麻辣串串", "串串"}, []string{"chuan chuan", "bobo chicken"}},
	{"fuqi feipian", []string{"夫妻肺片"}, []string{"fuqi feipian"}},
	{"wontons", []string{"龙抄手", "抄手", "红油抄手", "馄饨", "云吞", "云吞面"}, []string{"wontons", "wonton", "wonton noodles", "chao shou"}},
	{"spicy chicken", []string{"辣子鸡", "毛血旺", "烤鱼", "万州烤鱼"}, []string{"laziji", "grilled fish"}},
	// Shaanxi, Henan, Gansu
	{"roujiamo", []string{"肉夹馍"}, []string{"roujiamo", "rou jia mo", "chinese hamburger"}},
	{"yangrou paomo", []string{"羊肉泡馍", "泡馍"}, []string{"yangrou paomo", "paomo", "mutton paomo"}},
	{"liangpi", []string{"凉皮", "擀面皮"}, []string{"liangpi", "cold noodles", "cold skin noodles"}},
	{"biangbiang noodles", []string{"biangbiang面", "油泼面", "裤带面"}, []string{"biangbiang noodles", "biang biang noodles", "oil-splashed noodles"}},
	{"hulatang", []string{"胡辣汤"}, []string{"hulatang"}},
	{"Luoyang water banquet", []string{"洛阳水席", "水席"}, []string{"water banquet", "luoyang water banquet"}},
	{"Sichuan hot pot", []string{"四川火锅", "重庆火锅", "川味火锅", "九宫格火锅", "老火锅"}, []string{"sichuan hot pot", "sichuan hotpot", "chongqing hot pot", "chongqing hotpot", "sichuan-style hot pot"}},
	{"huimian", []string{"烩面", "羊肉烩面"}, []string{"huimian", "braised noodles"}},
	{"knife-cut noodles", []string{"刀削面"}, []string{"knife-cut noodles", "knife cut noodles", "daoxiao noodles", "daoxiaomian"}},
	{"saozi noodles", []string{"臊子面", "岐山臊子面"}, []string{"saozi noodles"}},
	{"youmian", []string{"莜面", "莜面栲栳栳"}, []string{"youmian"}},
	{"guokui", []string{"锅盔", "锅魁"}, []string{"guokui"}},
	{"Lanzhou beef noodles", []string{"牛肉面", "兰州牛肉面", "牛肉拉面", "兰州拉面"}, []string{"lanzhou beef noodles", "beef noodles", "beef noodle soup", "hand-pulled noodles"}},
	// Hubei, Hunan
	{"hot dry noodles", []string{"热干面"}, []string{"hot dry noodles", "reganmian", "re gan mian"}},
	{"doupi", []string{"豆皮", "三鲜豆皮"}, []string{"doupi"}},
	{"duck neck", []string{"鸭脖", "周黑鸭", "精武鸭脖"}, []string{"duck neck", "duck necks"}},
	{"Wuchang fish", []string{"武昌鱼"}, []string{"wuchang fish"}},
	{"stinky tofu", []string{"臭豆腐"}, []string{"stinky tofu"}},
	{"spicy crayfish", []string{"口味虾", "小龙虾", "麻辣小龙虾"}, []string{"crayfish", "crawfish", "spicy crayfish"}},
	{"fish head with chopped chili", []string{"剁椒鱼头"}, []string{"fish head with chopped chili", "chopped chili fish head"}},
	{"tangyou baba", []string{"糖油粑粑"}, []string{}},
	// Guangdong, Fujian, Hainan
	{"dim sum", []string{"广式早茶", "早茶", "茶点", "点心", "虾饺", "烧卖", "肠粉", "凤爪"}, []string{"dim sum", "dimsum", "har gow", "siu mai", "shumai", "cheung fun", "rice noodle rolls"}},
	{"char siu", []string{"叉烧", "蜜汁叉烧", "烧腊"}, []string{"char siu", "bbq pork", "barbecued pork"}},
	{"roast goose", []string{"烧鹅", "深井烧鹅"}, []string{"roast goose"}},
	{"white cut chicken", []string{"白切鸡", "白斩鸡"}, []string{"white cut chicken", "poached chicken"}},
	{"claypot rice", []string{"煲仔饭"}, []string{"claypot rice", "clay pot rice"}},
	{"double-skin milk", []string{"双皮奶", "姜撞奶"}, []string{"double-skin milk", "double skin milk"}},
	{"egg waffles", []string{"鸡蛋仔"}, []string{"egg waffles", "egg waffle", "egg puffs"}},
	{"pineapple bun", []string{"菠萝包", "菠萝油"}, []string{"pineapple bun", "pineapple buns", "bolo bao"}},
	{"pork chop bun", []string{"猪扒包"}, []string{"pork chop bun"}},
	{"beef offal", []string{"牛杂", "咖喱牛杂"}, []string{"beef offal"}},
	{"egg tarts", []string{"蛋挞", "葡式蛋挞"}, []string{"egg tart", "egg tarts", "pastel de nata", "pasteis de nata"}},
	{"congee", []string{"艇仔粥", "砂锅粥", "潮汕砂锅粥"}, []string{"congee"}},
	{"beef balls", []string{"牛肉丸", "鱼丸"}, []string{"beef balls", "fish balls"}},
	{"satay noodles", []string{"沙茶面"}, []string{"satay noodles", "shacha noodles"}},
	{"oyster omelette", []string{"海蛎煎", "蚵仔煎"}, []string{"oyster omelette", "oyster omelet"}},
	{"sea worm jelly", []string{"土笋冻"}, []string{"sea worm jelly"}},
	{"ginger duck", []string{"姜母鸭"}, []string{"ginger duck"}},
	{"Buddha jumps over the wall", []string{"佛跳墙"}, []string{"buddha jumps over the wall"}},
	{"Wenchang chicken", []string{"文昌鸡", "椰子鸡"}, []string{"wenchang chicken", "coconut chicken"}},
	{"qingbuliang", []string{"清补凉"}, []string{}},
	{"Hainanese chicken rice", []string{"海南鸡饭"}, []string{"hainanese chicken rice", "chicken rice"}},
	// Guangxi, Yunnan, Guizhou, Xinjiang
	{"Guilin rice noodles", []string{"桂林米粉"}, []string{"guilin rice noodles"}},
	{"luosifen", []string{"螺蛳粉"}, []string{"luosifen", "river snail noodles", "snail noodles"}},
	{"crossing-the-bridge noodles", []string{"过桥米线", "米线"}, []string{"crossing-the-bridge noodles", "crossing the bridge noodles", "rice noodles"}},
	{"steam pot chicken", []string{"汽锅鸡"}, []string{"steam pot chicken"}},
	{"flower cakes", []string{"鲜花饼"}, []string{"flower cake", "flower cakes"}},
	{"wild mushrooms", []string{"野生菌", "菌子", "野生菌火锅"}, []string{"wild mushrooms", "wild mushroom"}},
	{"sour fish soup", []string{"酸汤鱼"}, []string{"sour fish soup"}},
	{"dapanji", []string{"大盘鸡"}, []string{"dapanji", "big plate chicken"}},
	{"lamb skewers", []string{"羊肉串", "烤羊肉串", "手抓羊肉", "烤全羊"}, []string{"lamb skewers", "lamb kebabs", "chuanr"}},
	{"polo", []string{"手抓饭"}, []string{"pilaf", "plov"}},
	{"naan", []string{"馕", "烤馕"}, []string{"naan", "nang bread"}},
	{"butter tea", []string{"酥油茶"}, []string{"butter tea", "yak butter tea"}},
	{"tsampa", []string{"糌粑"}, []string{"tsampa"}},
	{"three-cup chicken", []string{"三杯鸡"}, []string{"three-cup chicken", "three cup chicken", "sanbeiji"}},
	// Taiwan
	{"braised pork rice", []string{"卤肉饭"}, []string{"braised pork rice", "lu rou fan"}},
	{"bubble tea", []string{"珍珠奶茶"}, []string{"bubble tea", "boba"}},
	{"mango shaved ice", []string{"芒果冰", "芒果刨冰"}, []string{"mango shaved ice", "shaved ice"}},
	// Japan, Korea, Southeast Asia
	{"ramen", []string{"拉面", "日式拉面", "豚骨拉面"}, []string{"ramen", "tonkotsu ramen"}},
	{"sushi", []string{"寿司", "回转寿司"}, []string{"sushi", "conveyor belt sushi", "conveyor-belt sushi"}},
	{"takoyaki", []string{"章鱼烧", "章鱼小丸子"}, []string{"takoyaki"}},
	{"okonomiyaki", []string{"大阪烧", "御好烧"}, []string{"okonomiyaki"}},
	{"tempura", []string{"天妇罗"}, []string{"tempura"}},
	{"wagyu", []string{"和牛", "神户牛肉", "神户牛"}, []string{"wagyu", "kobe beef"}},
	{"udon", []string{"乌冬面", "乌冬"}, []string{"udon", "soba"}},
	{"kaiseki", []string{"怀石料理"}, []string{"kaiseki"}},
	{"matcha", []string{"抹茶"}, []string{"matcha"}},
	{"bibimbap", []string{"石锅拌饭", "拌饭"}, []string{"bibimbap"}},
	{"budae jjigae", []string{"部队锅", "部队火锅"}, []string{"budae jjigae", "army stew", "army base stew"}},
	{"unagi don", []string{"鳗鱼饭"}, []string{"unagi don", "unadon", "eel rice"}},
	{"tteokbokki", []string{"炒年糕", "辣炒年糕"}, []string{"tteokbokki"}},
	{"Korean fried chicken", []string{"炸鸡啤酒", "韩式炸鸡"}, []string{"korean fried chicken"}},
	{"pad thai", []string{"泰式炒河粉"}, []string{"pad thai"}},
	{"tom yum", []string{"冬阴功", "冬阴功汤", "冬荫功", "冬荫功汤"}, []string{"tom yum", "tom yum goong"}},
	{"mango sticky rice", []string{"芒果糯米饭"}, []string{"mango sticky rice"}},
	{"pho", []string{"越南河粉", "越南粉", "河粉"}, []string{"pho"}},
	{"banh mi", []string{"越南法棍"}, []string{"banh mi"}},
	{"laksa", []string{"叻沙"}, []string{"laksa"}},
	{"char kway teow", []string{"炒粿条"}, []string{"char kway teow", "char kuey teow", "fried kway teow"}},
	{"roti canai", []string{"印度煎饼"}, []string{"roti canai", "roti prata"}},
	{"bak kut teh", []string{"肉骨茶"}, []string{"bak kut teh"}},
	{"khao soi", []string{"泰北咖喱面"}, []string{"khao soi"}},
	{"som tam", []string{"青木瓜沙拉"}, []string{"som tam", "papaya salad"}},
	{"bun cha", []string{"烤肉米线"}, []string{"bun cha"}},
	{"bulgogi", []string{"韩式烤牛肉"}, []string{"bulgogi"}},
	{"chili crab", []string{"辣椒蟹", "辣椒螃蟹"}, []string{"chili crab", "chilli crab"}},
	{"satay", []string{"沙爹"}, []string{"satay"}},
	{"nasi lemak", []string{"椰浆饭"}, []string{"nasi lemak"}},
	// Europe, the Americas, the Middle East
	{"croissants", []string{"可颂", "牛角包"}, []string{"croissant", "croissants"}},
	{"macarons", []string{"马卡龙"}, []string{"macaron", "macarons"}},
	{"crêpes", []string{"可丽饼"}, []string{"crepe", "crepes", "crêpes"}},
	{"escargots", []string{"法式蜗牛", "焗蜗牛"}, []string{"escargot", "escargots"}},
	{"foie gras", []string{"鹅肝"}, []string{"foie gras"}},
	{"paella", []string{"西班牙海鲜饭"}, []string{"paella"}},
	{"pastel de nata", []string{"葡式蛋挞"}, []string{"pastel de nata", "pasteis de nata", "pastéis de nata"}},
	{"goulash", []string{"匈牙利牛肉汤", "古拉什"}, []string{"goulash"}},
	{"pierogi", []string{"波兰饺子"}, []string{"pierogi"}},
	{"poutine", []string{"肉汁奶酪薯条"}, []string{"poutine"}},
	{"moules frites", []string{"青口薯条"}, []string{"moules frites", "mussels and fries"}},
	{"sachertorte", []string{"萨赫蛋糕"}, []string{"sachertorte", "sacher torte"}},
	{"churros", []string{"吉事果"}, []string{"churros"}},
	{"gelato", []string{"意式冰淇淋"}, []string{"gelato"}},
	{"pasta", []string{"意面", "意大利面"}, []string{"pasta", "carbonara", "cacio e pepe"}},
	{"tiramisu", []string{"提拉米苏"}, []string{"tiramisu"}},
	{"fish and chips", []string{"炸鱼薯条"}, []string{"fish and chips", "fish & chips"}},
	{"schnitzel", []string{"炸猪排"}, []string{"schnitzel", "wiener schnitzel"}},
	{"pork knuckle", []string{"德国猪肘", "猪肘"}, []string{"pork knuckle"}},
	{"bratwurst", []string{"德国香肠"}, []string{"bratwurst", "currywurst"}},
	{"pretzels", []string{"椒盐卷饼"}, []string{"pretzel", "pretzels"}},
	{"fondue", []string{"奶酪火锅"}, []string{"fondue"}},
	{"baklava", []string{"果仁蜜饼"}, []string{"baklava"}},
	{"kebab", []string{"土耳其烤肉"}, []string{"kebab", "kebabs", "doner", "shawarma"}},
	{"falafel", []string{"炸豆丸子"}, []string{"falafel", "hummus"}},
	{"tacos al pastor", nil, []string{"tacos al pastor", "taco al pastor", "al pastor"}},
	{"tacos", []string{"塔可"}, []string{"taco", "tacos"}},
	{"deep-dish pizza", []string{"芝加哥深盘披萨", "深盘披萨"}, []string{"deep dish pizza", "deep-dish pizza", "deep dish"}},
	{"lobster roll", []string{"龙虾卷"}, []string{"lobster roll", "lobster rolls"}},
	{"clam chowder", []string{"蛤蜊浓汤"}, []string{"clam chowder"}},
	{"cheesesteak", []string{"费城芝士牛排"}, []string{"cheesesteak", "philly cheesesteak"}},
	{"bagels", []string{"贝果"}, []string{"bagel", "bagels"}},
	{"beignets", []string{}, []string{"beignet", "beignets", "gumbo", "jambalaya"}},
	{"poke", []string{}, []string{"poke bowl", "poke bowls"}},
	{"oysters", []string{"生蚝", "烤生蚝"}, []string{"oysters", "oyster"}},
}

var dishLex = termLexicon(dishTerms)

// dishHit is a dish named in the request.
type dishHit struct{ start, end int }

// dishHits returns the dishes the text names, longest first where two
// overlap, in the order written; computed once per request.
func (d *doc) dishHits() []dishHit {
	if d.dishesDone {
		return d.dishes
	}
	d.dishesDone = true
	hits := dishLex.scan(d)
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].start != hits[j].start {
			return hits[i].start < hits[j].start
		}
		return hits[i].end > hits[j].end
	})
	last := -1
	for _, h := range hits {
		if h.start < last {
			continue
		}
		if !h.zh && !wordBounded(d.low, h.start, h.end) {
			continue
		}
		d.dishes = append(d.dishes, dishHit{h.start, h.end})
		last = h.end
	}
	return d.dishes
}

// inDish reports whether [s, e) overlaps a dish named in the text.
func (d *doc) inDish(s, e int) bool {
	for _, h := range d.dishHits() {
		if s < h.end && e > h.start {
			return true
		}
	}
	return false
}

// foods returns the dishes asked for, as written, in order; a negated
// dish is left out.
func (d *doc) foods() []string {
	var out []string
	for _, h := range d.dishHits() {
		w := d.clean[h.start:h.end]
		neg := false
		if isHan(firstRune(w)) {
			neg = negatedZH(d.clean, h.start)
		} else {
			neg = negatedEN(d, h.start)
			w = strings.ToLower(w)
		}
		if neg || slices.Contains(out, w) || len(out) >= 10 {
			continue
		}
		out = append(out, w)
	}
	return out
}
