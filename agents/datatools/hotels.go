package datatools

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/sourcegraph/conc"

	"github.com/tripweave/tripweave/orchestrator"
)

// CategoryHotels is find_hotels' one category, as the orchestrator's
// hotels subtask names it.
const CategoryHotels = "hotels"

// LodgingFinder finds places to stay around a point, best first: each an
// orchestrator.Accommodation with its ID, names, location, Kind (hotel,
// hostel, guest_house, motel, apartment, chalet), Stars, RoomType and
// MaxOccupancy, and no price. q.Limit caps the answer.
type LodgingFinder interface {
	Lodging(ctx context.Context, q POIQuery) ([]orchestrator.Accommodation, error)
}

// FindHotelsInput are the find_hotels tool's arguments, as the
// orchestrator's pipeline sends them (city, category, latitude, longitude)
// plus optional tuning.
type FindHotelsInput struct {
	City      string  `json:"city" jsonschema:"the city the places belong to, e.g. chengdu (1-100 characters)"`
	Category  string  `json:"category,omitempty" jsonschema:"hotels, the only category; optional"`
	Latitude  float64 `json:"latitude" jsonschema:"WGS-84 latitude of the search centre"`
	Longitude float64 `json:"longitude" jsonschema:"WGS-84 longitude of the search centre"`
	Country   string  `json:"country,omitempty" jsonschema:"ISO 3166-1 alpha-2 code of the city's country, e.g. CN; tells which currency the guide's ¥, $ or kr prices are in; optional but without it such prices cannot be read"`
	RadiusM   int     `json:"radius_m,omitempty" jsonschema:"search radius in metres, 100-25000; default 8000"`
	Limit     int     `json:"limit,omitempty" jsonschema:"most results, 1-200; default 60"`
	Lang      string  `json:"lang,omitempty" jsonschema:"language of the names and of the guide: en or zh; default the local names and the English guide"`
}

// FindHotelsOutput is the find_hotels tool's result. Hotels is always
// present, empty when nothing is priced; Unpriced counts the places found
// whose price could neither be read nor estimated, which are left out.
// PriceModel, when the guide was read, is the city model estimates come
// from; Notes say which source failed or why prices are missing.
type FindHotelsOutput struct {
	Hotels     []orchestrator.Accommodation `json:"hotels"`
	Unpriced   int                          `json:"unpriced"`
	PriceModel *PriceModel                  `json:"price_model,omitempty"`
	Notes      []string                     `json:"notes,omitempty"`
	Provenance orchestrator.Provenance      `json:"provenance"`
}

var hotelsTool = &mcp.Tool{
	Name:  ToolHotels,
	Title: "Find places to stay",
	Description: "Hotels, hostels, guest houses, motels, apartments and chalets around a point, from OpenStreetMap and the city's " +
		"Wikivoyage guide, each with a price per room (per bed in a hostel dorm) per night. A price quoted by the guide for " +
		"that place is used as is (its lower bound); otherwise the price is an estimate (price_estimate) from the median of " +
		"the guide's listings in the place's price tier (budget, mid-range, splurge). Places with neither are left out and " +
		"counted in unpriced. Pass country (ISO 3166-1 alpha-2) so prices in ¥, $ or kr can be read. Sorted: guide-priced " +
		"first, then by stars, then by distance. Data © OpenStreetMap contributors (ODbL) and Wikivoyage contributors (CC BY-SA 4.0).",
	Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: ptr(true)},
}

var countryRE = regexp.MustCompile(`^[A-Za-z]{2}$`)

// hotelsRequest is a validated find_hotels call.
type hotelsRequest struct {
	q         POIQuery
	guideLang string
	currency  string // the country's currency, "" when no country was given
}

func (t *tools) hotelsRequest(in FindHotelsInput) (hotelsRequest, error) {
	r := hotelsRequest{q: POIQuery{
		City:     strings.Join(strings.Fields(in.City), " "),
		Center:   orchestrator.GeoPoint{Lat: in.Latitude, Lon: in.Longitude},
		RadiusM:  in.RadiusM,
		Limit:    in.Limit,
		Language: strings.ToLower(strings.TrimSpace(in.Lang)),
	}}
	category := strings.ToLower(strings.TrimSpace(in.Category))
	country := strings.TrimSpace(in.Country)
	if r.q.RadiusM == 0 {
		r.q.RadiusM = DefaultRadiusM
	}
	if r.q.Limit == 0 {
		r.q.Limit = DefaultPOIs
	}
	switch {
	case r.q.City == "":
		return r, invalidf("city is empty")
	case utf8.RuneCountInString(r.q.City) > MaxNameLength:
		return r, invalidf("city is longer than %d characters", MaxNameLength)
	case category != "" && category != CategoryHotels:
		return r, invalidf("category %q is not hotels", in.Category)
	case r.q.RadiusM < MinRadiusM || r.q.RadiusM > MaxRadiusM:
		return r, invalidf("radius_m must be between %d and %d", MinRadiusM, MaxRadiusM)
	case r.q.Limit < 1 || r.q.Limit > MaxPOIs:
		return r, invalidf("limit must be between 1 and %d", MaxPOIs)
	case r.q.Language != "" && !slices.Contains(GuideLanguages, r.q.Language):
		return r, invalidf("lang %q is not one of %s", in.Lang, strings.Join(GuideLanguages, ", "))
	case country != "" && !countryRE.MatchString(country):
		return r, invalidf("country %q is not an ISO 3166-1 alpha-2 code", in.Country)
	}
	if err := checkPoint(in.Latitude, in.Longitude); err != nil {
		return r, err
	}
	if country != "" {
		if r.currency = t.opts.Prices.CountryCurrency(country); r.currency == "" {
			return r, invalidf("country %q is not a known ISO 3166-1 alpha-2 code", in.Country)
		}
	}
	r.guideLang = "en"
	if r.q.Language == "zh" {
		r.guideLang = "zh"
	}
	return r, nil
}

func (t *tools) findHotels(ctx context.Context, in FindHotelsInput) (FindHotelsOutput, error) {
	req, err := t.hotelsRequest(in)
	if err != nil {
		return FindHotelsOutput{}, err
	}
	// Ask for as many places as a search gives: the tool's own order
	// (priced by the guide first) decides which Limit to keep.
	lq := req.q
	lq.Limit = MaxPOIs
	var (
		places     []orchestrator.Accommodation
		guide      orchestrator.Guide
		perr, gerr error
		wg         conc.WaitGroup
	)
	wg.Go(func() { places, perr = t.opts.Lodging.Lodging(ctx, lq) })
	wg.Go(func() { guide, gerr = t.guides.Guide(ctx, req.q.City, req.guideLang, &req.q.Center) })
	wg.Wait()
	if perr != nil && gerr != nil {
		return FindHotelsOutput{}, perr
	}
	out := FindHotelsOutput{Hotels: []orchestrator.Accommodation{}}
	if perr != nil {
		out.Notes = append(out.Notes, "OpenStreetMap lodging search failed ("+errorText(perr)+"): only the guide's places are listed")
		places = nil
	}
	var (
		model    PriceModel
		sleeps   []orchestrator.Listing
		sleepIdx []int // index of each of sleeps in guide.Listings
	)
	if gerr != nil {
		out.Notes = append(out.Notes, guideFailureNote(gerr, req.q.City))
		guide = orchestrator.Guide{}
	} else {
		if req.currency == "" {
			req.currency = t.inferCurrency(guide.Listings)
		}
		model = NewPriceModel(guide.Listings, orchestrator.ListingSleep, req.currency, t.opts.Prices)
		out.PriceModel = &model
		for i, l := range guide.Listings {
			if l.Type == orchestrator.ListingSleep {
				sleeps, sleepIdx = append(sleeps, l), append(sleepIdx, i)
			}
		}
		if model.Listings == 0 && hasPriceText(sleeps) {
			out.Notes = append(out.Notes, unreadPricesNote(req.currency))
		}
	}

	hotels, unpriced := t.priceLodging(req, places, guide, sleeps, sleepIdx, model)
	out.Unpriced = unpriced
	slices.SortFunc(hotels, func(a, b rankedHotel) int {
		return cmp.Or(
			compareBool(a.PriceEstimate, b.PriceEstimate),
			cmp.Compare(b.Stars, a.Stars),
			cmp.Compare(a.km, b.km),
			cmp.Compare(a.ID, b.ID),
		)
	})
	estimated := false
	for i, h := range hotels {
		if i == req.q.Limit {
			break
		}
		out.Hotels = append(out.Hotels, h.Accommodation)
		estimated = estimated || h.PriceEstimate
	}
	out.Provenance = t.mixedProvenance(perr == nil, gerr == nil, t.opts.Hotels, guide.URL, estimated)
	return out, nil
}

// rankedHotel is a priced place with its distance from the centre (+Inf
// without coordinates).
type rankedHotel struct {
	orchestrator.Accommodation
	km float64
}

// priceLodging merges the OSM places with the guide's sleep listings and
// prices them: a listing's own price (the lower bound of its range) for a
// place it describes, else the model's estimate for the place's tier. It
// returns the priced places and the count of those it could not price.
// Listings with coordinates outside the search radius are left out.
func (t *tools) priceLodging(req hotelsRequest, places []orchestrator.Accommodation, guide orchestrator.Guide,
	sleeps []orchestrator.Listing, sleepIdx []int, model PriceModel) ([]rankedHotel, int) {
	center := req.q.Center
	radiusKM := float64(req.q.RadiusM) / 1000
	var inRange []int // indexes into sleeps
	for i, l := range sleeps {
		if l.Location == nil || center.DistanceKM(*l.Location) <= radiusKM {
			inRange = append(inRange, i)
		}
	}
	lents := make([]entity, len(inRange))
	for k, i := range inRange {
		lents[k] = entity{names: []string{sleeps[i].Name, sleeps[i].Alt}, loc: sleeps[i].Location}
	}
	pents := make([]entity, len(places))
	for j, p := range places {
		pents[j] = entity{names: []string{p.Name, p.NameAlt}, loc: p.Location}
	}
	match := matchListings(lents, pents)
	listingOf := make([]int, len(places)) // sleeps index per place, -1 when none
	for j := range listingOf {
		listingOf[j] = -1
	}
	for k, j := range match {
		if j >= 0 {
			listingOf[j] = inRange[k]
		}
	}

	var out []rankedHotel
	unpriced := 0
	add := func(a orchestrator.Accommodation, l *orchestrator.Listing, tier string) {
		price, estimate, ok := t.placePrice(l, tier, req.currency, model, false)
		if !ok {
			unpriced++
			return
		}
		a.Price, a.PriceEstimate = price, estimate
		km := math.Inf(1)
		if a.Location != nil {
			km = center.DistanceKM(*a.Location)
		}
		out = append(out, rankedHotel{a, km})
	}
	for j, p := range places {
		p.City = req.q.City
		tier := LodgingTier(p.Kind, p.Stars)
		var l *orchestrator.Listing
		if i := listingOf[j]; i >= 0 {
			l = &sleeps[i]
			if l.Tier != "" {
				tier = l.Tier
			}
			if p.NameAlt == "" && !strings.EqualFold(l.Name, p.Name) {
				p.NameAlt = l.Name
			}
		}
		if p.RoomType == "" {
			p.RoomType, p.MaxOccupancy, p.OccupancyEstimate = roomFor(p.Kind)
		}
		add(p, l, tier)
	}
	for k, j := range match {
		if j >= 0 {
			continue
		}
		i := inRange[k]
		l := &sleeps[i]
		kind := guessLodgingKind(l.Name + " " + l.Alt)
		a := orchestrator.Accommodation{
			ID:       listingID(guide, sleepIdx[i], l),
			Name:     l.Name,
			NameAlt:  l.Alt,
			City:     req.q.City,
			Location: l.Location,
			Kind:     kind,
		}
		a.RoomType, a.MaxOccupancy, a.OccupancyEstimate = roomFor(kind)
		tier := l.Tier
		if tier == "" {
			tier = LodgingTier(kind, 0)
		}
		add(a, l, tier)
	}
	return out, unpriced
}

// placePrice returns the price of a place: its listing's own (the range's
// midpoint when mid, else its lower bound) when l reads as a non-zero
// amount, else the model's estimate for tier. ok is false when neither
// exists.
func (t *tools) placePrice(l *orchestrator.Listing, tier, currency string, model PriceModel, mid bool) (price orchestrator.Money, estimate, ok bool) {
	if l != nil && strings.TrimSpace(l.Price) != "" {
		lo, hi, ok := t.opts.Prices.ReadPrice(l.Price, currency)
		if ok && hi.Cents > 0 && lo.Currency != "" {
			if mid {
				return orchestrator.Money{Cents: lo.Cents + (hi.Cents-lo.Cents)/2, Currency: lo.Currency}, false, true
			}
			return lo, false, true
		}
	}
	if p, ok := model.Estimate(tier); ok {
		return p, true, true
	}
	return orchestrator.Money{}, false, false
}

// listingID names a guide-only place: "wikivoyage:<lang>:<title>:<n>",
// title the article it comes from and n its position among the guide's
// listings.
func listingID(g orchestrator.Guide, n int, l *orchestrator.Listing) string {
	title := g.Title
	if l.District != "" {
		title = l.District
	}
	return "wikivoyage:" + g.Language + ":" + title + ":" + strconv.Itoa(n)
}

// roomFor returns the room type, occupancy and whether the occupancy is
// inferred for a place of kind: a dorm bed for one in a hostel, a whole
// flat or cottage for two in an apartment or chalet, a private room for two
// elsewhere. All are inferred: neither source says.
func roomFor(kind string) (string, int, bool) {
	switch kind {
	case "hostel":
		return "shared_room", 1, true
	case "apartment", "chalet":
		return "entire_home", 2, true
	}
	return "private_room", 2, true
}

// lodgingWords name kinds of lodging in listing names, checked in order.
var lodgingWords = []struct{ word, kind string }{
	{"hostel", "hostel"}, {"backpacker", "hostel"}, {"青年旅舍", "hostel"}, {"青年旅館", "hostel"}, {"青旅", "hostel"},
	{"guest house", "guest_house"}, {"guesthouse", "guest_house"}, {"客栈", "guest_house"}, {"客棧", "guest_house"},
	{"民宿", "guest_house"}, {"motel", "motel"}, {"汽车旅馆", "motel"}, {"apartment", "apartment"}, {"公寓", "apartment"},
	{"hotel", "hotel"}, {"inn", "hotel"}, {"酒店", "hotel"}, {"饭店", "hotel"}, {"飯店", "hotel"}, {"宾馆", "hotel"},
	{"賓館", "hotel"}, {"旅馆", "hotel"}, {"旅館", "hotel"},
}

// guessLodgingKind guesses a guide listing's kind of lodging from its
// names; "" when they say nothing.
func guessLodgingKind(names string) string {
	n := strings.ToLower(names)
	for _, w := range lodgingWords {
		if strings.Contains(n, w.word) {
			return w.kind
		}
	}
	return ""
}

// inferCurrency guesses the currency of a guide's prices when the country
// is unknown: the one most of its listing prices name unambiguously ("300
// CNY", "2,000 yen", "€15"), ties to the first code; "" when none does.
func (t *tools) inferCurrency(listings []orchestrator.Listing) string {
	counts := map[string]int{}
	for _, l := range listings {
		if strings.TrimSpace(l.Price) == "" {
			continue
		}
		if lo, hi, ok := t.opts.Prices.ReadPrice(l.Price, ""); ok && hi.Cents > 0 && lo.Currency != "" {
			counts[lo.Currency]++
		}
	}
	best := ""
	for _, c := range slices.Sorted(maps.Keys(counts)) {
		if counts[c] > counts[best] {
			best = c
		}
	}
	return best
}

func hasPriceText(ls []orchestrator.Listing) bool {
	for _, l := range ls {
		if strings.TrimSpace(l.Price) != "" {
			return true
		}
	}
	return false
}

func unreadPricesNote(currency string) string {
	if currency == "" {
		return "the guide's prices could not be read: they use currency signs (such as ¥ or $) that need the country; pass country"
	}
	return "none of the guide's prices could be read as amounts in " + currency
}

// guideFailureNote says why the guide gave no prices.
func guideFailureNote(err error, city string) string {
	var ue *orchestrator.UpstreamError
	if errors.As(err, &ue) && ue.Type == orchestrator.ENOTFOUND {
		return fmt.Sprintf("no Wikivoyage guide found for %q: no prices to read or estimate from", city)
	}
	return "Wikivoyage guide failed (" + errorText(err) + "): no prices to read or estimate from"
}

// errorText is an error's type and message for a note.
func errorText(err error) string {
	var ue *orchestrator.UpstreamError
	if errors.As(err, &ue) {
		return ue.Type + ": " + ue.Message
	}
	return "internal error"
}

// mixedProvenance is the provenance of a result drawn from a POI source
// (src, when usedPOI) and the guide (when usedGuide, crediting the article
// at guideURL): the sources joined, the shorter TTL, both attributions.
func (t *tools) mixedProvenance(usedPOI, usedGuide bool, src Source, guideURL string, estimate bool) orchestrator.Provenance {
	g := t.opts.Guide
	var ga *orchestrator.Attribution
	if g.Attribution != nil {
		a := *g.Attribution
		a.URL = guideURL
		ga = &a
	}
	switch {
	case usedPOI && !usedGuide:
		return t.provenance(src, estimate)
	case usedGuide && !usedPOI:
		p := t.provenance(g, estimate)
		p.Attribution = ga
		return p
	}
	p := t.provenance(src, estimate)
	p.Source = joinSources(src.Name, g.Name)
	if g.TTL > 0 && (src.TTL <= 0 || g.TTL < src.TTL) {
		p.TTL = seconds(g.TTL)
	}
	p.Attribution = combineAttributions(src.Attribution, ga)
	return p
}

// combineAttributions credits two licensed sources in one attribution:
// each text with its licence and link, joined by "; ", the licences
// joined likewise, and the second's URL (the guide article, which CC BY-SA
// asks to link) or else the first's.
func combineAttributions(a, b *orchestrator.Attribution) *orchestrator.Attribution {
	switch {
	case a == nil && b == nil:
		return nil
	case a == nil:
		c := *b
		return &c
	case b == nil:
		c := *a
		return &c
	}
	part := func(x *orchestrator.Attribution) string {
		var extra []string
		if x.License != "" {
			extra = append(extra, x.License)
		}
		if x.URL != "" {
			extra = append(extra, x.URL)
		}
		if len(extra) == 0 {
			return x.Text
		}
		return x.Text + " (" + strings.Join(extra, ", ") + ")"
	}
	c := &orchestrator.Attribution{Text: part(a) + "; " + part(b), URL: cmp.Or(b.URL, a.URL)}
	switch {
	case a.License != "" && b.License != "":
		c.License = a.License + "; " + b.License
	default:
		c.License = cmp.Or(a.License, b.License)
	}
	return c
}
