package amap

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator"
)

// String is a text field of Amap's JSON, which types everything as strings
// but writes an empty value as [] (v3) or "" (v5), and occasionally a
// number unquoted. UnmarshalJSON accepts:
//
//   - a JSON string → its value;
//   - null, [] or {} → "";
//   - a number or boolean → its literal text;
//   - an array of such values, nested at most 4 deep → the non-empty ones
//     joined with ";" (Amap's own list separator), e.g. ["a",[],"b"] → "a;b".
//
// Any other object is an error. It never panics.
type String string

const maxStringDepth = 4

// UnmarshalJSON implements json.Unmarshaler.
func (s *String) UnmarshalJSON(b []byte) error {
	v, err := decodeString(b, 0)
	if err != nil {
		return err
	}
	*s = String(v)
	return nil
}

var errObject = errors.New("amap: expected a string, found an object")

func decodeString(b []byte, depth int) (string, error) {
	b = bytes.TrimSpace(b)
	if len(b) == 0 {
		return "", errors.New("amap: empty value")
	}
	switch c := b[0]; {
	case c == '"' && len(b) >= 2 && b[len(b)-1] == '"' && plain(b[1:len(b)-1]):
		return string(b[1 : len(b)-1]), nil // the common case, without reflection
	case c == '[' && len(b) == 2 && b[1] == ']':
		return "", nil
	case c == '"':
		var v string
		err := json.Unmarshal(b, &v)
		return v, err
	case c == 'n' || c == 't' || c == 'f':
		var v *bool
		if err := json.Unmarshal(b, &v); err != nil {
			return "", err
		}
		if v == nil {
			return "", nil
		}
		return strconv.FormatBool(*v), nil
	case c == '-' || (c >= '0' && c <= '9'):
		var n json.Number
		if err := json.Unmarshal(b, &n); err != nil {
			return "", err
		}
		return n.String(), nil
	case c == '{':
		var m map[string]json.RawMessage
		if err := json.Unmarshal(b, &m); err != nil {
			return "", err
		}
		if len(m) == 0 {
			return "", nil
		}
		return "", errObject
	case c == '[':
		if depth >= maxStringDepth {
			return "", errors.New("amap: arrays nested too deep for a string")
		}
		var items []json.RawMessage
		if err := json.Unmarshal(b, &items); err != nil {
			return "", err
		}
		var parts []string
		for _, it := range items {
			v, err := decodeString(it, depth+1)
			if err != nil {
				return "", err
			}
			if v != "" {
				parts = append(parts, v)
			}
		}
		return strings.Join(parts, ";"), nil
	}
	return "", fmt.Errorf("amap: unexpected JSON %.20q", b)
}

// plain reports whether the inside of a JSON string literal needs no
// unescaping: no backslash, quote or control character, and valid UTF-8.
func plain(b []byte) bool {
	for _, c := range b {
		if c == '\\' || c == '"' || c < 0x20 {
			return false
		}
	}
	return utf8.Valid(b)
}

// Object is a JSON object field that Amap writes as [] (or "", or null)
// when empty. Set reports whether an object was present.
type Object[T any] struct {
	V   T
	Set bool
}

// UnmarshalJSON implements json.Unmarshaler.
func (o *Object[T]) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if isEmptyJSON(b) {
		*o = Object[T]{}
		return nil
	}
	var v T
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*o = Object[T]{V: v, Set: true}
	return nil
}

// List is a JSON array field that Amap writes as "" or null when empty and
// that one v5 variant wraps in an object ({"poi":[…]}); an object's first
// array-valued member (by sorted key) is taken.
type List[T any] []T

// UnmarshalJSON implements json.Unmarshaler.
func (l *List[T]) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if isEmptyJSON(b) {
		*l = nil
		return nil
	}
	if len(b) > 0 && b[0] == '{' {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(b, &m); err != nil {
			return err
		}
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			if v := bytes.TrimSpace(m[k]); len(v) > 0 && v[0] == '[' {
				b = v
				break
			}
		}
		if b[0] == '{' {
			return errors.New("amap: expected a list, found an object without one")
		}
	}
	var v []T
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*l = v
	return nil
}

func isEmptyJSON(b []byte) bool {
	switch string(b) {
	case "", "null", `""`, "[]", "{}":
		return true
	}
	if len(b) > 1 && b[0] == '[' && b[len(b)-1] == ']' {
		return len(bytes.TrimSpace(b[1:len(b)-1])) == 0
	}
	return false
}

// Int returns s as an integer, or nil when it is empty or not one ("1200",
// "1200.0" → 1200).
func (s String) Int() *int {
	t := strings.TrimSpace(string(s))
	if t == "" {
		return nil
	}
	if n, err := strconv.Atoi(t); err == nil {
		return &n
	}
	if f, err := strconv.ParseFloat(t, 64); err == nil && f >= -1e12 && f <= 1e12 {
		n := int(f + 0.5)
		if f < 0 {
			n = int(f - 0.5)
		}
		return &n
	}
	return nil
}

// Float returns s as a finite number, or nil.
func (s String) Float() *float64 {
	f, err := strconv.ParseFloat(strings.TrimSpace(string(s)), 64)
	if err != nil || math.IsNaN(f) || math.Abs(f) > 1e15 {
		return nil
	}
	return &f
}

// Yuan returns s, an amount in yuan ("128.00", "2.0", "19"), as exact CNY
// Money, or nil when empty, negative or not a decimal.
func (s String) Yuan() *orchestrator.Money {
	cents, ok := parseDecimalCents(strings.TrimSpace(string(s)))
	if !ok {
		return nil
	}
	return &orchestrator.Money{Cents: cents, Currency: "CNY"}
}

// parseDecimalCents converts a non-negative decimal string to hundredths
// by integer arithmetic, rounding a third decimal half up.
func parseDecimalCents(s string) (int64, bool) {
	ip, frac, dot := strings.Cut(s, ".")
	if ip == "" || len(ip) > 15 || (dot && frac == "") || !allDigits(ip) || !allDigits(frac) {
		return 0, false
	}
	n, _ := strconv.ParseInt(ip, 10, 64)
	cents := n * 100
	if len(frac) > 0 {
		cents += int64(frac[0]-'0') * 10
	}
	if len(frac) > 1 {
		cents += int64(frac[1] - '0')
	}
	if len(frac) > 2 && frac[2] >= '5' {
		cents++
	}
	return cents, true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Location returns s, an Amap "lng,lat" GCJ-02 position, converted to
// WGS-84 and rounded to 6 decimals, or nil when s is empty or not a valid
// position.
func (s String) Location() *orchestrator.GeoPoint {
	g, ok := parseLngLat(string(s))
	if !ok {
		return nil
	}
	w := ToWGS84(g)
	return &orchestrator.GeoPoint{Lat: round6(w.Lat), Lon: round6(w.Lon)}
}

// Polyline returns s, Amap's "lng,lat;lng,lat;…" GCJ-02 polyline, as
// WGS-84 points; invalid points are skipped.
func (s String) Polyline() []orchestrator.GeoPoint {
	if s == "" {
		return nil
	}
	var out []orchestrator.GeoPoint
	for _, part := range strings.Split(string(s), ";") {
		if p := String(part).Location(); p != nil {
			out = append(out, *p)
		}
	}
	return out
}

func parseLngLat(s string) (orchestrator.GeoPoint, bool) {
	lng, lat, ok := strings.Cut(strings.TrimSpace(s), ",")
	if !ok {
		return orchestrator.GeoPoint{}, false
	}
	x, err1 := strconv.ParseFloat(strings.TrimSpace(lng), 64)
	y, err2 := strconv.ParseFloat(strings.TrimSpace(lat), 64)
	if err1 != nil || err2 != nil || !(y >= -90 && y <= 90) || !(x >= -180 && x <= 180) {
		return orchestrator.GeoPoint{}, false
	}
	return orchestrator.GeoPoint{Lat: y, Lon: x}, true
}

// formatLngLat writes a WGS-84 point as Amap's GCJ-02 "lng,lat" with 6
// decimals.
func formatLngLat(p orchestrator.GeoPoint) string {
	g := ToGCJ02(p)
	return strconv.FormatFloat(round6(g.Lon), 'f', 6, 64) + "," + strconv.FormatFloat(round6(g.Lat), 'f', 6, 64)
}
