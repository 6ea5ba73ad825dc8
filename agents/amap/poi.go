package amap

import (
	"cmp"
	"context"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator"
)

// Limits of a POI search.
const (
	MaxPageSize     = 25
	DefaultPageSize = 10
	MaxPage         = 100
	MaxRadius       = 50000 // m
	DefaultRadius   = 1000  // m
	MaxKeywordLen   = 80    // characters
)

// POI is a point of interest, in WGS-84.
type POI struct {
	ID       string                 `json:"id"`
	Name     string                 `json:"name"`
	Type     string                 `json:"type,omitempty" jsonschema:"Amap category path, e.g. 餐饮服务;中餐厅;火锅店"`
	TypeCode string                 `json:"typecode,omitempty"`
	Address  string                 `json:"address,omitempty"`
	Location *orchestrator.GeoPoint `json:"location,omitempty"`
	Tel      string                 `json:"tel,omitempty"`
	Province string                 `json:"province,omitempty"`
	City     string                 `json:"city,omitempty"`
	District string                 `json:"district,omitempty"`
	Adcode   string                 `json:"adcode,omitempty"`
	// DistanceM is the distance from the search centre (around searches).
	DistanceM    *int   `json:"distance_m,omitempty"`
	BusinessArea string `json:"business_area,omitempty"`
	// Tags are Amap's keywords for the place (dishes, features).
	Tags []string `json:"tags,omitempty"`
	// Rating is 0–5; 0 when unknown.
	Rating float64 `json:"rating,omitempty"`
	// Cost is the average spend per person; nil when unknown.
	Cost *orchestrator.Money `json:"cost,omitempty"`
	// OpenTime is the opening hours as Amap words them.
	OpenTime string `json:"open_time,omitempty"`
	// Hours are the opening hours ParseOpenTime could read; nil when
	// unknown.
	Hours  []orchestrator.OpeningHours `json:"hours,omitempty"`
	Photos []string                    `json:"photos,omitempty"`
}

// POISearch is a keyword search (Keywords or Types, optionally in City) or,
// when Center is set, an around search within Radius metres of it.
type POISearch struct {
	Keywords string
	// Types are Amap type codes or names, "|"-separated.
	Types string
	// City is a city name, citycode or adcode restricting a keyword search.
	City string
	// Center is a WGS-84 point; set for an around search.
	Center *orchestrator.GeoPoint
	// Radius is in metres; 0 means DefaultRadius.
	Radius int
	// Page is 1-based; PageSize ≤ MaxPageSize (0 means DefaultPageSize).
	Page, PageSize int
	// Sort orders an around search: SortDistance (nearest first, the
	// default) or SortWeight (Amap's overall ranking, 综合排序).
	Sort string
}

// Orders of an around search.
const (
	SortDistance = "distance"
	SortWeight   = "weight"
)

// POIResult is a page of POIs and Amap's total count for the search.
type POIResult struct {
	POIs  []POI `json:"pois"`
	Count int   `json:"count"`
}

// poiJSON decodes both v3 (biz_ext) and v5 (business) POIs.
type poiJSON struct {
	ID           String `json:"id"`
	Name         String `json:"name"`
	Type         String `json:"type"`
	TypeCode     String `json:"typecode"`
	Address      String `json:"address"`
	Location     String `json:"location"`
	Tel          String `json:"tel"`
	PName        String `json:"pname"`
	CityName     String `json:"cityname"`
	AdName       String `json:"adname"`
	Adcode       String `json:"adcode"`
	Distance     String `json:"distance"`
	BusinessArea String `json:"business_area"`
	Tag          String `json:"tag"`
	BizExt       Object[struct {
		Rating   String `json:"rating"`
		Cost     String `json:"cost"`
		OpenTime String `json:"opentime2"`
	}] `json:"biz_ext"`
	Business Object[struct {
		BusinessArea  String `json:"business_area"`
		OpenTimeToday String `json:"opentime_today"`
		OpenTimeWeek  String `json:"opentime_week"`
		Tel           String `json:"tel"`
		Tag           String `json:"tag"`
		Rating        String `json:"rating"`
		Cost          String `json:"cost"`
	}] `json:"business"`
	Photos List[struct {
		Title String `json:"title"`
		URL   String `json:"url"`
	}] `json:"photos"`
}

type poiAnswer struct {
	Count String        `json:"count"`
	POIs  List[poiJSON] `json:"pois"`
}

// SearchPOI runs s: a v3 /place/text keyword search, or a v5 /place/around
// search when s.Center is set. No match is an empty result, not an error.
func (c *Client) SearchPOI(ctx context.Context, s POISearch) (POIResult, error) {
	q, path, err := s.query()
	if err != nil {
		return POIResult{}, err
	}
	var a poiAnswer
	if err := c.get(ctx, path, q, &a); err != nil {
		return POIResult{}, err
	}
	return a.result(), nil
}

func (s POISearch) query() (url.Values, string, error) {
	kw, types, city := strings.TrimSpace(s.Keywords), strings.TrimSpace(s.Types), strings.TrimSpace(s.City)
	switch {
	case utf8.RuneCountInString(kw) > MaxKeywordLen || utf8.RuneCountInString(types) > MaxKeywordLen || utf8.RuneCountInString(city) > MaxKeywordLen:
		return nil, "", errorf(orchestrator.EINVALIDARG, "keywords, types and city are limited to %d characters", MaxKeywordLen)
	case s.Center == nil && kw == "" && types == "":
		return nil, "", errorf(orchestrator.EINVALIDARG, "a keyword search needs keywords or types")
	case s.Radius < 0 || s.Radius > MaxRadius:
		return nil, "", errorf(orchestrator.EINVALIDARG, "radius must be between 1 and %d m", MaxRadius)
	case s.Page < 0 || s.Page > MaxPage:
		return nil, "", errorf(orchestrator.EINVALIDARG, "page must be between 1 and %d", MaxPage)
	case s.PageSize < 0 || s.PageSize > MaxPageSize:
		return nil, "", errorf(orchestrator.EINVALIDARG, "page size must be between 1 and %d", MaxPageSize)
	case s.Sort != "" && s.Sort != SortDistance && s.Sort != SortWeight:
		return nil, "", errorf(orchestrator.EINVALIDARG, "sort %q is not %s or %s", s.Sort, SortDistance, SortWeight)
	}
	page, size := max(s.Page, 1), s.PageSize
	if size == 0 {
		size = DefaultPageSize
	}
	q := url.Values{}
	if kw != "" {
		q.Set("keywords", kw)
	}
	if types != "" {
		q.Set("types", types)
	}
	if s.Center == nil {
		if city != "" {
			q.Set("city", city)
			q.Set("citylimit", "true")
		}
		q.Set("offset", strconv.Itoa(size))
		q.Set("page", strconv.Itoa(page))
		q.Set("extensions", "all")
		return q, "/v3/place/text", nil
	}
	p := *s.Center
	if !(p.Lat >= -90 && p.Lat <= 90) || !(p.Lon >= -180 && p.Lon <= 180) {
		return nil, "", errorf(orchestrator.EINVALIDARG, "center is outside -90..90, -180..180")
	}
	radius := s.Radius
	if radius == 0 {
		radius = DefaultRadius
	}
	q.Set("location", formatLngLat(p))
	q.Set("radius", strconv.Itoa(radius))
	q.Set("sortrule", cmp.Or(s.Sort, SortDistance))
	q.Set("page_size", strconv.Itoa(size))
	q.Set("page_num", strconv.Itoa(page))
	q.Set("show_fields", "business,photos")
	return q, "/v5/place/around", nil
}

// ParsePOIs decodes a v3 place/text or v5 place/around answer (status
// already checked or not: a failure envelope yields its typed error).
func ParsePOIs(body []byte) (POIResult, error) {
	if e := CheckBody(body); e != nil {
		e.Provider = Provider
		return POIResult{}, e
	}
	var a poiAnswer
	if err := json.Unmarshal(body, &a); err != nil {
		return POIResult{}, errorf(orchestrator.EBADRESPONSE, "undecodable POI answer: %v", err)
	}
	return a.result(), nil
}

func (a poiAnswer) result() POIResult {
	r := POIResult{POIs: make([]POI, 0, len(a.POIs))}
	if n := a.Count.Int(); n != nil && *n > 0 {
		r.Count = *n
	}
	for _, p := range a.POIs {
		if p.ID == "" || p.Name == "" {
			continue
		}
		poi := POI{
			ID: string(p.ID), Name: string(p.Name), Type: string(p.Type), TypeCode: string(p.TypeCode),
			Address: string(p.Address), Location: p.Location.Location(), Tel: string(p.Tel),
			Province: string(p.PName), City: string(p.CityName), District: string(p.AdName), Adcode: string(p.Adcode),
			DistanceM: p.Distance.Int(), BusinessArea: string(p.BusinessArea),
		}
		tag, rating, cost := p.Tag, p.BizExt.V.Rating, p.BizExt.V.Cost
		poi.OpenTime = string(p.BizExt.V.OpenTime)
		week, today := p.BizExt.V.OpenTime, String("")
		if b := p.Business; b.Set {
			if b.V.Tag != "" {
				tag = b.V.Tag
			}
			if b.V.Rating != "" {
				rating = b.V.Rating
			}
			if b.V.Cost != "" {
				cost = b.V.Cost
			}
			if b.V.BusinessArea != "" {
				poi.BusinessArea = string(b.V.BusinessArea)
			}
			if b.V.Tel != "" && poi.Tel == "" {
				poi.Tel = string(b.V.Tel)
			}
			poi.OpenTime = string(b.V.OpenTimeWeek)
			if poi.OpenTime == "" {
				poi.OpenTime = string(b.V.OpenTimeToday)
			}
			week, today = b.V.OpenTimeWeek, b.V.OpenTimeToday
		}
		if h, ok := ParseOpenTime(string(week), string(today)); ok {
			poi.Hours = h
		}
		for _, t := range strings.FieldsFunc(string(tag), func(r rune) bool { return r == ',' || r == ';' || r == '，' }) {
			if t = strings.TrimSpace(t); t != "" {
				poi.Tags = append(poi.Tags, t)
			}
		}
		if f := rating.Float(); f != nil && *f > 0 && *f <= 5 {
			poi.Rating = *f
		}
		if m := cost.Yuan(); m != nil && m.Cents > 0 {
			poi.Cost = m
		}
		for _, ph := range p.Photos {
			if ph.URL != "" && len(poi.Photos) < 3 {
				poi.Photos = append(poi.Photos, string(ph.URL))
			}
		}
		r.POIs = append(r.POIs, poi)
	}
	return r
}

// Attraction returns p as an orchestrator.Attraction; its ID is "amap:"
// plus Amap's.
func (p POI) Attraction() orchestrator.Attraction {
	return orchestrator.Attraction{
		ID: "amap:" + p.ID, Name: p.Name, City: p.City, Category: lastType(p.Type), Tags: p.Tags,
		Location: p.Location, Address: p.Address, Phone: p.Tel, Rating: p.Rating,
	}
}

// Restaurant returns p as an orchestrator.Restaurant, and false when Amap
// gives no cost per person (Restaurant.Price cannot say "unknown").
func (p POI) Restaurant() (orchestrator.Restaurant, bool) {
	r := orchestrator.Restaurant{
		ID: "amap:" + p.ID, Name: p.Name, City: p.City, Location: p.Location, Rating: p.Rating, Dishes: p.Tags,
	}
	if c := lastType(p.Type); c != "" {
		r.Cuisines = []string{c}
	}
	if p.Cost == nil {
		return r, false
	}
	r.Price = *p.Cost
	return r, true
}

func lastType(t string) string {
	if i := strings.LastIndexByte(t, ';'); i >= 0 {
		return t[i+1:]
	}
	return t
}
