package datatools

import (
	"context"
	"math"
	"sync"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// GuideMemoTTL is how long the data agent reuses a city guide it fetched.
// destination_guide, find_pois (restaurant prices) and find_hotels (sleep
// listings) all read the same article for a city, usually within one plan
// or one pre-warm: one fetch serves all three, which is what Wikimedia's
// etiquette asks. The knowledge cache keeps results for days; this only
// spans a plan.
const GuideMemoTTL = 10 * time.Minute

// maxGuideMemo bounds the memo; when full it is cleared.
const maxGuideMemo = 256

// guideMemo is a GuideSource that remembers successful answers for ttl and
// lets concurrent callers of the same guide share one fetch. Errors are
// shared by the callers in flight but not remembered.
type guideMemo struct {
	src GuideSource
	ttl time.Duration
	now func() time.Time

	mu       sync.Mutex
	done     map[guideKey]guideEntry
	inflight map[guideKey]*guideCall
}

type guideKey struct {
	city, lang string
	lat, lon   int64 // the point near the city, to 0.01°; math.MinInt64 when none
}

type guideEntry struct {
	g  orchestrator.Guide
	at time.Time
}

type guideCall struct {
	done chan struct{}
	g    orchestrator.Guide
	err  error
}

func newGuideMemo(src GuideSource, ttl time.Duration, now func() time.Time) *guideMemo {
	return &guideMemo{src: src, ttl: ttl, now: now, done: map[guideKey]guideEntry{}, inflight: map[guideKey]*guideCall{}}
}

// Guide implements GuideSource.
func (m *guideMemo) Guide(ctx context.Context, city, lang string, near *orchestrator.GeoPoint) (orchestrator.Guide, error) {
	k := guideKey{city: orchestrator.CanonicalCity(city), lang: lang, lat: math.MinInt64, lon: math.MinInt64}
	if near != nil {
		k.lat, k.lon = int64(math.Round(near.Lat*100)), int64(math.Round(near.Lon*100))
	}
	m.mu.Lock()
	if e, ok := m.done[k]; ok && m.now().Sub(e.at) < m.ttl {
		m.mu.Unlock()
		return e.g, nil
	}
	if c, ok := m.inflight[k]; ok {
		m.mu.Unlock()
		select {
		case <-c.done:
			return c.g, c.err
		case <-ctx.Done():
			return orchestrator.Guide{}, ctx.Err()
		}
	}
	c := &guideCall{done: make(chan struct{})}
	m.inflight[k] = c
	m.mu.Unlock()

	c.g, c.err = m.src.Guide(ctx, city, lang, near)

	m.mu.Lock()
	delete(m.inflight, k)
	if c.err == nil {
		if len(m.done) >= maxGuideMemo {
			m.done = map[guideKey]guideEntry{}
		}
		m.done[k] = guideEntry{g: c.g, at: m.now()}
	}
	m.mu.Unlock()
	close(c.done)
	return c.g, c.err
}
