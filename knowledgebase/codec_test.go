package knowledgebase

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

func TestCodecRoundTrip(t *testing.T) {
	at := time.Date(2026, 6, 19, 8, 0, 0, 123, time.FixedZone("CST", 8*3600))
	tests := []struct {
		name        string
		in          Entry
		wantPayload string
	}{
		{"object", Entry{Payload: json.RawMessage(`{"a":[1,2,{"b":"c"}]}`), Provenance: orchestrator.Provenance{Source: "s", FetchedAt: at, TTL: 60}, ExpiresAt: at.Add(time.Minute)}, `{"a":[1,2,{"b":"c"}]}`},
		{"whitespace compacted", Entry{Payload: json.RawMessage(" {\n \"a\" : 1 }\n"), ExpiresAt: at}, `{"a":1}`},
		{"nil payload", Entry{ExpiresAt: at}, `null`},
		{"string payload", Entry{Payload: json.RawMessage(`"成都 ,\"payload\":"`), ExpiresAt: at}, `"成都 ,\"payload\":"`},
		{"marker in source", Entry{Payload: json.RawMessage(`1`), Provenance: orchestrator.Provenance{
			Source:      `evil,"payload":{"x":1}}`,
			Attribution: &orchestrator.Attribution{Text: "© OSM", URL: "https://osm.org/copyright?a=1&b=2", License: "ODbL"},
			Estimate:    true,
		}, ExpiresAt: at}, `1`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := encodeEntry(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			want := tt.in
			want.Payload = json.RawMessage(tt.wantPayload)
			got, err := decodeEntry(bytes.Clone(b))
			if err != nil {
				t.Fatalf("decodeEntry(%s): %v", b, err)
			}
			if !entriesEqual(got, want) {
				t.Errorf("decodeEntry =\n%+v\nwant\n%+v", got, want)
			}
			// The stored form is plain Entry JSON to any other reader.
			var plain Entry
			if err := json.Unmarshal(b, &plain); err != nil {
				t.Fatalf("stored value is not JSON: %v\n%s", err, b)
			}
			if !entriesEqual(plain, want) {
				t.Errorf("json.Unmarshal of the stored value =\n%+v\nwant\n%+v", plain, want)
			}
		})
	}
}

func entriesEqual(a, b Entry) bool {
	return bytes.Equal(a.Payload, b.Payload) && a.ExpiresAt.Equal(b.ExpiresAt) &&
		a.Provenance.FetchedAt.Equal(b.Provenance.FetchedAt) &&
		reflect.DeepEqual(withoutTime(a.Provenance), withoutTime(b.Provenance))
}

func withoutTime(p orchestrator.Provenance) orchestrator.Provenance {
	p.FetchedAt = time.Time{}
	return p
}

func TestCodecRejectsDamage(t *testing.T) {
	good, err := encodeEntry(Entry{Payload: json.RawMessage(`{"name":"Kinkaku-ji","rating":4.5}`), ExpiresAt: time.Unix(1e9, 0).UTC()})
	if err != nil {
		t.Fatal(err)
	}
	flipped := bytes.Clone(good)
	flipped[bytes.Index(flipped, []byte("Kinkaku"))] = 'X'
	tests := []struct {
		name string
		in   []byte
	}{
		{"payload byte changed", flipped},
		{"truncated", good[:len(good)-5]},
		{"truncated before payload", good[:bytes.Index(good, payloadMarker)]},
		{"empty", nil},
		{"not json", []byte("hello")},
	}
	for _, tt := range tests {
		if e, err := decodeEntry(bytes.Clone(tt.in)); err == nil {
			t.Errorf("%s: decodeEntry(%q) = %+v, want an error", tt.name, tt.in, e)
		}
	}
}

func TestCodecPlainEntryJSON(t *testing.T) {
	// An Entry written as ordinary JSON, without the checksum, in any field order.
	in := `{"expires_at":"2026-06-19T10:00:00Z","payload":{"lat":1},"provenance":{"source":"import:travelplanner","fetched_at":"2026-06-19T09:00:00Z","ttl":3600,"cache_hit":false}}`
	got, err := decodeEntry([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if string(got.Payload) != `{"lat":1}` || got.Provenance.Source != "import:travelplanner" || !got.ExpiresAt.Equal(time.Date(2026, 6, 19, 10, 0, 0, 0, time.UTC)) {
		t.Errorf("decodeEntry = %+v", got)
	}
}

// TestHeadCache: a header decoded once is served from the cache with the
// same values and an attribution of the caller's own, and a payload that
// no longer matches its cached header's checksum is still refused.
func TestHeadCache(t *testing.T) {
	at := time.Date(2026, 6, 19, 8, 0, 0, 123, time.FixedZone("CST", 8*3600))
	e := Entry{Payload: json.RawMessage(`{"a":1}`), ExpiresAt: at.Add(time.Hour), Provenance: orchestrator.Provenance{
		Source: "s", FetchedAt: at, TTL: 3600, Attribution: &orchestrator.Attribution{Text: "t", URL: "u"}}}
	b, err := encodeEntry(e)
	if err != nil {
		t.Fatal(err)
	}
	hc := newHeadCache()
	want, wantSum, err := decodeEntryWith(bytes.Clone(b), nil)
	if err != nil {
		t.Fatal(err)
	}
	var attrs []*orchestrator.Attribution
	for range 2 {
		got, sum, err := decodeEntryWith(bytes.Clone(b), hc)
		if err != nil || sum != wantSum || !reflect.DeepEqual(got, want) {
			t.Fatalf("decodeEntryWith = %+v, %d, %v; want %+v, %d", got, sum, err, want, wantSum)
		}
		attrs = append(attrs, got.Provenance.Attribution)
	}
	if len(hc.m) != 1 {
		t.Errorf("cache holds %d headers, want 1", len(hc.m))
	}
	if attrs[0] == attrs[1] {
		t.Error("two lookups share one attribution")
	}
	bad := bytes.Replace(bytes.Clone(b), []byte(`{"a":1}`), []byte(`{"a":2}`), 1)
	if _, _, err := decodeEntryWith(bad, hc); err == nil {
		t.Error("a payload that does not match its cached header's checksum was accepted")
	}
}
