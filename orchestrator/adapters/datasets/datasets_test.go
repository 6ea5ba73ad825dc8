package datasets

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
)

// datasetDir returns a shared dataset directory, skipping the test when it
// is absent unless TRIPWEAVE_REQUIRE_INTEGRATION=1.
func datasetDir(t testing.TB, name string) string {
	t.Helper()
	dir, err := Locate(name)
	if err != nil {
		if os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
			t.Fatalf("dataset %s missing: %v", name, err)
		}
		t.Skipf("dataset %s not present at %s", name, dir)
	}
	return dir
}

var (
	tpOnce, ctOnce sync.Once
	tpCat, ctCat   *Catalog
	tpErr, ctErr   error
)

func travelPlanner(t testing.TB) *Catalog {
	dir := datasetDir(t, "travelplanner")
	tpOnce.Do(func() { tpCat, tpErr = LoadTravelPlanner(dir) })
	if tpErr != nil {
		t.Fatal(tpErr)
	}
	return tpCat
}

func chinaTravel(t testing.TB) *Catalog {
	dir := datasetDir(t, "chinatravel")
	ctOnce.Do(func() { ctCat, ctErr = LoadChinaTravel(dir) })
	if ctErr != nil {
		t.Fatal(ctErr)
	}
	return ctCat
}

func count(c *Catalog) (hotels, unknownRules, attractions, restaurants int) {
	for _, name := range c.Cities() {
		ci, _ := c.City(name)
		hotels += len(ci.Hotels)
		attractions += len(ci.Attractions)
		restaurants += len(ci.Restaurants)
		for _, h := range ci.Hotels {
			if h.HouseRules == nil {
				unknownRules++
			}
		}
	}
	return
}

func TestLoadTravelPlanner(t *testing.T) {
	c := travelPlanner(t)
	hotels, unknown, attractions, restaurants := count(c)
	// Counts checked independently against the CSV files.
	if hotels != 5024 || unknown != 710 || attractions != 5302 || restaurants != 9551 {
		t.Errorf("hotels %d (unknown rules %d), attractions %d, restaurants %d; want 5024 (710), 5302, 9551",
			hotels, unknown, attractions, restaurants)
	}
	var flights, roads int
	for _, p := range c.Pairs() {
		for _, o := range c.Options(p.From, p.To) {
			switch o.Mode {
			case "flight":
				flights++
			case "self_driving":
				roads++
			}
		}
	}
	if flights != 1516 || roads != 12799 {
		t.Errorf("%d flights, %d road pairs; want 1516, 12799", flights, roads)
	}
	if got := len(c.CitiesIn("Texas")); got != 23 {
		t.Errorf("Texas has %d cities, want 23", got)
	}

	ci, ok := c.City("christiansted")
	if !ok {
		t.Fatal("Christiansted missing")
	}
	i := slices.IndexFunc(ci.Hotels, func(h orchestrator.Accommodation) bool { return h.ID == "travelplanner:accommodation:0" })
	if i < 0 {
		t.Fatal("accommodation row 0 missing")
	}
	h := ci.Hotels[i]
	want := orchestrator.Accommodation{
		ID: "travelplanner:accommodation:0", Name: "Beautiful room upper manhttn.", City: "Christiansted",
		RoomType: "private_room", Price: orchestrator.Money{Cents: 13100, Currency: "USD"}, MinNights: 1, MaxOccupancy: 1,
		HouseRules: &orchestrator.HouseRuleSet{Forbidden: []string{"smoking"}, Text: "No smoking"}, Rating: 2,
	}
	if h.Name != want.Name || h.RoomType != want.RoomType || h.Price != want.Price || h.MinNights != want.MinNights ||
		h.MaxOccupancy != want.MaxOccupancy || h.Rating != want.Rating || !slices.Equal(h.HouseRules.Forbidden, want.HouseRules.Forbidden) {
		t.Errorf("row 0 = %+v, want %+v", h, want)
	}

	var drive, taxi *orchestrator.TransportOption
	for _, o := range c.Options("Detroit", "Norfolk") {
		o := o
		switch o.Mode {
		case "self_driving":
			drive = &o
		case "taxi":
			taxi = &o
		}
	}
	if drive == nil || taxi == nil {
		t.Fatal("Detroit → Norfolk road options missing")
	}
	if drive.Price.Cents != 5700 || drive.VehicleCapacity != 5 || drive.DurationMinutes != 655 || drive.DistanceKM != 1144 || !drive.PriceEstimate {
		t.Errorf("self-driving = %+v, want 57 USD per car of 5, 655 minutes, 1144 km", drive)
	}
	if taxi.Price.Cents != 114400 || taxi.VehicleCapacity != 4 || taxi.Pricing != orchestrator.PerVehicle {
		t.Errorf("taxi = %+v, want 1144 USD per cab of 4", taxi)
	}
}

func TestLoadChinaTravel(t *testing.T) {
	c := chinaTravel(t)
	hotels, _, attractions, restaurants := count(c)
	if len(c.Cities()) != 10 || hotels != 4124 || attractions != 3379 || restaurants != 4647 {
		t.Errorf("%d cities, %d hotels, %d attractions, %d restaurants; want 10, 4124, 3379, 4647",
			len(c.Cities()), hotels, attractions, restaurants)
	}
	for _, name := range c.Cities() {
		if ci, _ := c.City(name); len(ci.Hotels) < 400 || len(ci.Attractions) < 300 || len(ci.Restaurants) < 400 {
			t.Errorf("%s: %d hotels, %d attractions, %d restaurants", name, len(ci.Hotels), len(ci.Attractions), len(ci.Restaurants))
		}
	}
	for _, alias := range []string{"Chengdu", "chengdu", "成都", " CHENGDU "} {
		if ci, ok := c.City(alias); !ok || ci.Name != "成都" || ci.Region != "四川" {
			t.Errorf("City(%q) = %+v, %v", alias, ci, ok)
		}
	}
	cd, _ := c.City("Chengdu")
	panda := cd.Attractions[0]
	if panda.Name != "成都大熊猫繁育研究基地" || panda.Price == nil || panda.Price.Cents != 5500 ||
		len(panda.Hours) != 1 || panda.Hours[0].Open != "07:30" || panda.Hours[0].Close != "17:00" ||
		panda.VisitMinMinutes != 30 || panda.VisitMaxMinutes != 120 || panda.Location == nil || panda.Popularity != 8 || panda.Indoor == nil || *panda.Indoor {
		t.Errorf("panda base = %+v", panda)
	}
	var dujiangyan *orchestrator.Accommodation
	for i := range cd.Hotels {
		if cd.Hotels[i].ID == "chinatravel:chengdu:hotel:7882346" {
			dujiangyan = &cd.Hotels[i]
		}
	}
	if dujiangyan == nil || dujiangyan.Area != "都江堰" || dujiangyan.Location == nil || dujiangyan.Location.Lat != 30.973147 ||
		dujiangyan.Price.Cents != 43800 || dujiangyan.MaxOccupancy != 2 || !dujiangyan.OccupancyEstimate || dujiangyan.HouseRules != nil {
		t.Errorf("Dujiangyan hotel = %+v", dujiangyan)
	}

	var trains, flights int
	for _, o := range c.Options("Shanghai", "Chengdu") {
		switch o.Mode {
		case "train":
			trains++
			if !o.PriceEstimate || o.Price.Cents <= 0 || o.DistanceKM < 1500 || o.DistanceKM > 2500 {
				t.Errorf("train %s: fare %s over %.0f km", o.Number, o.Price, o.DistanceKM)
			}
		case "flight":
			flights++
		}
	}
	if trains != 15 || flights != 10 {
		t.Errorf("Shanghai → Chengdu: %d trains, %d flights; want 15 (deduplicated), 10", trains, flights)
	}
}

func TestCatalogTrip(t *testing.T) {
	c := chinaTravel(t)
	trip, err := c.Trip("Shanghai", []string{"Chengdu"})
	if err != nil {
		t.Fatal(err)
	}
	if len(trip.Cities) != 1 || trip.Cities[0].Name != "Chengdu" || trip.Cities[0].Region != "四川" {
		t.Fatalf("cities = %+v", trip.Cities)
	}
	if a := trip.Cities[0].Attractions.Value[0]; a.City != "Chengdu" {
		t.Errorf("attraction city %q, want the caller's spelling", a.City)
	}
	var observed, modelled int
	for _, l := range trip.Transport {
		if !((l.Value.From == "Shanghai" && l.Value.To == "Chengdu") || (l.Value.From == "Chengdu" && l.Value.To == "Shanghai")) {
			t.Errorf("unexpected leg %s → %s", l.Value.From, l.Value.To)
		}
		if l.Provenance.Estimate {
			modelled++
			for _, o := range l.Value.Options {
				if o.Mode != "train" {
					t.Errorf("modelled leg holds a %s", o.Mode)
				}
			}
		} else {
			observed++
		}
	}
	if observed != 2 || modelled != 2 {
		t.Errorf("%d observed and %d modelled legs, want 2 and 2", observed, modelled)
	}
	// The catalog itself is not modified through the trip.
	if ci, _ := c.City("成都"); ci.Attractions[0].City != "成都" {
		t.Errorf("catalog entity renamed to %q", ci.Attractions[0].City)
	}
	if _, err := c.Trip("Shanghai", []string{"Atlantis"}); !errors.Is(err, ErrUnknownCity) {
		t.Errorf("unknown city: err = %v", err)
	}
}

func TestTrainFare(t *testing.T) {
	tests := []struct {
		typ  string
		km   float64
		want int64 // fen
	}{
		{"高铁", 100, 4600},
		{"动车", 33.3, 1050}, // 10.323 → 10.50
		{"快速", 1000, 13000},
		{"城际动车", 50, 2000},
		{"磁悬浮", 100, 3100}, // unknown type: the D rate
	}
	for _, tt := range tests {
		if got := TrainFare(tt.typ, tt.km); got.Cents != tt.want || got.Currency != "CNY" {
			t.Errorf("TrainFare(%s, %g) = %s, want %d fen", tt.typ, tt.km, got, tt.want)
		}
	}
}

func TestParsers(t *testing.T) {
	durations := map[string]int{"10 hours 55 mins": 655, "1 hour 3 mins": 63, "45 mins": 45, "0 hours 47 minutes": 47, "1 day 3 hours": 1620}
	for in, want := range durations {
		if got, ok := parseDurationText(in); !ok || got != want {
			t.Errorf("parseDurationText(%q) = %d, %v; want %d", in, got, ok, want)
		}
	}
	if _, ok := parseDurationText("soon"); ok {
		t.Error("parseDurationText(soon) succeeded")
	}
	trains := []struct {
		in        string
		min, days int
	}{{"08:30\n(当日)", 510, 0}, {"17:55\n(次日)", 1075, 1}, {"08:44\n(第三日)", 524, 2}, {"bad", -1, 0}}
	for _, tt := range trains {
		if m, d := trainTime(tt.in); m != tt.min || d != tt.days {
			t.Errorf("trainTime(%q) = %d, %d; want %d, %d", tt.in, m, d, tt.min, tt.days)
		}
	}
	if got, ok := chineseDuration("12小时22分钟"); !ok || got != 742 {
		t.Errorf("chineseDuration = %d, %v", got, ok)
	}
	clocks := map[string]string{"9:00": "09:00", "24:00:00": "24:00", "07:30": "07:30", "25:00": "", "x": ""}
	for in, want := range clocks {
		if got := normClock(in); got != want {
			t.Errorf("normClock(%q) = %q, want %q", in, got, want)
		}
	}
	rules := map[string][]string{
		"No parties & No smoking":            {"parties", "smoking"},
		"No children under 10 & No visitors": {"children_under_10", "visitors"},
		"No pets":                            {"pets"},
	}
	for in, want := range rules {
		if got := TPHouseRules(in); got == nil || !slices.Equal(got.Forbidden, want) {
			t.Errorf("TPHouseRules(%q) = %+v, want %v", in, got, want)
		}
	}
	if TPHouseRules("  ") != nil {
		t.Error("empty house rules should be unknown")
	}
	rooms := map[string]int{"高级大床房": 2, "豪华单人间": 1, "家庭房": 3, "四人间": 4}
	for in, want := range rooms {
		if got := roomOccupancy(in); got != want {
			t.Errorf("roomOccupancy(%s) = %d, want %d", in, got, want)
		}
	}
	if !strings.HasPrefix(TPRoomType("Entire home/apt"), "entire") || TPRoomType("Castle") != "" {
		t.Error("TPRoomType")
	}
}

func BenchmarkLoadTravelPlanner(b *testing.B) {
	dir := datasetDir(b, "travelplanner")
	for i := 0; i < b.N; i++ {
		if _, err := LoadTravelPlanner(dir); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLoadChinaTravel(b *testing.B) {
	dir := datasetDir(b, "chinatravel")
	for i := 0; i < b.N; i++ {
		if _, err := LoadChinaTravel(dir); err != nil {
			b.Fatal(err)
		}
	}
}

func TestReadTableShiftedHeader(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.csv")
	data := "\xef\xbb\xbfname,price\n0,Inn,120\n1,Lodge,90\n"
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	tb, err := readTable(path)
	if err != nil {
		t.Fatal(err)
	}
	ix, err := tb.need("name", "price")
	if err != nil {
		t.Fatal(err)
	}
	if got := field(tb.rows[1], ix[0]) + "=" + field(tb.rows[1], ix[1]); got != "Lodge=90" {
		t.Errorf("row 1 = %q, want Lodge=90", got)
	}
}

func TestPlausibleTrains(t *testing.T) {
	row := func(num string, km float64, mins int) orchestrator.TransportOption {
		return orchestrator.TransportOption{ID: num + ":" + strconv.Itoa(mins), Mode: "train", Number: num, FromStation: "广州南", ToStation: "重庆西", DistanceKM: km, DurationMinutes: mins}
	}
	c := &Catalog{}
	got := c.plausible([]orchestrator.TransportOption{
		row("D1821", 1192, 148), // 483 km/h: a slip
		row("D1821", 1192, 472),
		row("G9", 1192, 150), // no plausible row of its own: kept
	}, MaxRailKMH)
	var mins []int
	for _, o := range got {
		mins = append(mins, o.DurationMinutes)
	}
	if want := []int{472, 150}; !slices.Equal(mins, want) {
		t.Errorf("durations %v, want %v", mins, want)
	}
	if c.Dropped["train_speed"] != 1 || !slices.Equal(c.DroppedIDs, []string{"D1821:148"}) {
		t.Errorf("dropped %v %v, want train_speed 1 (D1821:148)", c.Dropped, c.DroppedIDs)
	}
}

func TestPlausibleFlights(t *testing.T) {
	row := func(id string, km float64, mins int) orchestrator.TransportOption {
		return orchestrator.TransportOption{ID: id, Mode: "flight", Number: "FL1", FromStation: "深圳宝安国际机场", ToStation: "北京首都国际机场", DistanceKM: km, DurationMinutes: mins}
	}
	c := &Catalog{}
	got := c.plausible([]orchestrator.TransportOption{row("a", 1950, 60), row("b", 1950, 190)}, MaxFlightKMH)
	if len(got) != 1 || got[0].ID != "b" || c.Dropped["flight_speed"] != 1 {
		t.Errorf("kept %v, dropped %v; want b kept and one flight_speed", got, c.Dropped)
	}
}

// TestChinaTravelTerminals: the sandbox's trains and flights carry their
// stations' and airports' positions (poi.json), flights their distance, and
// every row that stays is within the plausible top speeds; what is dropped
// is counted.
func TestChinaTravelTerminals(t *testing.T) {
	c, err := LoadChinaTravel(datasetDir(t, "chinatravel"))
	if err != nil {
		t.Fatal(err)
	}
	n, located := map[string]int{}, map[string]int{}
	for _, p := range c.Pairs() {
		for _, o := range c.transport[p] {
			n[o.Mode]++
			if o.FromPoint != nil && o.ToPoint != nil {
				located[o.Mode]++
			}
			kmh := o.DistanceKM / (float64(o.DurationMinutes) / 60)
			if (o.Mode == "train" && kmh > MaxRailKMH) || (o.Mode == "flight" && kmh > MaxFlightKMH) {
				t.Errorf("%s %s %s→%s: %.0f km/h", o.Mode, o.Number, o.FromStation, o.ToStation, kmh)
			}
		}
	}
	for _, m := range []string{"train", "flight"} {
		if n[m] == 0 || float64(located[m]) < 0.99*float64(n[m]) {
			t.Errorf("%s: %d of %d options with both ends located", m, located[m], n[m])
		}
	}
	if c.Dropped["train_speed"] == 0 || c.Dropped["train_speed"] != len(c.DroppedIDs)-c.Dropped["flight_speed"] {
		t.Errorf("dropped %v (%d ids), want the train slips counted", c.Dropped, len(c.DroppedIDs))
	}
	t.Logf("options %v, located %v, dropped %v", n, located, c.Dropped)
}
