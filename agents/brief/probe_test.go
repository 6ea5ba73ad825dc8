package brief

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
)

// probeCases are probing requests written for issue 31's remaining work
// (2026-12-07), with their expected fields, before the parser was changed
// for any of them: sight-heavy and everyday requests in Chinese and
// English, cities worldwide, sights in Chinese, English, pinyin and
// romanised forms, regional cuisines and dishes, elders and modes. The
// first run's score is the "before" figure in docs/understanding.md; the
// misses were fixed by class, none by sentence. Reference time: classNow
// (Wednesday 2026-12-02). Fields beyond classFields: foods, pace.
var probeCases = []classCase{
	// ---- sights, Chinese, China
	{"sight-zh", "北京四天，想去天坛、雍和宫和南锣鼓巷", map[string]string{"dests": "Beijing", "must": "天坛,雍和宫,南锣鼓巷", "days": "4"}},
	{"sight-zh", "去西安玩三天，城墙骑车，回民街吃东西，大雁塔必去", map[string]string{"dests": "Xi'an", "must": "城墙,回民街,大雁塔", "days": "3"}},
	{"sight-zh", "成都三天，武侯祠、锦里和宽窄巷子都要去", map[string]string{"dests": "Chengdu", "must": "武侯祠,锦里,宽窄巷子", "days": "3"}},
	{"sight-zh", "杭州两天，灵隐寺和龙井村，想喝龙井茶", map[string]string{"dests": "Hangzhou", "must": "灵隐寺,龙井村", "days": "2"}},
	{"sight-zh", "南京三天，总统府、明孝陵、秦淮河", map[string]string{"dests": "Nanjing", "must": "总统府,明孝陵,秦淮河", "days": "3"}},
	{"sight-zh", "苏州两天，拙政园和平江路，想吃苏式面", map[string]string{"dests": "Suzhou", "must": "拙政园,平江路", "foods": "苏式面"}},
	{"sight-zh", "上海三天，东方明珠和城隍庙，想吃生煎", map[string]string{"dests": "Shanghai", "must": "东方明珠,城隍庙", "foods": "生煎"}},
	{"sight-zh", "重庆三天，解放碑、洪崖洞、武隆天生三桥", map[string]string{"dests": "Chongqing", "must": "解放碑,洪崖洞,武隆天生三桥"}},
	{"sight-zh", "去厦门，鼓浪屿和南普陀寺必去，四天", map[string]string{"dests": "Xiamen", "must": "鼓浪屿,南普陀寺", "days": "4"}},
	{"sight-zh", "广州三天，广州塔和沙面，想喝早茶", map[string]string{"dests": "Guangzhou", "must": "广州塔,沙面", "cuisines": "Cantonese"}},
	{"sight-zh", "去武汉两天，黄鹤楼和户部巷，吃热干面", map[string]string{"dests": "Wuhan", "must": "黄鹤楼,户部巷", "foods": "热干面"}},
	{"sight-zh", "青岛三天，栈桥、八大关，喝啤酒吃海鲜", map[string]string{"dests": "Qingdao", "must": "栈桥,八大关", "cuisines": "Seafood"}},
	{"sight-zh", "去张家界玩四天，天门山和玻璃桥", map[string]string{"dests": "Zhangjiajie", "must": "天门山,玻璃桥", "days": "4"}},
	{"sight-zh", "黄山两天，想看日出和云海", map[string]string{"dests": "Huangshan", "days": "2"}},
	{"sight-zh", "丽江五天，玉龙雪山和泸沽湖", map[string]string{"dests": "Lijiang", "must": "玉龙雪山,泸沽湖", "days": "5"}},
	{"sight-zh", "大理三天，洱海骑行，去双廊和喜洲古镇", map[string]string{"dests": "Dali", "must": "洱海,双廊,喜洲古镇", "days": "3"}},
	{"sight-zh", "哈尔滨三天，中央大街、圣索菲亚教堂、冰雪大世界", map[string]string{"dests": "Harbin", "must": "中央大街,圣索菲亚教堂,冰雪大世界"}},
	{"sight-zh", "洛阳两天看龙门石窟和白马寺", map[string]string{"dests": "Luoyang", "must": "龙门石窟,白马寺", "days": "2"}},
	{"sight-zh", "去敦煌看莫高窟和鸣沙山月牙泉，三天", map[string]string{"dests": "Dunhuang", "must": "莫高窟,鸣沙山月牙泉", "days": "3"}},
	{"sight-zh", "想去九寨沟，五天，从成都出发", map[string]string{"origin": "Chengdu", "days": "5"}},
	{"sight-zh", "天津两天，五大道和意式风情区", map[string]string{"dests": "Tianjin", "must": "五大道,意式风情区", "days": "2"}},
	{"sight-zh", "长沙三天，橘子洲和岳麓山", map[string]string{"dests": "Changsha", "must": "橘子洲,岳麓山", "days": "3"}},
	{"sight-zh", "去泉州两天，开元寺和西街", map[string]string{"dests": "Quanzhou", "must": "开元寺,西街", "days": "2"}},
	{"sight-zh", "拉萨五天，布达拉宫、纳木错", map[string]string{"dests": "Lhasa", "must": "布达拉宫,纳木错", "days": "5"}},
	{"sight-zh", "桂林阳朔四天，遇龙河漂流和十里画廊", map[string]string{"must": "遇龙河,十里画廊", "days": "4"}},
	{"sight-zh", "三亚五天，蜈支洲岛和亚龙湾", map[string]string{"dests": "Sanya", "must": "蜈支洲岛,亚龙湾", "days": "5"}},
	{"sight-zh", "昆明三天，石林和滇池", map[string]string{"dests": "Kunming", "must": "石林,滇池", "days": "3"}},
	{"sight-zh", "去苏州看虎丘和留园，一天", map[string]string{"dests": "Suzhou", "must": "虎丘,留园", "days": "1"}},
	{"sight-zh", "北京三天，798艺术区和什刹海", map[string]string{"dests": "Beijing", "must": "798艺术区,什刹海", "days": "3"}},
	{"sight-zh", "开封一日游，清明上河园", map[string]string{"dests": "Kaifeng", "must": "清明上河园", "days": "1"}},
	// ---- sights, Chinese, abroad
	{"sight-zh", "东京五天，浅草寺、东京塔、涩谷", map[string]string{"dests": "Tokyo", "must": "浅草寺,东京塔,涩谷", "days": "5"}},
	{"sight-zh", "京都三天，清水寺和伏见稻荷大社", map[string]string{"dests": "Kyoto", "must": "清水寺,伏见稻荷大社", "days": "3"}},
	{"sight-zh", "大阪两天，环球影城必去", map[string]string{"dests": "Osaka", "must": "环球影城", "days": "2"}},
	{"sight-zh", "巴黎四天，埃菲尔铁塔、卢浮宫和凯旋门", map[string]string{"dests": "Paris", "must": "埃菲尔铁塔,卢浮宫,凯旋门", "days": "4"}},
	{"sight-zh", "伦敦五天，大英博物馆和伦敦眼", map[string]string{"dests": "London", "must": "大英博物馆,伦敦眼", "days": "5"}},
	{"sight-zh", "罗马三天，斗兽场和许愿池", map[string]string{"dests": "Rome", "must": "斗兽场,许愿池", "days": "3"}},
	{"sight-zh", "纽约一周，自由女神像、时代广场、中央公园", map[string]string{"must": "自由女神像,时代广场,中央公园", "days": "7"}},
	{"sight-zh", "首尔四天，景福宫和明洞", map[string]string{"dests": "Seoul", "must": "景福宫,明洞", "days": "4"}},
	{"sight-zh", "曼谷三天，大皇宫和卧佛寺", map[string]string{"dests": "Bangkok", "must": "大皇宫,卧佛寺", "days": "3"}},
	{"sight-zh", "新加坡三天，滨海湾花园和圣淘沙", map[string]string{"dests": "Singapore", "must": "滨海湾花园,圣淘沙", "days": "3"}},
	{"sight-zh", "悉尼五天，悉尼歌剧院和海港大桥", map[string]string{"dests": "Sydney", "must": "悉尼歌剧院,海港大桥", "days": "5"}},
	{"sight-zh", "巴塞罗那三天，圣家堂和桂尔公园", map[string]string{"dests": "Barcelona", "must": "圣家堂,桂尔公园", "days": "3"}},
	{"sight-zh", "台北三天，故宫博物院和101大楼", map[string]string{"dests": "Taipei", "must": "故宫博物院,101大楼", "days": "3"}},
	{"sight-zh", "香港三天，太平山顶和维多利亚港", map[string]string{"dests": "Hong Kong", "must": "太平山顶,维多利亚港", "days": "3"}},
	{"sight-zh", "澳门两天，大三巴和威尼斯人", map[string]string{"dests": "Macau", "must": "大三巴,威尼斯人", "days": "2"}},
	{"sight-zh", "迪拜四天，哈利法塔", map[string]string{"dests": "Dubai", "must": "哈利法塔", "days": "4"}},
	{"sight-zh", "伊斯坦布尔四天，蓝色清真寺和圣索菲亚大教堂", map[string]string{"dests": "Istanbul", "must": "蓝色清真寺,圣索菲亚大教堂", "days": "4"}},
	{"sight-zh", "布拉格三天，查理大桥和布拉格城堡", map[string]string{"dests": "Prague", "must": "查理大桥,布拉格城堡", "days": "3"}},
	// ---- sights, English, China (English names, pinyin, romanised)
	{"sight-en", "Chengdu 3 days: Wuhou Ci, Jinli and Kuanzhai Xiangzi", map[string]string{"dests": "Chengdu", "must": "Wuhou Ci,Jinli,Kuanzhai Xiangzi", "days": "3"}},
	{"sight-en", "Hangzhou 2 days, West Lake and Longjing village", map[string]string{"dests": "Hangzhou", "must": "West Lake,Longjing village", "days": "2"}},
	{"sight-en", "Hangzhou for 3 days, Lingyin Temple and a tea farm in Longjing", map[string]string{"dests": "Hangzhou", "must": "Lingyin Temple,Longjing", "days": "3"}},
	{"sight-en", "Beijing 4 days: Tiantan, Yiheyuan and the Forbidden City", map[string]string{"dests": "Beijing", "must": "Tiantan,Yiheyuan,Forbidden City", "days": "4"}},
	{"sight-en", "Xi'an 3 days, Big Wild Goose Pagoda and the Bell Tower", map[string]string{"dests": "Xi'an", "must": "Big Wild Goose Pagoda,Bell Tower", "days": "3"}},
	{"sight-en", "Chengdu 4 days with the Giant Panda Base and Leshan Giant Buddha", map[string]string{"dests": "Chengdu,Leshan", "must": "Giant Panda Base,Leshan Giant Buddha", "days": "4"}},
	{"sight-en", "Shanghai 3 days: Nanjing Road, Yu Garden and the Oriental Pearl Tower", map[string]string{"dests": "Shanghai", "must": "Nanjing Road,Yu Garden,Oriental Pearl Tower", "days": "3"}},
	{"sight-en", "Nanjing 2 days: Confucius Temple, Zhongshan Ling and the Qinhuai River", map[string]string{"dests": "Nanjing", "must": "Confucius Temple,Zhongshan Ling,Qinhuai River", "days": "2"}},
	{"sight-en", "Suzhou day trip, Zhuozheng Yuan and Pingjiang Road", map[string]string{"dests": "Suzhou", "must": "Zhuozheng Yuan,Pingjiang Road", "days": "1"}},
	{"sight-en", "Xiamen 3 days, Gulangyu and Nanputuo Temple", map[string]string{"dests": "Xiamen", "must": "Gulangyu,Nanputuo Temple", "days": "3"}},
	{"sight-en", "Guilin 4 days: Li River cruise, Yangshuo and Longji rice terraces", map[string]string{"must": "Li River,Longji rice terraces", "days": "4"}},
	{"sight-en", "Wuhan 2 days, Huanghe Lou and Hubu Xiang", map[string]string{"dests": "Wuhan", "must": "Huanghe Lou,Hubu Xiang", "days": "2"}},
	{"sight-en", "Chongqing 3 days: Hongyadong, Jiefangbei and Ciqikou old town", map[string]string{"dests": "Chongqing", "must": "Hongyadong,Jiefangbei,Ciqikou old town", "days": "3"}},
	{"sight-en", "Harbin 3 days for the Ice and Snow World and Central Street", map[string]string{"dests": "Harbin", "must": "Ice and Snow World,Central Street", "days": "3"}},
	{"sight-en", "Luoyang 2 days, Longmen Grottoes and White Horse Temple", map[string]string{"dests": "Luoyang", "must": "Longmen Grottoes,White Horse Temple", "days": "2"}},
	{"sight-en", "Lhasa 5 days: Potala Palace, Jokhang Temple and Namtso", map[string]string{"dests": "Lhasa", "must": "Potala Palace,Jokhang Temple,Namtso", "days": "5"}},
	{"sight-en", "Zhangjiajie 3 days, Tianmen Mountain and the glass bridge", map[string]string{"dests": "Zhangjiajie", "must": "Tianmen Mountain", "days": "3"}},
	{"sight-en", "Beijing 3 days, Houhai and Nanluoguxiang", map[string]string{"dests": "Beijing", "must": "Houhai,Nanluoguxiang", "days": "3"}},
	{"sight-en", "Shanghai 2 days, the Jade Buddha Temple and Tianzifang", map[string]string{"dests": "Shanghai", "must": "Jade Buddha Temple,Tianzifang", "days": "2"}},
	{"sight-en", "Guangzhou 3 days: Canton Tower, Shamian Island and Chen Clan Academy", map[string]string{"dests": "Guangzhou", "must": "Canton Tower,Shamian Island,Chen Clan Academy", "days": "3"}},
	// ---- sights, English, worldwide
	{"sight-en", "Rome 4 days: the Colosseum, the Pantheon and Trevi Fountain", map[string]string{"dests": "Rome", "must": "Colosseum,Pantheon,Trevi Fountain", "days": "4"}},
	{"sight-en", "London 5 days, the British Museum, Tower Bridge and Westminster Abbey", map[string]string{"dests": "London", "must": "British Museum,Tower Bridge,Westminster Abbey", "days": "5"}},
	{"sight-en", "Barcelona 3 days with Sagrada Familia and Park Guell", map[string]string{"dests": "Barcelona", "must": "Sagrada Familia,Park Guell", "days": "3"}},
	{"sight-en", "Amsterdam 3 days, the Rijksmuseum and the Anne Frank House", map[string]string{"dests": "Amsterdam", "must": "Rijksmuseum,Anne Frank House", "days": "3"}},
	{"sight-en", "Istanbul 4 days: Hagia Sophia, Blue Mosque and the Grand Bazaar", map[string]string{"dests": "Istanbul", "must": "Hagia Sophia,Blue Mosque,Grand Bazaar", "days": "4"}},
	{"sight-en", "Athens 3 days, the Acropolis and the Parthenon", map[string]string{"dests": "Athens", "must": "Acropolis,Parthenon", "days": "3"}},
	{"sight-en", "New York 5 days: Statue of Liberty, Central Park and the Met", map[string]string{"must": "Statue of Liberty,Central Park,Met", "days": "5"}},
	{"sight-en", "San Francisco 3 days, Golden Gate Bridge and Alcatraz", map[string]string{"dests": "San Francisco", "must": "Golden Gate Bridge,Alcatraz", "days": "3"}},
	{"sight-en", "Tokyo 4 days: Senso-ji, Shibuya Crossing and Meiji Shrine", map[string]string{"dests": "Tokyo", "must": "Senso-ji,Shibuya Crossing,Meiji Shrine", "days": "4"}},
	{"sight-en", "Kyoto 3 days: Fushimi Inari, Kinkaku-ji and Gion", map[string]string{"dests": "Kyoto", "must": "Fushimi Inari,Kinkaku-ji,Gion", "days": "3"}},
	{"sight-en", "Seoul 4 days, Gyeongbokgung Palace and Myeongdong", map[string]string{"dests": "Seoul", "must": "Gyeongbokgung Palace,Myeongdong", "days": "4"}},
	{"sight-en", "Bangkok 3 days: Grand Palace, Wat Pho and Wat Arun", map[string]string{"dests": "Bangkok", "must": "Grand Palace,Wat Pho,Wat Arun", "days": "3"}},
	{"sight-en", "Singapore 3 days, Gardens by the Bay and Marina Bay Sands", map[string]string{"dests": "Singapore", "must": "Gardens by the Bay,Marina Bay Sands", "days": "3"}},
	{"sight-en", "Dubai 4 days: Burj Khalifa and the Dubai Mall", map[string]string{"dests": "Dubai", "must": "Burj Khalifa,Dubai Mall", "days": "4"}},
	{"sight-en", "Agra 2 days to see the Taj Mahal and Agra Fort", map[string]string{"dests": "Agra", "must": "Taj Mahal,Agra Fort", "days": "2"}},
	{"sight-en", "Prague 3 days, Charles Bridge and Prague Castle", map[string]string{"dests": "Prague", "must": "Charles Bridge,Prague Castle", "days": "3"}},
	{"sight-en", "Vienna 3 days: Schonbrunn Palace and St. Stephen's Cathedral", map[string]string{"dests": "Vienna", "must": "Schonbrunn Palace,St. Stephen's Cathedral", "days": "3"}},
	{"sight-en", "Berlin 3 days, the Brandenburg Gate and Museum Island", map[string]string{"dests": "Berlin", "must": "Brandenburg Gate,Museum Island", "days": "3"}},
	{"sight-en", "Edinburgh 2 days, Edinburgh Castle and Arthur's Seat", map[string]string{"dests": "Edinburgh", "must": "Edinburgh Castle,Arthur's Seat", "days": "2"}},
	{"sight-en", "Rio de Janeiro 4 days: Christ the Redeemer and Sugarloaf Mountain", map[string]string{"dests": "Rio de Janeiro", "must": "Christ the Redeemer,Sugarloaf Mountain", "days": "4"}},
	{"sight-en", "Cairo 3 days, the Pyramids of Giza and the Egyptian Museum", map[string]string{"dests": "Cairo", "must": "Pyramids of Giza,Egyptian Museum", "days": "3"}},
	{"sight-en", "Hanoi 3 days: Hoan Kiem Lake and the Old Quarter", map[string]string{"dests": "Hanoi", "must": "Hoan Kiem Lake,Old Quarter", "days": "3"}},
	{"sight-en", "Budapest 3 days, the Parliament and Szechenyi Baths", map[string]string{"dests": "Budapest", "must": "Parliament,Szechenyi Baths", "days": "3"}},
	{"sight-en", "Los Angeles 4 days: Griffith Observatory and Santa Monica Pier", map[string]string{"dests": "Los Angeles", "must": "Griffith Observatory,Santa Monica Pier", "days": "4"}},
	{"sight-en", "Seattle 3 days, Pike Place Market and the Space Needle are a must", map[string]string{"dests": "Seattle", "must": "Pike Place Market,Space Needle", "days": "3"}},
	{"sight-en", "Venice 2 days, St Mark's Square and the Rialto Bridge", map[string]string{"dests": "Venice", "must": "St Mark's Square,Rialto Bridge", "days": "2"}},
	{"sight-en", "Florence 3 days, the Uffizi and the Duomo for sure", map[string]string{"dests": "Florence", "must": "Uffizi,Duomo", "days": "3"}},
	{"sight-en", "I want to see Machu Picchu, 4 days", map[string]string{"must": "Machu Picchu", "days": "4"}},
	{"sight-en", "Kuala Lumpur 3 days, Petronas Towers and Batu Caves", map[string]string{"dests": "Kuala Lumpur", "must": "Petronas Towers,Batu Caves", "days": "3"}},
	// ---- everyday, Chinese
	{"everyday-zh", "带爸妈去杭州玩三天，下周六出发", map[string]string{"dests": "Hangzhou", "adults": "3", "pace": "relaxed", "start": "2026-12-12", "days": "3"}},
	{"everyday-zh", "带老人去苏州两天，不要太累", map[string]string{"dests": "Suzhou", "pace": "relaxed", "days": "2"}},
	{"everyday-zh", "陪爷爷奶奶去桂林四天", map[string]string{"dests": "Guilin", "adults": "3", "pace": "relaxed", "days": "4"}},
	{"everyday-zh", "带着父母和孩子去三亚，五天", map[string]string{"dests": "Sanya", "adults": "3", "children": "1", "pace": "relaxed", "days": "5"}},
	{"everyday-zh", "只坐高铁，从北京去西安三天", map[string]string{"origin": "Beijing", "dests": "Xi'an", "require": "train", "hsr": "true", "days": "3"}},
	{"everyday-zh", "全程高铁，上海到武汉，两天", map[string]string{"origin": "Shanghai", "dests": "Wuhan", "require": "train", "hsr": "true", "days": "2"}},
	{"everyday-zh", "只坐火车，从广州去桂林四天", map[string]string{"origin": "Guangzhou", "dests": "Guilin", "require": "train", "days": "4"}},
	{"everyday-zh", "去上海三天，想吃本帮菜", map[string]string{"dests": "Shanghai", "cuisines": "Shanghainese", "days": "3"}},
	{"everyday-zh", "去顺德两天，吃粤菜和双皮奶", map[string]string{"dests": "Shunde", "cuisines": "Cantonese", "foods": "双皮奶", "days": "2"}},
	{"everyday-zh", "去贵阳玩三天，想吃黔菜和酸汤鱼", map[string]string{"dests": "Guiyang", "cuisines": "Guizhou", "foods": "酸汤鱼", "days": "3"}},
	{"everyday-zh", "去南昌两天，想吃赣菜", map[string]string{"dests": "Nanchang", "cuisines": "Jiangxi", "days": "2"}},
	{"everyday-zh", "西安三天，想吃肉夹馍和羊肉泡馍", map[string]string{"dests": "Xi'an", "foods": "肉夹馍,羊肉泡馍", "days": "3"}},
	{"everyday-zh", "去潮汕三天，潮汕牛肉火锅必吃", map[string]string{"days": "3", "cuisines": "Chaoshan"}},
	{"everyday-zh", "我和老公下个月10号去大理，五天", map[string]string{"dests": "Dali", "adults": "2", "start": "2027-01-10", "days": "5"}},
	{"everyday-zh", "元旦从杭州去黄山，三天两晚，两个人", map[string]string{"origin": "Hangzhou", "dests": "Huangshan", "start": "2027-01-01", "days": "3", "adults": "2"}},
	{"everyday-zh", "春节带孩子去哈尔滨，孩子6岁，四天", map[string]string{"dests": "Harbin", "children": "1", "ages": "[6]", "start": "2027-02-05", "days": "4"}},
	{"everyday-zh", "三个闺蜜周末去长沙", map[string]string{"dests": "Changsha", "adults": "3", "start": "2026-12-05", "days": "2"}},
	{"everyday-zh", "我们一家五口去成都，一周，预算两万", map[string]string{"dests": "Chengdu", "days": "7", "budget": "20000 CNY"}},
	{"everyday-zh", "不坐飞机，从深圳去厦门三天", map[string]string{"origin": "Shenzhen", "dests": "Xiamen", "exclude": "flight", "days": "3"}},
	{"everyday-zh", "自驾从成都去稻城亚丁，六天", map[string]string{"origin": "Chengdu", "require": "self_driving", "days": "6"}},
	{"everyday-zh", "国庆去青海湖，五天，从西宁出发", map[string]string{"origin": "Xining", "start": "2027-10-01", "days": "5"}},
	{"everyday-zh", "节奏慢一点，去丽江五天", map[string]string{"dests": "Lijiang", "pace": "relaxed", "days": "5"}},
	{"everyday-zh", "特种兵式旅游，北京两天", map[string]string{"dests": "Beijing", "pace": "packed", "days": "2"}},
	{"everyday-zh", "带72岁的外婆去苏州，两天", map[string]string{"dests": "Suzhou", "adults": "2", "pace": "relaxed", "days": "2"}},
	{"everyday-zh", "从南京出发去扬州一日游，吃早茶", map[string]string{"origin": "Nanjing", "dests": "Yangzhou", "days": "1"}},
	{"everyday-zh", "1月20日到24日去西双版纳，两大一小", map[string]string{"dests": "Xishuangbanna", "start": "2027-01-20", "end": "2027-01-24", "adults": "2", "children": "1"}},
	{"everyday-zh", "想去宁波吃海鲜，周末两天", map[string]string{"dests": "Ningbo", "cuisines": "Seafood", "days": "2"}},
	{"everyday-zh", "去福州两天，吃佛跳墙和鱼丸", map[string]string{"dests": "Fuzhou", "foods": "佛跳墙,鱼丸", "days": "2"}},
	{"everyday-zh", "去柳州吃螺蛳粉，一天", map[string]string{"dests": "Liuzhou", "foods": "螺蛳粉", "days": "1"}},
	{"everyday-zh", "去兰州两天，吃牛肉面", map[string]string{"dests": "Lanzhou", "foods": "牛肉面", "days": "2"}},
	{"everyday-zh", "去北京三天，吃烤鸭和铜锅涮肉", map[string]string{"dests": "Beijing", "foods": "烤鸭,铜锅涮肉", "days": "3"}},
	{"everyday-zh", "我和同事四个人去重庆出差顺便玩两天", map[string]string{"dests": "Chongqing", "adults": "4", "days": "2"}},
	{"everyday-zh", "带着婆婆和两个孩子去海口，五天", map[string]string{"dests": "Haikou", "adults": "2", "children": "2", "pace": "relaxed", "days": "5"}},
	{"everyday-zh", "去成都看大熊猫，三天，只坐高铁不坐飞机", map[string]string{"dests": "Chengdu", "require": "train", "exclude": "flight", "days": "3"}},
	{"everyday-zh", "腊八去苏州玩两天", map[string]string{"dests": "Suzhou", "days": "2"}},
	{"everyday-zh", "12月31日跨年去厦门，三天", map[string]string{"dests": "Xiamen", "start": "2026-12-31", "days": "3"}},
	{"everyday-zh", "下周末从杭州去上海，两个人，想吃本帮菜和小笼包", map[string]string{"origin": "Hangzhou", "dests": "Shanghai", "cuisines": "Shanghainese", "foods": "小笼包", "start": "2026-12-12"}},
	{"everyday-zh", "想去乌镇和西塘，三天", map[string]string{"days": "3"}},
	{"everyday-zh", "去长白山滑雪，四天，从长春出发", map[string]string{"origin": "Changchun", "days": "4"}},
	{"everyday-zh", "带着爸妈和老婆去泰国，一周", map[string]string{"adults": "4", "pace": "relaxed", "days": "7"}},
	// ---- everyday, English
	{"everyday-en", "Taking my elderly parents to Kyoto for 4 days in April", map[string]string{"dests": "Kyoto", "adults": "3", "pace": "relaxed", "start": "2027-04-01", "days": "4"}},
	{"everyday-en", "A trip with my grandparents to Lisbon, 5 days", map[string]string{"dests": "Lisbon", "adults": "3", "pace": "relaxed", "days": "5"}},
	{"everyday-en", "Trains only: Paris to Amsterdam for 3 days", map[string]string{"origin": "Paris", "dests": "Amsterdam", "require": "train", "days": "3"}},
	{"everyday-en", "From Milan to Rome by train only, 4 days", map[string]string{"origin": "Milan", "dests": "Rome", "require": "train", "days": "4"}},
	{"everyday-en", "Beijing to Shanghai, high-speed rail only, 3 days", map[string]string{"origin": "Beijing", "dests": "Shanghai", "require": "train", "hsr": "true", "days": "3"}},
	{"everyday-en", "We'll travel only by train from Vienna to Budapest, 3 days", map[string]string{"origin": "Vienna", "dests": "Budapest", "require": "train", "days": "3"}},
	{"everyday-en", "Shanghai 3 days, we'd love Shanghainese food and xiaolongbao", map[string]string{"dests": "Shanghai", "cuisines": "Shanghainese", "foods": "xiaolongbao", "days": "3"}},
	{"everyday-en", "Chengdu 3 days, Sichuan food, hot pot and dan dan noodles", map[string]string{"dests": "Chengdu", "foods": "hot pot,dan dan noodles", "days": "3"}},
	{"everyday-en", "Hong Kong 3 days, dim sum every morning", map[string]string{"dests": "Hong Kong", "cuisines": "Cantonese", "foods": "dim sum", "days": "3"}},
	{"everyday-en", "Tokyo for a week with my wife and our 5-year-old son", map[string]string{"dests": "Tokyo", "adults": "2", "children": "1", "ages": "[5]", "days": "7"}},
	{"everyday-en", "Next Friday to Sunday in Chicago for 2", map[string]string{"dests": "Chicago", "start": "2026-12-11", "end": "2026-12-13", "adults": "2"}},
	{"everyday-en", "Christmas in Vienna, 4 days, two adults", map[string]string{"dests": "Vienna", "days": "4", "adults": "2"}},
	{"everyday-en", "New Year's Eve in Sydney, 3 days", map[string]string{"dests": "Sydney", "start": "2026-12-31", "days": "3"}},
	{"everyday-en", "A relaxed 5 days in Bali for our honeymoon", map[string]string{"pace": "relaxed", "adults": "2", "days": "5"}},
	{"everyday-en", "Packed itinerary, Rome 2 days, see as much as possible", map[string]string{"dests": "Rome", "pace": "packed", "days": "2"}},
	{"everyday-en", "No flights: Madrid to Barcelona for 3 days", map[string]string{"origin": "Madrid", "dests": "Barcelona", "exclude": "flight", "days": "3"}},
	{"everyday-en", "Road trip from Los Angeles to San Francisco, 4 days", map[string]string{"origin": "Los Angeles", "dests": "San Francisco", "require": "self_driving", "days": "4"}},
	{"everyday-en", "Osaka 3 days, ramen and takoyaki, budget $1500", map[string]string{"dests": "Osaka", "foods": "ramen,takoyaki", "budget": "1500 USD", "days": "3"}},
	{"everyday-en", "Bangkok 4 days, pad thai and mango sticky rice", map[string]string{"dests": "Bangkok", "foods": "pad thai,mango sticky rice", "days": "4"}},
	{"everyday-en", "Naples 2 days for the pizza", map[string]string{"dests": "Naples", "days": "2"}},
	{"everyday-en", "Four of us, 3 days in Edinburgh in March", map[string]string{"dests": "Edinburgh", "adults": "4", "start": "2027-03-01", "days": "3"}},
	{"everyday-en", "Me and my mom, 3 days in Seoul, not too rushed", map[string]string{"dests": "Seoul", "adults": "2", "pace": "relaxed", "days": "3"}},
	{"everyday-en", "With my 80-year-old grandmother to Vancouver for 4 days", map[string]string{"dests": "Vancouver", "adults": "2", "pace": "relaxed", "days": "4"}},
	{"everyday-en", "Lisbon to Porto by train, 3 days, budget 800 euros", map[string]string{"origin": "Lisbon", "dests": "Porto", "require": "train", "budget": "800 EUR"}},
	{"everyday-en", "Beijing 3 days with my in-laws, easy pace", map[string]string{"dests": "Beijing", "pace": "relaxed", "days": "3"}},
	{"everyday-en", "Xi'an for 3 days, want to eat biangbiang noodles and roujiamo", map[string]string{"dests": "Xi'an", "foods": "biangbiang noodles,roujiamo", "days": "3"}},
	{"everyday-en", "Singapore 3 days, chilli crab and chicken rice", map[string]string{"dests": "Singapore", "foods": "chilli crab,chicken rice", "days": "3"}},
	{"everyday-en", "Mexico City 4 days, tacos al pastor and the Frida Kahlo Museum", map[string]string{"dests": "Mexico City", "foods": "tacos al pastor", "must": "Frida Kahlo Museum", "days": "4"}},
	{"everyday-en", "Weekend in Boston with my husband", map[string]string{"dests": "Boston", "adults": "2", "start": "2026-12-05", "days": "2"}},
	{"everyday-en", "Taipei 4 days, beef noodle soup and the night markets", map[string]string{"dests": "Taipei", "foods": "beef noodle soup", "days": "4"}},
	{"everyday-en", "Traveling with elderly parents from Shanghai to Suzhou, 2 days", map[string]string{"origin": "Shanghai", "dests": "Suzhou", "pace": "relaxed", "days": "2"}},
	{"everyday-en", "Trains only, no flying, Tokyo to Kyoto, 5 days", map[string]string{"origin": "Tokyo", "dests": "Kyoto", "require": "train", "exclude": "flight", "days": "5"}},
	{"everyday-en", "Guangzhou 2 days, Cantonese food and roast goose", map[string]string{"dests": "Guangzhou", "cuisines": "Cantonese", "foods": "roast goose", "days": "2"}},
	{"everyday-en", "Hangzhou 3 days, Hangzhou cuisine and Dongpo pork", map[string]string{"dests": "Hangzhou", "cuisines": "Hangzhou", "foods": "dongpo pork", "days": "3"}},
	{"everyday-en", "Shanghai weekend, we want Shanghai cuisine and shengjian", map[string]string{"dests": "Shanghai", "cuisines": "Shanghainese", "foods": "shengjian", "days": "2"}},
}

// probeRound2 are a second round of probing requests, written after the
// first round's fixes and before any change for them (their first run is
// the "unseen" figure for the fixed parser in docs/understanding.md).
var probeRound2 = []classCase{
	{"sight-zh", "南京两天，玄武湖、鸡鸣寺和老门东", map[string]string{"dests": "Nanjing", "must": "玄武湖,鸡鸣寺,老门东", "days": "2"}},
	{"sight-zh", "去苏州玩一天，狮子林和山塘街", map[string]string{"dests": "Suzhou", "must": "狮子林,山塘街", "days": "1"}},
	{"sight-zh", "杭州三天，西溪湿地、河坊街、宋城", map[string]string{"dests": "Hangzhou", "must": "西溪湿地,河坊街,宋城", "days": "3"}},
	{"sight-zh", "成都两天，人民公园喝茶，杜甫草堂必去", map[string]string{"dests": "Chengdu", "must": "人民公园,杜甫草堂", "days": "2"}},
	{"sight-zh", "武汉三天，东湖和湖北省博物馆，吃热干面和豆皮", map[string]string{"dests": "Wuhan", "must": "东湖,湖北省博物馆", "foods": "热干面,豆皮", "days": "3"}},
	{"sight-zh", "厦门三天，曾厝垵和环岛路", map[string]string{"dests": "Xiamen", "must": "曾厝垵,环岛路", "days": "3"}},
	{"sight-zh", "北京两天，恭王府和景山公园", map[string]string{"dests": "Beijing", "must": "恭王府,景山公园", "days": "2"}},
	{"sight-zh", "上海两天，迪士尼和外滩", map[string]string{"dests": "Shanghai", "must": "迪士尼,外滩", "days": "2"}},
	{"sight-zh", "重庆三天，磁器口、李子坝和鹅岭二厂", map[string]string{"dests": "Chongqing", "must": "磁器口,李子坝,鹅岭二厂", "days": "3"}},
	{"sight-zh", "深圳两天，世界之窗和欢乐谷", map[string]string{"dests": "Shenzhen", "must": "世界之窗,欢乐谷", "days": "2"}},
	{"sight-zh", "巴黎五天，凡尔赛宫和蒙马特", map[string]string{"dests": "Paris", "must": "凡尔赛宫,蒙马特", "days": "5"}},
	{"sight-zh", "大阪三天，大阪城和道顿堀，想吃章鱼烧", map[string]string{"dests": "Osaka", "must": "大阪城,道顿堀", "foods": "章鱼烧", "days": "3"}},
	{"sight-zh", "吉隆坡三天，双子塔和黑风洞", map[string]string{"dests": "Kuala Lumpur", "must": "双子塔,黑风洞", "days": "3"}},
	{"sight-zh", "首尔三天，北村韩屋村和南山塔", map[string]string{"dests": "Seoul", "must": "北村韩屋村,南山塔", "days": "3"}},
	{"sight-zh", "想去看兵马俑和华清池，从郑州出发，三天", map[string]string{"origin": "Zhengzhou", "dests": "Xi'an", "must": "兵马俑,华清池", "days": "3"}},
	{"sight-en", "Nanjing 2 days: Xuanwu Lake, Jiming Temple and Laomendong", map[string]string{"dests": "Nanjing", "must": "Xuanwu Lake,Jiming Temple,Laomendong", "days": "2"}},
	{"sight-en", "Suzhou 1 day, Lion Grove Garden and Shantang Street", map[string]string{"dests": "Suzhou", "must": "Lion Grove Garden,Shantang Street", "days": "1"}},
	{"sight-en", "Hangzhou 3 days: Xixi Wetland, Hefang Street and Songcheng", map[string]string{"dests": "Hangzhou", "must": "Xixi Wetland,Hefang Street,Songcheng", "days": "3"}},
	{"sight-en", "Chengdu 2 days, Du Fu Thatched Cottage and People's Park", map[string]string{"dests": "Chengdu", "must": "Du Fu Thatched Cottage,People's Park", "days": "2"}},
	{"sight-en", "Beijing 3 days: Jingshan Park, Prince Gong's Mansion and the Temple of Heaven", map[string]string{"dests": "Beijing", "must": "Jingshan Park,Prince Gong's Mansion,Temple of Heaven", "days": "3"}},
	{"sight-en", "Xi'an 2 days, Huimin Jie and Dayan Ta", map[string]string{"dests": "Xi'an", "must": "Huimin Jie,Dayan Ta", "days": "2"}},
	{"sight-en", "Shanghai 2 days: Waitan, Yuyuan and Tianzifang", map[string]string{"dests": "Shanghai", "must": "Waitan,Yuyuan,Tianzifang", "days": "2"}},
	{"sight-en", "Paris 5 days with Versailles and the Musee d'Orsay", map[string]string{"dests": "Paris", "must": "Versailles,Musee d'Orsay", "days": "5"}},
	{"sight-en", "Lisbon 3 days: Belem Tower, Jeronimos Monastery and Alfama", map[string]string{"dests": "Lisbon", "must": "Belem Tower,Jeronimos Monastery,Alfama", "days": "3"}},
	{"sight-en", "Madrid 3 days, the Prado and Retiro Park", map[string]string{"dests": "Madrid", "must": "Prado,Retiro Park", "days": "3"}},
	{"sight-en", "Copenhagen 2 days, Nyhavn and Tivoli Gardens", map[string]string{"dests": "Copenhagen", "must": "Nyhavn,Tivoli Gardens", "days": "2"}},
	{"sight-en", "Cape Town 4 days: Table Mountain and Boulders Beach", map[string]string{"dests": "Cape Town", "must": "Table Mountain,Boulders Beach", "days": "4"}},
	{"sight-en", "Chicago 3 days, Millennium Park and the Art Institute", map[string]string{"dests": "Chicago", "must": "Millennium Park,Art Institute", "days": "3"}},
	{"sight-en", "Vancouver 3 days: Stanley Park, Granville Island and Capilano Suspension Bridge", map[string]string{"dests": "Vancouver", "must": "Stanley Park,Granville Island,Capilano Suspension Bridge", "days": "3"}},
	{"sight-en", "Hong Kong 3 days, Tian Tan Buddha and the Star Ferry", map[string]string{"dests": "Hong Kong", "must": "Tian Tan Buddha,Star Ferry", "days": "3"}},
	{"everyday-zh", "陪外公外婆去杭州，三天，下周五出发", map[string]string{"dests": "Hangzhou", "adults": "3", "pace": "relaxed", "start": "2026-12-11", "days": "3"}},
	{"everyday-zh", "带着老人和小孩去厦门四天", map[string]string{"dests": "Xiamen", "pace": "relaxed", "days": "4"}},
	{"everyday-zh", "只坐动车，从福州去厦门两天", map[string]string{"origin": "Fuzhou", "dests": "Xiamen", "require": "train", "hsr": "true", "days": "2"}},
	{"everyday-zh", "全程不坐飞机，高铁往返，北京到青岛三天", map[string]string{"origin": "Beijing", "dests": "Qingdao", "exclude": "flight", "require": "train", "days": "3"}},
	{"everyday-zh", "去南京两天，想吃淮扬菜和鸭血粉丝汤", map[string]string{"dests": "Nanjing", "cuisines": "Huaiyang", "foods": "鸭血粉丝汤", "days": "2"}},
	{"everyday-zh", "去长沙三天，湘菜和臭豆腐都想吃", map[string]string{"dests": "Changsha", "cuisines": "Hunan", "foods": "臭豆腐", "days": "3"}},
	{"everyday-zh", "去合肥两天，想尝尝徽菜", map[string]string{"dests": "Hefei", "cuisines": "Anhui", "days": "2"}},
	{"everyday-zh", "去太原三天，晋菜和刀削面", map[string]string{"dests": "Taiyuan", "cuisines": "Shanxi", "foods": "刀削面", "days": "3"}},
	{"everyday-zh", "去郑州两天，想吃豫菜和烩面", map[string]string{"dests": "Zhengzhou", "cuisines": "Henan", "foods": "烩面", "days": "2"}},
	{"everyday-zh", "下个月15号去烟台，三天，我和老婆", map[string]string{"dests": "Yantai", "start": "2027-01-15", "days": "3", "adults": "2"}},
	{"everyday-zh", "两对夫妻带三个孩子去三亚，一周", map[string]string{"dests": "Sanya", "adults": "4", "children": "3", "days": "7"}},
	{"everyday-zh", "节奏紧凑一点，上海一天", map[string]string{"dests": "Shanghai", "pace": "packed", "days": "1"}},
	{"everyday-zh", "下周六从苏州出发去南京，两天，坐高铁", map[string]string{"origin": "Suzhou", "dests": "Nanjing", "require": "train", "start": "2026-12-12", "days": "2"}},
	{"everyday-zh", "和我妈去成都，三天，不要太累", map[string]string{"dests": "Chengdu", "adults": "2", "pace": "relaxed", "days": "3"}},
	{"everyday-zh", "寒假带孩子去哈尔滨，孩子9岁，五天，预算一万", map[string]string{"dests": "Harbin", "children": "1", "ages": "[9]", "days": "5", "budget": "10000 CNY"}},
	{"everyday-en", "Taking my retired parents to Vienna for 5 days in May", map[string]string{"dests": "Vienna", "adults": "3", "pace": "relaxed", "start": "2027-05-01", "days": "5"}},
	{"everyday-en", "Trip with my grandma to Quebec City, 3 days", map[string]string{"dests": "Québec", "adults": "2", "pace": "relaxed", "days": "3"}},
	{"everyday-en", "Rail only, London to Edinburgh, 4 days", map[string]string{"origin": "London", "dests": "Edinburgh", "require": "train", "days": "4"}},
	{"everyday-en", "By train only from Berlin to Prague, 3 days", map[string]string{"origin": "Berlin", "dests": "Prague", "require": "train", "days": "3"}},
	{"everyday-en", "Nanjing 2 days, Huaiyang cuisine and salted duck", map[string]string{"dests": "Nanjing", "cuisines": "Huaiyang", "foods": "salted duck", "days": "2"}},
	{"everyday-en", "Changsha 3 days, Hunan food and stinky tofu", map[string]string{"dests": "Changsha", "cuisines": "Hunan", "foods": "stinky tofu", "days": "3"}},
	{"everyday-en", "Lyon 2 days for French food, no flights", map[string]string{"dests": "Lyon", "cuisines": "French", "exclude": "flight", "days": "2"}},
	{"everyday-en", "Two couples and three kids, a week in Phuket", map[string]string{"dests": "Phuket", "adults": "4", "children": "3", "days": "7"}},
	{"everyday-en", "We'd like a fast-paced 2 days in Tokyo", map[string]string{"dests": "Tokyo", "pace": "packed", "days": "2"}},
	{"everyday-en", "From Osaka to Hiroshima by shinkansen, 2 days", map[string]string{"origin": "Osaka", "dests": "Hiroshima", "require": "train", "hsr": "true", "days": "2"}},
	{"everyday-en", "Three days in Marrakech with my mother-in-law", map[string]string{"dests": "Marrakesh", "adults": "2", "days": "3"}},
	{"everyday-en", "Penang 3 days, char kway teow and laksa", map[string]string{"foods": "char kway teow,laksa", "days": "3"}},
	{"everyday-en", "A leisurely week in Provence with my wife, no driving", map[string]string{"pace": "relaxed", "adults": "2", "exclude": "self_driving", "days": "7"}},
	{"everyday-en", "Next Saturday, Boston to Portland, 2 days, just me", map[string]string{"origin": "Boston", "dests": "Portland", "start": "2026-12-12", "days": "2", "adults": "1"}},
	{"everyday-en", "Kyoto 3 days with my 70-year-old dad and my son (8)", map[string]string{"dests": "Kyoto", "adults": "2", "children": "1", "pace": "relaxed", "days": "3"}},
}

// probeRound3 are a third round, written after round 2's fixes: longer
// sentences, lists beside people and foods, pinyin beside English, to
// catch what the list and pinyin rules might read wrongly.
var probeRound3 = []classCase{
	{"sight-en", "We're going to Paris for 4 days; we'd love to see the Louvre and Sainte-Chapelle, and my husband wants crepes.", map[string]string{"dests": "Paris", "must": "Louvre,Sainte-Chapelle", "adults": "2", "foods": "crepes", "days": "4"}},
	{"sight-en", "Kyoto for 3 days with my wife: Kinkakuji, Ryoanji and the Philosopher's Path, plus some matcha.", map[string]string{"dests": "Kyoto", "must": "Kinkakuji,Ryoanji,Philosopher's Path", "foods": "matcha", "adults": "2"}},
	{"sight-en", "Three days in Beijing in April. Must see: Gugong, Tiantan and the Great Wall at Badaling.", map[string]string{"dests": "Beijing", "must": "Gugong,Tiantan,Great Wall,Badaling", "start": "2027-04-01", "days": "3"}},
	{"sight-en", "Chengdu trip for two, 4 days, pandas, Jinli Street and Wenshu Monastery, Sichuan hot pot", map[string]string{"dests": "Chengdu", "must": "Panda Base,Jinli Street,Wenshu Monastery", "adults": "2", "days": "4"}},
	{"sight-en", "Planning 5 days in Tokyo and 2 in Hakone with my parents, Meiji Shrine and Lake Ashi", map[string]string{"dests": "Tokyo,Hakone", "must": "Meiji Shrine,Lake Ashi", "adults": "3"}},
	{"sight-en", "Istanbul 3 days, Topkapi Palace and the Basilica Cistern, and a Bosphorus cruise", map[string]string{"dests": "Istanbul", "must": "Topkapi Palace,Basilica Cistern", "days": "3"}},
	{"sight-en", "London 4 days with the kids, the Natural History Museum, Hyde Park and the London Eye", map[string]string{"dests": "London", "must": "Natural History Museum,Hyde Park,London Eye", "days": "4"}},
	{"sight-en", "Rome 3 days: Vatican Museums, St. Peter's Basilica and Trastevere for dinner", map[string]string{"dests": "Rome", "must": "Vatican Museums,St. Peter's Basilica,Trastevere", "days": "3"}},
	{"sight-en", "Xiamen 3 days, Gulangyu Island and Zengcuoan, with my girlfriend Lily", map[string]string{"dests": "Xiamen", "must": "Gulangyu Island,Zengcuoan", "adults": "2", "days": "3"}},
	{"sight-en", "New York City for a week in June, MoMA, the High Line and Brooklyn Bridge", map[string]string{"must": "MoMA,High Line,Brooklyn Bridge", "start": "2027-06-01", "days": "7"}},
	{"sight-zh", "下个月去杭州三天，西湖、灵隐寺，再去千岛湖", map[string]string{"must": "西湖,灵隐寺,千岛湖", "start": "2027-01-01", "days": "3"}},
	{"sight-zh", "带爸妈去北京，故宫和天坛，想吃烤鸭，五天", map[string]string{"dests": "Beijing", "must": "故宫,天坛", "foods": "烤鸭", "adults": "3", "pace": "relaxed", "days": "5"}},
	{"sight-zh", "成都四天，大熊猫基地和都江堰，还想去青城山", map[string]string{"dests": "Chengdu", "must": "大熊猫基地,都江堰,青城山", "days": "4"}},
	{"sight-zh", "重庆两天，洪崖洞和火锅，和朋友三个人", map[string]string{"dests": "Chongqing", "must": "洪崖洞", "cuisines": "Hot Pot", "adults": "3", "days": "2"}},
	{"sight-zh", "香港三天，迪士尼和海洋公园，带两个孩子", map[string]string{"dests": "Hong Kong", "must": "迪士尼,海洋公园", "children": "2", "days": "3"}},
	{"sight-zh", "西安三天，兵马俑和大唐不夜城，吃肉夹馍和biangbiang面", map[string]string{"dests": "Xi'an", "must": "兵马俑,大唐不夜城", "foods": "肉夹馍,biangbiang面", "days": "3"}},
	{"sight-zh", "南京一日游，中山陵和老婆一起去", map[string]string{"dests": "Nanjing", "must": "中山陵", "adults": "2", "days": "1"}},
	{"sight-zh", "广州两天，早茶和陈家祠，还有沙面", map[string]string{"dests": "Guangzhou", "must": "陈家祠,沙面", "cuisines": "Cantonese", "days": "2"}},
	{"sight-zh", "去青岛三天，崂山和啤酒博物馆", map[string]string{"dests": "Qingdao", "must": "崂山,啤酒博物馆", "days": "3"}},
	{"sight-zh", "苏州两天，拙政园、留园和同事两个人", map[string]string{"dests": "Suzhou", "must": "拙政园,留园", "days": "2"}},
	{"everyday-zh", "春节带公婆去海南三亚，一周，预算两万", map[string]string{"dests": "Sanya", "pace": "relaxed", "days": "7", "budget": "20000 CNY"}},
	{"everyday-zh", "我们老两口想去桂林玩五天，不坐飞机", map[string]string{"dests": "Guilin", "adults": "2", "pace": "relaxed", "exclude": "flight", "days": "5"}},
	{"everyday-zh", "周末和闺蜜去上海，想吃本帮菜和蟹粉小笼", map[string]string{"dests": "Shanghai", "adults": "2", "cuisines": "Shanghainese", "foods": "蟹粉小笼", "days": "2"}},
	{"everyday-zh", "去扬州两天，淮扬菜和早茶", map[string]string{"dests": "Yangzhou", "cuisines": "Huaiyang,Cantonese", "days": "2"}},
	{"everyday-zh", "高铁出行，上海去杭州两天", map[string]string{"origin": "Shanghai", "dests": "Hangzhou", "require": "train", "days": "2"}},
	{"everyday-en", "My wife and I, both retired, want 10 days in Portugal", map[string]string{"adults": "2", "pace": "relaxed", "days": "10"}},
	{"everyday-en", "Bringing grandpa along, 3 days in Savannah", map[string]string{"dests": "Savannah", "adults": "2", "pace": "relaxed", "days": "3"}},
	{"everyday-en", "Only trains please, Amsterdam to Brussels, 3 days", map[string]string{"origin": "Amsterdam", "dests": "Brussels", "require": "train", "days": "3"}},
	{"everyday-en", "Shanghai 3 days, soup dumplings and Shanghainese cuisine", map[string]string{"dests": "Shanghai", "foods": "soup dumplings", "cuisines": "Shanghainese", "days": "3"}},
	{"everyday-en", "A week in Sichuan for the food: mapo tofu, hot pot and dan dan noodles", map[string]string{"foods": "mapo tofu,hot pot,dan dan noodles", "days": "7"}},
}

// probeKnownMisses are the probes' fields the rules still miss, each with
// why; TestProbes fails when one of them is read right (move it out) or
// when any other field is wrong.
var probeKnownMisses = map[string]string{
	"去西安玩三天，城墙骑车，回民街吃东西，大雁塔必去 must": "城墙 alone is generic (Xi'an's, Nanjing's …) and no cue or list marks it",
	"成都两天，人民公园喝茶，杜甫草堂必去 must":       "人民公园 is a generic name no cue marks (grounding places it when the knowledge cache holds Chengdu)",
}

// probeFields reads classFields and the fields the probes add.
func probeFields(r *Result) map[string]string {
	f := classFields(r)
	f["foods"] = strings.Join(r.Brief.Foods, ",")
	f["pace"] = r.Brief.Pace
	return f
}

// TestProbes checks the probing set field by field; BRIEF_CLASSES_REPORT=1
// prints accuracy per class and field.
func TestProbes(t *testing.T) {
	if len(probeCases) < 150 {
		t.Fatalf("only %d probes", len(probeCases))
	}
	type score struct{ right, total int }
	byClass, byField := map[string]*score{}, map[string]*score{}
	add := func(m map[string]*score, k string, ok bool) {
		if m[k] == nil {
			m[k] = &score{}
		}
		m[k].total++
		if ok {
			m[k].right++
		}
	}
	right, total := 0, 0
	for _, tc := range append(append(append([]classCase(nil), probeCases...), probeRound2...), probeRound3...) {
		got := probeFields(ParseRules(tc.q, classNow))
		keys := make([]string, 0, len(tc.want))
		for k := range tc.want {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			ok := got[k] == tc.want[k]
			add(byClass, tc.class, ok)
			add(byField, k, ok)
			total++
			_, known := probeKnownMisses[tc.q+" "+k]
			switch {
			case ok && known:
				t.Errorf("[%s] %s: %s is read right now; remove it from probeKnownMisses", tc.class, tc.q, k)
			case !ok && known:
				t.Logf("known miss [%s] %s: %s = %q, want %q", tc.class, tc.q, k, got[k], tc.want[k])
			case !ok:
				t.Errorf("[%s] %s: %s = %q, want %q", tc.class, tc.q, k, got[k], tc.want[k])
			}
			if ok {
				right++
			}
		}
	}
	if os.Getenv("BRIEF_CLASSES_REPORT") != "" {
		for _, m := range []map[string]*score{byClass, byField} {
			keys := make([]string, 0, len(m))
			for k := range m {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				fmt.Printf("probe %-12s %d/%d\n", k, m[k].right, m[k].total)
			}
		}
		fmt.Printf("probe total %d/%d (%.1f%%) over %d requests\n", right, total, 100*float64(right)/float64(total), len(probeCases)+len(probeRound2)+len(probeRound3))
	}
}
