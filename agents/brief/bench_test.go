package brief

import (
	"runtime"
	"testing"
	"time"
)

// benchQueries are typical requests, Chinese and English, short and long.
var benchQueries = []string{
	"成都三日游，端午节去，预算人均2000",
	"3 days in Kyoto in April, $1500, temples and food",
	"我和女朋友五一从上海去杭州玩三天，不坐飞机，想吃杭帮菜，拍照",
	"Please help me plan a trip from St. Petersburg to Rockford spanning 3 days from March 16th to March 18th, 2022. The travel should be planned for a single person with a budget of $1,700.",
	"一家三口国庆去北京，预算1.5万，带孩子看博物馆，节奏轻松",
	"Could you help with creating a 5-day travel plan for 2 people, originating from Evansville and covering 2 cities in Texas from March 17th to March 21st, 2022? Our preferred accommodations are private rooms, and they must permit children under 10 since we will have them with us. Transportation should not involve any flights. The budget for this trip is set at $2,800.",
	"下周五去魔都，两天一夜，两大一小",
	"A relaxed long weekend in Lisbon for a couple, about €900, we love food and photography, no flights please",
}

// BenchmarkParseRules measures rule-based parses per second; run it on one
// core: go test -run xxx -bench . -cpu 1 -p 1 ./agents/brief/
//
// parses/s is wall-clock throughput; parses/cpu-s divides by the CPU time
// of the benchmarking thread (Linux RUSAGE_THREAD), which stays meaningful
// when other processes share the machine.
func BenchmarkParseRules(b *testing.B) {
	now := time.Date(2026, 3, 3, 10, 0, 0, 0, time.UTC)
	ParseRules(benchQueries[0], now) // load the gazetteer outside the timing
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu0 := threadCPU()
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for b.Loop() {
		ParseRules(benchQueries[n%len(benchQueries)], now)
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "parses/s")
	if cpu := threadCPU() - cpu0; cpu > 0 {
		b.ReportMetric(float64(n)/cpu.Seconds(), "parses/cpu-s")
	}
}
