package datasets

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
)

// TravelPlanner cost model for road legs, as the benchmark defines it from
// its distance matrix (see the dataset README): self-driving costs
// int(km × 0.05) USD per car of 5 people, a taxi int(km × 1.0) USD per cab
// of 4 people.
const (
	TPSelfDrivingPerKM    = 0.05
	TPSelfDrivingCapacity = 5
	TPTaxiPerKM           = 1.0
	TPTaxiCapacity        = 4
)

// LoadTravelPlanner reads the TravelPlanner sandbox database. dir is the
// dataset directory (holding database/) or the database directory itself.
// Entity IDs are "travelplanner:<table>:<row>", where row is the 0-based
// data row of the CSV file, so they can be traced back to the file.
//
// Accommodation rows missing a price, occupancy, room type or city are
// skipped; rows with empty house rules are kept with unknown rules (nil).
// Distance-matrix pairs follow the benchmark: the first row of a pair wins,
// and a pair with an empty duration or distance, or a duration of a day or
// more, has no road option.
func LoadTravelPlanner(dir string) (*Catalog, error) {
	db := dir
	if st, err := os.Stat(filepath.Join(dir, "database")); err == nil && st.IsDir() {
		db = filepath.Join(dir, "database")
	}
	prov := orchestrator.Provenance{
		Source:    "travelplanner:database",
		FetchedAt: snapshot("2024-01-14"),
		Attribution: &orchestrator.Attribution{
			Text:    "TravelPlanner sandbox (Xie et al., ICML 2024), OSU-NLP-Group/TravelPlanner",
			URL:     "https://github.com/OSU-NLP-Group/TravelPlanner",
			License: "MIT (code); CC BY 4.0 (dataset card)",
		},
	}
	est := prov
	est.Source = "travelplanner:distance-matrix-cost-model"
	est.Estimate = true
	c := newCatalog("travelplanner", "USD", prov, est)

	if err := tpRegions(c, filepath.Join(db, "background", "citySet_with_states.txt")); err != nil {
		return nil, err
	}
	steps := []struct {
		path string
		load func(*Catalog, *table) error
	}{
		{filepath.Join(db, "accommodations", "clean_accommodations_2022.csv"), tpAccommodations},
		{filepath.Join(db, "attractions", "attractions.csv"), tpAttractions},
		{filepath.Join(db, "restaurants", "clean_restaurant_2022.csv"), tpRestaurants},
		{filepath.Join(db, "flights", "flights_subset_from_ref_info.csv"), tpFlights},
		{filepath.Join(db, "googleDistanceMatrix", "distance.csv"), tpDistances},
	}
	for _, s := range steps {
		t, err := readTable(s.path)
		if err != nil {
			return nil, fmt.Errorf("travelplanner: %w", err)
		}
		if err := s.load(c, t); err != nil {
			return nil, fmt.Errorf("travelplanner: %w", err)
		}
	}
	return c, nil
}

func tpRegions(c *Catalog, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("travelplanner: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		city, state, ok := strings.Cut(strings.TrimRight(sc.Text(), "\r"), "\t")
		if !ok || city == "" || state == "" {
			continue
		}
		ci := c.city(city)
		if ci.Region == "" {
			ci.Region = state
			c.regions[state] = append(c.regions[state], city)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("travelplanner: %s: %w", path, err)
	}
	for r := range c.regions {
		sort.Strings(c.regions[r])
	}
	return nil
}

// TPRoomType maps a TravelPlanner "room type" to the domain's room types.
func TPRoomType(s string) string {
	switch strings.TrimSpace(s) {
	case "Entire home/apt":
		return "entire_home"
	case "Private room":
		return "private_room"
	case "Shared room":
		return "shared_room"
	}
	return ""
}

// TPHouseRules parses a TravelPlanner house_rules text such as
// "No parties & No smoking"; empty text gives nil (unknown rules).
func TPHouseRules(text string) *orchestrator.HouseRuleSet {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil
	}
	hr := &orchestrator.HouseRuleSet{Forbidden: []string{}, Text: text}
	for _, part := range strings.Split(text, "&") {
		part = strings.TrimSpace(part)
		rule, ok := strings.CutPrefix(part, "No ")
		if !ok {
			continue
		}
		rule = strings.ReplaceAll(strings.TrimSpace(rule), " ", "_")
		for _, known := range orchestrator.HouseRules {
			if rule == known {
				hr.Forbidden = append(hr.Forbidden, rule)
			}
		}
	}
	sort.Strings(hr.Forbidden)
	return hr
}

func tpAccommodations(c *Catalog, t *table) error {
	ix, err := t.need("NAME", "room type", "price", "minimum nights", "review rate number", "house_rules", "maximum occupancy", "city")
	if err != nil {
		return err
	}
	for pos, row := range t.rows {
		name, city := field(row, ix[0]), strings.TrimSpace(field(row, ix[7]))
		rt := TPRoomType(field(row, ix[1]))
		price, ok1 := parseFloat(field(row, ix[2]))
		occ, ok2 := parseInt(field(row, ix[6]))
		if strings.TrimSpace(name) == "" || city == "" || rt == "" || !ok1 || !ok2 || occ <= 0 {
			continue
		}
		minN, _ := parseInt(field(row, ix[3]))
		rating, _ := parseFloat(field(row, ix[4]))
		ci := c.city(city)
		ci.Hotels = append(ci.Hotels, orchestrator.Accommodation{
			ID:           "travelplanner:accommodation:" + strconv.Itoa(pos),
			Name:         name,
			City:         city,
			RoomType:     rt,
			Price:        orchestrator.MoneyFromFloat(price, "USD"),
			MinNights:    minN,
			MaxOccupancy: occ,
			HouseRules:   TPHouseRules(field(row, ix[5])),
			Rating:       rating,
		})
	}
	return nil
}

func tpAttractions(c *Catalog, t *table) error {
	ix, err := t.need("Name", "Latitude", "Longitude", "Address", "Phone", "Website", "City")
	if err != nil {
		return err
	}
	for pos, row := range t.rows {
		name, city := field(row, ix[0]), strings.TrimSpace(field(row, ix[6]))
		if strings.TrimSpace(name) == "" || city == "" {
			continue
		}
		a := orchestrator.Attraction{
			ID:      "travelplanner:attraction:" + strconv.Itoa(pos),
			Name:    name,
			City:    city,
			Address: field(row, ix[3]),
			Phone:   field(row, ix[4]),
			Website: field(row, ix[5]),
		}
		lat, ok1 := parseFloat(field(row, ix[1]))
		lon, ok2 := parseFloat(field(row, ix[2]))
		if ok1 && ok2 {
			a.Location = &orchestrator.GeoPoint{Lat: lat, Lon: lon}
		}
		ci := c.city(city)
		ci.Attractions = append(ci.Attractions, a)
	}
	return nil
}

func tpRestaurants(c *Catalog, t *table) error {
	ix, err := t.need("Name", "City", "Cuisines", "Average Cost", "Aggregate Rating")
	if err != nil {
		return err
	}
	for pos, row := range t.rows {
		name, city := field(row, ix[0]), strings.TrimSpace(field(row, ix[1]))
		cost, ok := parseFloat(field(row, ix[3]))
		if strings.TrimSpace(name) == "" || city == "" || !ok {
			continue
		}
		rating, _ := parseFloat(field(row, ix[4]))
		var cuisines []string
		for _, cu := range strings.Split(field(row, ix[2]), ",") {
			if cu = strings.TrimSpace(cu); cu != "" {
				cuisines = append(cuisines, cu)
			}
		}
		ci := c.city(city)
		ci.Restaurants = append(ci.Restaurants, orchestrator.Restaurant{
			ID:       "travelplanner:restaurant:" + strconv.Itoa(pos),
			Name:     name,
			City:     city,
			Cuisines: cuisines,
			Price:    orchestrator.MoneyFromFloat(cost, "USD"),
			Rating:   rating,
		})
	}
	return nil
}

func tpFlights(c *Catalog, t *table) error {
	ix, err := t.need("Flight Number", "Price", "DepTime", "ArrTime", "ActualElapsedTime", "FlightDate", "OriginCityName", "DestCityName", "Distance")
	if err != nil {
		return err
	}
	for _, row := range t.rows {
		num := strings.TrimSpace(field(row, ix[0]))
		price, ok := parseFloat(field(row, ix[1]))
		from, to := strings.TrimSpace(field(row, ix[6])), strings.TrimSpace(field(row, ix[7]))
		dep, arr := normClock(field(row, ix[2])), normClock(field(row, ix[3]))
		if num == "" || !ok || from == "" || to == "" || dep == "" || arr == "" {
			continue
		}
		dur, _ := parseDurationText(field(row, ix[4]))
		depM, _ := clockMinutes(dep)
		arrM, _ := clockMinutes(arr)
		o := orchestrator.TransportOption{
			ID:              "travelplanner:flight:" + num,
			Mode:            "flight",
			Number:          num,
			From:            from,
			To:              to,
			Date:            strings.TrimSpace(field(row, ix[5])),
			Depart:          dep,
			Arrive:          arr,
			DurationMinutes: dur,
			Pricing:         orchestrator.PerPerson,
			Price:           orchestrator.MoneyFromFloat(price, "USD"),
		}
		if arrM < depM {
			o.ArriveDayOffset = 1
		}
		if o.DurationMinutes == 0 {
			o.DurationMinutes = arrM - depM + 1440*o.ArriveDayOffset
		}
		if miles, ok := parseFloat(field(row, ix[8])); ok {
			o.DistanceKM = math.Round(miles*1.609344*10) / 10
		}
		c.city(from)
		c.city(to)
		c.addOption(o)
	}
	return nil
}

func tpDistances(c *Catalog, t *table) error {
	ix, err := t.need("origin", "destination", "duration", "distance")
	if err != nil {
		return err
	}
	seen := map[Pair]bool{}
	for pos, row := range t.rows {
		from, to := strings.TrimSpace(field(row, ix[0])), strings.TrimSpace(field(row, ix[1]))
		if from == "" || to == "" {
			continue
		}
		p := Pair{orchestrator.CanonicalCity(from), orchestrator.CanonicalCity(to)}
		if seen[p] {
			continue // the first row of a pair wins, usable or not
		}
		seen[p] = true
		durText, distText := strings.TrimSpace(field(row, ix[2])), strings.TrimSpace(field(row, ix[3]))
		if durText == "" || distText == "" || strings.Contains(durText, "day") {
			continue
		}
		dur, ok1 := parseDurationText(durText)
		km, ok2 := parseFloat(strings.TrimSuffix(strings.ReplaceAll(distText, ",", ""), "km"))
		if !ok1 || !ok2 {
			continue
		}
		c.city(from)
		c.city(to)
		for _, m := range []struct {
			mode  string
			perKM float64
			cap   int
		}{{"self_driving", TPSelfDrivingPerKM, TPSelfDrivingCapacity}, {"taxi", TPTaxiPerKM, TPTaxiCapacity}} {
			c.addOption(orchestrator.TransportOption{
				ID:              "travelplanner:" + m.mode + ":" + strconv.Itoa(pos),
				Mode:            m.mode,
				From:            from,
				To:              to,
				DurationMinutes: dur,
				DistanceKM:      km,
				Pricing:         orchestrator.PerVehicle,
				Price:           orchestrator.Money{Cents: int64(km*m.perKM) * 100, Currency: "USD"},
				VehicleCapacity: m.cap,
				PriceEstimate:   true,
			})
		}
	}
	return nil
}

// parseDurationText parses texts such as "10 hours 55 mins", "1 day 3
// hours" or "0 hours 47 minutes" into minutes.
func parseDurationText(s string) (int, bool) {
	f := strings.Fields(s)
	total, any := 0, false
	for i := 0; i+1 < len(f); i += 2 {
		n, err := strconv.Atoi(f[i])
		if err != nil {
			return 0, false
		}
		switch u := strings.ToLower(f[i+1]); {
		case strings.HasPrefix(u, "day"):
			total += n * 1440
		case strings.HasPrefix(u, "hour"):
			total += n * 60
		case strings.HasPrefix(u, "min"):
			total += n
		default:
			return 0, false
		}
		any = true
	}
	return total, any
}
