package duffel_test

import (
	"fmt"

	"github.com/tripweave/tripweave/agents/duffel"
)

func ExampleParseAmount() {
	for _, s := range []string{"612.40", "45", "0.1", "1.005"} {
		cents, err := duffel.ParseAmount(s)
		fmt.Println(s, cents, err)
	}
	_, err := duffel.ParseAmount("1e3")
	fmt.Println(err)
	// Output:
	// 612.40 61240 <nil>
	// 45 4500 <nil>
	// 0.1 10 <nil>
	// 1.005 101 <nil>
	// duffel: "1e3" is not a decimal amount
}
