package planner

import (
	"fmt"
	"testing"
)

// TestCategoryIDBounded: past maxCategories, categories are numbered by
// hash (stable, above the counted numbers) and the table stops growing.
func TestCategoryIDBounded(t *testing.T) {
	categories.Lock()
	saved := categories.ids
	categories.ids = map[string]int32{}
	for i := range maxCategories {
		categories.ids[fmt.Sprintf("c%d", i)] = int32(i + 1)
	}
	categories.Unlock()
	defer func() {
		categories.Lock()
		categories.ids = saved
		categories.Unlock()
	}()
	a, b := categoryID("one more"), categoryID("one more")
	if a != b || a <= maxCategories {
		t.Errorf("categoryID past the bound = %d then %d, want the same number above %d", a, b, maxCategories)
	}
	if id := categoryID("c7"); id != 8 {
		t.Errorf("a counted category = %d, want 8", id)
	}
	categories.Lock()
	n := len(categories.ids)
	categories.Unlock()
	if n != maxCategories {
		t.Errorf("table holds %d categories, want %d", n, maxCategories)
	}
}
