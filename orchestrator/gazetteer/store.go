package gazetteer

import (
	"hash/maphash"
	"slices"
)

// The gazetteer's storage. A collection marks what a live heap points to,
// and a server keeps the gazetteer for its whole life, so it is laid out to
// give the collector little to do: the text is one arena string, the alias
// index an open-addressing table of integers, the candidates one flat
// slice. Only the Place values (whose strings all point into the arena)
// and the candidates (which point into the places) hold pointers.

// keyFlags say what an arena key is besides an alias.
type keyFlags uint8

const (
	isPrefix keyFlags = 1 << iota // the words of a longer alias key
	isCommon                      // an ordinary English word
)

// keyRec is one key of the table: its text in the arena and its range of
// candidates (n == 0: a prefix or a common word only).
type keyRec struct {
	off, start uint32
	len        uint16
	n          uint16
	flags      keyFlags
}

// keyTable maps a key to its keyRec. Slots hold 32 bits of the key's hash
// and its index + 1 (0: empty), probed linearly; the keys' texts are in
// arena. It holds no pointer besides the arena and its two slices.
type keyTable struct {
	seed  maphash.Seed
	arena string
	slots []uint64
	recs  []keyRec
	mask  uint64
}

// find returns the key's record, or nil.
func (t *keyTable) find(key string) *keyRec {
	if len(t.slots) == 0 {
		return nil
	}
	h := maphash.String(t.seed, key)
	tag := h >> 32
	for i := h & t.mask; ; i = (i + 1) & t.mask {
		s := t.slots[i]
		if s == 0 {
			return nil
		}
		if s>>32 != tag {
			continue
		}
		r := &t.recs[uint32(s)-1]
		if int(r.len) == len(key) && t.arena[r.off:r.off+uint32(r.len)] == key {
			return r
		}
	}
}

// placeRec is a place while the file is read: its strings as arena ranges.
type placeRec struct {
	id, name, cc, admin1, tz, zh, currency span
	kind                                   Kind
	hasCoords                              bool
	lat, lon                               float64
	population                             int64
}

// span is a range of the arena.
type span struct{ off, len uint32 }

// aliasRef says that a key may stand for a place, in file order.
type aliasRef struct {
	key, place int32
	class      Class
}

// builder assembles a Gazetteer.
type builder struct {
	g      *Gazetteer
	arena  []byte
	intern map[string]span // short repeated fields: codes, time zones
	seed   maphash.Seed
	slots  []uint64
	keys   []keyRec
	recs   []placeRec
	refs   []aliasRef
}

func newBuilder() *builder {
	return &builder{
		g:      &Gazetteer{countries: make(map[string]*Place, 256), regions: make(map[string]*Place, 256)},
		arena:  make([]byte, 0, 4<<20),
		intern: make(map[string]span, 1024),
		seed:   maphash.MakeSeed(),
		slots:  make([]uint64, 1<<16),
		recs:   make([]placeRec, 0, 40000),
		refs:   make([]aliasRef, 0, 160000),
	}
}

// text appends s to the arena.
func (b *builder) text(s string) span {
	sp := span{uint32(len(b.arena)), uint32(len(s))}
	b.arena = append(b.arena, s...)
	return sp
}

// interned appends s to the arena once.
func (b *builder) interned(s string) span {
	if sp, ok := b.intern[s]; ok {
		return sp
	}
	sp := b.text(s)
	b.intern[s] = sp
	return sp
}

// common marks an ordinary English word.
func (b *builder) common(w string) { b.keys[b.keyID(w)].flags |= isCommon }

// keyID returns the index of key k, adding it if new.
func (b *builder) keyID(k string) int32 {
	if 2*(len(b.keys)+1) > len(b.slots) {
		b.grow()
	}
	mask := uint64(len(b.slots) - 1)
	h := maphash.String(b.seed, k)
	tag := h >> 32
	i := h & mask
	for ; b.slots[i] != 0; i = (i + 1) & mask {
		s := b.slots[i]
		if s>>32 != tag {
			continue
		}
		r := b.keys[uint32(s)-1]
		if int(r.len) == len(k) && string(b.arena[r.off:r.off+uint32(r.len)]) == k {
			return int32(uint32(s) - 1)
		}
	}
	if len(k) > 0xffff {
		panic("gazetteer: key too long")
	}
	sp := b.text(k)
	b.keys = append(b.keys, keyRec{off: sp.off, len: uint16(sp.len)})
	b.slots[i] = tag<<32 | uint64(len(b.keys))
	return int32(len(b.keys) - 1)
}

// grow doubles the table and places every key again.
func (b *builder) grow() {
	slots := make([]uint64, 2*len(b.slots))
	mask := uint64(len(slots) - 1)
	for _, s := range b.slots {
		if s == 0 {
			continue
		}
		r := b.keys[uint32(s)-1]
		i := maphash.String(b.seed, string(b.arena[r.off:r.off+uint32(r.len)])) & mask
		for slots[i] != 0 {
			i = (i + 1) & mask
		}
		slots[i] = s
	}
	b.slots = slots
}

// finish freezes the arena, makes the places and lays out each key's
// candidates: the places in the order their aliases came, each once with
// its strongest class, then most populous first (stable).
func (b *builder) finish() *Gazetteer {
	g := b.g
	arena := string(b.arena)
	str := func(s span) string { return arena[s.off : s.off+s.len] }
	g.places = make([]Place, len(b.recs))
	for i, r := range b.recs {
		g.places[i] = Place{ID: str(r.id), Kind: r.kind, Name: str(r.name), CountryCode: str(r.cc), Admin1: str(r.admin1),
			Lat: r.lat, Lon: r.lon, HasCoords: r.hasCoords, Population: r.population, Timezone: str(r.tz),
			NameZH: str(r.zh), Currency: str(r.currency)}
	}
	for i := range g.places {
		p := &g.places[i]
		switch p.Kind {
		case Country:
			g.countries[p.CountryCode] = p
		case Region:
			g.regions[p.CountryCode+"."+p.Admin1] = p
		}
	}
	// Group the references by key, keeping file order within a key.
	first := make([]int32, len(b.keys)+1)
	for _, r := range b.refs {
		first[r.key+1]++
	}
	for i := 1; i < len(first); i++ {
		first[i] += first[i-1]
	}
	byKey := make([]aliasRef, len(b.refs))
	next := slices.Clone(first[:len(b.keys)])
	for _, r := range b.refs {
		byKey[next[r.key]] = r
		next[r.key]++
	}
	g.cands = make([]Candidate, 0, len(b.refs))
	for k := range b.keys {
		start := len(g.cands)
		for _, r := range byKey[first[k]:first[k+1]] {
			p := &g.places[r.place]
			dup := false
			for j := start; j < len(g.cands); j++ {
				if g.cands[j].Place == p {
					g.cands[j].Class = min(g.cands[j].Class, r.class)
					dup = true
					break
				}
			}
			if !dup {
				g.cands = append(g.cands, Candidate{Place: p, Class: r.class})
			}
		}
		cs := g.cands[start:]
		slices.SortStableFunc(cs, func(a, b Candidate) int {
			switch {
			case a.Place.Population > b.Place.Population:
				return -1
			case a.Place.Population < b.Place.Population:
				return 1
			}
			return 0
		})
		if len(cs) > 0xffff {
			panic("gazetteer: too many places for one key")
		}
		b.keys[k].start, b.keys[k].n = uint32(start), uint16(len(cs))
	}
	g.cands = slices.Clip(g.cands)
	g.keys = keyTable{seed: b.seed, arena: arena, slots: b.slots, recs: b.keys, mask: uint64(len(b.slots) - 1)}
	return g
}
