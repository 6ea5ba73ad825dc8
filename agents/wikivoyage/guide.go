package wikivoyage

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator"
)

// Limits on Guide's arguments and output.
const (
	MaxCityLength = 100 // characters
	MaxListings   = 400
	// MaxDisambiguationKM is how far from the caller's point an article
	// listed on a disambiguation page may lie and still be chosen.
	MaxDisambiguationKM = 150
)

// article is one fetched article.
type article struct {
	lang     string
	title    string
	revision int64
	wikitext string
}

// Guide returns the Wikivoyage guide to city in lang ("en" or "zh"; "" is
// "en"). city may be in any case ("chengdu"): titles are tried title-cased
// and as given, redirects are followed, and a city named in the other
// edition's script is found through its interlanguage link. A Chinese guide
// that does not exist falls back to the English one (Guide.Language says
// which). near, when not nil, picks among the articles of a disambiguation
// page. Huge cities' district articles (at most Options.MaxDistricts) add
// their listings, read one after the other.
//
// Errors are *orchestrator.UpstreamError: not_found naming city when no
// article exists, invalid_argument for a bad city or language, and the
// HTTP layer's typed errors otherwise. A district that fails is skipped.
func (c *Client) Guide(ctx context.Context, city, lang string, near *orchestrator.GeoPoint) (orchestrator.Guide, error) {
	city = strings.Join(strings.Fields(city), " ")
	lang = strings.ToLower(strings.TrimSpace(lang))
	if lang == "" {
		lang = "en"
	}
	switch {
	case city == "":
		return orchestrator.Guide{}, c.errorf(orchestrator.EINVALIDARG, "city is empty")
	case utf8.RuneCountInString(city) > MaxCityLength:
		return orchestrator.Guide{}, c.errorf(orchestrator.EINVALIDARG, fmt.Sprintf("city is longer than %d characters", MaxCityLength))
	case !slices.Contains(Languages, lang):
		return orchestrator.Guide{}, c.errorf(orchestrator.EINVALIDARG, fmt.Sprintf("language %q is not one of %s", lang, strings.Join(Languages, ", ")))
	}
	art, err := c.findArticle(ctx, city, lang, near)
	if isNotFound(err) && lang != "en" {
		art, err = c.findArticle(ctx, city, "en", near)
	}
	if isNotFound(err) {
		return orchestrator.Guide{}, c.errorf(orchestrator.ENOTFOUND, fmt.Sprintf("no Wikivoyage guide found for %q", city))
	}
	if err != nil {
		return orchestrator.Guide{}, err
	}
	g, districts := c.build(art)
	if art.lang == "zh" {
		if err := c.convertSections(ctx, art, &g); err != nil && ctx.Err() != nil {
			return orchestrator.Guide{}, err
		}
	}
	for _, d := range districts {
		if len(g.Listings) >= MaxListings {
			break
		}
		da, err := c.parse(ctx, art.lang, d)
		if err != nil {
			if ctx.Err() != nil {
				return orchestrator.Guide{}, err
			}
			var ue *orchestrator.UpstreamError
			if errors.As(err, &ue) && (ue.Type == orchestrator.ERATELIMITED || ue.Type == orchestrator.EUNAVAILABLE || ue.Type == orchestrator.ETIMEOUT) {
				break // do not press a struggling server for extras
			}
			continue
		}
		g.Articles = append(g.Articles, orchestrator.GuideArticle{Title: da.title, URL: ArticleURL(c.endpoints[da.lang], da.title), Revision: da.revision})
		_, sections := splitSections(clean(da.wikitext), inlineText)
		for _, s := range sections {
			for _, l := range ParseListings(s.Body, s.Name) {
				l.District = da.title
				g.Listings = append(g.Listings, l)
			}
		}
	}
	if len(g.Listings) > MaxListings {
		g.Listings = g.Listings[:MaxListings]
	}
	return g, nil
}

// build turns an article into a guide and returns the titles of the
// district articles to read.
func (c *Client) build(art *article) (orchestrator.Guide, []string) {
	text := clean(art.wikitext)
	lead, sections := splitSections(text, inlineText)
	u := ArticleURL(c.endpoints[art.lang], art.title)
	g := orchestrator.Guide{
		Title:    art.title,
		URL:      u,
		Language: art.lang,
		Location: geoOf(lead),
		Sections: guideSections(sections, prose),
		Listings: []orchestrator.Listing{},
		Articles: []orchestrator.GuideArticle{{Title: art.title, URL: u, Revision: art.revision}},
	}
	if g.Location == nil {
		g.Location = geoOf(text)
	}
	if g.Sections == nil {
		g.Sections = []orchestrator.GuideSection{}
	}
	g.Listings = append(g.Listings, ParseListings(lead, "")...)
	var districts []string
	for _, s := range sections {
		g.Listings = append(g.Listings, ParseListings(s.Body, s.Name)...)
		if s.Name == sectionDistricts && c.maxDistricts > 0 {
			districts = subpageLinks(s.Body, art.title, c.maxDistricts)
		}
	}
	return g, districts
}

// prose renders a section body without its listings.
func prose(body string) string { return plainText(stripListings(body)) }

var geoRE = regexp.MustCompile(`(?i)\{\{\s*(?:template:)?geo\s*\|`)

// geoOf returns the point of the first {{geo|lat|long}} in wikitext. Only
// the first few candidates are read, each within a short window, so the
// cost stays linear whatever the text.
func geoOf(wikitext string) *orchestrator.GeoPoint {
	for _, loc := range geoRE.FindAllStringIndex(wikitext, 5) {
		window := wikitext[loc[0]:min(len(wikitext), loc[0]+512)]
		nodes := scan(window)
		if len(nodes) == 0 || nodes[0].kind != templateNode {
			continue
		}
		t := parseTemplate(window[nodes[0].start:nodes[0].end])
		if t.Name == "geo" {
			return coordinates(t.get("1"), t.get("2"))
		}
	}
	return nil
}

var linkRE = regexp.MustCompile(`\[\[\s*([^\]\[|{}#]+?)\s*(?:#[^\]|]*)?(?:\|[^\]]*)?\]\]`)

// subpageLinks returns up to max distinct link targets in wikitext that are
// subpages of title ("Beijing/Dongcheng"), in order.
func subpageLinks(wikitext, title string, max int) []string {
	var out []string
	prefix := strings.ReplaceAll(title, "_", " ") + "/"
	for _, m := range linkRE.FindAllStringSubmatch(wikitext, -1) {
		t := strings.Join(strings.Fields(strings.ReplaceAll(m[1], "_", " ")), " ")
		if !strings.HasPrefix(t, prefix) || len(t) == len(prefix) || slices.Contains(out, t) {
			continue
		}
		out = append(out, t)
		if len(out) == max {
			break
		}
	}
	return out
}

// findArticle finds city's article in edition lang: each title candidate in
// turn, then the interlanguage link of the other edition's article when the
// name is written in that edition's script. A disambiguation page is
// resolved with near. The error is not_found when nothing exists.
func (c *Client) findArticle(ctx context.Context, city, lang string, near *orchestrator.GeoPoint) (*article, error) {
	art, err := c.firstOf(ctx, lang, titleCandidates(city, lang))
	if isNotFound(err) {
		other := "zh"
		if lang == "zh" {
			other = "en"
		}
		if script(city) == other {
			var title string
			title, err = c.langlink(ctx, other, titleCandidates(city, other), lang)
			if err == nil {
				art, err = c.parse(ctx, lang, title)
			}
		}
	}
	if err != nil {
		return nil, err
	}
	if isDisambiguation(art.wikitext) {
		return c.disambiguate(ctx, art, near)
	}
	return art, nil
}

// firstOf parses the first of titles that exists.
func (c *Client) firstOf(ctx context.Context, lang string, titles []string) (*article, error) {
	err := error(c.errorf(orchestrator.ENOTFOUND, "no title to try"))
	for _, t := range titles {
		var art *article
		art, err = c.parse(ctx, lang, t)
		if !isNotFound(err) {
			return art, err
		}
	}
	return nil, err
}

// script says which edition a name is written for: "zh" when it holds Han
// characters, else "en".
func script(s string) string {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return "zh"
		}
	}
	return "en"
}

// titleCandidates returns the titles to try for a city name, best first:
// title case ("new york city" → "New York City", "rio de janeiro" → "Rio de
// Janeiro"), then as given (MediaWiki capitalizes the first letter itself).
// A Chinese name ending in 市 is also tried without it.
func titleCandidates(city, lang string) []string {
	var out []string
	add := func(t string) {
		if t != "" && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	if script(city) == "zh" {
		add(city)
		if lang == "zh" {
			add(strings.TrimSuffix(city, "市"))
		}
		return out
	}
	add(titleCase(city))
	add(upperFirst(city))
	return out
}

// lowerWords stay lower-case inside titles.
var lowerWords = map[string]bool{
	"de": true, "da": true, "do": true, "dos": true, "das": true, "del": true, "della": true, "di": true, "du": true,
	"la": true, "le": true, "les": true, "of": true, "the": true, "and": true, "on": true, "upon": true, "am": true,
	"im": true, "an": true, "der": true, "van": true, "von": true, "y": true, "en": true, "sur": true, "al": true,
}

func titleCase(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		parts := strings.Split(w, "-")
		for j, p := range parts {
			if (i > 0 || j > 0) && lowerWords[strings.ToLower(p)] {
				continue
			}
			parts[j] = upperFirst(p)
		}
		words[i] = strings.Join(parts, "-")
	}
	return strings.Join(words, " ")
}

func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// parseResponse is action=parse's answer with formatversion=2; with
// formatversion=1 wikitext is wrapped as {"*": "..."}.
type parseResponse struct {
	Parse *struct {
		Title     string          `json:"title"`
		PageID    int64           `json:"pageid"`
		RevID     int64           `json:"revid"`
		Wikitext  json.RawMessage `json:"wikitext"`
		Redirects []struct {
			From string `json:"from"`
			To   string `json:"to"`
		} `json:"redirects"`
	} `json:"parse"`
}

// parse fetches the wikitext of title (redirects followed) from edition
// lang: action=parse&prop=wikitext|revid.
func (c *Client) parse(ctx context.Context, lang, title string) (*article, error) {
	q := url.Values{
		"action":    {"parse"},
		"page":      {title},
		"prop":      {"wikitext|revid"},
		"redirects": {"1"},
	}
	var r parseResponse
	if err := c.call(ctx, lang, q, &r); err != nil {
		return nil, err
	}
	if r.Parse == nil || r.Parse.Title == "" {
		return nil, badResponse("parse response without parse.title")
	}
	text, err := wikitextOf(r.Parse.Wikitext)
	if err != nil {
		return nil, err
	}
	return &article{lang: lang, title: r.Parse.Title, revision: max(r.Parse.RevID, 0), wikitext: text}, nil
}

func wikitextOf(raw json.RawMessage) (string, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return s, nil
	}
	var fv1 struct {
		Star *string `json:"*"`
	}
	if err := json.Unmarshal(raw, &fv1); err == nil && fv1.Star != nil {
		return *fv1.Star, nil
	}
	return "", badResponse("parse response without wikitext")
}

// queryResponse is action=query's answer with formatversion=2.
type queryResponse struct {
	Query *struct {
		Pages []queryPage `json:"pages"`
	} `json:"query"`
}

type queryPage struct {
	Title     string `json:"title"`
	Missing   bool   `json:"missing"`
	Invalid   bool   `json:"invalid"`
	Extract   string `json:"extract"`
	Langlinks []struct {
		Lang  string `json:"lang"`
		Title string `json:"title"`
	} `json:"langlinks"`
	Coordinates []struct {
		Lat     float64 `json:"lat"`
		Lon     float64 `json:"lon"`
		Primary bool    `json:"primary"`
	} `json:"coordinates"`
}

// langlink returns the title in edition to of the first of titles that
// exists in edition from and links there.
func (c *Client) langlink(ctx context.Context, from string, titles []string, to string) (string, error) {
	q := url.Values{
		"action":    {"query"},
		"titles":    {strings.Join(titles, "|")},
		"prop":      {"langlinks"},
		"lllang":    {to},
		"redirects": {"1"},
	}
	var r queryResponse
	if err := c.call(ctx, from, q, &r); err != nil {
		return "", err
	}
	if r.Query == nil {
		return "", badResponse("query response without query")
	}
	for _, p := range r.Query.Pages {
		if p.Missing || p.Invalid {
			continue
		}
		for _, ll := range p.Langlinks {
			if ll.Lang == to && strings.TrimSpace(ll.Title) != "" {
				return ll.Title, nil
			}
		}
	}
	return "", c.errorf(orchestrator.ENOTFOUND, "no interlanguage link")
}

// convertSections replaces a Chinese guide's section texts by the
// simplified-Chinese (zh-cn) plain text of TextExtracts, which converts
// variants as the wiki shows them; the wikitext's own text, mixed
// simplified and traditional, stays where extracts fail.
func (c *Client) convertSections(ctx context.Context, art *article, g *orchestrator.Guide) error {
	q := url.Values{
		"action":          {"query"},
		"titles":          {art.title},
		"prop":            {"extracts"},
		"explaintext":     {"1"},
		"exsectionformat": {"wiki"},
		"redirects":       {"1"},
		"variant":         {"zh-cn"},
	}
	var r queryResponse
	if err := c.call(ctx, art.lang, q, &r); err != nil {
		return err
	}
	if r.Query == nil || len(r.Query.Pages) == 0 || r.Query.Pages[0].Extract == "" {
		return badResponse("no extract for %q", art.title)
	}
	_, sections := splitSections(r.Query.Pages[0].Extract, strings.TrimSpace)
	if converted := guideSections(sections, extractText); len(converted) > 0 {
		g.Sections = converted
	}
	return nil
}

var disambRE = regexp.MustCompile(`(?i)\{\{\s*(?:template:)?(?:disamb|disambig|disambiguation|dab|消歧义|消歧義|消除歧义|消除歧義)\s*(?:\||\}\})`)

func isDisambiguation(wikitext string) bool { return disambRE.MatchString(wikitext) }

// disambiguate picks, among the articles a disambiguation page lists (at
// most 20), the one nearest to near within MaxDisambiguationKM, from their
// coordinates (prop=coordinates, one request).
func (c *Client) disambiguate(ctx context.Context, page *article, near *orchestrator.GeoPoint) (*article, error) {
	if near == nil {
		return nil, c.errorf(orchestrator.ENOTFOUND, fmt.Sprintf("%q is ambiguous", page.title))
	}
	// Each entry is a list item whose first link is the article meant;
	// later links on the line (regions, countries) only describe it.
	var titles []string
	for line := range strings.SplitSeq(clean(page.wikitext), "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "*") && !strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		m := linkRE.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		t := strings.Join(strings.Fields(strings.ReplaceAll(m[1], "_", " ")), " ")
		if ns, _, ok := strings.Cut(t, ":"); ok && hiddenNamespace(ns) || t == page.title || slices.Contains(titles, t) {
			continue
		}
		titles = append(titles, t)
		if len(titles) == 20 {
			break
		}
	}
	if len(titles) == 0 {
		return nil, c.errorf(orchestrator.ENOTFOUND, fmt.Sprintf("%q is ambiguous", page.title))
	}
	q := url.Values{
		"action":    {"query"},
		"titles":    {strings.Join(titles, "|")},
		"prop":      {"coordinates"},
		"redirects": {"1"},
	}
	var r queryResponse
	if err := c.call(ctx, page.lang, q, &r); err != nil {
		return nil, err
	}
	best, bestKM := "", float64(MaxDisambiguationKM)
	if r.Query != nil {
		for _, p := range r.Query.Pages {
			for _, co := range p.Coordinates {
				km := near.DistanceKM(orchestrator.GeoPoint{Lat: co.Lat, Lon: co.Lon})
				if km < bestKM || km == bestKM && best != "" && p.Title < best {
					best, bestKM = p.Title, km
				}
			}
		}
	}
	if best == "" {
		return nil, c.errorf(orchestrator.ENOTFOUND, fmt.Sprintf("%q is ambiguous and none of its articles lies near %.4f,%.4f", page.title, near.Lat, near.Lon))
	}
	art, err := c.parse(ctx, page.lang, best)
	if err != nil {
		return nil, err
	}
	if isDisambiguation(art.wikitext) {
		return nil, c.errorf(orchestrator.ENOTFOUND, fmt.Sprintf("%q is ambiguous", page.title))
	}
	return art, nil
}

func isNotFound(err error) bool {
	var ue *orchestrator.UpstreamError
	return errors.As(err, &ue) && ue.Type == orchestrator.ENOTFOUND
}

func (c *Client) errorf(typ, msg string) *orchestrator.UpstreamError {
	return &orchestrator.UpstreamError{Type: typ, Message: msg, Provider: Provider}
}
