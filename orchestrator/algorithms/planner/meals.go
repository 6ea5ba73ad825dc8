package planner

import (
	"cmp"
	"math/bits"
	"slices"
)

// candidates returns the restaurants (indexes into rs) that can be part of
// a least-weight choice of m: only the m lightest of each distinct cuisine
// mask (swapping one for a lighter one of the same mask keeps the
// coverage), in weight order.
func candidates(rs []*restaurant, weight []int64, m int) []int {
	if m <= 0 {
		return nil
	}
	// A total order (the position in rs breaks the last ties, as a stable
	// sort would).
	less := func(x, y int) int {
		if c := cmp.Compare(weight[x], weight[y]); c != 0 {
			return c
		}
		if c := cmp.Compare(rs[x].idx, rs[y].idx); c != 0 {
			return c
		}
		return cmp.Compare(x, y)
	}
	// The m least of each mask, by that order, kept in order in a bucket
	// per mask (few masks: found by a scan): the same restaurants as
	// sorting them all and taking the first m of each mask.
	type bucket struct {
		mask  int
		items []int
	}
	var buckets []bucket
	for x := range rs {
		mk := rs[x].mask
		b := -1
		for i := range buckets {
			if buckets[i].mask == mk {
				b = i
				break
			}
		}
		if b < 0 {
			buckets = append(buckets, bucket{mask: mk, items: make([]int, 0, m)})
			b = len(buckets) - 1
		}
		items := buckets[b].items
		if len(items) == m {
			// less(x, last) >= 0, spelt out: most restaurants stop here.
			y := items[m-1]
			if wx, wy := weight[x], weight[y]; wx > wy || wx == wy && (rs[x].idx > rs[y].idx || rs[x].idx == rs[y].idx && x >= y) {
				continue
			}
		}
		at := len(items)
		for at > 0 && less(x, items[at-1]) < 0 {
			at--
		}
		if len(items) < m {
			items = append(items, 0)
		}
		copy(items[at+1:], items[at:len(items)-1])
		items[at] = x
		buckets[b].items = items
	}
	n := 0
	for _, b := range buckets {
		n += len(b.items)
	}
	out := make([]int, 0, n)
	for _, b := range buckets {
		out = append(out, b.items...)
	}
	slices.SortFunc(out, less)
	return out
}

// restaurantTable solves, for one city, "m distinct restaurants of least
// total weight whose cuisines cover exactly a given set of the nc requested
// cuisines" for every set (bit mask) at once, returning the least weight
// per mask, -1 where impossible.
func restaurantTable(rs []*restaurant, weight []int64, m, nc int) []int64 {
	return restaurantTableOf(rs, weight, candidates(rs, weight, m), m, nc)
}

// restaurantTableOf is restaurantTable over items, candidates(rs, weight, m).
func restaurantTableOf(rs []*restaurant, weight []int64, items []int, m, nc int) []int64 {
	nm := 1 << nc
	dp := make([]int64, (m+1)*nm)
	for i := range dp {
		dp[i] = -1
	}
	dp[0] = 0
	for it, i := range items {
		wt, mk := weight[i], rs[i].mask
		for j := min(m, it+1); j >= 1; j-- {
			for u := 0; u < nm; u++ {
				p := dp[(j-1)*nm+u]
				if p < 0 {
					continue
				}
				v, s := u|mk, p+wt
				if c := dp[j*nm+v]; c < 0 || s < c {
					dp[j*nm+v] = s
				}
			}
		}
	}
	return dp[m*nm : (m+1)*nm]
}

// pickRestaurants returns one least-weight choice of m distinct
// restaurants (indexes into rs) covering exactly the cuisine mask target,
// or nil when there is none.
func pickRestaurants(rs []*restaurant, weight []int64, m, nc, target int) []int {
	return pickRestaurantsOf(rs, weight, candidates(rs, weight, m), m, nc, target, new([]int64))
}

// pickRestaurantsOf is pickRestaurants over items, candidates(rs, weight,
// m), its table in *buf's array when it is large enough (*buf is set to
// the table's).
func pickRestaurantsOf(rs []*restaurant, weight []int64, items []int, m, nc, target int, buf *[]int64) []int {
	nm := 1 << nc
	n := len(items)
	// prefix[it] holds the best weights using items[:it], all in one
	// block: the first set here, each next one copied from the one
	// before and improved.
	size := (m + 1) * nm
	block := reuse(*buf, (n+1)*size)
	*buf = block
	prefix := func(it int) []int64 { return block[it*size : (it+1)*size] }
	p0 := prefix(0)
	for i := range p0 {
		p0[i] = -1
	}
	p0[0] = 0
	for it := 0; it < n; it++ {
		prev, cur := prefix(it), prefix(it+1)
		copy(cur, prev)
		wt, mk := weight[items[it]], rs[items[it]].mask
		for j := 1; j <= min(m, it+1); j++ {
			for u := 0; u < nm; u++ {
				p := prev[(j-1)*nm+u]
				if p < 0 {
					continue
				}
				v, s := u|mk, p+wt
				if c := cur[j*nm+v]; c < 0 || s < c {
					cur[j*nm+v] = s
				}
			}
		}
	}
	if prefix(n)[m*nm+target] < 0 {
		return nil
	}
	var out []int
	j, v := m, target
	for it := n; it >= 1 && j > 0; it-- {
		best := prefix(it)[j*nm+v]
		if best == prefix(it - 1)[j*nm+v] {
			continue // as good without this item
		}
		wt, mk := weight[items[it-1]], rs[items[it-1]].mask
		found := false
		for u := 0; u < nm; u++ {
			if u|mk != v {
				continue
			}
			if p := prefix(it - 1)[(j-1)*nm+u]; p >= 0 && p+wt == best {
				out = append(out, items[it-1])
				j, v = j-1, u
				found = true
				break
			}
		}
		if !found {
			return nil
		}
	}
	if j != 0 || v != 0 {
		return nil
	}
	return out
}

// coverMasks splits the requested cuisines among cities: given each city's
// least-weight table, it returns per city the mask to cover so that the
// union covers as many cuisines as possible at the least total weight.
func coverMasks(tables [][]int64, nc int) ([]int, int) {
	nm := 1 << nc
	type cell struct {
		w    int64
		prev int
		mask int
	}
	f := make([][]cell, len(tables)+1)
	f[0] = make([]cell, nm)
	for u := range f[0] {
		f[0][u] = cell{w: -1}
	}
	f[0][0] = cell{w: 0}
	for i, t := range tables {
		g := make([]cell, nm)
		for u := range g {
			g[u] = cell{w: -1}
		}
		for u := 0; u < nm; u++ {
			if f[i][u].w < 0 {
				continue
			}
			if t == nil { // a city with no meals to choose
				if g[u].w < 0 || f[i][u].w < g[u].w {
					g[u] = cell{w: f[i][u].w, prev: u, mask: 0}
				}
				continue
			}
			for v := 0; v < nm; v++ {
				if t[v] < 0 {
					continue
				}
				s := f[i][u].w + t[v]
				if g[u|v].w < 0 || s < g[u|v].w {
					g[u|v] = cell{w: s, prev: u, mask: v}
				}
			}
		}
		f[i+1] = g
	}
	last := f[len(tables)]
	best := -1
	for u := 0; u < nm; u++ {
		if last[u].w < 0 {
			continue
		}
		if best < 0 || bits.OnesCount(uint(u)) > bits.OnesCount(uint(best)) ||
			(bits.OnesCount(uint(u)) == bits.OnesCount(uint(best)) && last[u].w < last[best].w) {
			best = u
		}
	}
	masks := make([]int, len(tables))
	if best < 0 {
		return masks, 0
	}
	u := best
	for i := len(tables); i >= 1; i-- {
		masks[i-1] = f[i][u].mask
		u = f[i][u].prev
	}
	return masks, best
}
