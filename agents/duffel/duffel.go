// Package duffel searches flight offers with the Duffel API (offer requests,
// API version v2), built on package upstream. It needs an access token
// (test tokens start "duffel_test_").
//
// Offers are priced in decimal strings, parsed here into exact integer
// cents; they expire (ExpiresAt, about 30 minutes after the search) and must
// not be reused after that. Duffel limits requests per token over a rolling
// minute (about 60) and answers 429 beyond it.
package duffel

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/orchestrator"
)

// Provider is the provider name in errors and provenance.
const Provider = "duffel"

// Defaults.
const (
	DefaultURL = "https://api.duffel.com"
	// Version is the Duffel-Version header this client speaks.
	Version = "v2"
	// DefaultSupplierTimeout is how long Duffel waits for airlines.
	DefaultSupplierTimeout = 10 * time.Second
	// DefaultTimeout bounds one attempt: the supplier timeout plus Duffel's
	// own work and the transfer of a large answer.
	DefaultTimeout = 25 * time.Second
	// DefaultMaxBody caps an answer: an offer request with every offer
	// inlined runs to megabytes.
	DefaultMaxBody = 16 << 20
	// DefaultMaxOffers is how many offers, cheapest first, Offers keeps.
	DefaultMaxOffers = 20
	// MaxPassengers is the most passengers one search may hold.
	MaxPassengers = 9
	// DefaultChildAge is the age searched for a child whose age is unknown:
	// airlines price ages 2–11 as children.
	DefaultChildAge = 10
)

// Provenance of offers.
const (
	SourceOffers = "duffel:offer_requests"
	// MaxOfferTTL caps the freshness of offers even before they expire:
	// prices move by the minute.
	MaxOfferTTL = 10 * time.Minute
)

// DefaultLimit stays inside Duffel's per-token budget: 60 requests a
// minute, evenly spaced, 2 at a time.
var DefaultLimit = upstream.Limit{Requests: 60, Interval: time.Minute, Concurrent: 2}

// Cabin classes.
var CabinClasses = []string{"economy", "premium_economy", "business", "first"}

// Options configure a Client.
type Options struct {
	// URL is the API root; default DefaultURL.
	URL string
	// Token is the access token; required.
	Token string
	// SupplierTimeout is sent with each search; default
	// DefaultSupplierTimeout (Duffel accepts 2–60 s).
	SupplierTimeout time.Duration
	// Now is the clock that drops expired offers; default time.Now.
	Now func() time.Time
	// Upstream configures the HTTP layer. New sets Provider, Limit,
	// MapError, Timeout and MaxBody where they are zero.
	Upstream upstream.Options
}

// Client searches Duffel. It is safe for concurrent use.
type Client struct {
	url             string
	header          http.Header
	supplierTimeout time.Duration
	now             func() time.Time
	up              *upstream.Client
}

// New returns a Client with opts, or an error when the token is missing or
// the URL is not an absolute http(s) URL.
func New(opts Options) (*Client, error) {
	if strings.TrimSpace(opts.Token) == "" {
		return nil, errors.New("duffel: no access token")
	}
	c := &Client{
		url:             strings.TrimRight(opts.URL, "/"),
		supplierTimeout: opts.SupplierTimeout,
		now:             opts.Now,
		header: http.Header{
			"Authorization":  {"Bearer " + strings.TrimSpace(opts.Token)},
			"Duffel-Version": {Version},
			"Content-Type":   {"application/json"},
		},
	}
	if c.url == "" {
		c.url = DefaultURL
	}
	if u, err := url.Parse(c.url); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("duffel: invalid URL %q", opts.URL)
	}
	if c.supplierTimeout <= 0 {
		c.supplierTimeout = DefaultSupplierTimeout
	}
	c.supplierTimeout = min(max(c.supplierTimeout, 2*time.Second), 60*time.Second)
	if c.now == nil {
		c.now = time.Now
	}
	uo := opts.Upstream
	if uo.Provider == "" {
		uo.Provider = Provider
	}
	if uo.Limit == (upstream.Limit{}) {
		uo.Limit = DefaultLimit
	}
	if uo.MapError == nil {
		uo.MapError = MapError
	}
	if uo.Timeout <= 0 {
		uo.Timeout = DefaultTimeout
	}
	if uo.MaxBody <= 0 {
		uo.MaxBody = DefaultMaxBody
	}
	c.up = upstream.New(uo)
	return c, nil
}

// MapError maps Duffel's error body {"errors":[{type, code, title, message,
// source}], "meta":{status, request_id}}: 401/403 → auth; 404 → not_found;
// 422 (validation_error) and other 4xx → invalid_argument naming the field;
// 429 → rate_limited, retryable; 500 and 502 → unavailable, not retried
// (Duffel's advice); 503 and 504 → unavailable, retryable. The request_id
// is kept in the message for support.
func MapError(status int, _ http.Header, body []byte) *orchestrator.UpstreamError {
	var e struct {
		Errors []struct {
			Type    string `json:"type"`
			Code    string `json:"code"`
			Title   string `json:"title"`
			Message string `json:"message"`
			Source  struct {
				Field   string `json:"field"`
				Pointer string `json:"pointer"`
			} `json:"source"`
		} `json:"errors"`
		Meta struct {
			RequestID string `json:"request_id"`
		} `json:"meta"`
	}
	if json.Unmarshal(body, &e) != nil || len(e.Errors) == 0 {
		return nil
	}
	var parts []string
	for _, x := range e.Errors {
		msg := x.Message
		if msg == "" {
			msg = x.Title
		}
		if f := x.Source.Field; f != "" {
			msg += " (field " + f + ")"
		} else if p := x.Source.Pointer; p != "" {
			msg += " (at " + p + ")"
		}
		if x.Code != "" {
			msg = x.Code + ": " + msg
		}
		parts = append(parts, msg)
	}
	msg := strings.Join(parts, "; ")
	if e.Meta.RequestID != "" {
		msg += " [request_id " + e.Meta.RequestID + "]"
	}
	out := &orchestrator.UpstreamError{Message: msg}
	switch {
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		out.Type = orchestrator.EAUTH
	case status == http.StatusNotFound:
		out.Type = orchestrator.ENOTFOUND
	case status == http.StatusTooManyRequests:
		out.Type, out.Retryable = orchestrator.ERATELIMITED, true
	case status >= 400 && status < 500:
		out.Type = orchestrator.EINVALIDARG
	case status == http.StatusServiceUnavailable || status == http.StatusGatewayTimeout:
		out.Type, out.Retryable = orchestrator.EUNAVAILABLE, true
	case status >= 500:
		out.Type = orchestrator.EUNAVAILABLE
	}
	return out
}

// Search is a one-way flight search.
type Search struct {
	// From and To are IATA airport or city codes ("PVG", "SHA") or place
	// names ("Shanghai", "上海"), which are resolved to a city code.
	From, To string
	// Date is the departure date, YYYY-MM-DD, local to From.
	Date string
	// Adults is the number of passengers aged 18 or more.
	Adults int
	// ChildAges holds one age (0–17) per child.
	ChildAges []int
	// CabinClass is one of CabinClasses; empty means economy.
	CabinClass string
	// MaxOffers caps the offers returned, cheapest first; zero means
	// DefaultMaxOffers.
	MaxOffers int
}

// Offer is a bookable flight offer.
type Offer struct {
	ID string `json:"id"`
	// Price is the total for all passengers of the search, taxes included.
	Price orchestrator.Money `json:"price"`
	// Tax is the tax part of Price, when Duffel gives it.
	Tax *orchestrator.Money `json:"tax,omitempty"`
	// Passengers is how many people Price covers.
	Passengers int       `json:"passengers"`
	Owner      Airline   `json:"owner"`
	ExpiresAt  time.Time `json:"expires_at"`
	// DurationMinutes is the journey time from first departure to last
	// arrival.
	DurationMinutes int `json:"duration_minutes,omitempty"`
	// Stops counts connections and technical stops.
	Stops      int       `json:"stops"`
	CabinClass string    `json:"cabin_class,omitempty"`
	FareBrand  string    `json:"fare_brand,omitempty"`
	Segments   []Segment `json:"segments"`
}

// Airline names a carrier.
type Airline struct {
	Name     string `json:"name"`
	IATACode string `json:"iata_code,omitempty"`
}

// Segment is one flight. DepartingAt and ArrivingAt are local times at
// the airports, without an offset ("2026-06-12T08:05:00"); the time zones
// say which.
type Segment struct {
	From            string  `json:"from"`
	To              string  `json:"to"`
	FromName        string  `json:"from_name,omitempty"`
	ToName          string  `json:"to_name,omitempty"`
	FromTerminal    string  `json:"from_terminal,omitempty"`
	ToTerminal      string  `json:"to_terminal,omitempty"`
	FromTimeZone    string  `json:"from_time_zone,omitempty"`
	ToTimeZone      string  `json:"to_time_zone,omitempty"`
	DepartingAt     string  `json:"departing_at"`
	ArrivingAt      string  `json:"arriving_at"`
	DurationMinutes int     `json:"duration_minutes,omitempty"`
	Carrier         Airline `json:"carrier"`
	// FlightNumber is the marketing carrier's code and number, "MU5401".
	FlightNumber string `json:"flight_number"`
	// OperatedBy names the operating carrier when it differs.
	OperatedBy string `json:"operated_by,omitempty"`
	Aircraft   string `json:"aircraft,omitempty"`
	Stops      int    `json:"stops,omitempty"`
}

var iataRE = regexp.MustCompile(`^[A-Za-z]{3}$`)

// Offers searches one-way offers for s and returns the unexpired ones,
// cheapest first (ties by ID), at most s.MaxOffers. No flights is an empty
// list, not an error. Bad input is an invalid_argument
// *orchestrator.UpstreamError; a place name nothing matches a not_found
// one.
func (c *Client) Offers(ctx context.Context, s Search) ([]Offer, error) {
	if err := s.validate(); err != nil {
		return nil, err
	}
	from, err := c.Resolve(ctx, s.From)
	if err != nil {
		return nil, err
	}
	to, err := c.Resolve(ctx, s.To)
	if err != nil {
		return nil, err
	}
	if from == to {
		return nil, errorf(orchestrator.EINVALIDARG, "origin and destination are both %s", from)
	}
	type passenger struct {
		Type string `json:"type,omitempty"`
		Age  *int   `json:"age,omitempty"`
	}
	var req struct {
		Data struct {
			Slices []struct {
				Origin        string `json:"origin"`
				Destination   string `json:"destination"`
				DepartureDate string `json:"departure_date"`
			} `json:"slices"`
			Passengers []passenger `json:"passengers"`
			CabinClass string      `json:"cabin_class"`
		} `json:"data"`
	}
	req.Data.Slices = append(req.Data.Slices, struct {
		Origin        string `json:"origin"`
		Destination   string `json:"destination"`
		DepartureDate string `json:"departure_date"`
	}{from, to, s.Date})
	for range s.Adults {
		req.Data.Passengers = append(req.Data.Passengers, passenger{Type: "adult"})
	}
	for _, age := range s.ChildAges {
		req.Data.Passengers = append(req.Data.Passengers, passenger{Age: &age})
	}
	req.Data.CabinClass = s.CabinClass
	if req.Data.CabinClass == "" {
		req.Data.CabinClass = "economy"
	}
	body, err := json.Marshal(req)
	if err != nil {
		return nil, errorf(orchestrator.EINTERNAL, "encoding the search: %v", err)
	}
	resp, err := c.up.Do(ctx, upstream.Request{
		Method: http.MethodPost,
		URL:    c.url + "/air/offer_requests",
		Query: url.Values{
			"return_offers":    {"true"},
			"supplier_timeout": {strconv.FormatInt(c.supplierTimeout.Milliseconds(), 10)},
		},
		Header: c.header,
		Body:   body,
	})
	if err != nil {
		return nil, err
	}
	offers, err := ParseOffers(resp, c.now())
	if err != nil {
		return nil, err
	}
	limit := s.MaxOffers
	if limit <= 0 {
		limit = DefaultMaxOffers
	}
	if len(offers) > limit {
		offers = offers[:limit]
	}
	return offers, nil
}

func (s *Search) validate() error {
	if strings.TrimSpace(s.From) == "" || strings.TrimSpace(s.To) == "" {
		return errorf(orchestrator.EINVALIDARG, "origin and destination are required")
	}
	if _, err := time.Parse(orchestrator.DateLayout, s.Date); err != nil {
		return errorf(orchestrator.EINVALIDARG, "date %q is not a YYYY-MM-DD date", s.Date)
	}
	if s.Adults < 1 {
		return errorf(orchestrator.EINVALIDARG, "at least one adult must travel")
	}
	if n := s.Adults + len(s.ChildAges); n > MaxPassengers {
		return errorf(orchestrator.EINVALIDARG, "%d passengers; one search holds at most %d", n, MaxPassengers)
	}
	for _, a := range s.ChildAges {
		if a < 0 || a > 17 {
			return errorf(orchestrator.EINVALIDARG, "child age %d is outside 0–17", a)
		}
	}
	if s.CabinClass != "" && !slices.Contains(CabinClasses, s.CabinClass) {
		return errorf(orchestrator.EINVALIDARG, "cabin class %q is not one of %s", s.CabinClass, strings.Join(CabinClasses, ", "))
	}
	return nil
}

// Resolve returns the IATA code to search for place: a 3-letter code as is
// (upper-cased), a Chinese city name from a built-in table of major
// airports, anything else through Duffel's place suggestions (the first
// city, or the first airport's city code, or its own code). Nothing
// matching is a not_found error naming place.
func (c *Client) Resolve(ctx context.Context, place string) (string, error) {
	place = strings.TrimSpace(place)
	if iataRE.MatchString(place) {
		return strings.ToUpper(place), nil
	}
	if code, ok := chineseCities[strings.TrimSuffix(place, "市")]; ok {
		return code, nil
	}
	if len([]rune(place)) > 100 {
		return "", errorf(orchestrator.EINVALIDARG, "place name is longer than 100 characters")
	}
	body, err := c.up.Do(ctx, upstream.Request{
		URL:    c.url + "/places/suggestions",
		Query:  url.Values{"name": {place}},
		Header: http.Header{"Authorization": c.header["Authorization"], "Duffel-Version": {Version}},
	})
	if err != nil {
		return "", err
	}
	return ParsePlaces(body, place)
}

// ParsePlaces picks the code to search for place from a places/suggestions
// answer.
func ParsePlaces(body []byte, place string) (string, error) {
	var r struct {
		Data []struct {
			Type         string `json:"type"`
			IATACode     string `json:"iata_code"`
			IATACityCode string `json:"iata_city_code"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &r); err != nil {
		return "", errorf(orchestrator.EBADRESPONSE, "undecodable place suggestions: %v", err)
	}
	for _, p := range r.Data {
		if p.Type == "city" && iataRE.MatchString(p.IATACode) {
			return p.IATACode, nil
		}
	}
	for _, p := range r.Data {
		switch {
		case iataRE.MatchString(p.IATACityCode):
			return p.IATACityCode, nil
		case iataRE.MatchString(p.IATACode):
			return p.IATACode, nil
		}
	}
	return "", errorf(orchestrator.ENOTFOUND, "no airport or city matches %q", place)
}

// chineseCities maps major Chinese city names to IATA city (or main
// airport) codes, for searches phrased in Chinese, which Duffel's place
// suggestions do not match.
var chineseCities = map[string]string{
	"北京": "BJS", "上海": "SHA", "广州": "CAN", "深圳": "SZX", "成都": "CTU", "重庆": "CKG",
	"杭州": "HGH", "西安": "SIA", "南京": "NKG", "武汉": "WUH", "长沙": "CSX", "昆明": "KMG",
	"厦门": "XMN", "青岛": "TAO", "大连": "DLC", "天津": "TSN", "沈阳": "SHE", "哈尔滨": "HRB",
	"三亚": "SYX", "海口": "HAK", "桂林": "KWL", "丽江": "LJG", "拉萨": "LXA", "乌鲁木齐": "URC",
	"贵阳": "KWE", "南宁": "NNG", "福州": "FOC", "郑州": "CGO", "济南": "TNA", "合肥": "HFE",
	"香港": "HKG", "澳门": "MFM", "台北": "TPE", "东京": "TYO", "大阪": "OSA", "首尔": "SEL",
	"曼谷": "BKK", "新加坡": "SIN", "吉隆坡": "KUL", "伦敦": "LON", "巴黎": "PAR", "纽约": "NYC",
}

// offerJSON is the part of a Duffel offer the client reads.
type offerJSON struct {
	ID            string `json:"id"`
	TotalAmount   string `json:"total_amount"`
	TotalCurrency string `json:"total_currency"`
	TaxAmount     string `json:"tax_amount"`
	TaxCurrency   string `json:"tax_currency"`
	ExpiresAt     string `json:"expires_at"`
	Owner         struct {
		Name     string `json:"name"`
		IATACode string `json:"iata_code"`
	} `json:"owner"`
	Passengers []json.RawMessage `json:"passengers"`
	Slices     []struct {
		Duration      string `json:"duration"`
		FareBrandName string `json:"fare_brand_name"`
		Segments      []struct {
			Origin              placeJSON `json:"origin"`
			Destination         placeJSON `json:"destination"`
			OriginTerminal      string    `json:"origin_terminal"`
			DestinationTerminal string    `json:"destination_terminal"`
			DepartingAt         string    `json:"departing_at"`
			ArrivingAt          string    `json:"arriving_at"`
			Duration            string    `json:"duration"`
			MarketingCarrier    struct {
				Name     string `json:"name"`
				IATACode string `json:"iata_code"`
			} `json:"marketing_carrier"`
			MarketingFlightNumber string `json:"marketing_carrier_flight_number"`
			OperatingCarrier      struct {
				Name     string `json:"name"`
				IATACode string `json:"iata_code"`
			} `json:"operating_carrier"`
			Aircraft *struct {
				Name string `json:"name"`
			} `json:"aircraft"`
			Stops      []json.RawMessage `json:"stops"`
			Passengers []struct {
				CabinClass string `json:"cabin_class"`
			} `json:"passengers"`
		} `json:"segments"`
	} `json:"slices"`
}

type placeJSON struct {
	IATACode string `json:"iata_code"`
	Name     string `json:"name"`
	TimeZone string `json:"time_zone"`
}

// ParseOffers decodes an offer request answer ({"data":{"offers":[…]}})
// into offers unexpired at now, cheapest first (by currency, then cents,
// then ID). Offers with an unusable price, expiry or itinerary are
// dropped; if that drops every offer of a non-empty list, the answer is a
// bad_response.
func ParseOffers(body []byte, now time.Time) ([]Offer, error) {
	var r struct {
		Data *struct {
			Offers []offerJSON `json:"offers"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &r); err != nil {
		return nil, errorf(orchestrator.EBADRESPONSE, "undecodable offer request: %v", err)
	}
	if r.Data == nil {
		return nil, errorf(orchestrator.EBADRESPONSE, "offer request answer has no data")
	}
	offers := make([]Offer, 0, len(r.Data.Offers))
	usable := 0
	for _, o := range r.Data.Offers {
		off, ok := convertOffer(o)
		if !ok {
			continue
		}
		usable++
		if !off.ExpiresAt.After(now) {
			continue
		}
		offers = append(offers, off)
	}
	if usable == 0 && len(r.Data.Offers) > 0 {
		return nil, errorf(orchestrator.EBADRESPONSE, "none of the %d offers is usable", len(r.Data.Offers))
	}
	slices.SortFunc(offers, func(a, b Offer) int {
		if c := strings.Compare(a.Price.Currency, b.Price.Currency); c != 0 {
			return c
		}
		if a.Price.Cents != b.Price.Cents {
			if a.Price.Cents < b.Price.Cents {
				return -1
			}
			return 1
		}
		return strings.Compare(a.ID, b.ID)
	})
	return offers, nil
}

var currencyRE = regexp.MustCompile(`^[A-Z]{3}$`)

func convertOffer(o offerJSON) (Offer, bool) {
	cents, err := ParseAmount(o.TotalAmount)
	if o.ID == "" || err != nil || !currencyRE.MatchString(o.TotalCurrency) || len(o.Slices) == 0 {
		return Offer{}, false
	}
	exp, err := time.Parse(time.RFC3339Nano, o.ExpiresAt)
	if err != nil {
		return Offer{}, false
	}
	off := Offer{
		ID:         o.ID,
		Price:      orchestrator.Money{Cents: cents, Currency: o.TotalCurrency},
		Passengers: len(o.Passengers),
		Owner:      Airline{Name: o.Owner.Name, IATACode: o.Owner.IATACode},
		ExpiresAt:  exp.UTC(),
	}
	if tax, err := ParseAmount(o.TaxAmount); err == nil && currencyRE.MatchString(o.TaxCurrency) {
		off.Tax = &orchestrator.Money{Cents: tax, Currency: o.TaxCurrency}
	}
	for _, sl := range o.Slices {
		if d, err := ParseDuration(sl.Duration); err == nil {
			off.DurationMinutes += int(d / time.Minute)
		}
		if off.FareBrand == "" {
			off.FareBrand = sl.FareBrandName
		}
		if len(sl.Segments) == 0 {
			return Offer{}, false
		}
		off.Stops += len(sl.Segments) - 1
		for _, sg := range sl.Segments {
			if sg.Origin.IATACode == "" || sg.Destination.IATACode == "" || sg.DepartingAt == "" || sg.ArrivingAt == "" {
				return Offer{}, false
			}
			seg := Segment{
				From: sg.Origin.IATACode, To: sg.Destination.IATACode,
				FromName: sg.Origin.Name, ToName: sg.Destination.Name,
				FromTerminal: sg.OriginTerminal, ToTerminal: sg.DestinationTerminal,
				FromTimeZone: sg.Origin.TimeZone, ToTimeZone: sg.Destination.TimeZone,
				DepartingAt: sg.DepartingAt, ArrivingAt: sg.ArrivingAt,
				Carrier:      Airline{Name: sg.MarketingCarrier.Name, IATACode: sg.MarketingCarrier.IATACode},
				FlightNumber: sg.MarketingCarrier.IATACode + sg.MarketingFlightNumber,
				Stops:        len(sg.Stops),
			}
			if d, err := ParseDuration(sg.Duration); err == nil {
				seg.DurationMinutes = int(d / time.Minute)
			}
			if op := sg.OperatingCarrier; op.IATACode != "" && op.IATACode != sg.MarketingCarrier.IATACode {
				seg.OperatedBy = op.Name
			}
			if sg.Aircraft != nil {
				seg.Aircraft = sg.Aircraft.Name
			}
			if off.CabinClass == "" && len(sg.Passengers) > 0 {
				off.CabinClass = sg.Passengers[0].CabinClass
			}
			off.Stops += seg.Stops
			off.Segments = append(off.Segments, seg)
		}
	}
	return off, true
}

// ParseAmount converts a non-negative decimal string ("45.00", "1234.5",
// "7") to hundredths exactly, by integer arithmetic. Digits beyond the
// second decimal (three-decimal currencies) are rounded half up. Anything
// else (signs, exponents, spaces, more than 15 integer digits) is an error.
func ParseAmount(s string) (int64, error) {
	intPart, frac, hasDot := strings.Cut(s, ".")
	if intPart == "" || len(intPart) > 15 || (hasDot && frac == "") || !digits(intPart) || !digits(frac) {
		return 0, fmt.Errorf("duffel: %q is not a decimal amount", s)
	}
	n, _ := strconv.ParseInt(intPart, 10, 64) // ≤ 15 digits: cannot overflow
	cents := n * 100
	for i := range 2 {
		cents += int64(digitAt(frac, i)) * []int64{10, 1}[i]
	}
	if digitAt(frac, 2) >= 5 {
		cents++
	}
	return cents, nil
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func digitAt(s string, i int) int {
	if i < len(s) {
		return int(s[i] - '0')
	}
	return 0
}

var durationRE = regexp.MustCompile(`^P(?:(\d{1,3})D)?(?:T(?:(\d{1,4})H)?(?:(\d{1,5})M)?(?:(\d{1,6})S)?)?$`)

// ParseDuration reads an ISO 8601 duration of days, hours, minutes and
// seconds as Duffel writes them ("PT02H26M", "P1DT2H").
func ParseDuration(s string) (time.Duration, error) {
	m := durationRE.FindStringSubmatch(s)
	if m == nil || s == "P" || s == "PT" {
		return 0, fmt.Errorf("duffel: %q is not an ISO 8601 duration", s)
	}
	var d time.Duration
	for i, unit := range []time.Duration{24 * time.Hour, time.Hour, time.Minute, time.Second} {
		if m[i+1] != "" {
			n, _ := strconv.Atoi(m[i+1])
			d += time.Duration(n) * unit
		}
	}
	return d, nil
}

// TTL returns how long offers stay fresh at now: until the first expires,
// at most MaxOfferTTL, never negative.
func TTL(offers []Offer, now time.Time) time.Duration {
	ttl := MaxOfferTTL
	for _, o := range offers {
		ttl = min(ttl, o.ExpiresAt.Sub(now))
	}
	return max(ttl, 0)
}

func errorf(typ, format string, args ...any) *orchestrator.UpstreamError {
	return &orchestrator.UpstreamError{Type: typ, Message: fmt.Sprintf(format, args...), Provider: Provider}
}
