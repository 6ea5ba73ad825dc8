package browser

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/url"
	"regexp"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator"
)

// Price bases of items: what one Price covers.
const (
	BasisPerNight  = "per_night"  // one room, one night
	BasisPerPerson = "per_person" // one traveller
	BasisAsListed  = "as_listed"  // as the site shows it
)

// Request limits.
const (
	DefaultItems   = 50
	MaxItems       = 500
	MaxNights      = 60
	MaxTravellers  = 50
	maxParamLength = 100
	maxNameLength  = 200
)

// ScrapeRequest asks for prices: from one recipe, or from every enabled
// recipe of a kind, merged.
type ScrapeRequest struct {
	// Recipe is a recipe ID; empty means every enabled recipe of Kind.
	Recipe string
	// Kind is RecipeHotels or RecipeTransport.
	Kind string
	// Currency is the ISO 4217 code of the figures; default the
	// recipes' currency.
	Currency string
	// Limit caps the items returned (the distribution keeps them all);
	// default 50, at most 500.
	Limit int
	// Params fill the recipes' URL templates and drive normalisation:
	// city, checkin, checkout, nights, guests ("2+1": adults+children),
	// adults, children, room_type, from, to, date, exclude (transport modes,
	// comma-separated), latitude, longitude, and any other string.
	Params map[string]string
}

// Item is one priced offer.
type Item struct {
	// Recipe is the ID of the recipe that read it.
	Recipe string `json:"recipe"`
	// Name is plain text (never HTML): the hotel, or the train or route.
	Name string `json:"name"`
	// Price is normalised as Basis says, in the result's currency unless
	// Unconverted.
	Price orchestrator.Money `json:"price"`
	// Listed is the price as the site shows it, in its own currency.
	Listed orchestrator.Money `json:"listed_price"`
	Basis  string             `json:"basis"`
	// Unconverted is set when Price stays in the site's currency because
	// no rate was available; such items are left out of the figures.
	Unconverted bool    `json:"unconverted,omitempty"`
	Rating      float64 `json:"rating,omitempty"`
	Reviews     int     `json:"reviews,omitempty"`
	// URL is the offer's link, http(s) only.
	URL  string `json:"url,omitempty"`
	Room string `json:"room,omitempty"`
	Area string `json:"area,omitempty"`
	// Transport: Mode is one of orchestrator.TransportModes; Depart and
	// Arrive are "HH:MM".
	Mode            string `json:"mode,omitempty"`
	Number          string `json:"number,omitempty"`
	From            string `json:"from,omitempty"`
	To              string `json:"to,omitempty"`
	Depart          string `json:"depart,omitempty"`
	Arrive          string `json:"arrive,omitempty"`
	ArriveDayOffset int    `json:"arrive_day_offset,omitempty"`
	DurationMinutes int    `json:"duration_minutes,omitempty"`
	// SourceURL is the page the item was read from, FetchedAt when.
	SourceURL string    `json:"source_url"`
	FetchedAt time.Time `json:"fetched_at"`
}

// RecipeRun reports what one recipe did.
type RecipeRun struct {
	Recipe string `json:"recipe"`
	Site   string `json:"site"`
	// Pages fetched and items read (before the result's limit).
	Pages int `json:"pages"`
	Items int `json:"items"`
	// Dropped counts items without a name or a readable price.
	Dropped int `json:"dropped,omitempty"`
	// Refused counts the page's requests refused by the safety rules (a
	// CDN missing from the recipe's hosts shows here).
	Refused   int                         `json:"refused_requests,omitempty"`
	URLs      []string                    `json:"urls,omitempty"`
	FetchedAt *time.Time                  `json:"fetched_at,omitempty"`
	Error     *orchestrator.UpstreamError `json:"error,omitempty"`
}

// FXRate is a conversion applied to prices.
type FXRate struct {
	From string    `json:"from"`
	To   string    `json:"to"`
	Rate float64   `json:"rate"`
	AsOf time.Time `json:"as_of"`
}

// ScrapeResult is the scrape_prices result.
type ScrapeResult struct {
	Kind string `json:"kind"`
	// Currency of Economy, Mid, Comfort, Distribution and converted items.
	Currency string `json:"currency"`
	// Basis of the figures: per_night for hotels, per_person for transport.
	Basis string `json:"basis"`
	// Items are sorted by price, then name; at most the request's limit.
	Items []Item `json:"items"`
	// Count is the number of priced items found (before the limit).
	Count int `json:"count"`
	// Distribution is every figure-bearing price in cents, ascending.
	Distribution []int64 `json:"distribution"`
	// Economy, Mid and Comfort are the 25th percentile, the median and the
	// 75th percentile of Distribution; absent when it is empty (every
	// price unconverted or not normalisable).
	Economy *orchestrator.Money `json:"economy,omitempty"`
	Mid     *orchestrator.Money `json:"mid,omitempty"`
	Comfort *orchestrator.Money `json:"comfort,omitempty"`
	// Recipes reports each recipe run, by ID.
	Recipes    []RecipeRun             `json:"recipes"`
	FX         []FXRate                `json:"fx,omitempty"`
	Notes      []string                `json:"notes,omitempty"`
	Provenance orchestrator.Provenance `json:"provenance"`
}

// query is a validated, normalised ScrapeRequest.
type query struct {
	kind     string
	currency string
	limit    int
	params   map[string]string
	nights   int // 0: unknown
	people   int
	guessed  bool // people defaulted to 1
	exclude  map[string]bool
}

var (
	dateRE   = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)
	guestsRE = regexp.MustCompile(`^(\d{1,2})(?:\+(\d{1,2}))?$`)
	aliases  = map[string]string{"origin": "from", "destination": "to", "check_in": "checkin", "check_out": "checkout"}
)

func invalidf(format string, args ...any) *orchestrator.UpstreamError {
	return &orchestrator.UpstreamError{Type: orchestrator.EINVALIDARG, Message: fmt.Sprintf(format, args...), Provider: Provider}
}

// normalise validates req and fills derived parameters (adults, children,
// nights, checkout).
func normalise(req ScrapeRequest) (*query, error) {
	q := &query{kind: strings.ToLower(strings.TrimSpace(req.Kind)), currency: strings.ToUpper(strings.TrimSpace(req.Currency)),
		limit: req.Limit, params: map[string]string{}, exclude: map[string]bool{}}
	if q.currency != "" && !currencyRE.MatchString(q.currency) {
		return nil, invalidf("currency %q is not an ISO 4217 code", req.Currency)
	}
	switch {
	case q.limit == 0:
		q.limit = DefaultItems
	case q.limit < 0 || q.limit > MaxItems:
		return nil, invalidf("limit must be 1-%d", MaxItems)
	}
	if q.kind != "" && q.kind != RecipeHotels && q.kind != RecipeTransport {
		return nil, invalidf("kind must be %q or %q", RecipeHotels, RecipeTransport)
	}
	keys := make([]string, 0, len(req.Params))
	for k := range req.Params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := strings.TrimSpace(req.Params[k])
		key := strings.ToLower(strings.TrimSpace(k))
		if a, ok := aliases[key]; ok {
			key = a
		}
		if v == "" {
			continue
		}
		if utf8.RuneCountInString(v) > maxParamLength || strings.ContainsFunc(v, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
			return nil, invalidf("%s must be at most %d characters of text", key, maxParamLength)
		}
		if _, set := q.params[key]; !set {
			q.params[key] = v
		}
	}
	p := q.params
	for _, k := range []string{"checkin", "checkout", "date"} {
		if v, ok := p[k]; ok {
			if _, err := time.Parse(orchestrator.DateLayout, v); err != nil || !dateRE.MatchString(v) {
				return nil, invalidf("%s %q is not a YYYY-MM-DD date", k, v)
			}
		}
	}
	if v, ok := p["nights"]; ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > MaxNights {
			return nil, invalidf("nights must be 1-%d", MaxNights)
		}
		q.nights = n
	}
	if ci, co := p["checkin"], p["checkout"]; ci != "" && co != "" {
		a, _ := time.Parse(orchestrator.DateLayout, ci)
		b, _ := time.Parse(orchestrator.DateLayout, co)
		n := int(b.Sub(a).Hours() / 24)
		if n < 1 || n > MaxNights {
			return nil, invalidf("checkout must be 1-%d nights after checkin", MaxNights)
		}
		if q.nights != 0 && q.nights != n {
			return nil, invalidf("nights (%d) disagrees with checkin and checkout (%d)", q.nights, n)
		}
		q.nights = n
	} else if ci != "" && q.nights > 0 {
		a, _ := time.Parse(orchestrator.DateLayout, ci)
		p["checkout"] = a.AddDate(0, 0, q.nights).Format(orchestrator.DateLayout)
	}
	if q.nights > 0 {
		p["nights"] = strconv.Itoa(q.nights)
	}
	adults, children := -1, 0
	if g, ok := p["guests"]; ok {
		m := guestsRE.FindStringSubmatch(g)
		if m == nil {
			return nil, invalidf("guests must be adults+children, e.g. 2+1")
		}
		adults, _ = strconv.Atoi(m[1])
		if m[2] != "" {
			children, _ = strconv.Atoi(m[2])
		}
	}
	for _, k := range []string{"adults", "children"} {
		v, ok := p[k]
		if !ok {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > MaxTravellers {
			return nil, invalidf("%s must be 0-%d", k, MaxTravellers)
		}
		if k == "adults" {
			adults = n
		} else {
			children = n
		}
	}
	if adults < 0 {
		adults, q.guessed = 1, true
	}
	if adults+children < 1 || adults+children > MaxTravellers {
		return nil, invalidf("travellers must be 1-%d", MaxTravellers)
	}
	p["adults"], p["children"] = strconv.Itoa(adults), strconv.Itoa(children)
	p["guests"] = p["adults"] + "+" + p["children"]
	q.people = adults + children
	if ex, ok := p["exclude"]; ok {
		for _, m := range strings.Split(ex, ",") {
			if m = strings.ToLower(strings.TrimSpace(m)); m != "" {
				q.exclude[m] = true
			}
		}
	}
	return q, nil
}

// Scrape runs one recipe, or every enabled recipe of a kind in parallel, and
// merges their items. A recipe that fails leaves an error in its RecipeRun;
// Scrape fails only when no recipe produced an item. Errors are
// *orchestrator.UpstreamError with errorType blocked, timeout, unavailable,
// invalid_argument, bad_response or not_found.
func (a *Agent) Scrape(ctx context.Context, req ScrapeRequest) (*ScrapeResult, error) {
	q, err := normalise(req)
	if err != nil {
		return nil, err
	}
	var recipes []*Recipe
	if id := strings.TrimSpace(req.Recipe); id != "" {
		r, ok := a.recipes[id]
		if !ok {
			return nil, &orchestrator.UpstreamError{Type: orchestrator.ENOTFOUND, Message: fmt.Sprintf("no recipe %q", id), Provider: Provider}
		}
		if q.kind != "" && q.kind != r.Kind {
			return nil, invalidf("recipe %s is for %s, not %s", r.ID, r.Kind, q.kind)
		}
		q.kind = r.Kind
		recipes = []*Recipe{r}
	} else {
		if q.kind == "" {
			return nil, invalidf("give a recipe or a kind (hotels or transport)")
		}
		for _, r := range a.ordered {
			if r.Kind == q.kind && !r.Disabled {
				recipes = append(recipes, r)
			}
		}
		if len(recipes) == 0 {
			return nil, &orchestrator.UpstreamError{Type: orchestrator.ENOTFOUND, Message: fmt.Sprintf("no recipe for %s", q.kind), Provider: Provider}
		}
	}

	runs := make([]RecipeRun, len(recipes))
	items := make([][]Item, len(recipes))
	var wg sync.WaitGroup
	for i, r := range recipes {
		runs[i] = RecipeRun{Recipe: r.ID, Site: r.Site}
		if q.kind == RecipeTransport && len(r.Modes) > 0 && !slices.ContainsFunc(r.Modes, func(m string) bool { return !q.exclude[m] }) {
			runs[i].Error = &orchestrator.UpstreamError{Type: orchestrator.ENOTFOUND, Message: "every mode of the recipe is excluded", Provider: Provider}
			continue
		}
		wg.Go(func() {
			defer func() { // a bug in one recipe run must not take the process down
				if p := recover(); p != nil {
					a.logger.Error("recipe run panicked", "recipe", r.ID, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
					items[i] = nil
					runs[i].Error = &orchestrator.UpstreamError{Type: orchestrator.EINTERNAL, Message: "internal error", Provider: Provider}
				}
			}()
			items[i], runs[i] = a.runRecipe(ctx, r, q)
		})
	}
	wg.Wait()
	return a.merge(ctx, q, recipes, runs, items)
}

// runRecipe fetches a recipe's pages on one tab and reads their items.
func (a *Agent) runRecipe(ctx context.Context, r *Recipe, q *query) ([]Item, RecipeRun) {
	run := RecipeRun{Recipe: r.ID, Site: r.Site}
	items, err := a.recipePages(ctx, r, q, &run)
	if err != nil {
		var ue *orchestrator.UpstreamError
		if !errors.As(err, &ue) {
			ue = &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: err.Error(), Provider: Provider}
		}
		run.Error = ue
		return nil, run
	}
	run.Items = len(items)
	return items, run
}

func (a *Agent) recipePages(ctx context.Context, r *Recipe, q *query, run *RecipeRun) ([]Item, error) {
	start, err := r.buildURL(q.params)
	if err != nil {
		var nc *errNotCovered
		if errors.As(err, &nc) {
			return nil, &orchestrator.UpstreamError{Type: orchestrator.ENOTFOUND, Message: nc.msg, Provider: Provider}
		}
		return nil, err
	}
	guard := a.allow.with(r.hostPatterns()...).guard()
	// Refuse before touching the browser: a forbidden URL needs no tab.
	if err := guard.check(ctx, start); err != nil {
		return nil, err
	}
	markers := append(append([]string{}, blockMarkers...), lower(r.Block.Markers)...)
	captcha := append(append([]string{}, captchaSelectors...), r.Block.Selectors...)
	spec := probeSpec{Wait: r.Wait.Selector, Empty: r.Wait.Empty, Captcha: captcha, Markers: markers}

	var out []Item
	run.Refused, err = a.withTab(ctx, guard, perMinute(r.Politeness.RequestsPerMinute), func(d *driver) error {
		seen := map[string]bool{}
		next := start
		var sig string
		for pageNo := 1; ; pageNo++ {
			if next != "" {
				sig = ""
				if err := d.navigate(next); err != nil {
					return err
				}
				run.URLs = append(run.URLs, next)
			}
			p, err := d.waitUntil(spec, func(p probe) bool { return (p.N > 0 && p.Sig != sig) || p.Empty })
			if err != nil {
				return err
			}
			loc, err := d.checkFinal(p)
			if err != nil {
				return err
			}
			if next == "" {
				run.URLs = append(run.URLs, loc)
			}
			run.Pages = pageNo
			if p.N == 0 {
				if pageNo == 1 {
					return &orchestrator.UpstreamError{Type: orchestrator.ENOTFOUND, Message: "the site has no results", Provider: Provider}
				}
				return nil
			}
			sig = p.Sig
			raws, err := evalJS[[]map[string]string](d.ctx, itemsJS, r.itemSpec())
			if err != nil {
				return d.fail(d.ctx, err)
			}
			at := a.cfg.Now().UTC()
			if run.FetchedAt == nil {
				run.FetchedAt = &at
			}
			for _, raw := range raws {
				it, ok := r.toItem(raw, q, loc, at)
				if !ok {
					run.Dropped++
					continue
				}
				key := it.Name + "\x00" + it.Depart + "\x00" + it.Number + "\x00" + strconv.FormatInt(it.Listed.Cents, 10)
				if seen[key] {
					continue
				}
				seen[key] = true
				if q.kind == RecipeTransport && it.Mode != "" && q.exclude[it.Mode] {
					continue
				}
				out = append(out, it)
			}
			if len(out) >= r.Limit || r.Next == nil || pageNo >= r.Next.MaxPages {
				return nil
			}
			nx, err := evalJS[nextLink](d.ctx, nextJS, r.Next.Selector)
			if err != nil || !nx.Found {
				return nil
			}
			if nx.Href != "" {
				next = nx.Href
				continue
			}
			next = ""
			if _, err := evalJS[bool](d.ctx, clickJS, r.Next.Selector); err != nil {
				return d.fail(d.ctx, err)
			}
		}
	})
	if err != nil {
		return nil, err
	}
	if len(out) > r.Limit {
		out = out[:r.Limit]
	}
	if len(out) == 0 {
		return nil, &orchestrator.UpstreamError{Type: orchestrator.ENOTFOUND, Message: "no item had a name and a readable price", Provider: Provider}
	}
	return out, nil
}

// withTab runs fn on a pooled tab within one page run of at most
// PageTimeout, navigations spaced by interval per host. The tab goes back
// to the pool unless the run timed out, was aborted or lost the browser:
// a block page or a missing result leaves a usable tab, a hung or crashed
// one is replaced.
// It returns how many requests the safety rules refused.
func (a *Agent) withTab(ctx context.Context, guard *pageGuard, interval time.Duration, fn func(*driver) error) (int, error) {
	t, err := a.pool.acquire(ctx)
	if err != nil {
		return 0, err
	}
	pctx, end := t.begin(ctx, a.pool.closing, a.cfg.PageTimeout, guard, a.blockTypes)
	released := false
	defer func() {
		if !released { // fn panicked: give the tab back (closed) before the panic goes on
			end()
			a.pool.release(t, false)
		}
	}()
	d := &driver{t: t, guard: guard, ctx: pctx, navTimeout: a.cfg.NavTimeout, limiter: a.limiter, interval: interval}
	err = fn(d)
	reusable := pctx.Err() == nil && t.alive()
	var ue *orchestrator.UpstreamError
	if err != nil && (!errors.As(err, &ue) || ue.Type == orchestrator.ETIMEOUT || ue.Type == orchestrator.EUNAVAILABLE) {
		reusable = false
	}
	r := end()
	released = true
	a.pool.release(t, reusable)
	return r.refused, err
}

func lower(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = strings.ToLower(s)
	}
	return out
}

// itemSpec is the input of itemsJS.
func (r *Recipe) itemSpec() map[string]any {
	return map[string]any{"items": r.Items, "limit": r.Limit, "fields": r.Fields.byName()}
}

// itemsJS reads the fields of every item as plain text: rendered text
// (innerText, so hidden text is skipped) or an attribute, href and src
// resolved to absolute URLs.
const itemsJS = `(function (s) {
  const txt = (el) => (el.innerText !== undefined && el.innerText !== "" ? el.innerText : (el.textContent || ""));
  let nodes;
  try { nodes = Array.from(document.querySelectorAll(s.items)).slice(0, s.limit); } catch (e) { return []; }
  return nodes.map((n) => {
    const o = {};
    for (const [k, f] of Object.entries(s.fields)) {
      let el = n;
      if (f.selector) { try { el = n.querySelector(f.selector); } catch (e) { el = null; } }
      if (!el) { o[k] = ""; continue; }
      let v;
      if (f.attr === "href" || f.attr === "src") v = el[f.attr] || el.getAttribute(f.attr) || "";
      else if (f.attr) v = el.getAttribute(f.attr) || "";
      else v = txt(el);
      o[k] = String(v).slice(0, 2000);
    }
    return o;
  });
})`

type nextLink struct {
	Found bool   `json:"found"`
	Href  string `json:"href"`
}

// nextJS finds the "next page" element: its link when it is (or sits in)
// an http(s) link, nothing when it is missing or disabled.
const nextJS = `(function (sel) {
  let el;
  try { el = document.querySelector(sel); } catch (e) { return {found: false}; }
  if (!el || el.disabled || el.getAttribute("aria-disabled") === "true" || el.classList.contains("disabled")) return {found: false};
  const a = el.closest("a[href]");
  const href = a ? a.href : "";
  if (href && /^https?:/i.test(href) && href.split("#")[0] !== location.href.split("#")[0]) return {found: true, href: href};
  return {found: true, href: ""};
})`

const clickJS = `(function (sel) { const el = document.querySelector(sel); if (el) el.click(); return !!el; })`

// toItem turns the raw fields of one item into an Item; false when it has
// no name or no readable price.
func (r *Recipe) toItem(raw map[string]string, q *query, pageURL string, at time.Time) (Item, bool) {
	it := Item{Recipe: r.ID, Name: cleanText(raw["name"], maxNameLength), SourceURL: pageURL, FetchedAt: at}
	if it.Name == "" {
		return it, false
	}
	cents, cur, err := parsePrice(raw["price"], r.Price)
	if err != nil || cents <= 0 {
		return it, false
	}
	if c := strings.TrimSpace(raw["currency"]); c != "" {
		cur = detectCurrency(c, cur)
	}
	it.Listed = orchestrator.Money{Cents: cents, Currency: cur}
	it.Price = it.Listed
	it.Basis = BasisAsListed
	switch r.Price.Unit {
	case UnitNight:
		it.Basis = BasisPerNight
	case UnitStay:
		if q.nights > 0 {
			it.Price.Cents = divRound(cents, int64(q.nights))
			it.Basis = BasisPerNight
		}
	case UnitPerson:
		it.Basis = BasisPerPerson
	case UnitGroup:
		it.Price.Cents = divRound(cents, int64(q.people))
		it.Basis = BasisPerPerson
	}
	it.Rating = parseRating(raw["rating"], r.Fields.Rating.Scale)
	it.Reviews = parseCount(raw["reviews"])
	if u := strings.TrimSpace(raw["url"]); u != "" {
		if pu, err := url.Parse(u); err == nil && (pu.Scheme == "http" || pu.Scheme == "https") && pu.Host != "" && pu.User == nil {
			it.URL = pu.String()
		}
	}
	it.Room = cleanText(raw["room"], maxNameLength)
	it.Area = cleanText(raw["area"], maxNameLength)
	if r.Kind == RecipeTransport {
		it.Number = cleanText(raw["number"], 40)
		it.From = cleanText(raw["from"], maxNameLength)
		it.To = cleanText(raw["to"], maxNameLength)
		it.Mode = parseMode(raw["mode"])
		if it.Mode == "" {
			it.Mode = parseMode(it.Number)
		}
		if it.Mode == "" && len(r.Modes) > 0 {
			it.Mode = r.Modes[0]
		}
		it.Depart, _ = parseClock(raw["depart"])
		var days int
		it.Arrive, days = parseClock(raw["arrive"])
		it.DurationMinutes = parseDuration(raw["duration"])
		if it.Depart != "" && it.Arrive != "" {
			dep := atoi(it.Depart[:2])*60 + atoi(it.Depart[3:])
			arr := atoi(it.Arrive[:2])*60 + atoi(it.Arrive[3:])
			if days == 0 && arr < dep {
				days = 1 // an overnight arrival shown without "+1"
			}
			it.ArriveDayOffset = days
			if it.DurationMinutes == 0 {
				it.DurationMinutes = arr + days*24*60 - dep
			}
		}
	}
	return it, true
}

// merge converts, sorts and summarises the items of every run.
func (a *Agent) merge(ctx context.Context, q *query, recipes []*Recipe, runs []RecipeRun, items [][]Item) (*ScrapeResult, error) {
	res := &ScrapeResult{Kind: q.kind, Recipes: runs, Items: []Item{}, Distribution: []int64{}}
	res.Basis = BasisPerNight
	if q.kind == RecipeTransport {
		res.Basis = BasisPerPerson
	}
	var all []Item
	var sources []string
	var names []string
	var fetched time.Time
	ttl := time.Duration(math.MaxInt64)
	var attrURL string
	for i, r := range recipes {
		if len(items[i]) == 0 {
			continue
		}
		all = append(all, items[i]...)
		sources = append(sources, Provider+":"+r.ID)
		names = append(names, r.attributionText())
		if attrURL == "" {
			attrURL = r.Site
		}
		if at := runs[i].FetchedAt; at != nil && (fetched.IsZero() || at.Before(fetched)) {
			fetched = *at
		}
		ttl = min(ttl, time.Duration(r.TTL))
	}
	if len(all) == 0 {
		return nil, pickError(runs)
	}
	res.Currency = q.currency
	if res.Currency == "" {
		res.Currency = all[0].Listed.Currency // the first recipe's, by ID
	}
	rates := map[string]*FXRate{}
	failed := map[string]bool{}
	for i := range all {
		it := &all[i]
		if it.Price.Currency == res.Currency {
			continue
		}
		from := it.Price.Currency
		fx, ok := rates[from]
		if !ok && !failed[from] && a.cfg.FX != nil {
			rate, asOf, err := a.cfg.FX.Rate(ctx, from, res.Currency)
			if err == nil && rate > 0 && !math.IsInf(rate, 0) {
				fx = &FXRate{From: from, To: res.Currency, Rate: rate, AsOf: asOf.UTC()}
				rates[from] = fx
				ok = true
			} else {
				a.logger.Warn("no exchange rate", "from", from, "to", res.Currency, "error", err)
			}
		}
		if !ok {
			failed[from] = true
			it.Unconverted = true
			continue
		}
		it.Price = orchestrator.Money{Cents: int64(math.Round(float64(it.Price.Cents) * fx.Rate)), Currency: res.Currency}
	}
	for _, from := range sortedKeys(rates) {
		res.FX = append(res.FX, *rates[from])
	}
	for _, from := range sortedKeys(failed) {
		res.Notes = append(res.Notes, fmt.Sprintf("prices in %s are not converted to %s (no exchange rate) and are left out of the figures", from, res.Currency))
	}
	sort.SliceStable(all, func(i, j int) bool {
		a, b := all[i], all[j]
		if a.Unconverted != b.Unconverted {
			return !a.Unconverted
		}
		if a.Price.Cents != b.Price.Cents {
			return a.Price.Cents < b.Price.Cents
		}
		if a.Name != b.Name {
			return a.Name < b.Name
		}
		if a.Depart != b.Depart {
			return a.Depart < b.Depart
		}
		return a.Recipe < b.Recipe
	})
	listed := 0
	for _, it := range all {
		switch {
		case it.Unconverted:
		case it.Basis != res.Basis:
			listed++
		default:
			res.Distribution = append(res.Distribution, it.Price.Cents)
		}
	}
	if listed > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("%d prices could not be normalised %s and are left out of the figures", listed, strings.ReplaceAll(res.Basis, "_", " ")))
	}
	if q.guessed {
		res.Notes = append(res.Notes, "no guests given: one adult assumed")
	}
	for _, run := range runs {
		if run.Error != nil {
			res.Notes = append(res.Notes, fmt.Sprintf("recipe %s: %s: %s", run.Recipe, run.Error.Type, run.Error.Message))
		}
	}
	sort.Slice(res.Distribution, func(i, j int) bool { return res.Distribution[i] < res.Distribution[j] })
	res.Count = len(all)
	if len(all) > q.limit {
		all = all[:q.limit]
	}
	res.Items = all
	if len(res.Distribution) > 0 {
		res.Economy = &orchestrator.Money{Cents: percentile(res.Distribution, 0.25), Currency: res.Currency}
		res.Mid = &orchestrator.Money{Cents: percentile(res.Distribution, 0.5), Currency: res.Currency}
		res.Comfort = &orchestrator.Money{Cents: percentile(res.Distribution, 0.75), Currency: res.Currency}
	} else {
		res.Notes = append(res.Notes, "no price could enter the figures")
	}
	res.Provenance = provenance(sources, fetched, ttl, &orchestrator.Attribution{Text: "Prices from " + strings.Join(names, ", "), URL: attrURL})
	return res, nil
}

func (r *Recipe) attributionText() string {
	if r.Attribution != "" {
		return r.Attribution
	}
	return r.Name
}

// pickError chooses the error to report when no recipe produced items: the
// first retryable one (a retry may help), else the first that is not
// not_found, else not_found.
func pickError(runs []RecipeRun) error {
	var first, notFound *orchestrator.UpstreamError
	var msgs []string
	for _, r := range runs {
		e := r.Error
		if e == nil {
			continue
		}
		if len(runs) > 1 {
			msgs = append(msgs, r.Recipe+": "+e.Message)
		}
		if e.Retryable {
			return withRecipe(e, r.Recipe, len(runs))
		}
		if e.Type == orchestrator.ENOTFOUND {
			if notFound == nil {
				notFound = withRecipe(e, r.Recipe, len(runs))
			}
		} else if first == nil {
			first = withRecipe(e, r.Recipe, len(runs))
		}
	}
	if first != nil {
		return first
	}
	if notFound != nil {
		if len(msgs) > 1 {
			return &orchestrator.UpstreamError{Type: orchestrator.ENOTFOUND, Message: strings.Join(msgs, "; "), Provider: Provider}
		}
		return notFound
	}
	return &orchestrator.UpstreamError{Type: orchestrator.ENOTFOUND, Message: "no prices found", Provider: Provider}
}

func withRecipe(e *orchestrator.UpstreamError, id string, n int) *orchestrator.UpstreamError {
	if n <= 1 || e.Type == orchestrator.EINVALIDARG && strings.HasPrefix(e.Message, ForbiddenPrefix) {
		return e
	}
	c := *e
	c.Message = "recipe " + id + ": " + e.Message
	return &c
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
