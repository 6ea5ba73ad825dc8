package datasets_test

import (
	"fmt"

	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
)

// The sandbox's trains carry no fares; TrainFare models one from the train
// type and the rail distance.
func ExampleTrainFare() {
	fmt.Println(datasets.TrainFare("高铁", 1300)) // a G train over 1,300 rail km
	fmt.Println(datasets.TrainFare("快速", 1300)) // a K train over the same distance
	// Output:
	// 598.00 CNY
	// 169.00 CNY
}
