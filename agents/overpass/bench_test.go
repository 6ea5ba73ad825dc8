package overpass

import (
	"testing"

	"github.com/tripweave/tripweave/agents/overpass/overpasstest"
)

// BenchmarkDecode measures the decode path of an interpreter answer: JSON,
// ranking, conversion to domain POIs with opening hours parsed.
func BenchmarkDecode(b *testing.B) {
	for _, tt := range []struct {
		name    string
		convert func(*Response)
	}{
		{"attractions_chengdu.json", func(r *Response) { Attractions(r, chengdu) }},
		{"restaurants_chengdu.json", func(r *Response) { Restaurants(r, chengdu) }},
	} {
		body := overpasstest.Fixture(b, tt.name)
		b.Run(tt.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				r, err := decode(body)
				if err != nil {
					b.Fatal(err)
				}
				tt.convert(r)
			}
		})
	}
}

func BenchmarkParseOpeningHours(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := ParseOpeningHours("Mo-Fr 09:00-17:00, Sa 10:00-14:00; Su off; PH off"); !ok {
			b.Fatal("not parsed")
		}
	}
}
