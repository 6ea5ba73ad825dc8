package knowledgebase

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"sync"
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

// payloadKey ends a stored value's header.
const payloadKey = `,"payload":`

// wireHeader is an Entry without its payload, plus the payload's checksum.
type wireHeader struct {
	Provenance orchestrator.Provenance `json:"provenance"`
	ExpiresAt  time.Time               `json:"expires_at"`
	CRC32C     *uint32                 `json:"crc32c,omitempty"`
}

var (
	castagnoli    = crc32.MakeTable(crc32.Castagnoli)
	payloadMarker = []byte(payloadKey)
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
	e, _, err := decodeEntryWith(b, nil)
	return e, err
}

// decodeEntryWith is decodeEntry that also returns the payload's recorded
// checksum (0 for a value without one) and reads the header through hc
// (nil: decode it).
func decodeEntryWith(b []byte, hc *headCache) (Entry, uint32, error) {
	// Within the header, `,"payload":` can only be the payload's key: a quote
	// inside a JSON string is always escaped, and no header field has a
	// nested "payload" key.
	if i := bytes.Index(b, payloadMarker); i > 0 && b[len(b)-1] == '}' {
		if h, ok := hc.decode(b[:i]); ok {
			payload := b[i+len(payloadMarker) : len(b)-1 : len(b)-1] // an append copies: b may be held (heldReads)
			if crc32.Checksum(payload, castagnoli) != h.sum {
				return Entry{}, 0, errors.New("payload checksum mismatch")
			}
			return Entry{Payload: payload, Provenance: h.Provenance, ExpiresAt: h.ExpiresAt}, h.sum, nil
		}
	}
	var e Entry
	if err := json.Unmarshal(b, &e); err != nil {
		return Entry{}, 0, err
	}
	return e, 0, nil
}

// header is a decoded wire header with a checksum.
type header struct {
	Provenance orchestrator.Provenance
	ExpiresAt  time.Time
	sum        uint32
}

// headCache keeps decoded headers by their bytes: a hot entry's header —
// provenance, expiry, checksum — is read by every plan, and decoding its
// JSON cost more than reading it. The zero of *headCache (nil) decodes
// every time. It is safe for concurrent use.
type headCache struct {
	mu sync.Mutex
	m  map[string]header
}

// headCacheSize bounds the headers kept: a few per subtask of the hot
// destinations; a full cache is emptied at once.
const headCacheSize = 4096

func newHeadCache() *headCache { return &headCache{m: make(map[string]header)} }

// decode returns the header hdr holds — a stored value's bytes before
// `,"payload":` — or false when it has no checksum. The returned
// provenance's attribution is the caller's own.
func (c *headCache) decode(hdr []byte) (header, bool) {
	if c != nil {
		c.mu.Lock()
		h, ok := c.m[string(hdr)]
		c.mu.Unlock()
		if ok {
			return h.own(), true
		}
	}
	return c.parse(hdr)
}

// decodeString is decode of a header held in a string.
func (c *headCache) decodeString(hdr string) (header, bool) {
	if c != nil {
		c.mu.Lock()
		h, ok := c.m[hdr]
		c.mu.Unlock()
		if ok {
			return h.own(), true
		}
	}
	return c.parse([]byte(hdr))
}

// parse decodes hdr, which the caller may not keep, and keeps the header.
func (c *headCache) parse(hdr []byte) (header, bool) {
	var w wireHeader
	if json.Unmarshal(append(hdr[:len(hdr):len(hdr)], '}'), &w) != nil || w.CRC32C == nil {
		return header{}, false
	}
	h := header{Provenance: w.Provenance, ExpiresAt: w.ExpiresAt, sum: *w.CRC32C}
	if c == nil {
		return h, true
	}
	c.mu.Lock()
	if len(c.m) >= headCacheSize {
		clear(c.m)
	}
	c.m[string(hdr)] = h
	c.mu.Unlock()
	return h.own(), true
}

// own returns h with a copy of its attribution, so that a caller changing
// it changes no other caller's.
func (h header) own() header {
	if a := h.Provenance.Attribution; a != nil {
		cp := *a
		h.Provenance.Attribution = &cp
	}
	return h
}
