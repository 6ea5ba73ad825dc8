package main

import (
	"encoding/json"
	"testing"
)

// The unique phase posts briefs that differ from each other and from the
// warmed ones in what is planned — cities, dates, days, travellers,
// budget — not in a budget's cents alone, even when few cities leave few
// draws.
func TestUniqueBriefs(t *testing.T) {
	for _, cities := range [][]string{
		{"Beijing", "Shanghai", "Chengdu", "Hangzhou", "Nanjing", "Suzhou", "Guangzhou", "Shenzhen", "Wuhan", "Chongqing"},
		{"Beijing", "Shanghai"},
	} {
		warmed := loadBriefsAt(cities, 400, "2027-02-01T00:00:00Z")
		next := uniqueBriefs(cities, warmed, "2027-02-01T00:00:00Z")
		seen := map[string]bool{}
		for _, b := range warmed {
			seen[string(b)] = true
		}
		type brief struct {
			Origin    string   `json:"origin"`
			Dest      []string `json:"destinations"`
			StartDate string   `json:"start_date"`
			Days      int      `json:"days"`
			Travelers struct {
				Adults, Children int
			} `json:"travelers"`
			Budget struct {
				Amount float64 `json:"amount"`
			} `json:"budget"`
		}
		fields := map[string]map[any]bool{"route": {}, "date": {}, "days": {}, "travellers": {}, "budget": {}}
		const n = 3000
		for i := range n {
			body := next(int64(i))
			if seen[string(body)] {
				t.Fatalf("cities %v: request %d repeats a brief: %s", cities, i, body)
			}
			seen[string(body)] = true
			var req struct{ Brief brief }
			if err := json.Unmarshal(body, &req); err != nil {
				t.Fatalf("%s: %v", body, err)
			}
			b := req.Brief
			if b.Origin == "" || len(b.Dest) != 1 || b.Days < 2 || b.Travelers.Adults < 1 || b.Budget.Amount <= 0 {
				t.Fatalf("not a plannable brief: %s", body)
			}
			fields["route"][b.Origin+">"+b.Dest[0]] = true
			fields["date"][b.StartDate] = true
			fields["days"][b.Days] = true
			fields["travellers"][b.Travelers] = true
			fields["budget"][b.Budget.Amount] = true
		}
		for f, vs := range fields {
			if len(vs) < 2 {
				t.Errorf("cities %v: the unique briefs do not vary their %s", cities, f)
			}
		}
	}
}
