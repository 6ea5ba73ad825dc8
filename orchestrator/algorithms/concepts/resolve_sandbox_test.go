package concepts

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
)

// sandboxCands reads a ChinaTravel sandbox city's attractions as
// candidates, in file order, or skips when the dataset is absent.
func sandboxCands(t testing.TB, city string) []Candidate {
	t.Helper()
	sandboxOnce.Do(func() { sandboxCache = map[string][]Candidate{} })
	sandboxMu.Lock()
	defer sandboxMu.Unlock()
	if c, ok := sandboxCache[city]; ok {
		return c
	}
	dir := filepath.Join("..", "..", "..", "..", "shared", "datasets", "chinatravel", "attractions", city)
	f, err := os.Open(filepath.Join(dir, "attractions.csv"))
	if err != nil {
		t.Skipf("sandbox attractions not found: %v", err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	pop := sandboxPopularity(t, dir)
	var out []Candidate
	for i, r := range rows[1:] {
		out = append(out, Candidate{Name: r[1], Popularity: pop[i]})
	}
	sandboxCache[city] = out
	return out
}

var (
	sandboxOnce  sync.Once
	sandboxMu    sync.Mutex
	sandboxCache map[string][]Candidate
)

// sandboxPopularity reads the Popularity column of attractions_tag.csv
// (GBK names, but the numeric columns are ASCII), by row.
func sandboxPopularity(t testing.TB, dir string) map[int]float64 {
	out := map[int]float64{}
	f, err := os.Open(filepath.Join(dir, "attractions_tag.csv"))
	if err != nil {
		return out
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.LazyQuotes = true
	r.FieldsPerRecord = -1
	rows, err := r.ReadAll()
	if err != nil {
		return out
	}
	for i, row := range rows[1:] {
		if len(row) > 12 {
			if p, err := strconv.ParseFloat(row[12], 64); err == nil {
				out[i] = p
			}
		}
	}
	return out
}

// sandboxWishes are must-see names as travellers write them (English,
// pinyin, Chinese short forms, generic activity nouns) with the sandbox
// sight each means; want lists every acceptable catalog name.
var sandboxWishes = []struct {
	city, query string
	want        []string
}{
	{"beijing", "Mutianyu", []string{"慕田峪长城"}},
	{"beijing", "Mutianyu Great Wall", []string{"慕田峪长城"}},
	{"beijing", "Badaling", []string{"八达岭长城"}},
	{"beijing", "Juyongguan", []string{"居庸关长城"}},
	{"beijing", "故宫", []string{"故宫博物院"}},
	{"beijing", "the Forbidden City", []string{"故宫博物院"}},
	{"beijing", "Houhai", []string{"后海", "什刹海"}},
	{"beijing", "Shichahai", []string{"什刹海"}},
	{"beijing", "Nanluoguxiang", []string{"南锣鼓巷"}},
	{"beijing", "hutongs", []string{"什刹海", "南锣鼓巷", "老北京胡同游", "史家胡同", "五道营胡同"}},
	{"beijing", "Universal Studios", []string{"北京环球度假区"}},
	{"beijing", "Jingshan Park", []string{"景山公园"}},
	{"beijing", "Beihai Park", []string{"北海公园"}},
	{"beijing", "Lama Temple", []string{"雍和宫"}},
	{"shanghai", "上海中心", []string{"上海中心大厦"}},
	{"shanghai", "Shanghai Tower", []string{"上海中心大厦"}},
	{"shanghai", "Disneyland", []string{"上海迪士尼度假区"}},
	{"shanghai", "Nanjing Road", []string{"南京路步行街"}},
	{"shanghai", "Tianzifang", []string{"田子坊"}},
	{"shanghai", "Xintiandi", []string{"新天地"}},
	{"shanghai", "Zhujiajiao", []string{"朱家角古镇景区"}},
	{"shanghai", "Shanghai Museum", []string{"上海博物馆"}},
	{"shanghai", "Jing'an Temple", []string{"静安寺"}},
	{"shanghai", "Huangpu River cruise", []string{"黄浦江游览(十六铺码头)", "黄浦江游览（东方明珠码头）", "黄浦江游览（金陵东路码头）", "“快乐船长”黄浦江游船", "“水晶公主”黄浦江游船", "“龙船”黄浦江游船", "黄浦江•东方明珠炫游浦江主题游船"}},
	{"hangzhou", "Hefang Street", []string{"清河坊街"}},
	{"hangzhou", "Qinghefang", []string{"清河坊街"}},
	{"hangzhou", "West Lake boat", []string{"西湖游船"}},
	{"hangzhou", "Leifeng Pagoda", []string{"雷峰塔"}},
	{"hangzhou", "Xixi Wetland", []string{"西溪国家湿地公园"}},
	{"hangzhou", "Songcheng", []string{"杭州宋城"}},
	{"hangzhou", "Longjing Village", []string{"龙井村"}},
	{"hangzhou", "Lingyin", []string{"灵隐寺"}},
	{"hangzhou", "night cruise", []string{"钱塘江夜游", "杭州运河夜游", "钱塘江夜游(武林门码头)", "杭州钱塘江夜游"}},
	{"nanjing", "city wall", []string{"南京城墙"}},
	{"nanjing", "Xuanwu Lake", []string{"玄武湖景区"}},
	{"nanjing", "Confucius Temple", []string{"夫子庙", "夫子庙秦淮风光带"}},
	{"nanjing", "Presidential Palace", []string{"南京总统府"}},
	{"nanjing", "Zhonghua Gate", []string{"中华门", "中华门瓮城"}},
	{"nanjing", "Jiming Temple", []string{"鸡鸣寺"}},
	{"nanjing", "Laomendong", []string{"老门东历史街区"}},
	{"nanjing", "Qinhuai River cruise", []string{"秦淮河画舫", "外秦淮河画舫", "外秦淮河游船（水木秦淮码头）"}},
	{"suzhou", "gardens", []string{"拙政园", "留园", "网师园", "狮子林", "沧浪亭", "耦园", "环秀山庄", "艺圃"}},
	{"suzhou", "pingtan", []string{"琵琶语评弹茶馆(苏州平江路店)", "苏州评弹", "聆韵社评弹茶馆(平江路店)", "平江路闲雅苑昆曲评弹馆", "中国苏州评弹博物馆吴苑深处书场"}},
	{"suzhou", "Pingjiang Road", []string{"平江路历史街区"}},
	{"suzhou", "Zhouzhuang", []string{"周庄"}},
	{"suzhou", "Tongli", []string{"同里古镇"}},
	{"suzhou", "Shantang Street", []string{"山塘街"}},
	{"suzhou", "Tiger Hill", []string{"虎丘山风景名胜区"}},
	{"suzhou", "Suzhou Museum", []string{"苏州博物馆"}},
	{"wuhan", "Hubei Provincial Museum", []string{"湖北省博物馆"}},
	{"wuhan", "Yellow Crane Tower", []string{"黄鹤楼"}},
	{"wuhan", "Hubu Alley", []string{"户部巷"}},
	{"wuhan", "Guiyuan Temple", []string{"归元禅寺"}},
	{"wuhan", "Tanhualin", []string{"昙华林", "昙华林历史文化街区"}},
	{"wuhan", "Jianghan Road", []string{"江汉路步行街"}},
	{"wuhan", "night cruise", []string{"武汉文旅集团·夜游长江", "武汉文旅集团·粤汉码头(夜游长江)", "武汉文旅集团·汉阳门码头(夜游长江)", "船长9号游船(夜游长江)", "武汉文旅集团·苗家码头/武汉关2号码头(夜游长江)", "武汉文旅集团·红巷码头(夜游长江)"}},
	{"chengdu", "Sichuan opera", []string{"蜀风雅韵川剧院", "四川省川剧院", "盖碗儿梨园•川剧变脸吐火表演剧院•非遗传承展示基地(天府广场店)", "梅花剧社·非遗川剧变脸", "联华梨园社·春熙剧场川剧变脸秀", "蜀兿剧院·变脸川剧·盖碗茶", "蜀兿剧院·川剧表演(太古里店)"}},
	{"chengdu", "Kuanzhai Alley", []string{"宽窄巷子"}},
	{"chengdu", "Jinli", []string{"锦里古街"}},
	{"chengdu", "Wuhou Shrine", []string{"武侯祠"}},
	{"chengdu", "panda base", []string{"成都大熊猫繁育研究基地"}},
	{"chengdu", "Chunxi Road", []string{"春熙路"}},
	{"chengdu", "Wenshu Monastery", []string{"文殊院"}},
	{"chongqing", "Hongya Cave", []string{"洪崖洞"}},
	{"chongqing", "Yangtze cable car", []string{"长江索道"}},
	{"chongqing", "Ciqikou", []string{"磁器口古镇"}},
	{"chongqing", "Liziba", []string{"李子坝轻轨站"}},
	{"chongqing", "Jiefangbei", []string{"解放碑步行街"}},
	{"chongqing", "Three Gorges Museum", []string{"三峡博物馆"}},
	{"chongqing", "Eling Park", []string{"鹅岭公园"}},
	{"chongqing", "night cruise", []string{"重庆夜游", "夜游两江"}},
	{"guangzhou", "Canton Tower", []string{"广州塔"}},
	{"guangzhou", "Chimelong Safari Park", []string{"长隆野生动物世界"}},
	{"guangzhou", "Pearl River night cruise", []string{"珠江夜游", "珠江夜游天字码头", "珠江夜游广州塔财富码头", "珠江夜游大沙头码头", "珠江夜游西堤码头"}},
	{"guangzhou", "Shamian Island", []string{"沙面"}},
	{"guangzhou", "Baiyun Mountain", []string{"白云山"}},
	{"guangzhou", "Yuexiu Park", []string{"越秀公园"}},
	{"guangzhou", "Beijing Road", []string{"北京路步行街"}},
	{"guangzhou", "Chen Clan Academy", []string{"陈家祠"}},
	{"shenzhen", "Dameisha", []string{"大梅沙海滨公园"}},
	{"shenzhen", "Shekou", []string{"招商蛇口邮轮母港游览", "蛇口工业区"}},
	{"shenzhen", "OCT Harbour", []string{"深圳欢乐海岸", "欢乐港湾", "东部华侨城"}},
	{"shenzhen", "OCT East", []string{"东部华侨城"}},
	{"shenzhen", "Window of the World", []string{"世界之窗"}},
	{"shenzhen", "Lianhuashan Park", []string{"莲花山公园"}},
	{"shenzhen", "Dafen Oil Painting Village", []string{"大芬油画村"}},
	{"shenzhen", "Splendid China", []string{"锦绣中华民俗村", "锦绣中华"}},
	{"beijing", "紫禁城", []string{"故宫博物院"}},
	{"beijing", "慕田峪", []string{"慕田峪长城"}},
	{"hangzhou", "河坊街", []string{"清河坊街"}},
	{"hangzhou", "西溪湿地", []string{"西溪国家湿地公园"}},
	{"nanjing", "老门东", []string{"老门东历史街区"}},
	{"nanjing", "中山陵", []string{"中山陵景区"}},
	{"suzhou", "同里", []string{"同里古镇"}},
	{"suzhou", "苏州园林", []string{"拙政园", "留园", "网师园", "狮子林"}},
	{"shenzhen", "大梅沙", []string{"大梅沙海滨公园"}},
	{"chongqing", "长江索道", []string{"长江索道"}},
	{"guangzhou", "长隆", []string{"广州长隆度假区", "长隆野生动物世界", "长隆欢乐世界"}},
}

// TestResolveSandboxWishes measures Resolve on sandboxWishes: every name
// must resolve to one of its expected sights.
func TestResolveSandboxWishes(t *testing.T) {
	ok := 0
	for _, w := range sandboxWishes {
		cands := sandboxCands(t, w.city)
		i, how := Resolve(w.query, cands)
		got := ""
		if i >= 0 {
			got = cands[i].Name
		}
		hit := false
		for _, x := range w.want {
			hit = hit || got == x
		}
		if hit {
			ok++
			continue
		}
		t.Errorf("%s: Resolve(%q) = %q (%s), want one of %q", w.city, w.query, got, how, w.want)
	}
	t.Logf("%d of %d sandbox wishes resolved", ok, len(sandboxWishes))
}

// TestResolvePrefersVisitable: a kind of sight ("Sichuan opera") resolves
// to a stage whose show fits its hours before a more popular one that no
// plan can visit (Closed); a name only closed places match still resolves.
func TestResolvePrefersVisitable(t *testing.T) {
	cands := []Candidate{{Name: "四川省川剧院", Popularity: 9, Closed: true}, {Name: "蜀风雅韵川剧院", Popularity: 5}, {Name: "武侯祠", Popularity: 8}}
	if i, _ := Resolve("Sichuan opera", cands); i != 1 {
		t.Errorf("Resolve(Sichuan opera) = %d, want 1 (蜀风雅韵川剧院)", i)
	}
	if i, _ := Resolve("四川省川剧院", cands); i != 0 {
		t.Errorf("Resolve(四川省川剧院) = %d, want 0", i)
	}
}
