package ginserver

import (
	"encoding/json"
	"testing"
)

type pathInner struct {
	Name string `json:"name"`
}

type pathEmbedded struct {
	Tag string `json:"tag"`
}

type pathDoc struct {
	pathEmbedded
	Items  []pathInner            `json:"items"`
	ByKey  map[string]pathInner   `json:"by_key"`
	Raw    json.RawMessage        `json:"raw"`
	Any    any                    `json:"any"`
	Ptr    *pathInner             `json:"ptr,omitempty"`
	Skip   string                 `json:"-"`
	Plain  int                    // no tag: its Go name
	Nested map[string][]pathInner `json:"nested"`
}

func TestUnknownFieldPath(t *testing.T) {
	tests := []struct {
		body, want string
		found      bool
	}{
		{`{"items":[{"name":"a"},{"name":"b","x":1}]}`, "items[1].x", true},
		{`{"by_key":{"k":{"nam":1}}}`, "by_key.k.nam", true},
		{`{"raw":{"anything":{"goes":1}},"any":{"here":[1]},"tag":"t","Plain":1,"ptr":{"name":"x","y":2}}`, "ptr.y", true},
		{`{"nested":{"a":[{"name":"x"},{"z":{"deep":[1,{"q":2}]}}]}}`, "nested.a[1].z", true},
		{`{"Items":[{"NAME":"a"}],"extra":[{"x":1}]}`, "extra", true},
		{`{"-":1}`, "-", true},
		{`{"items":[{"name":"a"}],"tag":"t"}`, "", false},
		{`{"items":[`, "", false},
	}
	for _, tt := range tests {
		got, found := unknownFieldPath([]byte(tt.body), &pathDoc{})
		if got != tt.want || found != tt.found {
			t.Errorf("%s: %q %v, want %q %v", tt.body, got, found, tt.want, tt.found)
		}
	}
}

func FuzzUnknownFieldPath(f *testing.F) {
	for _, s := range []string{`{"items":[{"name":"a","x":1}]}`, `{"by_key":{"k":{}}}`, `[`, `{"raw":[[[[]]]]}`, `{}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		unknownFieldPath([]byte(body), &pathDoc{}) // must not panic or hang
	})
}
