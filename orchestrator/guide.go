package orchestrator

// Guide sections, by their canonical (English, lower-case) names. A guide
// in any language names its sections with these.
const (
	GuideUnderstand = "understand"
	GuideGetIn      = "get in"
	GuideGetAround  = "get around"
	GuideSee        = "see"
	GuideDo         = "do"
	GuideBuy        = "buy"
	GuideEat        = "eat"
	GuideDrink      = "drink"
	GuideSleep      = "sleep"
	GuideStaySafe   = "stay safe"
)

// GuideSectionNames lists the canonical section names in the order a guide
// presents them.
var GuideSectionNames = []string{
	GuideUnderstand, GuideGetIn, GuideGetAround, GuideSee, GuideDo,
	GuideBuy, GuideEat, GuideDrink, GuideSleep, GuideStaySafe,
}

// Listing types: what a guide's listing is about.
const (
	ListingSee   = "see"
	ListingDo    = "do"
	ListingBuy   = "buy"
	ListingEat   = "eat"
	ListingDrink = "drink"
	ListingSleep = "sleep"
	ListingGo    = "go"    // a way to arrive or move around (station, airport)
	ListingOther = "other" // a generic listing of no known type
)

// Guide is a destination's travel guide: prose sections and the listings
// (sights, activities, shops, places to eat, drink and sleep) it names.
type Guide struct {
	// Title is the title of the guide's article, e.g. "Chengdu" or "成都".
	Title string `json:"title"`
	// URL is the article's web address.
	URL string `json:"url"`
	// Language is the language the guide is written in ("en", "zh"); it may
	// differ from the one asked for when only another one exists.
	Language string `json:"language"`
	// Location is the destination's point as the guide gives it, if any.
	Location *GeoPoint `json:"location,omitempty"`
	// Sections holds the sections found, in GuideSectionNames order.
	Sections []GuideSection `json:"sections"`
	// Listings are the article's listings followed by those of the district
	// articles read, in article order.
	Listings []Listing `json:"listings"`
	// Articles lists every article the guide was assembled from, the main
	// one first; each needs crediting.
	Articles []GuideArticle `json:"articles,omitempty"`
}

// Section returns the text of the section named name (one of
// GuideSectionNames), or "".
func (g *Guide) Section(name string) string {
	for _, s := range g.Sections {
		if s.Name == name {
			return s.Text
		}
	}
	return ""
}

// GuideSection is one section of a guide as plain text.
type GuideSection struct {
	// Name is the canonical name, one of GuideSectionNames.
	Name string `json:"name"`
	// Heading is the heading as the article words it, e.g. "Get in" or "抵达".
	Heading string `json:"heading,omitempty"`
	Text    string `json:"text"`
}

// GuideArticle is one article a guide draws on.
type GuideArticle struct {
	Title string `json:"title"`
	URL   string `json:"url"`
	// Revision is the article revision read; zero when unknown.
	Revision int64 `json:"revision,omitempty"`
}

// Listing is a place a guide lists. Fields the guide leaves blank are
// empty; Hours and Price are free text as the guide words them.
type Listing struct {
	// Type is one of the Listing* types.
	Type        string    `json:"type"`
	Name        string    `json:"name"`
	Alt         string    `json:"alt,omitempty"`
	Location    *GeoPoint `json:"location,omitempty"`
	Address     string    `json:"address,omitempty"`
	Directions  string    `json:"directions,omitempty"`
	Phone       string    `json:"phone,omitempty"`
	Hours       string    `json:"hours,omitempty"`
	Price       string    `json:"price,omitempty"`
	URL         string    `json:"url,omitempty"`
	Wikidata    string    `json:"wikidata,omitempty"`
	CheckIn     string    `json:"checkin,omitempty"`
	CheckOut    string    `json:"checkout,omitempty"`
	Description string    `json:"description,omitempty"`
	// District is the title of the district article the listing comes
	// from; empty for the main article.
	District string `json:"district,omitempty"`
	// Tier is the price tier of the sub-section the listing sits in
	// (Wikivoyage's Budget / Mid-range / Splurge): one of PriceTiers, or
	// empty when the section is not tiered.
	Tier string `json:"tier,omitempty"`
}

// Price tiers of guide listings, cheapest first.
const (
	TierBudget   = "budget"
	TierMidrange = "mid-range"
	TierSplurge  = "splurge"
)

// PriceTiers lists the tiers, cheapest first.
var PriceTiers = []string{TierBudget, TierMidrange, TierSplurge}
