package wikivoyage

import (
	"testing"
	"unicode"
)

// FuzzParsePrice checks that ParsePrice never panics and keeps its
// promises on any input: a parsed price has 0 ≤ Min ≤ Max in one currency,
// an ISO-shaped code unless it is free, and the same text parses the same
// way twice. The seed corpus is in testdata/fuzz/FuzzParsePrice; run with
//
//	go test ./agents/wikivoyage -run '^$' -fuzz FuzzParsePrice -fuzztime 20s
func FuzzParsePrice(f *testing.F) {
	for _, s := range []string{"$120-200", "¥40–80 per person", "Dorms from 150 CNY, doubles 300", "1.500 Ft", "free", "$$"} {
		f.Add(s, "CNY")
	}
	f.Fuzz(func(t *testing.T, text, currency string) {
		r, ok := ParsePrice(text, currency)
		if !ok {
			if r != (PriceRange{}) {
				t.Fatalf("not parsed but %+v", r)
			}
			return
		}
		if r.Min.Cents < 0 || r.Min.Cents > r.Max.Cents {
			t.Fatalf("ParsePrice(%q, %q) = %+v: want 0 ≤ min ≤ max", text, currency, r)
		}
		if r.Min.Currency != r.Max.Currency {
			t.Fatalf("ParsePrice(%q, %q) = %+v: two currencies", text, currency, r)
		}
		if r.Free != (r.Max.Cents == 0) {
			t.Fatalf("ParsePrice(%q, %q) = %+v: free iff zero", text, currency, r)
		}
		if !r.Free {
			c := r.Min.Currency
			if len(c) != 3 || !unicode.IsUpper(rune(c[0])) || !unicode.IsUpper(rune(c[1])) || !unicode.IsUpper(rune(c[2])) {
				t.Fatalf("ParsePrice(%q, %q) = %+v: currency %q", text, currency, r, c)
			}
		}
		if again, ok2 := ParsePrice(text, currency); again != r || !ok2 {
			t.Fatalf("not deterministic: %+v then %+v", r, again)
		}
		_ = InferCurrency([]string{text, currency})
	})
}
