package datasets

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
)

// ChinaCity is one city of the ChinaTravel sandbox: its directory name, its
// Chinese name (the dataset's spelling), English name and province.
type ChinaCity struct {
	Dir, Name, English, Province string
}

// ChinaCities lists the sandbox's ten cities.
var ChinaCities = []ChinaCity{
	{"beijing", "北京", "Beijing", "北京"},
	{"shanghai", "上海", "Shanghai", "上海"},
	{"nanjing", "南京", "Nanjing", "江苏"},
	{"suzhou", "苏州", "Suzhou", "江苏"},
	{"hangzhou", "杭州", "Hangzhou", "浙江"},
	{"shenzhen", "深圳", "Shenzhen", "广东"},
	{"chengdu", "成都", "Chengdu", "四川"},
	{"wuhan", "武汉", "Wuhan", "湖北"},
	{"guangzhou", "广州", "Guangzhou", "广东"},
	{"chongqing", "重庆", "Chongqing", "重庆"},
}

// Train fare model. The sandbox's trains carry no fares, so a fare is
// estimated from the train type and the distance:
//
//	fare = rate(type) × rail_km, rounded up to the next ¥0.5
//	rail_km = RailDetourFactor × great-circle distance between the boarding
//	          and alighting stations
//
// Station positions come from the city's poi.json ("<station>站"), falling
// back to the city's main station and then to the mean of its stations.
// Rates are second-class (EMU) and hard-seat (conventional) yuan per km,
// in line with published average fares: high-speed G trains ≈ ¥0.46/km,
// intercity C ≈ ¥0.40/km, D trains ≈ ¥0.31/km, conventional Z/T/K trains
// ≈ ¥0.13–0.15/km. Every train option is marked PriceEstimate and its leg
// carries an estimate provenance.
const RailDetourFactor = 1.2

// TrainFareRates maps a train type (列车类型) to yuan per rail km.
var TrainFareRates = map[string]float64{
	"高铁":   0.46,
	"城际动车": 0.40,
	"动车":   0.31,
	"直达特快": 0.15,
	"特快":   0.14,
	"快速":   0.13,
	"旅游列车": 0.15,
}

// defaultTrainRate applies to train types missing from TrainFareRates.
const defaultTrainRate = 0.31

// TrainFare returns the modelled second-class fare for a train of type
// trainType over railKM rail kilometres.
func TrainFare(trainType string, railKM float64) orchestrator.Money {
	rate, ok := TrainFareRates[trainType]
	if !ok {
		rate = defaultTrainRate
	}
	halfYuan := math.Ceil(rate * railKM * 2)
	return orchestrator.Money{Cents: int64(halfYuan) * 50, Currency: "CNY"}
}

// LoadChinaTravel reads the ChinaTravel sandbox at dir: per city
// attractions (with the indoor flag and popularity from attractions_tag.csv
// where a row of the same name exists), hotels and restaurants, flights
// between airports mapped to their cities, and trains with fares from the
// documented fare model. City names are the dataset's Chinese names, with
// the English and directory names as aliases.
func LoadChinaTravel(dir string) (*Catalog, error) {
	prov := orchestrator.Provenance{
		Source:    "chinatravel:sandbox",
		FetchedAt: snapshot("2024-12-18"),
		Attribution: &orchestrator.Attribution{
			Text:    "ChinaTravel sandbox (arXiv 2412.13682), via TenofHearts/TravelPlanning",
			URL:     "https://github.com/TenofHearts/TravelPlanning",
			License: "MIT (repository); rights over the underlying data not established",
		},
	}
	est := prov
	est.Source = "chinatravel:train-fare-model"
	est.Estimate = true
	c := newCatalog("chinatravel", "CNY", prov, est)

	stations := map[string]map[string]orchestrator.GeoPoint{} // city → station → position
	airports := map[string]orchestrator.GeoPoint{}            // airport → position
	for _, cc := range ChinaCities {
		ci := c.city(cc.Name)
		ci.Region = cc.Province
		ci.Aliases = []string{cc.English, cc.Dir}
		c.addAlias(cc.English, cc.Name)
		c.addAlias(cc.Dir, cc.Name)
		c.regions[cc.Province] = append(c.regions[cc.Province], cc.Name)

		if err := ctAttractions(ci, cc, dir); err != nil {
			return nil, err
		}
		if err := ctHotels(ci, cc, dir); err != nil {
			return nil, err
		}
		if err := ctRestaurants(ci, cc, dir); err != nil {
			return nil, err
		}
		st, ap, err := ctStations(cc, dir)
		if err != nil {
			return nil, err
		}
		stations[cc.Name] = st
		for n, p := range ap {
			airports[n] = p
		}
	}
	for r := range c.regions {
		sort.Strings(c.regions[r])
	}
	if err := ctFlights(c, dir, airports); err != nil {
		return nil, err
	}
	if err := ctTrains(c, dir, stations); err != nil {
		return nil, err
	}
	return c, nil
}

func ctAttractions(ci *City, cc ChinaCity, dir string) error {
	base := filepath.Join(dir, "attractions", cc.Dir)
	t, err := readTable(filepath.Join(base, "attractions.csv"))
	if err != nil {
		return fmt.Errorf("chinatravel: %w", err)
	}
	ix, err := t.need("id", "Name", "Type", "Latitude", "Longitude", "dateDesc", "OpenTime", "EndTime", "Price", "RecommendMinTime", "RecommendMaxTime")
	if err != nil {
		return fmt.Errorf("chinatravel: %w", err)
	}
	type tag struct {
		indoor     *bool
		popularity float64
		tags       []string
	}
	tags := map[string]tag{}
	if tt, err := readTable(filepath.Join(base, "attractions_tag.csv")); err == nil {
		if tx, err := tt.need("Name", "Indoor", "Popularity", "ood_Type"); err == nil {
			for _, row := range tt.rows {
				name := strings.TrimSpace(field(row, tx[0]))
				if _, dup := tags[name]; dup || name == "" {
					continue
				}
				var g tag
				switch strings.TrimSpace(field(row, tx[1])) {
				case "1":
					g.indoor = new(bool)
					*g.indoor = true
				case "0":
					g.indoor = new(bool)
				}
				g.popularity, _ = parseFloat(field(row, tx[2]))
				for _, s := range strings.Split(field(row, tx[3]), ",") {
					if s = strings.TrimSpace(s); s != "" && s != "其它" {
						g.tags = append(g.tags, s)
					}
				}
				tags[name] = g
			}
		}
	}
	for _, row := range t.rows {
		name := strings.TrimSpace(field(row, ix[1]))
		if name == "" {
			continue
		}
		a := orchestrator.Attraction{
			ID:       "chinatravel:" + cc.Dir + ":attraction:" + strings.TrimSpace(field(row, ix[0])),
			Name:     name,
			City:     cc.Name,
			Category: strings.TrimSpace(field(row, ix[2])),
			Season:   strings.TrimSpace(field(row, ix[5])),
		}
		lat, ok1 := parseFloat(field(row, ix[3]))
		lon, ok2 := parseFloat(field(row, ix[4]))
		if ok1 && ok2 {
			a.Location = &orchestrator.GeoPoint{Lat: lat, Lon: lon}
		}
		if open, close := normClock(field(row, ix[6])), normClock(field(row, ix[7])); open != "" && close != "" {
			a.Hours = []orchestrator.OpeningHours{{Open: open, Close: close}}
		}
		if p, ok := parseFloat(field(row, ix[8])); ok && p >= 0 {
			m := orchestrator.MoneyFromFloat(p, "CNY")
			a.Price = &m
		}
		if h, ok := parseFloat(field(row, ix[9])); ok {
			a.VisitMinMinutes = int(math.Round(h * 60))
		}
		if h, ok := parseFloat(field(row, ix[10])); ok {
			a.VisitMaxMinutes = int(math.Round(h * 60))
		}
		if g, ok := tags[name]; ok {
			a.Indoor, a.Popularity, a.Tags = g.indoor, g.popularity, g.tags
		}
		ci.Attractions = append(ci.Attractions, a)
	}
	return nil
}

var coordRE = regexp.MustCompile(`'(latitude|longitude)':\s*'?(-?[0-9.]+)'?`)

func ctHotels(ci *City, cc ChinaCity, dir string) error {
	t, err := readTable(filepath.Join(dir, "hotels", cc.Dir, "hotel_"+cc.Dir+"_uniq.csv"))
	if err != nil {
		return fmt.Errorf("chinatravel: %w", err)
	}
	ix, err := t.need("hotelId", "hotelName", "hotelName_EN", "poi_cityName", "poi_zoneName", "poi_coordinate", "commentScore", "commentNumber", "miniPrice", "miniPriceRoom")
	if err != nil {
		return fmt.Errorf("chinatravel: %w", err)
	}
	for _, row := range t.rows {
		name := strings.TrimSpace(field(row, ix[1]))
		price, ok := parseFloat(field(row, ix[8]))
		if name == "" || !ok || price <= 0 {
			continue
		}
		room := strings.TrimSpace(field(row, ix[9]))
		occ := roomOccupancy(room)
		h := orchestrator.Accommodation{
			ID:                "chinatravel:" + cc.Dir + ":hotel:" + strings.TrimSpace(field(row, ix[0])),
			Name:              name,
			NameAlt:           strings.TrimSpace(field(row, ix[2])),
			City:              cc.Name,
			RoomType:          "private_room",
			RoomName:          room,
			Price:             orchestrator.MoneyFromFloat(price, "CNY"),
			MaxOccupancy:      occ,
			OccupancyEstimate: true,
		}
		if town := strings.TrimSpace(field(row, ix[3])); town != "" && town != cc.Name {
			h.Area = town
		} else {
			h.Area = strings.TrimSpace(field(row, ix[4]))
		}
		var lat, lon float64
		var got int
		for _, m := range coordRE.FindAllStringSubmatch(field(row, ix[5]), -1) {
			v, err := strconv.ParseFloat(m[2], 64)
			if err != nil {
				continue
			}
			if m[1] == "latitude" {
				lat = v
			} else {
				lon = v
			}
			got++
		}
		if got == 2 {
			h.Location = &orchestrator.GeoPoint{Lat: lat, Lon: lon}
		}
		h.Rating, _ = parseFloat(field(row, ix[6]))
		h.Reviews, _ = parseInt(field(row, ix[7]))
		ci.Hotels = append(ci.Hotels, h)
	}
	return nil
}

// roomOccupancy infers how many people a room sleeps from its name: single
// rooms 1, family or triple rooms 3, four-person rooms 4, anything else
// (double, twin, standard) 2.
func roomOccupancy(room string) int {
	switch {
	case strings.Contains(room, "单人"):
		return 1
	case strings.Contains(room, "四人"):
		return 4
	case strings.Contains(room, "三人"), strings.Contains(room, "家庭"), strings.Contains(room, "亲子"):
		return 3
	}
	return 2
}

func ctRestaurants(ci *City, cc ChinaCity, dir string) error {
	t, err := readTable(filepath.Join(dir, "restaurants", cc.Dir, "restaurants_"+cc.Dir+".csv"))
	if err != nil {
		return fmt.Errorf("chinatravel: %w", err)
	}
	ix, err := t.need("id", "Name", "Lat", "Lon", "Price", "CuisineName", "WeekdayOpenTime", "WeekdayCloseTime", "RecommendedFood")
	if err != nil {
		return fmt.Errorf("chinatravel: %w", err)
	}
	for _, row := range t.rows {
		name := strings.TrimSpace(field(row, ix[1]))
		price, ok := parseFloat(field(row, ix[4]))
		if name == "" || !ok || price <= 0 {
			continue // a zero price is a missing one (8 rows)
		}
		r := orchestrator.Restaurant{
			ID:    "chinatravel:" + cc.Dir + ":restaurant:" + strings.TrimSpace(field(row, ix[0])),
			Name:  name,
			City:  cc.Name,
			Price: orchestrator.MoneyFromFloat(price, "CNY"),
		}
		lat, ok1 := parseFloat(field(row, ix[2]))
		lon, ok2 := parseFloat(field(row, ix[3]))
		if ok1 && ok2 {
			r.Location = &orchestrator.GeoPoint{Lat: lat, Lon: lon}
		}
		if cu := strings.TrimSpace(field(row, ix[5])); cu != "" {
			r.Cuisines = []string{cu}
		}
		if open, close := normClock(field(row, ix[6])), normClock(field(row, ix[7])); open != "" && close != "" {
			r.Hours = []orchestrator.OpeningHours{{Open: open, Close: close}}
		}
		for _, d := range strings.Split(field(row, ix[8]), ",") {
			if d = strings.TrimSpace(d); d != "" {
				r.Dishes = append(r.Dishes, d)
			}
		}
		ci.Restaurants = append(ci.Restaurants, r)
	}
	return nil
}

// ctStations reads the city's railway stations ("<city>…站") and airports
// ("<city>…机场") from its poi.json, by name.
func ctStations(cc ChinaCity, dir string) (stations, airports map[string]orchestrator.GeoPoint, err error) {
	data, err := os.ReadFile(filepath.Join(dir, "poi", cc.Dir, "poi.json"))
	if err != nil {
		return nil, nil, fmt.Errorf("chinatravel: %w", err)
	}
	var pois []struct {
		Name     string    `json:"name"`
		Position []float64 `json:"position"`
	}
	if err := json.Unmarshal(data, &pois); err != nil {
		return nil, nil, fmt.Errorf("chinatravel: poi %s: %w", cc.Dir, err)
	}
	stations, airports = map[string]orchestrator.GeoPoint{}, map[string]orchestrator.GeoPoint{}
	for _, p := range pois {
		if len(p.Position) != 2 || !strings.HasPrefix(p.Name, cc.Name) {
			continue
		}
		out := stations
		switch {
		case strings.HasSuffix(p.Name, "站"):
		case strings.HasSuffix(p.Name, "机场"):
			out = airports
		default:
			continue
		}
		if _, dup := out[p.Name]; !dup {
			out[p.Name] = orchestrator.GeoPoint{Lat: p.Position[0], Lon: p.Position[1]}
		}
	}
	return stations, airports, nil
}

// stationPoint finds a station's position: "<station>站", else the city's
// main station, else the mean of the city's stations.
func stationPoint(stations map[string]orchestrator.GeoPoint, city, station string) (orchestrator.GeoPoint, bool) {
	if p, ok := stations[station+"站"]; station != "" && ok {
		return p, true
	}
	if p, ok := stations[city+"站"]; ok {
		return p, true
	}
	if len(stations) == 0 {
		return orchestrator.GeoPoint{}, false
	}
	names := make([]string, 0, len(stations))
	for n := range stations {
		names = append(names, n)
	}
	sort.Strings(names)
	var lat, lon float64
	for _, n := range names {
		lat += stations[n].Lat
		lon += stations[n].Lon
	}
	return orchestrator.GeoPoint{Lat: lat / float64(len(names)), Lon: lon / float64(len(names))}, true
}

// ctFlights reads the flights. An airport's position (poi.json) gives the
// option its ends (FromPoint, ToPoint) and its great-circle distance.
func ctFlights(c *Catalog, dir string, airports map[string]orchestrator.GeoPoint) error {
	data, err := os.ReadFile(filepath.Join(dir, "intercity_transport", "airplane.jsonl"))
	if err != nil {
		return fmt.Errorf("chinatravel: %w", err)
	}
	cityOf := func(airport string) string {
		for _, cc := range ChinaCities {
			if strings.HasPrefix(airport, cc.Name) {
				return cc.Name
			}
		}
		return ""
	}
	var opts []orchestrator.TransportOption
	for n, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		var f struct {
			FlightID, From, To, BeginTime, EndTime string
			Duration, Cost                         float64
		}
		if err := json.Unmarshal([]byte(line), &f); err != nil {
			return fmt.Errorf("chinatravel: airplane.jsonl line %d: %w", n+1, err)
		}
		from, to := cityOf(f.From), cityOf(f.To)
		dep, arr := normClock(f.BeginTime), normClock(f.EndTime)
		if from == "" || to == "" || from == to || dep == "" || arr == "" || f.Cost <= 0 {
			continue
		}
		depM, _ := clockMinutes(dep)
		arrM, _ := clockMinutes(arr)
		o := orchestrator.TransportOption{
			ID:              "chinatravel:flight:" + f.FlightID,
			Mode:            "flight",
			Number:          f.FlightID,
			From:            from,
			To:              to,
			FromStation:     f.From,
			ToStation:       f.To,
			Depart:          dep,
			Arrive:          arr,
			DurationMinutes: int(math.Round(f.Duration * 60)),
			Pricing:         orchestrator.PerPerson,
			Price:           orchestrator.MoneyFromFloat(f.Cost, "CNY"),
		}
		if arrM < depM {
			o.ArriveDayOffset = 1
		}
		if d := arrM + 1440*o.ArriveDayOffset - depM; d > 0 {
			o.DurationMinutes = d
		}
		p1, ok1 := airports[f.From]
		p2, ok2 := airports[f.To]
		if ok1 && ok2 {
			o.FromPoint, o.ToPoint = &p1, &p2
			o.DistanceKM = math.Round(p1.DistanceKM(p2)*10) / 10
		}
		opts = append(opts, o)
	}
	for _, o := range c.plausible(opts, MaxFlightKMH) {
		c.addOption(o)
	}
	return nil
}

var trainFileRE = regexp.MustCompile(`^from_(.+)_to_(.+)\.json$`)

func ctTrains(c *Catalog, dir string, stations map[string]map[string]orchestrator.GeoPoint) error {
	tdir := filepath.Join(dir, "intercity_transport", "train")
	entries, err := os.ReadDir(tdir)
	if err != nil {
		return fmt.Errorf("chinatravel: %w", err)
	}
	for _, e := range entries { // ReadDir sorts by name
		m := trainFileRE.FindStringSubmatch(e.Name())
		if m == nil {
			continue
		}
		from, to := m[1], m[2]
		if _, ok := c.City(from); !ok {
			continue
		}
		if _, ok := c.City(to); !ok {
			continue
		}
		data, err := os.ReadFile(filepath.Join(tdir, e.Name()))
		if err != nil {
			return fmt.Errorf("chinatravel: %w", err)
		}
		var rows []map[string]string
		if err := json.Unmarshal(data, &rows); err != nil {
			return fmt.Errorf("chinatravel: %s: %w", e.Name(), err)
		}
		seen := map[string]bool{}
		var opts []orchestrator.TransportOption
		for _, r := range rows {
			num, typ := strings.TrimSpace(r["车次"]), strings.TrimSpace(r["列车类型"])
			fs, ts := strings.TrimSpace(r["出发站"]), strings.TrimSpace(r["到达站"])
			dep, depOff := trainTime(r["发车时间"])
			arr, arrOff := trainTime(r["到达时间"])
			if num == "" || dep < 0 || arr < 0 {
				continue
			}
			key := fs + "|" + ts + "|" + clock(dep) + "|" + clock(arr) + "|" + strconv.Itoa(arrOff-depOff)
			if seen[key] {
				continue // the same train under another number
			}
			seen[key] = true
			off := arrOff - depOff
			if off < 0 {
				off = 0
			}
			dur := arr + 1440*off - dep
			if dur <= 0 {
				dur, _ = chineseDuration(r["耗时"])
			}
			o := orchestrator.TransportOption{
				ID:              "chinatravel:train:" + num + ":" + fs + "-" + ts + ":" + strings.ReplaceAll(clock(dep), ":", ""),
				Mode:            "train",
				Number:          num,
				Class:           typ,
				From:            from,
				To:              to,
				FromStation:     fs,
				ToStation:       ts,
				Depart:          clock(dep),
				Arrive:          clock(arr),
				ArriveDayOffset: off,
				DurationMinutes: dur,
				Pricing:         orchestrator.PerPerson,
				PriceEstimate:   true,
			}
			p1, ok1 := stationPoint(stations[from], from, fs)
			p2, ok2 := stationPoint(stations[to], to, ts)
			if !ok1 || !ok2 {
				continue
			}
			km := RailDetourFactor * p1.DistanceKM(p2)
			o.DistanceKM = math.Round(km*10) / 10
			o.Price = TrainFare(typ, km)
			if e1, e2 := exactStation(stations[from], fs), exactStation(stations[to], ts); e1 != nil && e2 != nil {
				o.FromPoint, o.ToPoint = e1, e2
			}
			opts = append(opts, o)
		}
		for _, o := range c.plausible(opts, MaxRailKMH) {
			c.addOption(o)
		}
	}
	return nil
}

// Plausible top speeds, km/h (quality.MaxRailKMH, quality.MaxFlightKMH):
// the fastest Chinese trains run at 350 km/h; airliners cruise at
// 800–950 km/h, so a whole flight, climb and descent included, averages
// well under 1000 km/h.
const (
	MaxRailKMH   = 350
	MaxFlightKMH = 1000
)

// plausible drops the rows whose distance and time imply more than maxKMH
// when a plausible row of the same service (number and stations or
// airports) exists, counting each in c.Dropped: the data lists D1821
// 广州南→重庆西 both in 7 h 52 and in 2 h 28 (483 km/h), the second a slip.
// A service with no plausible row keeps its rows.
func (c *Catalog) plausible(opts []orchestrator.TransportOption, maxKMH float64) []orchestrator.TransportOption {
	fast := func(o *orchestrator.TransportOption) bool {
		return o.DistanceKM > 0 && o.DurationMinutes > 0 && o.DistanceKM/(float64(o.DurationMinutes)/60) > maxKMH
	}
	service := func(o *orchestrator.TransportOption) string {
		return o.Number + "|" + o.FromStation + "|" + o.ToStation
	}
	ok := map[string]bool{}
	for i := range opts {
		if !fast(&opts[i]) {
			ok[service(&opts[i])] = true
		}
	}
	out := opts[:0]
	for i := range opts {
		if fast(&opts[i]) && ok[service(&opts[i])] {
			c.drop(opts[i].Mode+"_speed", opts[i].ID)
			continue
		}
		out = append(out, opts[i])
	}
	return out
}

// exactStation is the position of station ("<station>站"), or nil.
func exactStation(stations map[string]orchestrator.GeoPoint, station string) *orchestrator.GeoPoint {
	if p, ok := stations[station+"站"]; station != "" && ok {
		return &p
	}
	return nil
}

// trainTime parses "08:30\n(当日)" into minutes and a day offset (当日 0,
// 次日 1, 第三日 2); minutes is -1 when unparsable.
func trainTime(s string) (int, int) {
	clockPart, note, _ := strings.Cut(strings.TrimSpace(s), "\n")
	m, ok := clockMinutes(clockPart)
	if !ok {
		return -1, 0
	}
	off := 0
	switch {
	case strings.Contains(note, "次日"):
		off = 1
	case strings.Contains(note, "第三日"):
		off = 2
	}
	return m, off
}

// chineseDuration parses "12小时22分钟" or "35分钟" into minutes.
func chineseDuration(s string) (int, bool) {
	s = strings.TrimSpace(s)
	total := 0
	if h, rest, ok := strings.Cut(s, "小时"); ok {
		n, err := strconv.Atoi(strings.TrimSpace(h))
		if err != nil {
			return 0, false
		}
		total += n * 60
		s = rest
	}
	if m, _, ok := strings.Cut(s, "分钟"); ok {
		n, err := strconv.Atoi(strings.TrimSpace(m))
		if err != nil {
			return 0, false
		}
		total += n
	}
	return total, total > 0
}
