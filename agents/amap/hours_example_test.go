package amap_test

import (
	"fmt"

	"github.com/tripweave/tripweave/agents/amap"
)

func ExampleParseOpenTime() {
	hours, ok := amap.ParseOpenTime("周二至周日 09:00-17:00(16:00停止入馆)；周一闭馆", "09:00-17:00")
	fmt.Println(ok)
	for _, h := range hours {
		fmt.Println(h.Weekdays, h.Open, h.Close) // 0 is Sunday
	}
	_, ok = amap.ParseOpenTime("以现场为准", "")
	fmt.Println(ok)
	// Output:
	// true
	// [0 2 3 4 5 6] 09:00 17:00
	// false
}

func ExampleLodging() {
	fmt.Println(amap.Lodging("住宿服务;宾馆酒店;五星级宾馆"))
	fmt.Println(amap.Lodging("住宿服务;旅馆招待所;青年旅舍"))
	// Output:
	// hotel 5
	// hostel 0
}
