package wikivoyage

import (
	"runtime"
	"strings"
	"testing"
)

func TestPlainText(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"link", "the [[Sichuan]] basin", "the Sichuan basin"},
		{"piped link", "[[Sichuan cuisine|fiery food]]", "fiery food"},
		{"pipe trick", "[[Paris (Texas)|]]", "Paris"},
		{"link trail", "ride [[bus]]es", "ride buses"},
		{"anchor link", "see [[#Districts|below]] and [[#Eat]]", "see below and Eat"},
		{"file", "[[File:X.jpg|thumb|right|A caption with [[link]]]]text", "text"},
		{"category and interlanguage", "a[[Category:Cities in China]][[zh:成都]][[zh-yue:成都]]b", "ab"},
		{"interwiki keeps label", "[[w:Tang dynasty|Tang dynasty]] and [[wikt:jiaozi]]", "Tang dynasty and wikt:jiaozi"},
		{"leading colon", "[[:Category:Parks]]", "Category:Parks"},
		{"external links", "on [https://www.12306.cn/en/ 12306 website] or [http://x.org]", "on 12306 website or"},
		{"bold italic", "'''Chengdu''' (''Chéngdū'') '''''x'''''", "Chengdu (Chéngdū) x"},
		{"apostrophe stays", "Xi'an's walls", "Xi'an's walls"},
		{"templates dropped", "{{pagebanner|x.jpg}}Hello{{IsPartOf|Sichuan}}", "Hello"},
		{"inline templates", "{{IATA|CTU}}, {{km|16}}, {{lang|zh|文殊院}}, {{nowrap|a b}}", "CTU, 16 km, 文殊院, a b"},
		{"nested templates", "x {{nowrap|{{lang|zh|成都}} city}} y", "x 成都 city y"},
		{"marker", "{{marker|type=city|name=[[Leshan]]|lat=1|long=2}} is near", "Leshan is near"},
		{"unclosed template is text", "a {{b [[c]] d", "a {{b c d"},
		{"stray closers", "a }} b ]] c", "a }} b ]] c"},
		{"comments", "a<!-- hidden {{x}} -->b<!-- unterminated", "ab"},
		{"refs", "a<ref name=x>note {{cite}}</ref>b<ref name=y />c", "abc"},
		{"br and tags", "a<br/>b <span class=\"x\">c</span> <small>d</small>", "a\nb c d"},
		{"entities", "50&nbsp;km &amp; more &lt;3", "50 km & more <3"},
		{"lists", "* one\n** two\n# three\n: indented\n; term", "- one\n- two\n- three\nindented\nterm"},
		{"table dropped", "before\n{|\n! a\n|-\n| b\n|}\nafter", "before\nafter"},
		{"headings", "intro\n=== Sub ===\ntext\n=== Empty ===\n=== Last ===\n", "intro\n\nSub\ntext"},
		{"blank lines collapsed", "a\n\n\n\nb\n", "a\n\nb"},
		{"nowiki", "<nowiki>{{not a template}}</nowiki>", "{{not a template}}"},
		{"magic words", "__NOTOC__text", "text"},
		{"cautionbox", "{{cautionbox|Avoid the [[tea house scam]].}}", "Avoid the tea house scam."},
		{"invalid utf-8", "a\xffb", "a\uFFFDb"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := plainText(tt.in); got != tt.want {
				t.Errorf("plainText(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestParseTemplate(t *testing.T) {
	tpl := parseTemplate("{{ Template:See\n| name=A [[b|c]] | content={{lang|zh|x|y}} = z | positional | url = http://x.org/?a=b | name = last }}")
	if tpl.Name != "see" {
		t.Errorf("name = %q, want see", tpl.Name)
	}
	want := []param{
		{"name", "A [[b|c]]"},
		{"content", "{{lang|zh|x|y}} = z"},
		{"1", " positional "},
		{"url", "http://x.org/?a=b"},
		{"name", "last"},
	}
	if len(tpl.Params) != len(want) {
		t.Fatalf("params = %q, want %q", tpl.Params, want)
	}
	for i := range want {
		if tpl.Params[i] != want[i] {
			t.Errorf("param %d = %q, want %q", i, tpl.Params[i], want[i])
		}
	}
	if got := tpl.get("name"); got != "last" {
		t.Errorf("get(name) = %q, want the last one", got)
	}
}

// TestScanLinear guards against quadratic behaviour on pathological input.
// It measures bytes allocated, which unlike time does not depend on the
// machine's load: every pass over the text (a scan, a template split, a
// regexp) allocates in proportion to what it reads, so 64 times the input
// must cost about 64 times the bytes, not 4096.
func TestScanLinear(t *testing.T) {
	inputs := map[string]func(n int) string{
		"unclosed then closed": func(n int) string { return strings.Repeat("{{", 4*n) + strings.Repeat("{{x}}", n) },
		"links and braces":     func(n int) string { return strings.Repeat("[[{{", 2*n) },
		"nowiki":               func(n int) string { return strings.Repeat("<nowiki>", 2*n) },
		"geo":                  func(n int) string { return strings.Repeat("{{geo|", 2*n) + "{{geo|1|2}}" },
		"deep nesting":         func(n int) string { return strings.Repeat("{{a|", n) + strings.Repeat("}}", n) },
		"nested inline":        func(n int) string { return strings.Repeat("{{lang|zh|", n) + "x" + strings.Repeat("}}", n) },
		"listings":             func(n int) string { return strings.Repeat("* {{see|name=A|content=[[b|c]] {{lang|zh|d}}}} e\n", n/4) },
	}
	allocated := func(in string) uint64 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_ = plainText(in)
		_ = ParseListings(in, "see")
		_ = geoOf(in)
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	for name, gen := range inputs {
		small, large := allocated(gen(250)), allocated(gen(16000))
		if ratio := float64(large) / float64(max(small, 1)); ratio > 400 {
			t.Errorf("%s: 64× the input allocated %.0f× the bytes (%d → %d)", name, ratio, small, large)
		}
	}
}
