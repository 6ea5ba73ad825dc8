package tripindex_test

import (
	"fmt"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality/tripindex"
)

func ExampleAttractionsOf() {
	catalog := &orchestrator.Sourced[[]orchestrator.Attraction]{
		Value: []orchestrator.Attraction{{ID: "a1", Name: "拙政园"}, {ID: "a2", Name: "留园"}},
		// The content address the pipeline sets: plans of this catalog
		// version share its index.
		Ref: "sha256:example",
	}
	x := tripindex.AttractionsOf(catalog)
	if i, ok := x.Find("a2"); ok {
		fmt.Println(catalog.Value[i].Name)
	}
	fmt.Println(catalog.Value[tripindex.Resolve(catalog, "拙政园景区")].Name)
	// Output:
	// 留园
	// 拙政园
}
