package orchestrator

import (
	"reflect"
	"testing"
)

// TestInternedSubtasks: the interned constructors return what NewSubtask
// builds, with the caller's dependencies, on first use and after.
func TestInternedSubtasks(t *testing.T) {
	for round := range 2 {
		for _, c := range []struct {
			got, want Subtask
		}{
			{CatalogSubtask(KindHotels, " Chengdu ", "geocode:1"), NewSubtask(KindHotels, map[string]string{"city": "chengdu", "category": "hotels"}, "geocode:1")},
			{CatalogSubtask(KindAttractions, "Xi'an"), NewSubtask(KindAttractions, map[string]string{"city": "xi'an", "category": "attractions"})},
			{TransportSubtask("Shanghai", "Chengdu", "a", "b"), NewSubtask(KindTransport, map[string]string{"from": "shanghai", "to": "chengdu", "category": "transport"}, "a", "b")},
			{TransportSubtask("Chengdu", "Shanghai"), NewSubtask(KindTransport, map[string]string{"from": "chengdu", "to": "shanghai", "category": "transport"})},
			{interned.get(subtaskKey{kind: KindGeocode, a: "成都", b: "zh"}, func() map[string]string {
				return map[string]string{"city": "成都", "lang": "zh"}
			}, nil), NewSubtask(KindGeocode, map[string]string{"city": "成都", "lang": "zh"})},
		} {
			if !reflect.DeepEqual(c.got, c.want) {
				t.Errorf("round %d: got %+v, want %+v", round, c.got, c.want)
			}
		}
	}
	// Decompose gives what it gave before interning: the same subtasks
	// for a brief decomposed with a cold and a warm cache.
	b := Brief{Origin: "Shanghai", Destinations: []string{"Chengdu", "Chongqing"}, StartDate: "2026-06-02", Days: 4,
		Travelers: Travelers{Adults: 2}, Language: "en"}
	interned.mu.Lock()
	clear(interned.m)
	interned.mu.Unlock()
	cold := Decompose(&b)
	if warm := Decompose(&b); !reflect.DeepEqual(cold, warm) {
		t.Errorf("Decompose differs with the interned subtasks warm")
	}
}
