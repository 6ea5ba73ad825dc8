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
	order := make([]int, len(rs))
	for i := range order {
		order[i] = i
	}
	// A total order (the position in rs breaks the last ties, as a stable
	// sort would): any sort gives the same result, and slices.SortFunc is
	// the fastest.
	slices.SortFunc(order, func(x, y int) int {
		if c := cmp.Compare(weight[x], weight[y]); c != 0 {
			return c
		}
		if c := cmp.Compare(rs[x].idx, rs[y].idx); c != 0 {
			return c
		}
		return cmp.Compare(x, y)
	})
	perMask := make(map[int]int, 8)
	var items []int
	for _, i := range order {
		if perMask[rs[i].mask] < m {
			perMask[rs[i].mask]++
			items = append(items, i)
		}
	}
	return items
}

// restaurantTable solves, for one city, "m distinct restaurants of least
// total weight whose cuisines cover exactly a given set of the nc requested
// cuisines" for every set (bit mask) at once, returning the least weight
// per mask, -1 where impossible.
func restaurantTable(rs []*restaurant, weight []int64, m, nc int) []int64 {
	nm := 1 << nc
	items := candidates(rs, weight, m)
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
	nm := 1 << nc
	items := candidates(rs, weight, m)
	n := len(items)
	// prefix[it] holds the best weights using items[:it].
	prefix := make([][]int64, n+1)
	prefix[0] = make([]int64, (m+1)*nm)
	for i := range prefix[0] {
		prefix[0][i] = -1
	}
	prefix[0][0] = 0
	for it := 0; it < n; it++ {
		prev := prefix[it]
		cur := make([]int64, len(prev))
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
		prefix[it+1] = cur
	}
	if prefix[n][m*nm+target] < 0 {
		return nil
	}
	var out []int
	j, v := m, target
	for it := n; it >= 1 && j > 0; it-- {
		best := prefix[it][j*nm+v]
		if best == prefix[it-1][j*nm+v] {
			continue // as good without this item
		}
		wt, mk := weight[items[it-1]], rs[items[it-1]].mask
		found := false
		for u := 0; u < nm; u++ {
			if u|mk != v {
				continue
			}
			if p := prefix[it-1][(j-1)*nm+u]; p >= 0 && p+wt == best {
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
