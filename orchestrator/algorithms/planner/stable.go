package planner

import "slices"

// stableSort sorts s stably by less as sort.SliceStable does — the very
// algorithm (slices.SortStableFunc is generated from the same code, and
// asks only whether cmp < 0), so the same order even for a less that is
// no strict weak order — without sort.SliceStable's reflection.
func stableSort[T any](s []T, less func(a, b T) bool) {
	slices.SortStableFunc(s, func(a, b T) int {
		if less(a, b) {
			return -1
		}
		return 0
	})
}
