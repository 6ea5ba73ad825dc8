package amap

import (
	"context"
	"encoding/json"
	"net/url"

	"github.com/tripweave/tripweave/orchestrator"
)

// Region is the administrative area a point lies in, as Amap's reverse
// geocoder names it.
type Region struct {
	Province string `json:"province,omitempty"`
	// City is the prefecture-level city; for the municipalities (Beijing,
	// Shanghai, Tianjin, Chongqing), whose city Amap reports as [], it is
	// the province.
	City     string `json:"city,omitempty"`
	District string `json:"district,omitempty"`
	Citycode string `json:"citycode,omitempty"`
	Adcode   string `json:"adcode,omitempty"`
}

// Regeo names the region of p (WGS-84). A point Amap places in no Chinese
// region (at sea, abroad) is a not_found error.
func (c *Client) Regeo(ctx context.Context, p orchestrator.GeoPoint) (Region, error) {
	if p.Lat < -90 || p.Lat > 90 || p.Lon < -180 || p.Lon > 180 {
		return Region{}, errorf(orchestrator.EINVALIDARG, "location must be within -90..90, -180..180")
	}
	var a regeoAnswer
	if err := c.get(ctx, "/v3/geocode/regeo", url.Values{"location": {formatLngLat(p)}}, &a); err != nil {
		return Region{}, err
	}
	return a.result()
}

type regeoAnswer struct {
	Regeocode Object[struct {
		AddressComponent Object[struct {
			Province String `json:"province"`
			City     String `json:"city"`
			District String `json:"district"`
			Citycode String `json:"citycode"`
			Adcode   String `json:"adcode"`
		}] `json:"addressComponent"`
	}] `json:"regeocode"`
}

// ParseRegeo decodes a geocode/regeo answer.
func ParseRegeo(body []byte) (Region, error) {
	if e := CheckBody(body); e != nil {
		e.Provider = Provider
		return Region{}, e
	}
	var a regeoAnswer
	if err := json.Unmarshal(body, &a); err != nil {
		return Region{}, errorf(orchestrator.EBADRESPONSE, "undecodable regeo answer: %v", err)
	}
	return a.result()
}

func (a regeoAnswer) result() (Region, error) {
	ac := a.Regeocode.V.AddressComponent.V
	r := Region{Province: string(ac.Province), City: string(ac.City), District: string(ac.District),
		Citycode: string(ac.Citycode), Adcode: string(ac.Adcode)}
	if r.City == "" {
		r.City = r.Province
	}
	if r.Province == "" && r.Citycode == "" && r.Adcode == "" {
		return Region{}, errorf(orchestrator.ENOTFOUND, "the point lies in no region Amap knows")
	}
	return r, nil
}
