package decision

import (
	"reflect"
	"slices"
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
)

func TestDecideTools(t *testing.T) {
	p := DefaultPolicy()
	attractions := orchestrator.NewSubtask(orchestrator.KindAttractions, map[string]string{"city": "chengdu", "category": "attractions"})
	fares := orchestrator.NewSubtask(orchestrator.KindFares, map[string]string{"from": "shanghai", "to": "chengdu", "date": "2027-06-01", "guests": "2+0"})
	faresNoFly := orchestrator.NewSubtask(orchestrator.KindFares, map[string]string{"from": "shanghai", "to": "chengdu", "date": "2027-06-01", "guests": "2+0", "exclude": "bus,flight"})
	geoZH := orchestrator.NewSubtask(orchestrator.KindGeocode, map[string]string{"city": "成都", "lang": "zh"})
	geoEN := orchestrator.NewSubtask(orchestrator.KindGeocode, map[string]string{"city": "chengdu", "lang": "en"})
	tools := func(names ...string) map[string]bool {
		m := map[string]bool{}
		for _, n := range names {
			m[n] = true
		}
		return m
	}
	cn := Content{Countries: []string{"CN"}}
	jp := Content{Countries: []string{"JP"}}
	mixed := Content{Countries: []string{"CN", "JP"}}
	unknown := Content{Countries: []string{""}}
	tests := []struct {
		name       string
		st         orchestrator.Subtask
		h          Health
		wantChain  []orchestrator.Route
		wantReason string
		route      orchestrator.Route
		content    Content
		want       []string
	}{
		{"china prefers amap", attractions, Health{Tools: tools("amap_find_pois", "find_pois")},
			[]orchestrator.Route{mcp, none}, ReasonCacheMiss, mcp, cn, []string{"amap_find_pois", "find_pois"}},
		{"japan skips amap", attractions, Health{Tools: tools("amap_find_pois", "find_pois")},
			[]orchestrator.Route{mcp, none}, ReasonCacheMiss, mcp, jp, []string{"find_pois"}},
		{"a leg across borders skips amap", attractions, Health{Tools: tools("amap_find_pois", "find_pois")},
			[]orchestrator.Route{mcp, none}, ReasonCacheMiss, mcp, mixed, []string{"find_pois"}},
		{"unknown country skips amap", attractions, Health{Tools: tools("amap_find_pois", "find_pois")},
			[]orchestrator.Route{mcp, none}, ReasonCacheMiss, mcp, unknown, []string{"find_pois"}},
		{"no amap key is no reason to report", attractions, Health{Tools: tools("find_pois")},
			[]orchestrator.Route{mcp, none}, ReasonCacheMiss, mcp, cn, []string{"find_pois"}},
		{"worldwide circuit open, amap still serves china", attractions,
			Health{Tools: tools("amap_find_pois", "find_pois"), Open: map[string]bool{"find_pois": true}},
			[]orchestrator.Route{mcp, none}, ReasonCircuitOpen, mcp, cn, []string{"amap_find_pois"}},
		{"worldwide circuit open, nothing for japan", attractions,
			Health{Tools: tools("amap_find_pois", "find_pois"), Open: map[string]bool{"find_pois": true}},
			[]orchestrator.Route{mcp, none}, ReasonCircuitOpen, mcp, jp, nil},
		{"long leg flies first", fares, Health{Tools: tools("flight_offers", "scrape_prices")},
			[]orchestrator.Route{mcp, browser, none}, ReasonCacheMiss, mcp, Content{DistanceKM: 1650}, []string{"flight_offers"}},
		{"short leg does not fly", fares, Health{Tools: tools("flight_offers", "scrape_prices")},
			[]orchestrator.Route{mcp, browser, none}, ReasonCacheMiss, mcp, Content{DistanceKM: 170}, nil},
		{"browser still scrapes a long leg", fares, Health{Tools: tools("flight_offers", "scrape_prices")},
			[]orchestrator.Route{mcp, browser, none}, ReasonCacheMiss, browser, Content{DistanceKM: 1650}, []string{"scrape_prices"}},
		{"excluded flights", faresNoFly, Health{Tools: tools("flight_offers", "scrape_prices")},
			[]orchestrator.Route{mcp, browser, none}, ReasonCacheMiss, mcp, Content{DistanceKM: 1650}, nil},
		{"no browser: flights only, reason says why", fares,
			Health{Tools: tools("flight_offers", "scrape_prices"), Down: map[orchestrator.Route]bool{browser: true}},
			[]orchestrator.Route{mcp, none}, ReasonRouteDown, mcp, Content{DistanceKM: 1650}, []string{"flight_offers"}},
		{"no duffel token, no browser", fares, Health{Tools: tools("scrape_prices"), Down: map[orchestrator.Route]bool{browser: true}},
			[]orchestrator.Route{none}, ReasonRouteDown, mcp, Content{DistanceKM: 1650}, nil},
		{"han name may use amap geocode", geoZH, Health{Tools: tools("geocode", "amap_geocode")},
			[]orchestrator.Route{mcp, none}, ReasonCacheMiss, mcp, Content{}, []string{"geocode", "amap_geocode"}},
		{"latin name does not", geoEN, Health{Tools: tools("geocode", "amap_geocode")},
			[]orchestrator.Route{mcp, none}, ReasonCacheMiss, mcp, Content{}, []string{"geocode"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := p.Decide(tt.st, CacheState{}, tt.h)
			if got := s.Chain(); !slices.Equal(got, tt.wantChain) || s.Reason != tt.wantReason {
				t.Fatalf("chain %v reason %s, want %v %s", got, s.Reason, tt.wantChain, tt.wantReason)
			}
			if got := s.Select(tt.route, tt.st, tt.content); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Select(%s) = %v, want %v", tt.route, got, tt.want)
			}
			if len(s.Tools) > 0 && s.Tool != s.Tools[0].Tool {
				t.Errorf("Tool %q is not the first of Tools %v", s.Tool, s.Tools)
			}
		})
	}
}

func TestConditionHolds(t *testing.T) {
	st := orchestrator.NewSubtask(orchestrator.KindFares, map[string]string{"city": "重庆市", "exclude": " Flight ,bus"})
	tests := []struct {
		c    Condition
		ct   Content
		want bool
	}{
		{Condition{}, Content{}, true},
		{Condition{Countries: []string{"CN"}}, Content{}, false},
		{Condition{Countries: []string{"CN"}}, Content{Countries: []string{"cn", "CN"}}, true},
		{Condition{Countries: []string{"CN", "HK"}}, Content{Countries: []string{"CN", "HK"}}, true},
		{Condition{MinDistanceKM: 400}, Content{DistanceKM: 399.9}, false},
		{Condition{MinDistanceKM: 400}, Content{DistanceKM: 400}, true},
		{Condition{Mode: "flight"}, Content{}, false},
		{Condition{Mode: "train"}, Content{}, true},
		{Condition{HanName: true}, Content{}, true},
	}
	for _, tt := range tests {
		if got := holds(tt.c, st, tt.ct); got != tt.want {
			t.Errorf("%+v.Holds(%+v) = %v, want %v", tt.c, tt.ct, got, tt.want)
		}
	}
	for name, want := range map[string]bool{"成都": true, "chengdu": false, "": false, "成都 city": false, "123": false, "重庆·渝中": true} {
		if got := orchestrator.HanName(name); got != want {
			t.Errorf("HanName(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestAllTools(t *testing.T) {
	got := DefaultPolicy().AllTools()
	for _, want := range []string{"amap_find_hotels", "amap_find_pois", "amap_geocode", "amap_transport_options", "find_hotels",
		"find_pois", "flight_offers", "geocode", "render_itinerary", "scrape_prices", "transport_options", "travel_matrix", "weather", "amap_weather"} {
		if !slices.Contains(got, want) {
			t.Errorf("AllTools() = %v lacks %s", got, want)
		}
	}
	if !slices.IsSorted(got) {
		t.Errorf("AllTools() = %v is not sorted", got)
	}
}
