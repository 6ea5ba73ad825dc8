package pipeline

import (
	"bytes"
	"reflect"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// TestMemoKeyCoversProvenance: changing any one field of a dependency's
// provenance, its attribution's included, changes what the memo key
// hashes — also for fields added after appendProvenance was written.
func TestMemoKeyCoversProvenance(t *testing.T) {
	base := orchestrator.Provenance{Source: "s", FetchedAt: time.Date(2026, 6, 1, 4, 0, 0, 0, time.UTC), TTL: 60,
		Attribution: &orchestrator.Attribution{Text: "t", URL: "u", License: "l"}}
	want := appendProvenance(nil, &base)
	// set gives field f of v (addressable) another value.
	set := func(t *testing.T, name string, f reflect.Value) {
		switch f.Kind() {
		case reflect.String:
			f.SetString(f.String() + "x")
		case reflect.Int64, reflect.Int:
			f.SetInt(f.Int() + 1)
		case reflect.Bool:
			f.SetBool(!f.Bool())
		default:
			if f.Type() == reflect.TypeFor[time.Time]() {
				f.Set(reflect.ValueOf(f.Interface().(time.Time).Add(time.Nanosecond)))
				return
			}
			t.Fatalf("field %s of kind %s: teach appendProvenance and this test about it", name, f.Kind())
		}
	}
	pt := reflect.TypeFor[orchestrator.Provenance]()
	for i := range pt.NumField() {
		p := base
		a := *base.Attribution
		p.Attribution = &a
		name := pt.Field(i).Name
		if name == "Attribution" {
			p.Attribution = nil
		} else {
			set(t, name, reflect.ValueOf(&p).Elem().Field(i))
		}
		if bytes.Equal(appendProvenance(nil, &p), want) {
			t.Errorf("Provenance.%s is not in the memo key", name)
		}
	}
	at := reflect.TypeFor[orchestrator.Attribution]()
	for i := range at.NumField() {
		p := base
		a := *base.Attribution
		p.Attribution = &a
		set(t, at.Field(i).Name, reflect.ValueOf(&a).Elem().Field(i))
		if bytes.Equal(appendProvenance(nil, &p), want) {
			t.Errorf("Attribution.%s is not in the memo key", at.Field(i).Name)
		}
	}
	// A zone offset counts, as it did in the JSON the key was made of.
	p := base
	p.FetchedAt = base.FetchedAt.In(time.FixedZone("CST", 8*3600))
	if bytes.Equal(appendProvenance(nil, &p), want) {
		t.Error("the fetch time's zone is not in the memo key")
	}
}
