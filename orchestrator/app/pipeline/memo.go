package pipeline

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash"
	"strings"
	"sync"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/dag"
)

// memoVersion names the generation of the local steps' code: bump it when
// a step's output changes for the same inputs without the inputs changing
// (an in-process memo never outlives the program that filled it, so this
// matters only if the memo is ever shared between processes).
const memoVersion = "local-steps-v1"

// memoPrefix starts every memo key.
const memoPrefix = "memo-"

// DefaultMemoSize bounds the finished local-step values kept in process.
const DefaultMemoSize = 4096

// memo keeps the values of finished local steps (the planner, the budget
// and the verifier: deterministic functions of their inputs) keyed by
// everything they read — the step's kind and subtask, the whole brief
// (dates and now included) and, per dependency, the content address of
// its value and its provenance — so a plan whose inputs are all the same
// as an earlier plan's reuses its itinerary, and any changed input (a
// brief field, a refreshed catalog, a new fetch time) misses. Values are
// shared read-only between plans.
type memo struct {
	mu  sync.Mutex
	max int
	m   map[string]any
	// hits and misses count lookups (tests, metrics).
	hits, misses int64
}

func newMemo(max int) *memo {
	if max <= 0 {
		return nil
	}
	return &memo{max: max, m: make(map[string]any, max)}
}

func (m *memo) get(key string) (any, bool) {
	if m == nil {
		return nil, false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.m[key]
	if ok {
		m.hits++
	} else {
		m.misses++
	}
	return v, ok
}

func (m *memo) put(key string, v any) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.m[key]; !ok && len(m.m) >= m.max {
		// Evict one entry at random (map order) rather than track
		// recency: the hot briefs stay likely, and a full memo never
		// empties at once.
		for k := range m.m {
			delete(m.m, k)
			break
		}
	}
	m.m[key] = v
}

// MemoStats reports the local-step memo's hits and misses so far.
func (s *Service) MemoStats() (hits, misses int64) {
	if s.memo == nil {
		return 0, 0
	}
	s.memo.mu.Lock()
	defer s.memo.mu.Unlock()
	return s.memo.hits, s.memo.misses
}

// fingerprint is the content address of a node's value without one: the
// hash of its payload. A shared value's fingerprint is its ref (setRef);
// values computed in process get their memo key (node.try).
func fingerprint(v nodeValue) string {
	if len(v.payload) > 0 {
		return orchestrator.ContentRef(v.payload)
	}
	return ""
}

// memoKey is the key of the local step of n over its dependencies: see
// memo.
func (n *node) memoKey(deps dag.Deps[nodeValue]) string {
	var k keyHash
	k.init()
	k.str(memoVersion)
	k.str(string(n.st.Kind))
	k.str(n.st.ID)
	k.bytes(n.briefJSON)
	for _, id := range n.st.Deps {
		k.str(id)
		v, ok := deps.Value(id)
		if !ok {
			k.str("-")
			continue
		}
		if v.fp == "" {
			// A value with no content address cannot be told apart
			// from another: no memo for this step.
			return ""
		}
		k.str(v.fp)
		if strings.HasPrefix(v.fp, memoPrefix) {
			// Computed in process: its key covers its inputs, and its
			// provenance's time is when it was computed, not an input.
			k.str(v.prov.Source)
		} else {
			k.buf = appendProvenance(k.buf, &v.prov)
			k.flush()
		}
	}
	return memoPrefix + k.sum()
}

// keyHash hashes the parts of a memo key, each ended by a zero byte,
// through a buffer on the stack.
type keyHash struct {
	h   hash.Hash
	arr [1024]byte
	buf []byte
}

func (k *keyHash) init() { k.h, k.buf = sha256.New(), k.arr[:0] }

func (k *keyHash) str(s string) {
	k.buf = append(append(k.buf, s...), 0)
	k.flush()
}

func (k *keyHash) bytes(b []byte) {
	k.h.Write(k.buf)
	k.h.Write(b)
	k.buf = append(k.arr[:0], 0)
}

// flush hashes the buffer once it is half full.
func (k *keyHash) flush() {
	if len(k.buf) >= len(k.arr)/2 {
		k.h.Write(k.buf)
		k.buf = k.arr[:0]
	}
}

func (k *keyHash) sum() string {
	k.h.Write(k.buf)
	var sum [sha256.Size]byte
	return hex.EncodeToString(k.h.Sum(sum[:0]))
}

// appendProvenance appends every field of p to buf, each ended by a zero
// byte (strings) or of fixed width, for the memo key.
// TestMemoKeyCoversProvenance fails when Provenance or Attribution gains a
// field this does not write.
func appendProvenance(buf []byte, p *orchestrator.Provenance) []byte {
	buf = append(append(buf, p.Source...), 0)
	buf, _ = p.FetchedAt.AppendBinary(buf)
	buf = binary.LittleEndian.AppendUint64(buf, uint64(p.TTL))
	buf = append(buf, flag(p.CacheHit), flag(p.Stale), flag(p.Estimate))
	if a := p.Attribution; a != nil {
		buf = append(buf, 1)
		buf = append(append(buf, a.Text...), 0)
		buf = append(append(buf, a.URL...), 0)
		buf = append(append(buf, a.License...), 0)
	} else {
		buf = append(buf, 0)
	}
	return buf
}

func flag(b bool) byte {
	if b {
		return 1
	}
	return 0
}
