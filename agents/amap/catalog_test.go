package amap_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/tripweave/tripweave/agents/amap"
	"github.com/tripweave/tripweave/agents/amap/amaptest"
	"github.com/tripweave/tripweave/orchestrator"
)

// TestCrossCityTransit reads the trains of a cross-city plan: number,
// class, stations and timetable.
func TestCrossCityTransit(t *testing.T) {
	c, srv := newClient(t, "")
	d, err := c.Directions(context.Background(), amap.DirectionQuery{Mode: amap.ModeTransit, City: "成都", CityTo: "重庆",
		Origin:      orchestrator.GeoPoint{Lat: amaptest.ChengduLat, Lon: amaptest.ChengduLon},
		Destination: orchestrator.GeoPoint{Lat: amaptest.ChongqingLat, Lon: amaptest.ChongqingLon}})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Transits) != 6 || d.TaxiCost == nil || d.TaxiCost.Cents != 103900 {
		t.Fatalf("%d plans, taxi %v", len(d.Transits), d.TaxiCost)
	}
	var rail []amap.TransitLeg
	for _, l := range d.Transits[0].Legs {
		if l.Mode == "railway" {
			rail = append(rail, l)
		}
	}
	want := []amap.TransitLeg{{Mode: "railway", Line: "G8501 G8501(成都东-重庆西)", Type: "2011", Trip: "G8501", Class: "高铁", From: "成都东", To: "重庆西",
		Depart: "07:30", Arrive: "09:12", DistanceM: 301000, DurationS: 6120}}
	if !reflect.DeepEqual(rail, want) {
		t.Errorf("railway legs = %+v\nwant %+v", rail, want)
	}
	if p := d.Transits[1]; p.Cost != nil {
		t.Errorf("plan with cost [] has cost %v", p.Cost)
	}
	// "0815"/"0958" times; the class from the number when the type is empty.
	if l := d.Transits[2].Legs[3]; l.Trip != "D1763" || l.Class != "动车" || l.Depart != "08:15" || l.Arrive != "09:58" {
		t.Errorf("D1763 = %+v", l)
	}
	// A leg without its arrival time has no timetable.
	if l := d.Transits[4].Legs[3]; l.Trip != "D5111" || l.Depart != "" || l.Arrive != "" {
		t.Errorf("D5111 = %+v", l)
	}
	r := srv.Requests()[0]
	for _, want := range []string{"cityd=%E9%87%8D%E5%BA%86", "extensions=all"} {
		if !strings.Contains(r, want) {
			t.Errorf("request %s lacks %s", r, want)
		}
	}
}

func TestSearchPOISortAndHours(t *testing.T) {
	c, srv := newClient(t, "")
	got, err := c.SearchPOI(context.Background(), amap.POISearch{Center: &orchestrator.GeoPoint{Lat: amaptest.WuhouciLat, Lon: amaptest.WuhouciLon},
		Radius: 8000, Types: amap.TypesAttractions, PageSize: amap.MaxPageSize, Sort: amap.SortWeight})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.POIs) != 4 || !reflect.DeepEqual(got.POIs[2].Hours, []orchestrator.OpeningHours{{Weekdays: []int{0, 2, 3, 4, 5, 6}, Open: "09:00", Close: "17:00"}}) ||
		got.POIs[3].Hours != nil {
		t.Errorf("POIs = %+v", got.POIs)
	}
	if r := srv.Requests()[0]; !strings.Contains(r, "sortrule=weight") {
		t.Errorf("request %s is not sorted by weight", r)
	}
	_, err = c.SearchPOI(context.Background(), amap.POISearch{Center: &kuanzhai, Sort: "rating"})
	if ue := upstreamErr(t, err); ue.Type != orchestrator.EINVALIDARG {
		t.Errorf("sort rating: %+v", ue)
	}
}
