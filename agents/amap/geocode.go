package amap

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator"
)

// MaxAddressLen limits a geocoded address, in characters.
const MaxAddressLen = 200

// Geocode is an address Amap resolved, in WGS-84.
type Geocode struct {
	FormattedAddress string                `json:"formatted_address"`
	Country          string                `json:"country,omitempty"`
	Province         string                `json:"province,omitempty"`
	City             string                `json:"city,omitempty"`
	District         string                `json:"district,omitempty"`
	Street           string                `json:"street,omitempty"`
	Number           string                `json:"number,omitempty"`
	Citycode         string                `json:"citycode,omitempty"`
	Adcode           string                `json:"adcode,omitempty"`
	Location         orchestrator.GeoPoint `json:"location"`
	// Level is how precise the match is, as Amap words it: 省, 市, 区县,
	// 道路, 门牌号, 兴趣点 …
	Level string `json:"level,omitempty"`
}

// Place returns g as an orchestrator.Place; SourceID is the adcode.
func (g Geocode) Place() orchestrator.Place {
	name := g.FormattedAddress
	switch {
	case g.Level == "市" && g.City != "":
		name = g.City
	case g.Level == "市" || g.Level == "省":
		name = g.Province // municipalities report city as []
	}
	p := orchestrator.Place{Name: name, Country: g.Country, Admin1: g.Province, Latitude: g.Location.Lat, Longitude: g.Location.Lon,
		Timezone: "Asia/Shanghai", SourceID: g.Adcode}
	if g.Country == "中国" {
		p.CountryCode = "CN"
	}
	return p
}

// Geocode resolves address (optionally within city, a name, citycode or
// adcode) to at most 10 matches. No match is a not_found error naming the
// address.
func (c *Client) Geocode(ctx context.Context, address, city string) ([]Geocode, error) {
	address, city = strings.TrimSpace(address), strings.TrimSpace(city)
	if address == "" || utf8.RuneCountInString(address) > MaxAddressLen {
		return nil, errorf(orchestrator.EINVALIDARG, "address must be 1–%d characters", MaxAddressLen)
	}
	if utf8.RuneCountInString(city) > MaxKeywordLen {
		return nil, errorf(orchestrator.EINVALIDARG, "city is longer than %d characters", MaxKeywordLen)
	}
	q := url.Values{"address": {address}}
	if city != "" {
		q.Set("city", city)
	}
	var a geocodeAnswer
	if err := c.get(ctx, "/v3/geocode/geo", q, &a); err != nil {
		return nil, err
	}
	return a.result(address)
}

type geocodeAnswer struct {
	Geocodes List[struct {
		FormattedAddress String `json:"formatted_address"`
		Country          String `json:"country"`
		Province         String `json:"province"`
		City             String `json:"city"`
		District         String `json:"district"`
		Street           String `json:"street"`
		Number           String `json:"number"`
		Citycode         String `json:"citycode"`
		Adcode           String `json:"adcode"`
		Location         String `json:"location"`
		Level            String `json:"level"`
	}] `json:"geocodes"`
}

// ParseGeocode decodes a geocode/geo answer for address.
func ParseGeocode(body []byte, address string) ([]Geocode, error) {
	if e := CheckBody(body); e != nil {
		e.Provider = Provider
		return nil, e
	}
	var a geocodeAnswer
	if err := json.Unmarshal(body, &a); err != nil {
		return nil, errorf(orchestrator.EBADRESPONSE, "undecodable geocode answer: %v", err)
	}
	return a.result(address)
}

func (a geocodeAnswer) result(address string) ([]Geocode, error) {
	if len(a.Geocodes) == 0 {
		return nil, errorf(orchestrator.ENOTFOUND, "no place matches %q", address)
	}
	out := make([]Geocode, 0, len(a.Geocodes))
	for _, g := range a.Geocodes {
		loc := g.Location.Location()
		if loc == nil {
			continue
		}
		out = append(out, Geocode{
			FormattedAddress: string(g.FormattedAddress), Country: string(g.Country), Province: string(g.Province),
			City: string(g.City), District: string(g.District), Street: string(g.Street), Number: string(g.Number),
			Citycode: string(g.Citycode), Adcode: string(g.Adcode), Location: *loc, Level: string(g.Level),
		})
	}
	if len(out) == 0 {
		return nil, errorf(orchestrator.EBADRESPONSE, "geocodes for %q carry no usable location", address)
	}
	return out, nil
}
