package planner

import "github.com/tripweave/tripweave/orchestrator/algorithms/quality"

// fewestRooms is the fewest rooms the party needs (quality.RoomsNeeded:
// a couple shares a room, a family with a young child shares one that
// sleeps them, others by twos) in a stay of hs within quality.RoomsNearKM of the
// city's centre (or not located) and not skipped; a hotel booking more
// rooms than that wastes them (quality.ObjRoomWaste). Without such a
// stay, every hotel's own count is allowed (1 << 30).
func (w *world) fewestRooms(c *city, hs []*hotel, skip func(*hotel) bool) int {
	fewest := 1 << 30
	if w.people <= 1 {
		return fewest
	}
	share := quality.ShareCap(w.b)
	least := (w.people + share - 1) / share // no stay needs fewer
	for _, h := range hs {
		if skip(h) || c.center != nil && h.located && h.dist > quality.RoomsNearKM {
			continue
		}
		per := min(max(h.h.MaxOccupancy, 1), share) // quality.RoomsNeeded
		if fewest = min(fewest, (w.people+per-1)/per); fewest <= least {
			break
		}
	}
	return fewest
}
