package wikivoyage_test

import (
	"fmt"

	"github.com/tripweave/tripweave/agents/wikivoyage"
)

func ExampleParsePrice() {
	for _, text := range []string{"Dorm beds from ¥45, doubles from ¥160", "Dorms from 150 CNY, doubles 300", "US$ 15", "1.500 Ft", "Free entry", "$$"} {
		r, ok := wikivoyage.ParsePrice(text, wikivoyage.CountryCurrency("CN"))
		switch {
		case !ok:
			fmt.Printf("%-40s not a price\n", text)
		case r.Free:
			fmt.Printf("%-40s free\n", text)
		default:
			fmt.Printf("%-40s %s to %s\n", text, r.Min, r.Max)
		}
	}
	// Output:
	// Dorm beds from ¥45, doubles from ¥160    45.00 CNY to 160.00 CNY
	// Dorms from 150 CNY, doubles 300          150.00 CNY to 300.00 CNY
	// US$ 15                                   15.00 USD to 15.00 USD
	// 1.500 Ft                                 1500.00 HUF to 1500.00 HUF
	// Free entry                               free
	// $$                                       not a price
}
