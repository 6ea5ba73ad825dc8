package travelplanner

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Sandbox is the TravelPlanner database as the official evaluator sees it:
// accommodation, attraction, restaurant and flight rows with any empty (or
// pandas-NA) field dropped, the distance matrix unfiltered, and the city
// and state lists. It is loaded independently of the datasets package so
// the evaluator shares no code path with the planner's data. A Sandbox is
// read-only after LoadSandbox and safe for concurrent use.
type Sandbox struct {
	accommodations []accRow
	attractions    []nameRow
	restaurants    []restRow
	flights        []flightRow

	accByCity  map[string][]int
	attByCity  map[string][]int
	restByCity map[string][]int
	flightByNo map[string][]int
	distance   map[[2]string]distRow
	cityState  map[string]string
}

type accRow struct {
	pos                  int // 0-based data row in the CSV file
	name, roomType       string
	houseRules, city     string
	price                float64
	minNights, occupancy float64
}

type nameRow struct {
	pos        int
	name, city string
}

type restRow struct {
	pos                  int
	name, city, cuisines string
	cost                 float64
}

type flightRow struct {
	number, from, to string
	price            float64
}

type distRow struct {
	duration, distance string
}

// pandasNA lists the strings pandas.read_csv reads as missing by default;
// the official evaluator drops rows holding any of them.
var pandasNA = map[string]bool{
	"": true, "#N/A": true, "#N/A N/A": true, "#NA": true, "-1.#IND": true, "-1.#QNAN": true,
	"-NaN": true, "-nan": true, "1.#IND": true, "1.#QNAN": true, "<NA>": true, "N/A": true,
	"NA": true, "NULL": true, "NaN": true, "None": true, "n/a": true, "nan": true, "null": true,
}

// LoadSandbox reads the database under dir (the dataset directory holding
// database/, or database/ itself).
func LoadSandbox(dir string) (*Sandbox, error) {
	db := dir
	if st, err := os.Stat(filepath.Join(dir, "database")); err == nil && st.IsDir() {
		db = filepath.Join(dir, "database")
	}
	s := &Sandbox{
		accByCity: map[string][]int{}, attByCity: map[string][]int{}, restByCity: map[string][]int{},
		flightByNo: map[string][]int{}, distance: map[[2]string]distRow{}, cityState: map[string]string{},
	}
	load := func(rel string, cols []string, filter bool, fn func(pos int, f []string) error) error {
		path := filepath.Join(db, rel)
		fh, err := os.Open(path)
		if err != nil {
			return fmt.Errorf("sandbox: %w", err)
		}
		defer fh.Close()
		r := csv.NewReader(bufio.NewReader(fh))
		r.FieldsPerRecord = -1
		r.LazyQuotes = true
		recs, err := r.ReadAll()
		if err != nil {
			return fmt.Errorf("sandbox: %s: %w", rel, err)
		}
		if len(recs) == 0 {
			return fmt.Errorf("sandbox: %s: empty", rel)
		}
		head := map[string]int{}
		for i, h := range recs[0] {
			head[strings.TrimPrefix(h, "\ufeff")] = i
		}
		ix := make([]int, len(cols))
		for i, c := range cols {
			j, ok := head[c]
			if !ok {
				return fmt.Errorf("sandbox: %s: missing column %q", rel, c)
			}
			ix[i] = j
		}
	rows:
		for pos, rec := range recs[1:] {
			if filter {
				if len(rec) != len(recs[0]) {
					continue
				}
				for _, v := range rec {
					if pandasNA[v] {
						continue rows
					}
				}
			}
			f := make([]string, len(ix))
			for i, j := range ix {
				if j < len(rec) {
					f[i] = rec[j]
				}
			}
			if err := fn(pos, f); err != nil {
				return fmt.Errorf("sandbox: %s row %d: %w", rel, pos, err)
			}
		}
		return nil
	}
	num := func(s string) (float64, error) { return strconv.ParseFloat(strings.TrimSpace(s), 64) }

	err := load("accommodations/clean_accommodations_2022.csv",
		[]string{"NAME", "room type", "price", "minimum nights", "house_rules", "maximum occupancy", "city"}, true,
		func(pos int, f []string) error {
			price, err1 := num(f[2])
			mn, err2 := num(f[3])
			occ, err3 := num(f[5])
			if err1 != nil || err2 != nil || err3 != nil {
				return nil // not numeric: pandas would keep it as text; it can never price
			}
			s.accByCity[f[6]] = append(s.accByCity[f[6]], len(s.accommodations))
			s.accommodations = append(s.accommodations, accRow{pos: pos, name: f[0], roomType: f[1], price: price, minNights: mn, houseRules: f[4], occupancy: occ, city: f[6]})
			return nil
		})
	if err != nil {
		return nil, err
	}
	err = load("attractions/attractions.csv", []string{"Name", "City"}, true, func(pos int, f []string) error {
		s.attByCity[f[1]] = append(s.attByCity[f[1]], len(s.attractions))
		s.attractions = append(s.attractions, nameRow{pos: pos, name: f[0], city: f[1]})
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = load("restaurants/clean_restaurant_2022.csv", []string{"Name", "City", "Cuisines", "Average Cost"}, true, func(pos int, f []string) error {
		cost, err := num(f[3])
		if err != nil {
			return nil
		}
		s.restByCity[f[1]] = append(s.restByCity[f[1]], len(s.restaurants))
		s.restaurants = append(s.restaurants, restRow{pos: pos, name: f[0], city: f[1], cuisines: f[2], cost: cost})
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = load("flights/flights_subset_from_ref_info.csv", []string{"Flight Number", "Price", "OriginCityName", "DestCityName"}, true, func(pos int, f []string) error {
		price, err := num(f[1])
		if err != nil {
			return nil
		}
		s.flightByNo[f[0]] = append(s.flightByNo[f[0]], len(s.flights))
		s.flights = append(s.flights, flightRow{number: f[0], price: price, from: f[2], to: f[3]})
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = load("googleDistanceMatrix/distance.csv", []string{"origin", "destination", "duration", "distance"}, false, func(_ int, f []string) error {
		k := [2]string{f[0], f[1]}
		if _, dup := s.distance[k]; !dup {
			s.distance[k] = distRow{duration: f[2], distance: f[3]}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(filepath.Join(db, "background", "citySet_with_states.txt"))
	if err != nil {
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		city, state, ok := strings.Cut(strings.TrimRight(line, "\r"), "\t")
		if ok {
			s.cityState[city] = state
		}
	}
	return s, nil
}

// findAcc returns the indexes of accommodation rows whose NAME contains name
// and whose city is city, in file order.
func (s *Sandbox) findAcc(name, city string) []int {
	var out []int
	for _, i := range s.accByCity[city] {
		if strings.Contains(s.accommodations[i].name, name) {
			out = append(out, i)
		}
	}
	return out
}

func (s *Sandbox) firstAcc(name, city string) (accRow, bool) {
	for _, i := range s.accByCity[city] {
		if strings.Contains(s.accommodations[i].name, name) {
			return s.accommodations[i], true
		}
	}
	return accRow{}, false
}

func (s *Sandbox) firstAttraction(name, city string) (nameRow, bool) {
	for _, i := range s.attByCity[city] {
		if strings.Contains(s.attractions[i].name, name) {
			return s.attractions[i], true
		}
	}
	return nameRow{}, false
}

func (s *Sandbox) firstRestaurant(name, city string) (restRow, bool) {
	for _, i := range s.restByCity[city] {
		if strings.Contains(s.restaurants[i].name, name) {
			return s.restaurants[i], true
		}
	}
	return restRow{}, false
}

// flightExists reports whether a row has the number, origin and destination.
func (s *Sandbox) flightExists(number, from, to string) bool {
	for _, i := range s.flightByNo[number] {
		if f := s.flights[i]; f.from == from && f.to == to {
			return true
		}
	}
	return false
}

// flightPrice is the price of the first row with the number.
func (s *Sandbox) flightPrice(number string) (float64, bool) {
	if ix := s.flightByNo[number]; len(ix) > 0 {
		return s.flights[ix[0]].price, true
	}
	return 0, false
}

// drivableKM reports whether (from, to) is drivable and its distance in km.
func (s *Sandbox) drivableKM(from, to string) (float64, bool) {
	d, ok := s.distance[[2]string{from, to}]
	if !ok || d.duration == "" || d.distance == "" || strings.Contains(d.duration, "day") {
		return 0, false
	}
	km, err := strconv.ParseFloat(strings.TrimSpace(strings.ReplaceAll(strings.ReplaceAll(d.distance, ",", ""), "km", "")), 64)
	if err != nil {
		return 0, false
	}
	return km, true
}

// InCitySet reports whether city is in citySet_with_states.txt.
func (s *Sandbox) InCitySet(city string) bool { _, ok := s.cityState[city]; return ok }

// State returns the state of a city in citySet_with_states.txt.
func (s *Sandbox) State(city string) string { return s.cityState[city] }

// cities answers Adapter.Cities from citySet_with_states.txt.
func (s *Sandbox) cities(q *Query) ([]string, error) {
	if len(q.Route) > 0 {
		for _, c := range q.Route {
			if !s.InCitySet(c) {
				return nil, fmt.Errorf("route city %q is not a sandbox city", c)
			}
		}
		return append([]string(nil), q.Route...), nil
	}
	if s.InCitySet(q.Dest) && q.VisitingCityNumber <= 1 {
		return []string{q.Dest}, nil
	}
	var out []string
	for c, st := range s.cityState {
		if st == q.Dest && c != q.Org {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%q is neither a sandbox city nor a state", q.Dest)
	}
	sort.Strings(out)
	return out, nil
}
