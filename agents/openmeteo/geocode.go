package openmeteo

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator"
)

// Limits on Geocode's arguments.
const (
	MaxNameLength = 100 // characters
	MaxCount      = 100
	DefaultCount  = 10
)

// Geocode looks name up (e.g. "Chengdu", "成都", "Paris, France") and returns
// up to count places, best match first, with names localized in language
// ("en" when empty). count ≤ 0 means DefaultCount. No match is a not_found
// *orchestrator.UpstreamError naming the place; a rejected parameter is an
// invalid_argument one carrying Open-Meteo's reason.
func (c *Client) Geocode(ctx context.Context, name, language string, count int) ([]orchestrator.Place, error) {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return nil, c.errorf(orchestrator.EINVALIDARG, "name is empty")
	case utf8.RuneCountInString(name) > MaxNameLength:
		return nil, c.errorf(orchestrator.EINVALIDARG, fmt.Sprintf("name is longer than %d characters", MaxNameLength))
	case count > MaxCount:
		return nil, c.errorf(orchestrator.EINVALIDARG, fmt.Sprintf("count must be between 1 and %d", MaxCount))
	}
	if count <= 0 {
		count = DefaultCount
	}
	language = strings.ToLower(strings.TrimSpace(language))
	if language == "" {
		language = "en"
	}
	q := url.Values{
		"name":     {name},
		"count":    {strconv.Itoa(count)},
		"language": {language},
		"format":   {"json"},
	}
	body, err := c.up.Get(ctx, c.geocodingURL, q)
	if err != nil {
		return nil, err
	}
	return parseGeocode(body, name)
}

// geocodeResponse is the geocoding API's answer. Empty fields are omitted
// by the API, and a miss omits results altogether.
type geocodeResponse struct {
	Results []struct {
		ID          int64    `json:"id"`
		Name        string   `json:"name"`
		Latitude    *float64 `json:"latitude"`
		Longitude   *float64 `json:"longitude"`
		CountryCode string   `json:"country_code"`
		Country     string   `json:"country"`
		Admin1      string   `json:"admin1"`
		Timezone    string   `json:"timezone"`
		Population  int64    `json:"population"`
	} `json:"results"`
}

// parseGeocode decodes a geocoding body. Entries without a name or with
// coordinates out of range are dropped; if that leaves nothing of a
// non-empty result list, the body is a bad_response.
func parseGeocode(body []byte, name string) ([]orchestrator.Place, error) {
	var r geocodeResponse
	if err := json.Unmarshal(body, &r); err != nil {
		return nil, &orchestrator.UpstreamError{Type: orchestrator.EBADRESPONSE, Provider: Provider,
			Message: fmt.Sprintf("undecodable geocoding response: %v", err)}
	}
	if len(r.Results) == 0 {
		return nil, &orchestrator.UpstreamError{Type: orchestrator.ENOTFOUND, Provider: Provider,
			Message: fmt.Sprintf("no place named %q found", name)}
	}
	places := make([]orchestrator.Place, 0, len(r.Results))
	for _, res := range r.Results {
		if res.Name == "" || res.Latitude == nil || res.Longitude == nil ||
			!validLatLon(*res.Latitude, *res.Longitude) {
			continue
		}
		p := orchestrator.Place{
			Name:        res.Name,
			Country:     res.Country,
			CountryCode: res.CountryCode,
			Admin1:      res.Admin1,
			Latitude:    *res.Latitude,
			Longitude:   *res.Longitude,
			Timezone:    res.Timezone,
			Population:  max(res.Population, 0),
		}
		if res.ID > 0 {
			p.SourceID = strconv.FormatInt(res.ID, 10)
		}
		places = append(places, p)
	}
	if len(places) == 0 {
		return nil, &orchestrator.UpstreamError{Type: orchestrator.EBADRESPONSE, Provider: Provider,
			Message: "geocoding results carry no usable coordinates"}
	}
	return places, nil
}

func validLatLon(lat, lon float64) bool {
	return lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180
}
