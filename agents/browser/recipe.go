package browser

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
)

// Recipe kinds: what a recipe prices.
const (
	RecipeHotels    = "hotels"
	RecipeTransport = "transport"
)

// Price units: what one listed price covers. The agent normalises hotel
// prices to one room for one night and transport fares to one person.
const (
	UnitNight  = "night"  // one room, one night (hotels; the default there)
	UnitStay   = "stay"   // one room, the whole stay: divided by the nights
	UnitPerson = "person" // one traveller (transport; the default there)
	UnitGroup  = "group"  // every traveller together: divided by the travellers
	UnitItem   = "item"   // as listed, never normalised
)

// Recipe limits.
const (
	DefaultRecipeLimit       = 50
	MaxRecipeLimit           = 500
	MaxRecipePages           = 10
	DefaultRequestsPerMinute = 30
	DefaultRecipeTTL         = 20 * time.Minute
)

// Recipe says declaratively how to read prices from one site. Recipes are
// JSON files (see README.md for the format and an example); LoadRecipes
// reads a directory of them and ParseRecipe one.
type Recipe struct {
	// ID names the recipe in provenance ("browser:<id>") and in the
	// scrape_prices "recipe" argument: 1-64 of a-z, 0-9, '.', '_', '-'.
	ID string `json:"id"`
	// Name is the site's name as attribution shows it.
	Name string `json:"name"`
	// Kind is RecipeHotels or RecipeTransport.
	Kind string `json:"kind"`
	// Disabled recipes load but run only when asked for by ID.
	Disabled bool `json:"disabled,omitempty"`
	// URL is the search page: an absolute http(s) URL whose path and query
	// may hold {param} placeholders (city, checkin, checkout, nights, adults,
	// children, guests, from, to, date, room_type, latitude, longitude, and
	// any other argument). Values are URL-escaped. Scheme and host are
	// literal: they decide which host the recipe may fetch.
	URL string `json:"url"`
	// Site is the home page shown in attribution; default the URL's origin.
	Site string `json:"site,omitempty"`
	// Hosts lists further hosts the page may load from (CDNs, XHR APIs).
	Hosts []string `json:"hosts,omitempty"`
	// Defaults fill placeholders the call leaves empty.
	Defaults map[string]string `json:"defaults,omitempty"`
	// Values maps a parameter's value to the site's own (city names to
	// city codes). A parameter listed here with a value not listed means
	// the recipe does not cover the request: it is skipped as not_found.
	Values map[string]map[string]string `json:"values,omitempty"`
	// Modes lists the transport modes the site sells ("train", "bus",
	// "flight", ...); a transport item with no mode field gets Modes[0].
	// Requests that exclude every mode skip the recipe.
	Modes []string `json:"modes,omitempty"`

	// Wait says when the page is ready.
	Wait WaitSpec `json:"wait,omitempty"`
	// Items is the CSS selector of one priced item.
	Items string `json:"items"`
	// Fields are read inside each item.
	Fields Fields `json:"fields"`
	// Price says how to read and normalise prices.
	Price PriceSpec `json:"price,omitempty"`
	// Next follows pagination.
	Next *NextSpec `json:"next,omitempty"`
	// Limit caps the items read from the site; default 50, at most 500.
	Limit int `json:"limit,omitempty"`
	// Block adds markers of the site's block or CAPTCHA page to the
	// built-in ones.
	Block BlockSpec `json:"block,omitempty"`
	// Politeness limits the load on the site.
	Politeness Politeness `json:"politeness,omitempty"`
	// TTL is how long the prices count as fresh, as a Go duration ("20m");
	// default 20 minutes.
	TTL Duration `json:"ttl,omitempty"`
	// Attribution is the credit shown next to the data; default the site
	// name and URL.
	Attribution string `json:"attribution,omitempty"`

	// derived by validate
	host string
	tmpl []tmplPart
}

// WaitSpec says when a page is ready to read.
type WaitSpec struct {
	// Selector appears when results are rendered; default Items.
	Selector string `json:"selector,omitempty"`
	// Empty appears when the site has no results: the recipe then reports
	// not_found at once instead of waiting for the deadline.
	Empty string `json:"empty,omitempty"`
}

// Fields are the selectors read inside each item. Name and Price are
// required; the rest are optional.
type Fields struct {
	Name     Field `json:"name"`
	Price    Field `json:"price"`
	Currency Field `json:"currency,omitempty"`
	Rating   Field `json:"rating,omitempty"`
	URL      Field `json:"url,omitempty"`
	// Transport.
	Mode     Field `json:"mode,omitempty"`
	Number   Field `json:"number,omitempty"`
	Depart   Field `json:"depart,omitempty"`
	Arrive   Field `json:"arrive,omitempty"`
	Duration Field `json:"duration,omitempty"`
	From     Field `json:"from,omitempty"`
	To       Field `json:"to,omitempty"`
	// Hotels.
	Room    Field `json:"room,omitempty"`
	Area    Field `json:"area,omitempty"`
	Reviews Field `json:"reviews,omitempty"`
}

// Field locates one value inside an item. In JSON it is either a selector
// string, read as the element's rendered text, or an object.
type Field struct {
	// Selector is a CSS selector relative to the item; empty means the item
	// itself.
	Selector string `json:"selector,omitempty"`
	// Attr reads an attribute instead of the text ("href", "data-price").
	// href and src are resolved to absolute URLs.
	Attr string `json:"attr,omitempty"`
	// Scale is the top of a rating scale (10 for 8.6/10); ratings are
	// rescaled to 0-5. Default 5.
	Scale float64 `json:"scale,omitempty"`
	set   bool
}

// UnmarshalJSON accepts a selector string or a field object.
func (f *Field) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*f = Field{Selector: s, set: true}
		return nil
	}
	type plain Field
	var p plain
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return err
	}
	*f = Field(p)
	f.set = true
	return nil
}

// MarshalJSON writes the object form, or nothing set as null.
func (f Field) MarshalJSON() ([]byte, error) {
	if !f.set && f.Selector == "" && f.Attr == "" {
		return []byte("null"), nil
	}
	type plain Field
	return json.Marshal(plain(f))
}

// IsSet reports whether the recipe names this field.
func (f Field) IsSet() bool { return f.set || f.Selector != "" || f.Attr != "" }

// PriceSpec says how to read prices.
type PriceSpec struct {
	// Currency is the ISO 4217 code of prices that show no unambiguous
	// currency ("¥" alone, "$" alone, bare numbers). Required.
	Currency string `json:"currency"`
	// Unit is what one listed price covers: night or stay for hotels
	// (default night), person or group for transport (default person),
	// or item to keep prices as listed.
	Unit string `json:"unit,omitempty"`
	// Decimal is the decimal separator, "." (default) or ",".
	Decimal string `json:"decimal,omitempty"`
	// Range picks from a range such as "1,200 - 1,560": low (default),
	// high or mid.
	Range string `json:"range,omitempty"`
}

// NextSpec follows pagination.
type NextSpec struct {
	// Selector finds the "next page" element. A link (href) is followed as
	// a navigation, checked like the first page; any other element is
	// clicked and the items are read again when they change.
	Selector string `json:"selector"`
	// MaxPages counts the first page; default 3, at most 10.
	MaxPages int `json:"max_pages,omitempty"`
}

// BlockSpec marks a site's block pages.
type BlockSpec struct {
	// Selectors that, when present, always mean a block or CAPTCHA page.
	Selectors []string `json:"selectors,omitempty"`
	// Markers are case-insensitive texts that mean a block page when the
	// page shows no items.
	Markers []string `json:"markers,omitempty"`
}

// Politeness limits the load on a site.
type Politeness struct {
	// RequestsPerMinute caps navigations to the recipe's host, across every
	// tab; default 30.
	RequestsPerMinute int `json:"requests_per_minute,omitempty"`
}

// Duration is a time.Duration written in JSON as a Go duration string.
type Duration time.Duration

// UnmarshalJSON parses "20m" or a number of seconds.
func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		v, err := time.ParseDuration(s)
		if err != nil {
			return err
		}
		*d = Duration(v)
		return nil
	}
	var n float64
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("duration must be a string such as \"20m\" or seconds")
	}
	*d = Duration(time.Duration(n * float64(time.Second)))
	return nil
}

// MarshalJSON writes the duration as a string.
func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(time.Duration(d).String()) }

// ParseRecipe decodes and validates one recipe. Unknown fields are errors,
// so a typo does not silently disable part of a recipe.
func ParseRecipe(data []byte) (*Recipe, error) {
	var r Recipe
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("browser: recipe: %w", err)
	}
	if err := r.validate(); err != nil {
		return nil, err
	}
	return &r, nil
}

// LoadRecipes reads every *.json file of dir (not its subdirectories) as a
// recipe, in name order.
func LoadRecipes(dir string) ([]*Recipe, error) {
	return loadRecipesFS(os.DirFS(dir), dir)
}

func loadRecipesFS(fsys fs.FS, label string) ([]*Recipe, error) {
	names, err := fs.Glob(fsys, "*.json")
	if err != nil {
		return nil, fmt.Errorf("browser: recipes %s: %w", label, err)
	}
	sort.Strings(names)
	var out []*Recipe
	for _, n := range names {
		data, err := fs.ReadFile(fsys, n)
		if err != nil {
			return nil, fmt.Errorf("browser: recipes: %w", err)
		}
		r, err := ParseRecipe(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", filepath.Join(label, n), err)
		}
		out = append(out, r)
	}
	return out, nil
}

var (
	recipeIDRE  = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,63}$`)
	currencyRE  = regexp.MustCompile(`^[A-Z]{3}$`)
	placeholder = regexp.MustCompile(`\{([a-z][a-z0-9_]{0,31})\}`)
)

// Host returns the host (with port, if any) the recipe fetches.
func (r *Recipe) Host() string { return r.host }

func (r *Recipe) validate() error {
	fail := func(format string, args ...any) error {
		id := r.ID
		if id == "" {
			id = "?"
		}
		return fmt.Errorf("browser: recipe %s: %s", id, fmt.Sprintf(format, args...))
	}
	if !recipeIDRE.MatchString(r.ID) {
		return fail("id must be 1-64 of a-z, 0-9, '.', '_', '-'")
	}
	if strings.TrimSpace(r.Name) == "" {
		return fail("name is empty")
	}
	switch r.Kind {
	case RecipeHotels, RecipeTransport:
	default:
		return fail("kind must be %q or %q", RecipeHotels, RecipeTransport)
	}
	// The scheme and host must be literal: placeholders may only follow.
	u, err := url.Parse(placeholder.ReplaceAllString(r.URL, "x"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return fail("url must be an absolute http or https URL")
	}
	if i := strings.Index(r.URL, "://"); i < 0 || strings.ContainsAny(strings.SplitN(r.URL[i+3:], "/", 2)[0], "{}") {
		return fail("url: placeholders are not allowed in the host")
	}
	r.host = strings.ToLower(u.Host)
	r.tmpl = parseTemplate(r.URL)
	if r.Site == "" {
		r.Site = u.Scheme + "://" + u.Host + "/"
	} else if su, err := url.Parse(r.Site); err != nil || (su.Scheme != "http" && su.Scheme != "https") || su.Host == "" {
		return fail("site must be an absolute http or https URL")
	}
	for _, h := range r.Hosts {
		if _, err := parseHostPattern(h); err != nil {
			return fail("hosts: %v", err)
		}
	}
	for _, m := range r.Modes {
		if !knownMode(m) {
			return fail("modes: unknown mode %q", m)
		}
	}
	if r.Kind == RecipeHotels && len(r.Modes) > 0 {
		return fail("modes are for transport recipes")
	}
	if strings.TrimSpace(r.Items) == "" {
		return fail("items selector is empty")
	}
	if !r.Fields.Name.IsSet() || !r.Fields.Price.IsSet() {
		return fail("fields.name and fields.price are required")
	}
	if r.Fields.Rating.Scale < 0 {
		return fail("fields.rating.scale must be positive")
	}
	if !currencyRE.MatchString(r.Price.Currency) {
		return fail("price.currency must be an ISO 4217 code such as CNY")
	}
	switch r.Price.Unit {
	case "":
		r.Price.Unit = UnitNight
		if r.Kind == RecipeTransport {
			r.Price.Unit = UnitPerson
		}
	case UnitNight, UnitStay:
		if r.Kind != RecipeHotels {
			return fail("price.unit %s is for hotels", r.Price.Unit)
		}
	case UnitPerson, UnitGroup:
		if r.Kind != RecipeTransport {
			return fail("price.unit %s is for transport", r.Price.Unit)
		}
	case UnitItem:
	default:
		return fail("price.unit must be night, stay, person, group or item")
	}
	switch r.Price.Decimal {
	case "":
		r.Price.Decimal = "."
	case ".", ",":
	default:
		return fail(`price.decimal must be "." or ","`)
	}
	switch r.Price.Range {
	case "":
		r.Price.Range = "low"
	case "low", "high", "mid":
	default:
		return fail("price.range must be low, high or mid")
	}
	if r.Next != nil {
		if strings.TrimSpace(r.Next.Selector) == "" {
			return fail("next.selector is empty")
		}
		if r.Next.MaxPages == 0 {
			r.Next.MaxPages = 3
		}
		if r.Next.MaxPages < 1 || r.Next.MaxPages > MaxRecipePages {
			return fail("next.max_pages must be 1-%d", MaxRecipePages)
		}
	}
	if r.Limit == 0 {
		r.Limit = DefaultRecipeLimit
	}
	if r.Limit < 1 || r.Limit > MaxRecipeLimit {
		return fail("limit must be 1-%d", MaxRecipeLimit)
	}
	if r.Politeness.RequestsPerMinute == 0 {
		r.Politeness.RequestsPerMinute = DefaultRequestsPerMinute
	}
	if r.Politeness.RequestsPerMinute < 0 {
		return fail("politeness.requests_per_minute must be positive")
	}
	if r.TTL == 0 {
		r.TTL = Duration(DefaultRecipeTTL)
	}
	if r.TTL < 0 {
		return fail("ttl must be positive")
	}
	if r.Wait.Selector == "" {
		r.Wait.Selector = r.Items
	}
	return nil
}

// byName lists the set fields by their JSON name.
func (f Fields) byName() map[string]Field {
	all := map[string]Field{
		"name": f.Name, "price": f.Price, "currency": f.Currency, "rating": f.Rating, "url": f.URL,
		"mode": f.Mode, "number": f.Number, "depart": f.Depart, "arrive": f.Arrive, "duration": f.Duration,
		"from": f.From, "to": f.To, "room": f.Room, "area": f.Area, "reviews": f.Reviews,
	}
	out := map[string]Field{}
	for k, v := range all {
		if v.IsSet() {
			out[k] = v
		}
	}
	return out
}

// tmplPart is a literal piece of a URL template or a placeholder.
type tmplPart struct {
	lit   string
	param string
}

func parseTemplate(s string) []tmplPart {
	var parts []tmplPart
	last := 0
	for _, m := range placeholder.FindAllStringSubmatchIndex(s, -1) {
		if m[0] > last {
			parts = append(parts, tmplPart{lit: s[last:m[0]]})
		}
		parts = append(parts, tmplPart{param: s[m[2]:m[3]]})
		last = m[1]
	}
	if last < len(s) {
		parts = append(parts, tmplPart{lit: s[last:]})
	}
	return parts
}

// Params lists the placeholders of the recipe's URL, in order.
func (r *Recipe) Params() []string {
	var out []string
	for _, p := range r.tmpl {
		if p.param != "" {
			out = append(out, p.param)
		}
	}
	return out
}

// errNotCovered is returned by buildURL when the recipe cannot serve the
// request: a required parameter is missing or a value is not in Values.
type errNotCovered struct{ msg string }

func (e *errNotCovered) Error() string { return e.msg }

// buildURL fills the URL template from params (already canonical strings),
// the recipe's defaults and value maps.
func (r *Recipe) buildURL(params map[string]string) (string, error) {
	var b strings.Builder
	for _, p := range r.tmpl {
		if p.param == "" {
			b.WriteString(p.lit)
			continue
		}
		v := params[p.param]
		if v == "" {
			v = r.Defaults[p.param]
		}
		if v == "" {
			return "", &errNotCovered{fmt.Sprintf("recipe %s needs the parameter %q", r.ID, p.param)}
		}
		if m, ok := r.Values[p.param]; ok {
			mv, ok := m[strings.ToLower(v)]
			if !ok {
				mv, ok = m[v]
			}
			if !ok {
				return "", &errNotCovered{fmt.Sprintf("recipe %s does not cover %s %q", r.ID, p.param, v)}
			}
			v = mv
		}
		if strings.Contains(b.String(), "?") {
			b.WriteString(url.QueryEscape(v))
		} else {
			b.WriteString(url.PathEscape(v))
		}
	}
	return b.String(), nil
}
