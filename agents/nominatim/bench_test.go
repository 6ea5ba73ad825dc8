package nominatim

import (
	"testing"

	"github.com/tripweave/tripweave/agents/nominatim/nominatimtest"
)

// BenchmarkDecode measures the decode path of a jsonv2 search answer.
func BenchmarkDecode(b *testing.B) {
	body := nominatimtest.Fixture(b, "search_chengdu_en.json")
	b.ReportAllocs()
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		if _, err := Decode(body, "Chengdu"); err != nil {
			b.Fatal(err)
		}
	}
}
