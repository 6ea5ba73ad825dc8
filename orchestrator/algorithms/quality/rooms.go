package quality

import "github.com/tripweave/tripweave/orchestrator"

// Rooms for the party (issue 28). A couple — two adults travelling
// together, whom the brief cannot tell from two friends and who share as
// friends do a twin room — shares one room; a family with a young child
// (Gentle's child: under GentleChildAge, or of an age not given) shares
// one room when the room sleeps all of them; other groups split by twos.
// ShareCap is how many of the party one room holds by that rule;
// RoomsNeeded the rooms a party needs in rooms for occ. A stay booking
// more rooms than the fewest a stay of the data needs, while that stay
// fits the brief's room constraints and the budget and lies within
// RoomsNearKM of it, wastes rooms (ObjRoomWaste). Too few beds is
// stay_unfit.

// ObjRoomWaste: a stay that books the party more rooms than a stay of the
// data (fitting the room type, the house rules, the nights and the
// budget) would: a couple in two single rooms, a family with a young
// child in two rooms where a family room sleeps them.
const ObjRoomWaste = "room_waste"

// RoomsNearKM is how far (km) a stay that needs fewer rooms may be from
// the one booked, or the planner's from the city's centre, to count: a
// family room by the Great Wall does not make a city hotel wasteful.
const RoomsNearKM = 10

// ShareCap is how many of the brief's party share one room: all of a
// family with a young child, else two (one for a party of one).
func ShareCap(b *orchestrator.Brief) int {
	t := b.Travelers
	n := t.Total()
	young := t.Children > len(t.ChildAges)
	for _, a := range t.ChildAges {
		young = young || a < GentleChildAge
	}
	if young {
		return max(n, 1)
	}
	return min(max(n, 1), 2)
}

// RoomsNeeded is the rooms the party needs in rooms sleeping occ: the
// people over the share of a room (min(occ, ShareCap)), rounded up.
func RoomsNeeded(b *orchestrator.Brief, occ int) int {
	n := max(b.Travelers.Total(), 1)
	per := min(max(occ, 1), ShareCap(b))
	return (n + per - 1) / per
}

// roomWaste objects to stays booking more rooms than RoomsNeeded gives for
// some stay of the city's data that fits the brief (room type, house
// rules, children, the stay's nights) and keeps the plan within the
// budget.
func (o *objector) roomWaste() {
	people := o.b.Travelers.Total()
	for _, s := range o.it.Stays {
		if people <= 1 || s.Rooms <= RoomsNeeded(o.b, people) {
			continue // as few rooms as the party's sharing allows
		}
		cd := o.cityData(s.City)
		if cd == nil || cd.Hotels == nil {
			continue
		}
		limit, cost, share := o.limit(), o.planCost(), ShareCap(o.b)
		for i := range cd.Hotels.Value {
			h := &cd.Hotels.Value[i]
			// The cheap tests first, the names (stayFits) last: this runs
			// on every variant the planner scores.
			if h.MaxOccupancy <= 0 || h.Price.Currency != s.Cost.Currency {
				continue
			}
			if per := min(h.MaxOccupancy, share); (people+per-1)/per >= s.Rooms { // RoomsNeeded
				continue
			}
			rooms := (people + h.MaxOccupancy - 1) / h.MaxOccupancy
			if rooms >= s.Rooms {
				continue
			}
			if s.Location != nil && (h.Location == nil || s.Location.DistanceKM(*h.Location) > RoomsNearKM) {
				continue // not a stay in the same part of the city
			}
			if limit >= 0 && cost-s.Cost.Cents+h.Price.Cents*int64(rooms*s.Nights) > limit || !o.stayFits(h, s.Nights) {
				continue
			}
			o.add(ObjRoomWaste, s.FirstNight, "%s: %d rooms for %d people; %s sleeps them in %d", s.Name, s.Rooms, people, h.Name, rooms)
			break
		}
	}
}

// stayFits reports whether h could be booked for the brief's party for
// nights: its room type, its stated house rules, no hostel bed for
// children, its minimum stay.
func (o *objector) stayFits(h *orchestrator.Accommodation, nights int) bool {
	c := &o.b.Constraints
	if !orchestrator.RoomTypeSatisfies(h.RoomType, c.RoomType) || h.MinNights > nights {
		return false
	}
	if o.b.Travelers.Children > 0 && UnfitForChildren(h.Name, h.RoomName, h.Kind) {
		return false
	}
	for _, r := range c.HouseRules {
		if h.HouseRules == nil || !h.HouseRules.Allows(r) {
			return false
		}
	}
	return h.Price.Cents > 0
}
