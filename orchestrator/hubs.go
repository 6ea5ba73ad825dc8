package orchestrator

import (
	"math"
	"slices"
	"sort"
	"sync"
)

// HubCity is a city of the hub table: a position to measure ground hops
// and detours with, and whether it is an interchange hub (major rail
// and air connections) a journey may change at.
type HubCity struct {
	Names []string // the names it answers to (English, local)
	Lat   float64
	Lon   float64
	Hub   bool
}

// HubTable lists interchange hubs and the cities near them that planning
// needs to locate without a geocoder: China's national rail and air hubs
// and the ChinaTravel sandbox cities, and the main European and North
// American hubs. Positions are city centres (WGS-84). It is read-only:
// HubsFor keeps its answers per pair of rows.
var HubTable = []HubCity{
	{[]string{"Beijing", "北京"}, 39.9042, 116.4074, true},
	{[]string{"Shanghai", "上海"}, 31.2304, 121.4737, true},
	{[]string{"Guangzhou", "广州"}, 23.1291, 113.2644, true},
	{[]string{"Shenzhen", "深圳"}, 22.5431, 114.0579, true},
	{[]string{"Chengdu", "成都"}, 30.5728, 104.0668, true},
	{[]string{"Chongqing", "重庆"}, 29.5630, 106.5516, true},
	{[]string{"Wuhan", "武汉"}, 30.5928, 114.3055, true},
	{[]string{"Hangzhou", "杭州"}, 30.2741, 120.1551, true},
	{[]string{"Nanjing", "南京"}, 32.0603, 118.7969, true},
	{[]string{"Xi'an", "Xian", "西安"}, 34.3416, 108.9398, true},
	{[]string{"Zhengzhou", "郑州"}, 34.7466, 113.6253, true},
	{[]string{"Changsha", "长沙"}, 28.2282, 112.9388, true},
	{[]string{"Kunming", "昆明"}, 25.0389, 102.7183, true},
	{[]string{"Suzhou", "苏州"}, 31.2990, 120.5853, false},
	{[]string{"Paris"}, 48.8566, 2.3522, true},
	{[]string{"London"}, 51.5074, -0.1278, true},
	{[]string{"Frankfurt"}, 50.1109, 8.6821, true},
	{[]string{"Amsterdam"}, 52.3676, 4.9041, true},
	{[]string{"Madrid"}, 40.4168, -3.7038, true},
	{[]string{"Munich", "München"}, 48.1351, 11.5820, true},
	{[]string{"New York"}, 40.7128, -74.0060, true},
	{[]string{"Chicago"}, 41.8781, -87.6298, true},
	{[]string{"Atlanta"}, 33.7490, -84.3880, true},
	{[]string{"Dallas"}, 32.7767, -96.7970, true},
	{[]string{"Denver"}, 39.7392, -104.9903, true},
	{[]string{"Los Angeles"}, 34.0522, -118.2437, true},
}

var hubIndex = func() map[string]int {
	m := map[string]int{}
	for i, h := range HubTable {
		for _, n := range h.Names {
			m[CanonicalCity(n)] = i
		}
	}
	return m
}()

// LocateHubCity returns the position of a city of the hub table.
func LocateHubCity(name string) (GeoPoint, bool) {
	i, ok := hubIndex[CanonicalCity(name)]
	if !ok {
		return GeoPoint{}, false
	}
	return GeoPoint{Lat: HubTable[i].Lat, Lon: HubTable[i].Lon}, true
}

// Hub-choice bounds: a hub qualifies for a journey from a to b when going
// through it is at most HubDetourFactor times the direct distance plus
// HubDetourKM; the gateway hub nearest each end within GroundMaxKM comes
// first, then those of least detour, MaxHubs in all (each hub adds two
// transport lookups per leg to a plan).
const (
	HubDetourFactor = 1.6
	HubDetourKM     = 250.0
	MaxHubs         = 3
)

// HubsFor returns the hubs (by their first name) a journey from one city to
// another may change at, least detour first; none when either city is not
// in the hub table.
func HubsFor(from, to string) []string {
	fi, ok1 := hubIndex[CanonicalCity(from)]
	ti, ok2 := hubIndex[CanonicalCity(to)]
	if !ok1 || !ok2 {
		return nil
	}
	// The answer depends only on the table: computed once per pair.
	key := [2]int{fi, ti}
	if hs, ok := hubsMemo.Load(key); ok {
		return slices.Clone(hs.([]string))
	}
	hs := hubsFor(fi, ti)
	hubsMemo.Store(key, hs)
	return slices.Clone(hs)
}

// hubsMemo holds HubsFor's answer per pair of hub-table rows.
var hubsMemo sync.Map // [2]int → []string

// hubsFor is HubsFor for the hub-table rows fi and ti.
func hubsFor(fi, ti int) []string {
	a := GeoPoint{Lat: HubTable[fi].Lat, Lon: HubTable[fi].Lon}
	b := GeoPoint{Lat: HubTable[ti].Lat, Lon: HubTable[ti].Lon}
	direct := a.DistanceKM(b)
	type cand struct {
		name   string
		detour float64
	}
	var cs []cand
	for i, h := range HubTable {
		if !h.Hub || i == fi || i == ti {
			continue
		}
		p := GeoPoint{Lat: h.Lat, Lon: h.Lon}
		via := a.DistanceKM(p) + p.DistanceKM(b)
		if via <= direct*HubDetourFactor+HubDetourKM {
			cs = append(cs, cand{h.Names[0], via - direct})
		}
	}
	sort.SliceStable(cs, func(i, j int) bool {
		if math.Abs(cs[i].detour-cs[j].detour) > 1e-9 {
			return cs[i].detour < cs[j].detour
		}
		return cs[i].name < cs[j].name
	})
	// Gateways first: the hub nearest each end within a ground hop (the
	// airport or station a city without one is reached through).
	var out []string
	for _, end := range []GeoPoint{a, b} {
		best, bd := "", GroundMaxKM
		for i, h := range HubTable {
			if !h.Hub || i == fi || i == ti {
				continue
			}
			if d := end.DistanceKM(GeoPoint{Lat: h.Lat, Lon: h.Lon}); d < bd {
				best, bd = h.Names[0], d
			}
		}
		if best != "" && !slices.Contains(out, best) {
			out = append(out, best)
		}
	}
	for _, c := range cs {
		if len(out) >= MaxHubs {
			break
		}
		if !slices.Contains(out, c.name) {
			out = append(out, c.name)
		}
	}
	return out
}

// CityPosition locates a city for ground hops: its geocoded place in the
// trip (a visited city or the origin), else the hub table. The planner and
// the verifier measure a hop's distance the same way.
func CityPosition(trip *Trip, name string) (GeoPoint, bool) {
	k := CanonicalCity(name)
	if trip != nil {
		for _, c := range trip.Cities {
			if CanonicalCity(c.Name) == k && c.Place != nil {
				return GeoPoint{Lat: c.Place.Value.Latitude, Lon: c.Place.Value.Longitude}, true
			}
		}
		if o := trip.Origin; o != nil && CanonicalCity(o.Value.Name) == k {
			return GeoPoint{Lat: o.Value.Latitude, Lon: o.Value.Longitude}, true
		}
	}
	return LocateHubCity(name)
}
