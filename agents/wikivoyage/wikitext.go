package wikivoyage

import (
	"html"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file is a small wikitext reader: enough of MediaWiki's preprocessor
// to find templates and links with balanced delimiters, split a template's
// parameters the way MediaWiki does (on "|" outside nested {{ }} and [[ ]]),
// and turn wikitext into plain text. It never panics and runs in time
// linear in its input (nesting is tracked with an explicit stack, and text
// conversion recurses at most maxDepth levels).

// maxDepth bounds how deep text conversion recurses into nested templates
// and links; deeper content is dropped.
const maxDepth = 12

type nodeKind uint8

const (
	textNode nodeKind = iota
	templateNode
	linkNode
)

// node is a span of wikitext: plain text, a template "{{…}}" or an internal
// link "[[…]]", as byte offsets [start, end) into the scanned string.
type node struct {
	kind       nodeKind
	start, end int
}

// frame is an opening delimiter waiting for its close. mark is the length
// of the node list when it opened: closing it drops the nodes after mark
// (they are inside it) for the one node it makes.
type frame struct {
	kind  nodeKind
	pos   int
	width int // 2 for "{{" and "[[", 3 for a "{{{parameter}}}"
	mark  int
}

// scan splits s into top-level nodes. Unclosed "{{" or "[[" are text, and
// whatever closed inside them is promoted to the top level, as MediaWiki
// does; a stray "}}" or "]]" is text. <nowiki>…</nowiki> hides delimiters.
//
// One list holds every closed node not yet inside a closed frame, in
// position order; so at the end it is exactly the top level, whatever
// stayed unclosed.
func scan(s string) []node {
	var top []node
	var stack []frame
	emit := func(n node, f frame) {
		top = append(top[:f.mark], n)
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '<' && hasPrefixFold(s[i:], "<nowiki>"):
			if j := indexFold(s[i:], "</nowiki>"); j >= 0 {
				i += j + len("</nowiki>")
			} else {
				i = len(s)
			}
		case c == '{' && i+1 < len(s) && s[i+1] == '{':
			// A run of braces opens templates ("{{") and template
			// parameters ("{{{"), outermost first; an odd one left is text.
			n := run(s[i:], '{')
			for n >= 2 {
				w := 2
				if n == 3 {
					w = 3
				}
				stack = append(stack, frame{kind: templateNode, pos: i, width: w, mark: len(top)})
				i += w
				n -= w
			}
			i += n
		case c == '[' && i+1 < len(s) && s[i+1] == '[':
			stack = append(stack, frame{kind: linkNode, pos: i, width: 2, mark: len(top)})
			i += 2
		case c == '}' && i+1 < len(s) && s[i+1] == '}':
			// A run of closing braces closes the innermost open templates;
			// unclosed links inside them become text of the template.
			n := run(s[i:], '}')
			for n >= 2 {
				j := len(stack) - 1
				for j >= 0 && stack[j].kind != templateNode {
					j--
				}
				if j < 0 {
					break // stray "}}"
				}
				f := stack[j]
				w := min(f.width, n)
				stack = stack[:j]
				i += w
				n -= w
				emit(node{templateNode, f.pos, i}, f)
			}
			i += n
		case c == ']' && i+1 < len(s) && s[i+1] == ']':
			i += 2
			if len(stack) == 0 || stack[len(stack)-1].kind != linkNode {
				continue // stray "]]"
			}
			f := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			emit(node{linkNode, f.pos, i}, f)
		default:
			i++
		}
	}
	return withText(s, top)
}

// run returns how many times c repeats at the start of s.
func run(s string, c byte) int {
	n := 0
	for n < len(s) && s[n] == c {
		n++
	}
	return n
}

// withText fills the gaps between ordered, disjoint nodes with text nodes.
func withText(s string, nodes []node) []node {
	out := make([]node, 0, 2*len(nodes)+1)
	at := 0
	for _, n := range nodes {
		if n.start > at {
			out = append(out, node{textNode, at, n.start})
		}
		out = append(out, n)
		at = n.end
	}
	if at < len(s) {
		out = append(out, node{textNode, at, len(s)})
	}
	return out
}

// param is one template parameter: Name is the trimmed, lower-cased name
// ("1", "2", … for positional ones) and Value its raw wikitext, trimmed for
// named parameters as MediaWiki does.
type param struct {
	Name, Value string
}

// template is a parsed "{{name|…}}".
type template struct {
	Name   string // normalized: see normalizeName
	Params []param
}

// get returns the value of the named parameter (the last one wins, as in
// MediaWiki), or "".
func (t *template) get(name string) string {
	for i := len(t.Params) - 1; i >= 0; i-- {
		if t.Params[i].Name == name {
			return t.Params[i].Value
		}
	}
	return ""
}

// parseTemplate parses raw, a whole "{{…}}" span.
func parseTemplate(raw string) template {
	inner := raw[2 : len(raw)-2]
	parts := splitTop(inner, '|')
	t := template{Name: normalizeName(parts[0])}
	pos := 0
	for _, p := range parts[1:] {
		if k, v, ok := cutTop(p, '='); ok {
			t.Params = append(t.Params, param{Name: strings.ToLower(strings.TrimSpace(k)), Value: strings.TrimSpace(v)})
			continue
		}
		pos++
		t.Params = append(t.Params, param{Name: strconv.Itoa(pos), Value: p})
	}
	return t
}

// normalizeName folds a template name: comments and "Template:" removed,
// underscores as spaces, spaces collapsed, lower-cased.
func normalizeName(s string) string {
	s = strings.ReplaceAll(s, "_", " ")
	s = strings.Join(strings.Fields(s), " ")
	s = strings.ToLower(s)
	for _, p := range []string{"template:", "模板:", "模板："} {
		s = strings.TrimPrefix(s, p)
	}
	return strings.TrimSpace(s)
}

// splitTop splits s on sep outside nested templates and links.
func splitTop(s string, sep byte) []string {
	var out []string
	at := 0
	for _, n := range scan(s) {
		if n.kind != textNode {
			continue
		}
		for i := n.start; i < n.end; i++ {
			if s[i] == sep {
				out = append(out, s[at:i])
				at = i + 1
			}
		}
	}
	return append(out, s[at:])
}

// cutTop cuts s around the first sep outside nested templates and links.
func cutTop(s string, sep byte) (before, after string, found bool) {
	for _, n := range scan(s) {
		if n.kind != textNode {
			continue
		}
		if i := strings.IndexByte(s[n.start:n.end], sep); i >= 0 {
			i += n.start
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

var (
	commentRE = regexp.MustCompile(`(?s)<!--.*?(?:-->|$)`)
	refRE     = regexp.MustCompile(`(?is)<ref[^>]*/>|<ref(?:\s[^>]*)?>.*?</ref\s*>`)
	blockRE   = regexp.MustCompile(`(?is)<(gallery|math|score|timeline|graph|templatedata|mapframe|maplink)(?:\s[^>]*)?>.*?</(?:gallery|math|score|timeline|graph|templatedata|mapframe|maplink)\s*>`)
	brRE      = regexp.MustCompile(`(?i)<br\s*/?>`)
	tagRE     = regexp.MustCompile(`</?[a-zA-Z][a-zA-Z0-9]*(?:\s[^<>]*)?/?>`)
	extLinkRE = regexp.MustCompile(`\[(?:https?:)?//[^\s\]]+(?:\s+([^\]]*))?\]`)
	magicRE   = regexp.MustCompile(`__[A-Z]+__`)
	quoteRE   = regexp.MustCompile(`'{2,5}`)
	headingRE = regexp.MustCompile(`^(={1,6})\s*(.*?)\s*(={1,6})\s*$`)
	spacesRE  = regexp.MustCompile(`[ \t\x{00a0}\x{3000}]+`)
)

// clean removes what never shows: comments, references, galleries and
// similar blocks, and makes the text valid UTF-8.
func clean(s string) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	if strings.Contains(s, "<!--") {
		s = commentRE.ReplaceAllString(s, "")
	}
	if strings.Contains(s, "<") {
		s = refRE.ReplaceAllString(s, "")
		s = blockRE.ReplaceAllString(s, "")
	}
	return s
}

// plainText turns wikitext into plain text: templates dropped except a few
// inline ones whose text shows (see inlineTemplate), links replaced by their
// labels, external links by their labels, bold, italics, tables and HTML
// tags removed, list markers kept as "- ", headings kept as lines, entities
// decoded and blank lines collapsed.
func plainText(s string) string {
	if t := strings.TrimSpace(s); isPlain(t) {
		if isPunctuationOnly(t) {
			return ""
		}
		return t // most field values: nothing to convert
	}
	return finish(inline(clean(s), 0))
}

// isPlain reports whether s holds no markup at all: no template, link,
// tag, entity, quote, magic word, line structure or list marker, no space
// run, and valid UTF-8.
func isPlain(s string) bool {
	if strings.ContainsAny(s, "{}[]<>&'_\n\t\r\u00a0\u3000") || strings.Contains(s, "  ") || !utf8.ValidString(s) {
		return false
	}
	return s == "" || !strings.ContainsRune("*#:;=-", rune(s[0]))
}

// inline converts templates and links to text, leaving line structure and
// quotes for finish.
func inline(s string, depth int) string {
	if depth > maxDepth {
		return ""
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, n := range scan(s) {
		raw := s[n.start:n.end]
		switch n.kind {
		case textNode:
			b.WriteString(raw)
		case templateNode:
			b.WriteString(inlineTemplate(parseTemplate(raw), depth))
		case linkNode:
			b.WriteString(linkText(raw[2:len(raw)-2], depth))
		}
	}
	return b.String()
}

// linkText renders an internal link's inner text: its label, or its target
// when it has none; files, categories and interlanguage links vanish.
func linkText(inner string, depth int) string {
	target, label, piped := cutTop(inner, '|')
	target = strings.TrimSpace(target)
	if strings.HasPrefix(target, ":") {
		target = strings.TrimSpace(target[1:])
	} else if ns, _, ok := strings.Cut(target, ":"); ok && hiddenNamespace(ns) {
		return ""
	}
	if piped {
		if l := strings.TrimSpace(label); l != "" {
			return inline(l, depth+1)
		}
		// The pipe trick: [[Foo (bar)|]] shows "Foo", [[w:Foo|]] shows "Foo".
		if _, rest, ok := strings.Cut(target, ":"); ok {
			target = rest
		}
		if i := strings.Index(target, " ("); i > 0 {
			target = target[:i]
		}
	}
	if h, frag, ok := strings.Cut(target, "#"); ok {
		target = h
		if target == "" {
			target = frag
		}
	}
	return strings.TrimSpace(target)
}

// hiddenNamespace reports whether links into ns show nothing inline: files,
// categories, and two- or three-letter interlanguage prefixes.
func hiddenNamespace(ns string) bool {
	n := strings.ToLower(strings.TrimSpace(ns))
	switch n {
	case "file", "image", "media", "category", "文件", "檔案", "档案", "图像", "圖像", "分类", "分類", "媒体", "媒體":
		return true
	}
	if len(n) >= 2 && len(n) <= 3 || strings.HasPrefix(n, "zh-") {
		for _, r := range n {
			if (r < 'a' || r > 'z') && r != '-' {
				return false
			}
		}
		return !interwiki[n]
	}
	return false
}

// interwiki lists short prefixes that are other wikis, not languages: their
// links show their label.
var interwiki = map[string]bool{"w": true, "wp": true, "c": true, "d": true, "voy": true, "wikt": true, "s": true, "q": true, "b": true, "n": true, "m": true}

// unitTemplates are Wikivoyage's measurement templates, {{km|5}} → "5 km".
var unitTemplates = map[string]string{
	"km": "km", "mi": "mi", "m": "m", "ft": "ft", "km2": "km²", "mi2": "mi²",
	"kg": "kg", "lb": "lb", "°c": "°C", "°f": "°F", "c": "°C", "f": "°F",
}

// inlineTemplate renders the templates whose text shows in prose; every
// other template (listings, banners, infoboxes, maps) renders as nothing.
func inlineTemplate(t template, depth int) string {
	pos := func(i int) string {
		return inline(strings.TrimSpace(t.get(strconv.Itoa(i))), depth+1)
	}
	switch t.Name {
	case "lang", "lang-zh", "transl", "transliteration":
		if v := pos(2); v != "" {
			return v
		}
		return pos(1)
	case "nowrap", "nobr", "small", "big", "smallcaps", "kbd", "iata", "icao", "nowiki", "tooltip", "abbr", "sic", "'", "vertical-align":
		return pos(1)
	case "marker":
		return inline(t.get("name"), depth+1)
	case "cautionbox", "warningbox", "caution", "warning", "infobox", "quote", "blockquote", "警告", "注意":
		v := t.get("1")
		if v == "" {
			v = t.get("text")
		}
		if t.Name == "infobox" && t.get("2") != "" { // {{infobox|title|text}}
			v = t.get("1") + ": " + t.get("2")
		}
		if v = strings.TrimSpace(inline(v, depth+1)); v != "" {
			return "\n" + v + "\n"
		}
		return ""
	case "-":
		return "—"
	}
	if strings.HasPrefix(t.Name, "lang-") {
		return pos(1)
	}
	if u, ok := unitTemplates[t.Name]; ok {
		if v := pos(1); v != "" {
			return v + " " + u
		}
	}
	return ""
}

// finish does the line-level work of plainText on inline's output.
func finish(s string) string {
	if strings.Contains(s, "[") {
		s = extLinkRE.ReplaceAllString(s, "$1")
	}
	if strings.Contains(s, "__") {
		s = magicRE.ReplaceAllString(s, "")
	}
	if strings.Contains(s, "<") {
		s = brRE.ReplaceAllString(s, "\n")
	}
	if strings.Contains(s, "''") {
		s = quoteRE.ReplaceAllString(s, "")
	}
	var b strings.Builder
	b.Grow(len(s))
	blank := true // suppress leading blank lines
	pending := "" // a heading, written only if text follows it
	inTable := 0
	for line := range strings.SplitSeq(s, "\n") {
		t := strings.TrimSpace(line)
		if t != "" && strings.Trim(t, "*#:; ") == "" {
			continue // an empty list item, left by a removed listing
		}
		switch {
		case strings.HasPrefix(t, "{|"):
			inTable++
			continue
		case inTable > 0 && strings.HasPrefix(t, "|}"):
			inTable--
			continue
		case inTable > 0:
			continue
		}
		if level, h := headingLine(t); level > 0 {
			pending = strings.TrimSpace(html.UnescapeString(tagRE.ReplaceAllString(h, "")))
			continue
		}
		prefix := ""
		if n := len(t) - len(strings.TrimLeft(t, "*#:;")); n > 0 {
			if strings.ContainsAny(t[:n], "*#") {
				prefix = "- "
			}
			t = strings.TrimSpace(t[n:])
		}
		if strings.Contains(t, "<") {
			t = tagRE.ReplaceAllString(t, "")
		}
		if strings.Contains(t, "&") {
			t = html.UnescapeString(t)
		}
		t = strings.TrimSpace(spacesRE.ReplaceAllString(t, " "))
		if t == "" || t == "-" {
			if !blank {
				b.WriteByte('\n')
				blank = true
			}
			continue
		}
		if prefix == "" && isPunctuationOnly(t) {
			continue
		}
		if pending != "" {
			if !blank {
				b.WriteByte('\n')
			}
			b.WriteString(pending)
			b.WriteByte('\n')
			pending = ""
		}
		b.WriteString(prefix)
		b.WriteString(t)
		b.WriteByte('\n')
		blank = false
	}
	return strings.TrimSpace(b.String())
}

// isPunctuationOnly reports lines left over from removed listings, like
// "." or ", ,".
func isPunctuationOnly(s string) bool {
	for _, r := range s {
		if !strings.ContainsRune(".,;:-–—·•()（）。，、 ", r) {
			return false
		}
	}
	return true
}

// inlineText is plainText for a field value: one line, spaces collapsed.
func inlineText(s string) string {
	t := plainText(s)
	if strings.ContainsAny(t, "\n") {
		t = strings.Join(strings.Fields(t), " ")
	}
	return t
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// indexFold is strings.Index ignoring ASCII case of an ASCII needle.
func indexFold(s, needle string) int {
	n := len(needle)
	for i := 0; i+n <= len(s); i++ {
		if strings.EqualFold(s[i:i+n], needle) {
			return i
		}
	}
	return -1
}
