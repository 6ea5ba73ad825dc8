package gazetteer

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"strings"
	"testing"
)

func TestDefault(t *testing.T) {
	g, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if g.Len() < 35000 {
		t.Fatalf("only %d places", g.Len())
	}
	tests := []struct {
		alias, id, name, cc string
		class               Class
	}{
		{"Chengdu", "1815286", "Chengdu", "CN", Primary},
		{"成都", "1815286", "Chengdu", "CN", Official},
		{"成都市", "1815286", "Chengdu", "CN", Official},
		{"蓉城", "1815286", "Chengdu", "CN", Curated},
		{"东京", "1850147", "Tokyo", "JP", Curated},
		{"東京", "1850147", "Tokyo", "JP", Alternate},
		{"巴黎", "2988507", "Paris", "FR", Curated},
		{"NYC", "5128581", "New York", "US", Curated},
		{"New York City", "5128581", "New York", "US", Curated},
		{"St. Louis", "4407066", "St. Louis", "US", Primary},
		{"Zurich", "2657896", "Zürich", "CH", Primary}, // same key as Zürich
		{"Texas", "A:US.TX", "Texas", "US", Primary},
		{"四川", "A:CN.32", "Sichuan", "CN", Official},
		{"日本", "N:JP", "Japan", "JP", Official},
		{"宿迁", "CN:321300", "Suqian", "CN", Official},
	}
	for _, tt := range tests {
		var found *Candidate
		for _, c := range g.Lookup(Key(tt.alias)) {
			if c.Place.ID == tt.id {
				found = &c
				break
			}
		}
		if found == nil {
			t.Errorf("%s: %s not among %v", tt.alias, tt.id, g.Lookup(Key(tt.alias)))
			continue
		}
		if found.Place.Name != tt.name || found.Place.CountryCode != tt.cc || found.Class != tt.class {
			t.Errorf("%s: got %s %s class %d, want %s %s class %d", tt.alias, found.Place.Name, found.Place.CountryCode, found.Class, tt.name, tt.cc, tt.class)
		}
	}
	if c := g.Country("JP"); c == nil || c.Currency != "JPY" || c.NameZH != "日本" {
		t.Errorf("Japan: %+v", c)
	}
	if r := g.Region("US", "IL"); r == nil || r.Name != "Illinois" {
		t.Errorf("Illinois: %+v", r)
	}
	if !g.IsCommonWord("nice") || g.IsCommonWord("paris") {
		t.Errorf("common words: nice=%v paris=%v", g.IsCommonWord("nice"), g.IsCommonWord("paris"))
	}
	if !g.HasPrefix("new") || !g.HasPrefix("salt lake") || g.HasPrefix("paris") {
		t.Errorf("prefixes wrong")
	}
}

// TestEveryBigCity checks the promise: every city of 100,000+ people in the
// source is present (the data keeps every city of 15,000+).
func TestEveryBigCity(t *testing.T) {
	g, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	n, zh := 0, 0
	g.Places(func(p *Place) bool {
		if p.Kind == City && p.Population >= 100000 {
			n++
			if p.CountryCode == "CN" && p.NameZH != "" {
				zh++
			}
		}
		return true
	})
	if n < 4000 {
		t.Errorf("%d cities of 100k+, want over 4000", n)
	}
	if zh < 250 {
		t.Errorf("%d Chinese cities of 100k+ with a Chinese name, want over 250", zh)
	}
}

func TestKey(t *testing.T) {
	tests := map[string]string{
		"Xi'an": "xian", "Xi’an": "xian", "St. Petersburg": "st petersburg", "Winston-Salem": "winston salem",
		"Zürich": "zurich", "  New   York ": "new york", "成都": "成都", "São Paulo": "sao paulo", "Kraków": "krakow",
		"D.C.": "d c", "": "",
	}
	for in, want := range tests {
		if got := Key(in); got != want {
			t.Errorf("Key(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	gz := func(s string) *bytes.Reader {
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		w.Write([]byte(s))
		w.Close()
		return bytes.NewReader(b.Bytes())
	}
	for _, in := range []string{"", "1\tc\tX\n", "1\tq\tX\tUS\t\t1\t2\t3\tUTC\t\t\t\n", "1\tc\tX\tUS\t\tx\ty\t3\tUTC\t\t\t\n", "1\tc\tX\tUS\t\t1\t2\t3\tUTC\t\t\tq:bad\n"} {
		if _, err := Parse(gz(in)); err == nil {
			t.Errorf("Parse(%q): no error", in)
		}
	}
	if _, err := Parse(strings.NewReader("not gzip")); err == nil {
		t.Error("Parse of non-gzip data: no error")
	}
}

func ExampleGazetteer_Lookup() {
	g, err := Default()
	if err != nil {
		panic(err)
	}
	for _, alias := range []string{"魔都", "Paris", "Springfield"} {
		c := g.Lookup(Key(alias))[0] // most populous first
		fmt.Println(alias, "->", c.Place.Name, c.Place.CountryCode, c.Place.Admin1)
	}
	// Output:
	// 魔都 -> Shanghai CN 23
	// Paris -> Paris FR 11
	// Springfield -> Springfield US MO
}

func TestCitiesIn(t *testing.T) {
	g, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		area *Place
		n    int
		want []string
	}{
		// Curated: the cities visitors go to, not the most populous.
		{g.Region("CN", "29"), 5, []string{"Kunming", "Dali", "Lijiang", "Jinghong", "Shangri-La"}},
		{g.Region("US", "CA"), 5, []string{"Los Angeles", "San Diego", "San Jose", "San Francisco", "Fresno"}},
		// Sacramento is among the six most populous: the capital goes first.
		{g.Region("US", "CA"), 6, []string{"Sacramento", "Los Angeles", "San Diego", "San Jose", "San Francisco", "Fresno"}},
		{g.Region("CN", "32"), 4, []string{"Chengdu", "Leshan", "Emeishan", "Dujiangyan"}},
		{g.Country("JP"), 3, []string{"Tokyo", "Kyoto", "Osaka"}},
		// A curated list shorter than n is filled by population.
		{g.Region("CN", "05"), 5, []string{"Changchun", "Jilin", "Yanji", "Siping", "Tonghua"}},
	}
	for _, tt := range tests {
		var got []string
		for _, p := range g.CitiesIn(tt.area, tt.n) {
			got = append(got, p.Name)
		}
		if strings.Join(got, ",") != strings.Join(tt.want, ",") {
			t.Errorf("CitiesIn(%s, %d) = %q, want %q", tt.area.Name, tt.n, got, tt.want)
		}
	}
	if got := g.CitiesIn(g.Lookup(Key("Chengdu"))[0].Place, 3); got != nil {
		t.Errorf("a city has cities: %v", got)
	}
}

// TestParseIndex checks the index's layout on a small file: an alias named
// twice for one place keeps its first position and strongest class, the
// candidates go most populous first with ties in file order, a key that is
// only a prefix or only a common word has no candidates, and a file with
// more keys than the table first holds still finds every key.
func TestParseIndex(t *testing.T) {
	gz := func(s string) *bytes.Reader {
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		w.Write([]byte(s))
		w.Close()
		return bytes.NewReader(b.Bytes())
	}
	row := func(id, name string, pop int, aliases string) string {
		return id + "\tc\t" + name + "\tXX\t01\t1\t2\t" + fmt.Sprint(pop) + "\tUTC\t\t\t" + aliases + "\n"
	}
	in := "W\tnice\n" +
		row("1", "Springfield", 100, "w:Spring Field|c:Spring Field") +
		row("2", "Shelbyville", 500, "g:Spring Field") +
		row("3", "Capital City", 100, "a:Spring Field|c:双城") +
		row("4", "Nice", 300, "")
	g, err := Parse(gz(in))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range g.Lookup(Key("Spring Field")) {
		got = append(got, fmt.Sprintf("%s:%d", c.Place.ID, c.Class))
	}
	// 2 is the most populous; 1 and 3 tie and keep file order; 1 is Curated (its stronger class).
	if want := []string{"2:4", "1:1", "3:3"}; strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("spring field: %v, want %v", got, want)
	}
	tests := []struct {
		key            string
		n              int
		prefix, common bool
	}{
		{"spring", 0, true, false},
		{"capital", 0, true, false},
		{"nice", 1, false, true},
		{"双城", 1, false, false},
		{"springfield", 1, false, false},
		{"spring field x", 0, false, false},
		{"", 0, false, false},
	}
	for _, tt := range tests {
		if c := g.Lookup(tt.key); len(c) != tt.n || (tt.n == 0) != (c == nil) {
			t.Errorf("Lookup(%q) = %v, want %d", tt.key, c, tt.n)
		}
		if g.HasPrefix(tt.key) != tt.prefix || g.IsCommonWord(tt.key) != tt.common {
			t.Errorf("%q: prefix %v common %v", tt.key, g.HasPrefix(tt.key), g.IsCommonWord(tt.key))
		}
	}
	if g.MaxWords() != 2 || g.MaxHan() != 2 || !g.MayStartHan('双', '城') {
		t.Errorf("bounds: words %d han %d", g.MaxWords(), g.MaxHan())
	}

	var b strings.Builder
	const many = 70000
	for i := range many {
		b.WriteString(row(fmt.Sprint(i), fmt.Sprintf("Town%d", i), i, fmt.Sprintf("c:Alias %d", i)))
	}
	g, err = Parse(gz(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < many; i += 997 {
		c := g.Lookup(Key(fmt.Sprintf("Alias %d", i)))
		if len(c) != 1 || c[0].Place.Name != fmt.Sprintf("Town%d", i) || len(g.Lookup(fmt.Sprintf("town%d", i))) != 1 {
			t.Fatalf("key %d lost: %v", i, c)
		}
	}
	if !g.HasPrefix("alias") || g.Len() != many {
		t.Errorf("prefix alias: %v, %d places", g.HasPrefix("alias"), g.Len())
	}
}
