package ginserver

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
)

// unknownFieldPath finds, in document order, the first object key of body
// that v's type has no field for, and returns its path as the API names
// fields ("brief.travelers.teens", "brief.constraints.cuisines[2]" for
// elements). It reports false when body holds no unknown key (or is not
// valid JSON). Go's decoder names only the key itself.
func unknownFieldPath(body []byte, v any) (string, bool) {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	path, found, err := walkUnknown(dec, reflect.TypeOf(v), "")
	return path, found && err == nil
}

var rawMessageType = reflect.TypeOf(json.RawMessage{})

// walkUnknown reads one value of type t at path; err is set when the
// input is not valid JSON (the walk stops).
func walkUnknown(dec *json.Decoder, t reflect.Type, path string) (string, bool, error) {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	tok, err := dec.Token()
	if err != nil {
		return "", false, err
	}
	delim, isDelim := tok.(json.Delim)
	if !isDelim {
		return "", false, nil // a scalar
	}
	if t == nil || t == rawMessageType || t.Kind() == reflect.Interface {
		return "", false, skipRest(dec)
	}
	join := func(k string) string {
		if path == "" {
			return k
		}
		return path + "." + k
	}
	switch {
	case delim == '{' && t.Kind() == reflect.Struct:
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return "", false, err
			}
			key, _ := kt.(string)
			ft, name, ok := fieldByJSONName(t, key)
			if !ok {
				return join(key), true, nil
			}
			if p, found, err := walkUnknown(dec, ft, join(name)); found || err != nil {
				return p, found, err
			}
		}
		_, err = dec.Token() // '}'
		return "", false, err
	case delim == '{' && t.Kind() == reflect.Map:
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return "", false, err
			}
			key, _ := kt.(string)
			if p, found, err := walkUnknown(dec, t.Elem(), join(key)); found || err != nil {
				return p, found, err
			}
		}
		_, err = dec.Token()
		return "", false, err
	case delim == '[' && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array):
		for i := 0; dec.More(); i++ {
			if p, found, err := walkUnknown(dec, t.Elem(), path+"["+strconv.Itoa(i)+"]"); found || err != nil {
				return p, found, err
			}
		}
		_, err = dec.Token()
		return "", false, err
	}
	return "", false, skipRest(dec)
}

// skipRest consumes the rest of an object or array whose opening delimiter
// was read.
func skipRest(dec *json.Decoder) error {
	depth := 1
	for depth > 0 {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		if d, ok := tok.(json.Delim); ok {
			switch d {
			case '{', '[':
				depth++
			default:
				depth--
			}
		}
	}
	return nil
}

// fieldByJSONName finds the field of struct type t that encoding/json
// decodes key into (exact name first, then case-insensitively), looking
// into embedded structs; it returns the field's type and JSON name.
func fieldByJSONName(t reflect.Type, key string) (reflect.Type, string, bool) {
	var fold reflect.Type
	var foldName string
	var walk func(t reflect.Type) (reflect.Type, string, bool)
	walk = func(t reflect.Type) (reflect.Type, string, bool) {
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			tag := f.Tag.Get("json")
			if tag == "-" {
				continue
			}
			name, _, _ := strings.Cut(tag, ",")
			if f.Anonymous && name == "" {
				et := f.Type
				if et.Kind() == reflect.Pointer {
					et = et.Elem()
				}
				if et.Kind() == reflect.Struct {
					if ft, n, ok := walk(et); ok {
						return ft, n, true
					}
					continue
				}
			}
			if !f.IsExported() {
				continue
			}
			if name == "" {
				name = f.Name
			}
			if name == key {
				return f.Type, name, true
			}
			if fold == nil && strings.EqualFold(name, key) {
				fold, foldName = f.Type, name
			}
		}
		return nil, "", false
	}
	if ft, n, ok := walk(t); ok {
		return ft, n, true
	}
	if fold != nil {
		return fold, foldName, true
	}
	return nil, "", false
}
