package pipeline

import (
	"encoding/json"
	"strings"
	"sync"
	"time"

	"github.com/tripweave/tripweave/knowledgebase"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/dag"
)

// handler is everything the pipeline knows about one subtask kind, in one
// place: the arguments of each tool the decision module may choose for it,
// how its payload decodes into a typed value (once per payload), and how
// that value joins the trip. The kind's parameters, category and default
// tool are the domain's (orchestrator.Kinds, orchestrator.Decompose); its
// tool rules are the decision module's. Adding a kind is its handler file
// here and its provider's tool.
type handler struct {
	// args returns tool's arguments for the subtask; nil means the kind
	// has no tool (computed in process).
	args func(c *call, tool string) (map[string]any, error)
	// decode reads a payload (from a tool, the cache or a local step that
	// returned JSON) into the kind's typed value; nil, or false, keeps
	// only the raw payload, which joins the trip as a section.
	decode func(payload json.RawMessage) (any, bool)
	// shared marks decoded values that may be shared by concurrent plans
	// (read-only catalogs): they are kept in the decoded cache, keyed by
	// the cache entry and its fetch time.
	shared bool
	// join adds the node's value to the trip; nil means a section.
	join func(j *joiner, st orchestrator.Subtask, v nodeValue)
	// encode marks typed values that join the trip as their JSON (a
	// section): the node encodes it once when it finishes, for every
	// trip it joins (the local steps' and the plan's).
	encode bool
	// cacheOnly, when set, reports the subtasks of the kind that only
	// the knowledge cache may answer (a hub leg: its options come from
	// imported data); cacheOnlyWhy says why no live source is asked.
	cacheOnly    func(st orchestrator.Subtask) bool
	cacheOnlyWhy func(st orchestrator.Subtask) string
	// unleased, when set, reports the tools whose answers for the kind
	// are fetched without the knowledge cache's cross-process lease
	// (knowledgebase.Store.FetchUnleased): tools that slice them from
	// what their agent keeps, and leases, per place.
	unleased func(tool string) bool
}

// handlers holds the handler of every kind the pipeline runs; each kind's
// file registers its own.
var handlers = map[orchestrator.Kind]handler{}

func register(k orchestrator.Kind, h handler) {
	if _, dup := handlers[k]; dup {
		panic("pipeline: two handlers for kind " + string(k))
	}
	handlers[k] = h
}

// nodeValue is what a DAG node yields: the payload as its source gave it
// (what the knowledge cache keeps), its provenance, and the kind's typed
// value, decoded once or computed in process.
type nodeValue struct {
	payload json.RawMessage
	prov    orchestrator.Provenance
	value   any
	// fp identifies the value for the local-step memo (fingerprint, or
	// the memo key of a value computed in process).
	fp string
	// shared marks a value of the decoded cache whose fp is the content
	// address of its JSON (see ref). A flag rather than a second string
	// keeps nodeValue within the 128 bytes a map stores in place: a
	// run's result map holds one per node.
	shared bool
}

// ref is the content address of a shared value's JSON
// (orchestrator.Sourced.Ref), computed once per decoded cache entry, so
// that plan stores keep it once; "" for other values.
func (v *nodeValue) ref() string {
	if v.shared {
		return v.fp
	}
	return ""
}

// setRef records ref, a shared value's content address, as its ref and
// its fingerprint (fingerprint gives the ref of a value that has one).
func (v *nodeValue) setRef(ref string) {
	if ref != "" {
		v.fp, v.shared = ref, true
	}
}

// dep is one dependency of a subtask as it finished.
type dep struct {
	st  orchestrator.Subtask
	v   nodeValue
	ok  bool
	err error
}

// call is what a handler sees when building arguments: the subtask, the
// brief and its dependencies in the subtask's order, found by kind.
type call struct {
	st    orchestrator.Subtask
	brief *orchestrator.Brief
	deps  []dep
}

func newCall(n *node, deps dag.Deps[nodeValue]) *call {
	c := &call{st: *n.st, brief: n.brief, deps: make([]dep, 0, len(n.st.Deps))}
	for _, id := range n.st.Deps {
		d := dep{st: *n.tasks.get(id)}
		d.v, d.ok = deps.Value(id)
		if !d.ok {
			d.err = deps.Err(id)
		}
		c.deps = append(c.deps, d)
	}
	return c
}

// ofKind returns the dependencies of kind k, in order.
func (c *call) ofKind(k orchestrator.Kind) []dep {
	var out []dep
	for _, d := range c.deps {
		if d.st.Kind == k {
			out = append(out, d)
		}
	}
	return out
}

// withPlace adds the place's coordinates and country to args.
func withPlace(args map[string]any, pl orchestrator.Place) map[string]any {
	args["latitude"], args["longitude"] = pl.Latitude, pl.Longitude
	if pl.CountryCode != "" {
		args["country"] = strings.ToUpper(pl.CountryCode)
	}
	return args
}

// decodedCache keeps decoded catalogs in process, keyed by the knowledge
// cache entry and its fetch time, so a hot city's catalogs decode once per
// process rather than once per plan. Values are shared read-only.
type decodedCache struct {
	mu  sync.RWMutex // every node of every plan reads; a decode writes
	max int
	m   map[decodedKey]decoded
}

// decodedKey identifies a decoded value: by its subtask, the entry's fetch
// time and the checksum of its payload (knowledgebase.Checksum); or, for a
// leg renamed as a brief spells its ends (Service.namedLeg), by the leg's
// ref and those names.
type decodedKey struct {
	id       string
	fetched  int64 // Unix nanoseconds
	sum      uint32
	from, to string
}

// decoded is a shared value and the content address of its JSON.
type decoded struct {
	value any
	ref   string
}

// decodedOf returns the decoded cache of a category's values: live
// conditions (a forecast per city and date range, rates per currency) in a
// cache of their own, so that their number never pushes the catalogs and
// legs out of theirs.
func (s *Service) decodedOf(c orchestrator.Category) *decodedCache {
	if c == orchestrator.LiveCondition {
		return s.decodedLive
	}
	return s.decoded
}

func newDecodedCache(max int) *decodedCache {
	return &decodedCache{max: max, m: make(map[decodedKey]decoded, max)}
}

// entryKey is the decodedKey of the value of subtask st's cache entry
// fetched at fetched with payload checksum sum.
func entryKey(st orchestrator.Subtask, fetched time.Time, sum uint32) decodedKey {
	return decodedKey{id: st.ID, fetched: fetched.UnixNano(), sum: sum}
}

func (c *decodedCache) get(key decodedKey) (decoded, bool) {
	c.mu.RLock()
	v, ok := c.m[key]
	c.mu.RUnlock()
	return v, ok
}

func (c *decodedCache) put(key decodedKey, v decoded) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.m) >= c.max {
		// Forget everything rather than track recency: refilling costs
		// one decode per hot catalog.
		clear(c.m)
	}
	c.m[key] = v
}

// decode sets v's typed value from its payload with the kind's handler,
// through the decoded cache for shared kinds.
func (s *Service) decode(st orchestrator.Subtask, v *nodeValue) {
	h := handlers[st.Kind]
	if v.value != nil || h.decode == nil || len(v.payload) == 0 {
		return
	}
	if h.shared && !v.prov.FetchedAt.IsZero() {
		key := entryKey(st, v.prov.FetchedAt, knowledgebase.Checksum(v.payload))
		if x, ok := s.decodedOf(st.Category).get(key); ok {
			v.value = x.value
			v.setRef(x.ref)
			return
		}
		if x, ok := h.decode(v.payload); ok {
			d := decoded{value: x}
			if doc, err := json.Marshal(x); err == nil {
				d.ref = orchestrator.ContentRef(doc)
			}
			s.decodedOf(st.Category).put(key, d)
			v.value = d.value
			v.setRef(d.ref)
		}
		return
	}
	if x, ok := h.decode(v.payload); ok {
		v.value = x
	}
}

// decodeList reads a catalog payload: a bare JSON array (as the dataset
// importers write it) or an object holding the array under field (as agent
// tools return it, next to their provenance).
func decodeList[T any](payload json.RawMessage, field string) ([]T, bool) {
	var list []T
	if len(payload) > 0 && payload[0] == '[' {
		return list, json.Unmarshal(payload, &list) == nil
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(payload, &obj) != nil || obj[field] == nil {
		return nil, false
	}
	return list, json.Unmarshal(obj[field], &list) == nil
}

// listDecoder returns a decode function for a catalog under field.
func listDecoder[T any](field string) func(json.RawMessage) (any, bool) {
	return func(p json.RawMessage) (any, bool) {
		list, ok := decodeList[T](p, field)
		return list, ok
	}
}

// decodeObject reads an object payload given bare or under field.
func decodeObject(payload json.RawMessage, field string, v any) bool {
	var obj map[string]json.RawMessage
	if json.Unmarshal(payload, &obj) != nil {
		return false
	}
	if inner, ok := obj[field]; ok {
		return json.Unmarshal(inner, v) == nil
	}
	return json.Unmarshal(payload, v) == nil
}
