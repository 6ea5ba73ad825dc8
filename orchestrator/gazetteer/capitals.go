package gazetteer

import (
	"math"
	"sort"
)

// capitals names the capital city of first-level regions, keyed "CC.CODE"
// as Region keys them. The generated data records no region capitals (a
// region's coordinates are its most populous city's), so the ones a trip
// is likely to start from are listed here: Chinese provinces and autonomous
// regions, US states, Canadian provinces and Australian states. A
// municipality (北京, 上海 …) is its own capital and needs no entry.
var capitals = map[string]string{
	"CN.01": "Hefei", "CN.02": "Hangzhou", "CN.03": "Nanchang", "CN.04": "Nanjing", "CN.05": "Changchun",
	"CN.06": "Xining", "CN.07": "Fuzhou", "CN.08": "Harbin", "CN.09": "Zhengzhou", "CN.10": "Shijiazhuang",
	"CN.11": "Changsha", "CN.12": "Wuhan", "CN.13": "Ürümqi", "CN.14": "Lhasa", "CN.15": "Lanzhou",
	"CN.16": "Nanning", "CN.18": "Guiyang", "CN.19": "Shenyang", "CN.20": "Hohhot", "CN.21": "Yinchuan",
	"CN.24": "Taiyuan", "CN.25": "Jinan", "CN.26": "Xi'an", "CN.29": "Kunming", "CN.30": "Guangzhou",
	"CN.31": "Haikou", "CN.32": "Chengdu",

	"US.AK": "Juneau", "US.AL": "Montgomery", "US.AR": "Little Rock", "US.AZ": "Phoenix", "US.CA": "Sacramento",
	"US.CO": "Denver", "US.CT": "Hartford", "US.DE": "Dover", "US.FL": "Tallahassee", "US.GA": "Atlanta",
	"US.HI": "Honolulu", "US.IA": "Des Moines", "US.ID": "Boise", "US.IL": "Springfield", "US.IN": "Indianapolis",
	"US.KS": "Topeka", "US.KY": "Frankfort", "US.LA": "Baton Rouge", "US.MA": "Boston", "US.MD": "Annapolis",
	"US.ME": "Augusta", "US.MI": "Lansing", "US.MN": "Saint Paul", "US.MO": "Jefferson City", "US.MS": "Jackson",
	"US.MT": "Helena", "US.NC": "Raleigh", "US.ND": "Bismarck", "US.NE": "Lincoln", "US.NH": "Concord",
	"US.NJ": "Trenton", "US.NM": "Santa Fe", "US.NV": "Carson City", "US.NY": "Albany", "US.OH": "Columbus",
	"US.OK": "Oklahoma City", "US.OR": "Salem", "US.PA": "Harrisburg", "US.RI": "Providence", "US.SC": "Columbia",
	"US.SD": "Pierre", "US.TN": "Nashville", "US.TX": "Austin", "US.UT": "Salt Lake City", "US.VA": "Richmond",
	"US.VT": "Montpelier", "US.WA": "Olympia", "US.WI": "Madison", "US.WV": "Charleston", "US.WY": "Cheyenne",

	"CA.01": "Edmonton", "CA.02": "Victoria", "CA.03": "Winnipeg", "CA.04": "Fredericton", "CA.05": "St. John's",
	"CA.07": "Halifax", "CA.08": "Toronto", "CA.09": "Charlottetown", "CA.10": "Québec", "CA.11": "Regina",
	"AU.01": "Canberra", "AU.02": "Sydney", "AU.03": "Darwin", "AU.04": "Brisbane", "AU.05": "Adelaide",
	"AU.06": "Hobart", "AU.07": "Melbourne", "AU.08": "Perth",
}

// destinations lists, per region ("CC.CODE") or country ("CC"), the cities
// travellers go to there, best known first: a curated table (the editors'
// knowledge of the usual itineraries, not data from a source) for the
// Chinese provinces and a few countries, because population alone picks
// industrial cities over the ones visitors ask for (Yunnan's five most
// populous gazetteer cities leave out Dali). Names are the gazetteer's
// English names; a name the gazetteer does not hold is skipped.
var destinations = map[string][]string{
	"CN.01": {"Huangshan", "Hefei", "Wuhu", "Anqing"},
	"CN.02": {"Hangzhou", "Ningbo", "Shaoxing", "Jiaxing", "Wenzhou", "Zhoushan"},
	"CN.03": {"Nanchang", "Jingdezhen", "Jiujiang", "Shangrao", "Ganzhou"},
	"CN.04": {"Nanjing", "Suzhou", "Wuxi", "Yangzhou", "Zhenjiang", "Changzhou"},
	"CN.05": {"Changchun", "Jilin", "Yanji"},
	"CN.06": {"Xining", "Golmud"},
	"CN.07": {"Xiamen", "Fuzhou", "Quanzhou", "Wuyishan", "Zhangzhou"},
	"CN.08": {"Harbin", "Mudanjiang", "Qiqihar"},
	"CN.09": {"Luoyang", "Zhengzhou", "Kaifeng", "Anyang"},
	"CN.10": {"Chengde", "Qinhuangdao", "Shijiazhuang", "Baoding"},
	"CN.11": {"Changsha", "Zhangjiajie", "Yueyang", "Hengyang"},
	"CN.12": {"Wuhan", "Yichang", "Xiangyang", "Enshi"},
	"CN.13": {"Ürümqi", "Kashgar", "Turpan", "Yining"},
	"CN.14": {"Lhasa", "Rikaze", "Nyingchi"},
	"CN.15": {"Lanzhou", "Dunhuang", "Jiayuguan", "Zhangye", "Tianshui"},
	"CN.16": {"Guilin", "Nanning", "Beihai", "Liuzhou"},
	"CN.18": {"Guiyang", "Zunyi", "Anshun", "Kaili"},
	"CN.19": {"Dalian", "Shenyang", "Dandong"},
	"CN.20": {"Hohhot", "Baotou", "Hailar", "Ordos"},
	"CN.21": {"Yinchuan", "Zhongwei"},
	"CN.24": {"Taiyuan", "Datong", "Pingyao", "Jinzhong"},
	"CN.25": {"Qingdao", "Jinan", "Tai'an", "Qufu", "Yantai", "Weihai"},
	"CN.26": {"Xi'an", "Yan'an", "Hanzhong", "Baoji"},
	"CN.29": {"Kunming", "Dali", "Lijiang", "Jinghong", "Shangri-La", "Tengchong"},
	"CN.30": {"Guangzhou", "Shenzhen", "Zhuhai", "Foshan", "Chaozhou", "Shantou"},
	"CN.31": {"Sanya", "Haikou", "Wanning"},
	"CN.32": {"Chengdu", "Leshan", "Emeishan", "Dujiangyan", "Zigong", "Mianyang"},
	"JP":    {"Tokyo", "Kyoto", "Osaka", "Nara", "Hiroshima", "Kanazawa"},
	"IT":    {"Rome", "Florence", "Venice", "Milan", "Naples", "Bologna"},
	"FR":    {"Paris", "Nice", "Lyon", "Marseille", "Bordeaux", "Strasbourg"},
	"ES":    {"Madrid", "Barcelona", "Seville", "Granada", "Valencia", "Málaga"},
}

// CitiesIn returns up to n cities of a region or country, for choosing
// where to go in it: the n most populous, ordered by population (then
// name), with the capital moved first when it is among them. A region's
// capital comes from a curated table (Chinese provinces, US states,
// Canadian provinces, Australian states); a country's is the city at the
// country's coordinates, which the generator takes from its capital. Cities
// sharing a name with a more populous one of the same area, or lying within
// 15 km of one (a district or suburb: Brooklyn of New York), are left out.
// It returns nil for a city or n ≤ 0. The places must not be modified.
func (g *Gazetteer) CitiesIn(area *Place, n int) []*Place {
	if area == nil || area.Kind == City || n <= 0 {
		return nil
	}
	key := area.CountryCode
	if area.Kind == Region {
		key += "." + area.Admin1
	}
	all := g.citiesByArea()[key]
	seen := map[string]bool{}
	out := make([]*Place, 0, n)
	// The curated destinations first, in their order; then by population.
	curated := 0
	for _, name := range destinations[key] {
		if len(out) == n {
			break
		}
		k := Key(name)
		for _, i := range all {
			p := &g.places[i]
			if Key(p.Name) == k && !seen[k] {
				seen[k] = true
				out = append(out, p)
				curated++
				break
			}
		}
	}
	for _, i := range all {
		if len(out) == n {
			break
		}
		p := &g.places[i]
		if k := Key(p.Name); !seen[k] && !near(out, p) {
			seen[k] = true
			out = append(out, p)
		}
	}
	for i, p := range out {
		if curated > 0 {
			break // the curated order stands
		}
		if g.isCapital(area, p) {
			copy(out[1:i+1], out[:i])
			out[0] = p
			break
		}
	}
	return out
}

// isCapital reports whether city p is the capital of area.
func (g *Gazetteer) isCapital(area, p *Place) bool {
	if area.Kind == Region {
		name, ok := capitals[area.CountryCode+"."+area.Admin1]
		return ok && Key(name) == Key(p.Name)
	}
	return area.HasCoords && p.HasCoords && math.Abs(area.Lat-p.Lat) < 1e-4 && math.Abs(area.Lon-p.Lon) < 1e-4
}

// near reports whether p lies within 15 km of one of the places chosen.
func near(chosen []*Place, p *Place) bool {
	if !p.HasCoords {
		return false
	}
	for _, c := range chosen {
		if c.HasCoords && distanceKM(c.Lat, c.Lon, p.Lat, p.Lon) < 15 {
			return true
		}
	}
	return false
}

// distanceKM is the great-circle distance between two points.
func distanceKM(lat1, lon1, lat2, lon2 float64) float64 {
	const r = 6371.0
	rad := math.Pi / 180
	dlat, dlon := (lat2-lat1)*rad, (lon2-lon1)*rad
	a := math.Sin(dlat/2)*math.Sin(dlat/2) + math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dlon/2)*math.Sin(dlon/2)
	return 2 * r * math.Asin(math.Sqrt(a))
}

// citiesByArea indexes the cities by country ("CC") and by region
// ("CC.CODE"), most populous first (then by name and ID), built once. It
// holds indices into places, which the collector need not follow.
func (g *Gazetteer) citiesByArea() map[string][]int32 {
	g.areaOnce.Do(func() {
		g.byArea = map[string][]int32{}
		for i := range g.places {
			p := &g.places[i]
			if p.Kind != City {
				continue
			}
			g.byArea[p.CountryCode] = append(g.byArea[p.CountryCode], int32(i))
			if p.Admin1 != "" {
				k := p.CountryCode + "." + p.Admin1
				g.byArea[k] = append(g.byArea[k], int32(i))
			}
		}
		for _, all := range g.byArea {
			sort.SliceStable(all, func(i, j int) bool {
				a, b := &g.places[all[i]], &g.places[all[j]]
				if a.Population != b.Population {
					return a.Population > b.Population
				}
				if a.Name != b.Name {
					return a.Name < b.Name
				}
				return a.ID < b.ID
			})
		}
	})
	return g.byArea
}
