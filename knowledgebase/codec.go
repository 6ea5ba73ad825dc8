package knowledgebase

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// The stored value is the JSON of an Entry with the payload last and a
// CRC-32C of the payload bytes in the header:
//
//	{"provenance":{…},"expires_at":"…","crc32c":123,"payload":<payload>}
//
// so that any JSON reader sees an Entry, while decodeEntry parses only the
// small header and checks the payload with the checksum instead of scanning
// it (JSON scanning ran at about 125 MB/s and dominated Lookup). Values
// without the checksum (written by hand or by other tools) are decoded as
// plain Entry JSON.

// wireHeader is an Entry without its payload, plus the payload's checksum.
type wireHeader struct {
	Provenance orchestrator.Provenance `json:"provenance"`
	ExpiresAt  time.Time               `json:"expires_at"`
	CRC32C     *uint32                 `json:"crc32c,omitempty"`
}

var (
	castagnoli    = crc32.MakeTable(crc32.Castagnoli)
	payloadMarker = []byte(`,"payload":`)
)

// encodeEntry returns the stored form of e. The payload is validated and
// compacted; an empty payload is stored as null.
func encodeEntry(e Entry) ([]byte, error) {
	var p bytes.Buffer
	if len(e.Payload) == 0 {
		p.WriteString("null")
	} else if err := json.Compact(&p, e.Payload); err != nil {
		return nil, fmt.Errorf("payload: %w", err)
	}
	sum := crc32.Checksum(p.Bytes(), castagnoli)
	h, err := json.Marshal(wireHeader{Provenance: e.Provenance, ExpiresAt: e.ExpiresAt, CRC32C: &sum})
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(h)+len(payloadMarker)+p.Len())
	out = append(out, h[:len(h)-1]...) // drop the closing brace
	out = append(out, payloadMarker...)
	out = append(out, p.Bytes()...)
	return append(out, '}'), nil
}

// decodeEntry decodes a stored value. The returned payload aliases b.
func decodeEntry(b []byte) (Entry, error) {
	// Within the header, `,"payload":` can only be the payload's key: a quote
	// inside a JSON string is always escaped, and no header field has a
	// nested "payload" key.
	if i := bytes.Index(b, payloadMarker); i > 0 && b[len(b)-1] == '}' {
		var h wireHeader
		hdr := append(b[:i:i], '}') // copies: b[:i] has no spare capacity
		if err := json.Unmarshal(hdr, &h); err == nil && h.CRC32C != nil {
			payload := b[i+len(payloadMarker) : len(b)-1]
			if crc32.Checksum(payload, castagnoli) != *h.CRC32C {
				return Entry{}, errors.New("payload checksum mismatch")
			}
			return Entry{Payload: payload, Provenance: h.Provenance, ExpiresAt: h.ExpiresAt}, nil
		}
	}
	var e Entry
	if err := json.Unmarshal(b, &e); err != nil {
		return Entry{}, err
	}
	return e, nil
}
