package amap

import (
	"encoding/json"
	"reflect"
	"testing"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator"
)

func TestStringUnmarshal(t *testing.T) {
	tests := []struct {
		in      string
		want    String
		wantErr bool
	}{
		{`"北京大学"`, "北京大学", false},
		{`""`, "", false},
		{`[]`, "", false},
		{`[ ]`, "", false},
		{`{}`, "", false},
		{`null`, "", false},
		{`1200`, "1200", false},
		{`-3.50`, "-3.50", false},
		{`true`, "true", false},
		{`["a",[],"b"]`, "a;b", false},
		{`[[[]]]`, "", false},
		{`["010-1",12]`, "010-1;12", false},
		{`"\u4e2d\"x"`, "中\"x", false},
		{`{"name":[]}`, "", true},
		{`[[[[["x"]]]]]`, "", true},
		{`["a",{"b":1}]`, "", true},
		{`nul`, "", true},
		{`"unterminated`, "", true},
		{`01`, "", true},
	}
	for _, tt := range tests {
		var got String
		err := json.Unmarshal([]byte(tt.in), &got)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("Unmarshal(%s) = %q, %v; want %q, error %v", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
}

func TestStringInStruct(t *testing.T) {
	var v struct {
		Tel    String `json:"tel"`
		BizExt Object[struct {
			Rating String `json:"rating"`
			Cost   String `json:"cost"`
		}] `json:"biz_ext"`
		Business Object[struct{ Tag String }] `json:"business"`
		POIs     List[struct{ ID String }]    `json:"pois"`
		Photos   List[struct{ URL String }]   `json:"photos"`
	}
	err := json.Unmarshal([]byte(`{"tel":[],"biz_ext":{"rating":"4.7","cost":[]},"business":[],"pois":{"poi":[{"ID":"B1"}]},"photos":""}`), &v)
	if err != nil {
		t.Fatal(err)
	}
	if v.Tel != "" || v.BizExt.V.Rating != "4.7" || v.BizExt.V.Cost != "" || !v.BizExt.Set || v.Business.Set ||
		len(v.POIs) != 1 || v.POIs[0].ID != "B1" || v.Photos != nil {
		t.Errorf("decoded %+v", v)
	}
}

func TestStringConversions(t *testing.T) {
	i := func(n int) *int { return &n }
	f := func(x float64) *float64 { return &x }
	tests := []struct {
		s     String
		int   *int
		float *float64
		yuan  *orchestrator.Money
	}{
		{"1200", i(1200), f(1200), &orchestrator.Money{Cents: 120000, Currency: "CNY"}},
		{"128.00", i(128), f(128), &orchestrator.Money{Cents: 12800, Currency: "CNY"}},
		{"2.0", i(2), f(2), &orchestrator.Money{Cents: 200, Currency: "CNY"}},
		{"4.7", i(5), f(4.7), &orchestrator.Money{Cents: 470, Currency: "CNY"}},
		{"0.295", i(0), f(0.295), &orchestrator.Money{Cents: 30, Currency: "CNY"}},
		{"", nil, nil, nil},
		{"≤3", nil, nil, nil},
		{"-5", i(-5), f(-5), nil},
		{"NaN", nil, nil, nil},
		{"1e400", nil, nil, nil},
	}
	for _, tt := range tests {
		if got := tt.s.Int(); !reflect.DeepEqual(got, tt.int) {
			t.Errorf("%q.Int() = %v, want %v", tt.s, deref(got), deref(tt.int))
		}
		if got := tt.s.Float(); !reflect.DeepEqual(got, tt.float) {
			t.Errorf("%q.Float() = %v, want %v", tt.s, deref(got), deref(tt.float))
		}
		if got := tt.s.Yuan(); !reflect.DeepEqual(got, tt.yuan) {
			t.Errorf("%q.Yuan() = %v, want %v", tt.s, got, tt.yuan)
		}
	}
}

func deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}

func TestLocationParsing(t *testing.T) {
	for _, s := range []String{"", "116.3", "a,b", "200,30", "116.3,95", "116.3;39.9", "NaN,NaN"} {
		if got := s.Location(); got != nil {
			t.Errorf("%q.Location() = %v, want nil", s, got)
		}
	}
	pl := String("104.058187,30.667867;bad;104.050065,30.643340").Polyline()
	if len(pl) != 2 {
		t.Errorf("Polyline kept %d points, want 2 (the bad one skipped)", len(pl))
	}
}

// FuzzString checks that decoding never panics, that a JSON string decodes
// to exactly what encoding/json gives, and that results are valid UTF-8
// whenever the input is.
func FuzzString(f *testing.F) {
	for _, s := range []string{`"北京"`, `[]`, `{}`, `null`, `1200`, `["a",[],"b"]`, `[[[[["x"]]]]]`, `{"a":1}`, `"\ud800"`, `-0.5e3`, `[1,true,null,"x"]`, ` [ ] `} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var s String
		err := s.UnmarshalJSON(b)
		var want string
		if json.Unmarshal(b, &want) == nil {
			if err != nil || string(s) != want {
				t.Fatalf("UnmarshalJSON(%q) = %q, %v; encoding/json gives %q", b, s, err, want)
			}
		}
		if err == nil && utf8.Valid(b) && !utf8.ValidString(string(s)) {
			t.Fatalf("UnmarshalJSON(%q) = %q, not valid UTF-8", b, s)
		}
	})
}

// FuzzParseAnswers feeds arbitrary bodies to every answer parser: they may
// fail, only with a typed error, and must never panic.
func FuzzParseAnswers(f *testing.F) {
	for _, s := range []string{
		`{"status":"1","count":"1","pois":[{"id":"B1","name":"x","location":"116.3,39.9","biz_ext":{"rating":[],"cost":"12.5"},"tel":[]}]}`,
		`{"status":"1","count":"1","pois":{"poi":[{"id":"B1","name":"x","business":[]}]}}`,
		`{"status":"0","info":"CUQPS_HAS_EXCEEDED_THE_LIMIT","infocode":"10021"}`,
		`{"status":"1","forecasts":[{"casts":[{"date":"2026-06-01","daytemp":"29","week":"1"}]}]}`,
		`{"status":"1","lives":[{"temperature":"26","humidity":[]}]}`,
		`{"status":"1","geocodes":[{"location":"104.06,30.57","city":[]}]}`,
		`{"status":"1","route":{"paths":[{"distance":"1","steps":[{"polyline":"1,2;3,4"}]}],"transits":[{"segments":[{"walking":[],"bus":{"buslines":[]}}]}]}}`,
		`{"status":"1","count":"0"}`, `[]`, `"1"`, `{"status":1}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		check := func(err error) {
			if err == nil {
				return
			}
			if _, ok := err.(*orchestrator.UpstreamError); !ok {
				t.Fatalf("error %v (%T) is not an *orchestrator.UpstreamError", err, err)
			}
		}
		_, err := ParsePOIs(b)
		check(err)
		_, err = ParseWeather(b, "x", false)
		check(err)
		_, err = ParseWeather(b, "x", true)
		check(err)
		_, err = ParseGeocode(b, "x")
		check(err)
		_, err = ParseDirections(b, ModeTransit)
		check(err)
	})
}

// BenchmarkStringUnmarshal decodes five Amap fields as String; the
// baseline decodes the same object with plain strings (the [] field
// replaced by "", since plain strings cannot take it).
func BenchmarkStringUnmarshal(b *testing.B) {
	b.Run("String", func(b *testing.B) {
		body := []byte(`{"a":"北京大学","b":[],"c":"010-62751201","d":["x",[],"y"],"e":1200}`)
		var v struct{ A, B, C, D, E String }
		b.ReportAllocs()
		for b.Loop() {
			if err := json.Unmarshal(body, &v); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("baseline-string", func(b *testing.B) {
		body := []byte(`{"a":"北京大学","b":"","c":"010-62751201","d":"x;y","e":"1200"}`)
		var v struct{ A, B, C, D, E string }
		b.ReportAllocs()
		for b.Loop() {
			if err := json.Unmarshal(body, &v); err != nil {
				b.Fatal(err)
			}
		}
	})
}
