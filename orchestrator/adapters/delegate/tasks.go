package delegate

import (
	"container/list"
	"context"
	"encoding/json"
	"sync"
	"time"

	"github.com/a2aproject/a2a-go/a2a"
	"github.com/a2aproject/a2a-go/a2asrv"

	"github.com/tripweave/tripweave/orchestrator"
)

// Task store defaults: how long a task and its owner are kept after their
// last change, and how many tasks (and bytes of encoded tasks) at most.
const (
	DefaultTaskTTL      = time.Hour
	DefaultMaxTasks     = 10000
	DefaultMaxTaskBytes = 64 << 20
)

// TaskLimits bound the A2A agent's memory. Zero fields take the defaults.
type TaskLimits struct {
	TTL      time.Duration
	MaxTasks int
	MaxBytes int
}

// taskStore keeps A2A tasks and their owners in memory, bounded: an entry
// expires TTL after its last save, and the oldest entries go first when
// there are more than MaxTasks or their encodings exceed MaxBytes. A
// finished task keeps no copy of its plan: the plan artifact is read back
// from the plan store when the task is asked for. Tasks are kept encoded
// (JSON), so Get always returns a fresh copy the caller may change.
type taskStore struct {
	limits TaskLimits
	now    func() time.Time
	plans  func(ctx context.Context, id string) (*orchestrator.Plan, error)

	mu      sync.Mutex
	entries map[a2a.TaskID]*list.Element
	order   list.List // of *taskEntry, least recently saved first
	bytes   int
}

type taskEntry struct {
	id      a2a.TaskID
	raw     []byte // the task's JSON; nil while only the owner is known
	planID  string // set: the "plan" artifact is served from the plan store
	owner   string
	expires time.Time
}

func newTaskStore(l TaskLimits, now func() time.Time, plans func(context.Context, string) (*orchestrator.Plan, error)) *taskStore {
	if l.TTL <= 0 {
		l.TTL = DefaultTaskTTL
	}
	if l.MaxTasks <= 0 {
		l.MaxTasks = DefaultMaxTasks
	}
	if l.MaxBytes <= 0 {
		l.MaxBytes = DefaultMaxTaskBytes
	}
	if now == nil {
		now = time.Now
	}
	return &taskStore{limits: l, now: now, plans: plans, entries: map[a2a.TaskID]*list.Element{}}
}

// planArtifact is the name of the artifact carrying the plan JSON.
const planArtifact = "plan"

// Save stores task, dropping the plan artifact's data of a finished task
// whose plan is in the plan store.
func (s *taskStore) Save(ctx context.Context, task *a2a.Task) error {
	if task == nil || task.ID == "" {
		return a2a.ErrInvalidParams
	}
	planID := ""
	t := task
	if task.Status.State.Terminal() && s.plans != nil {
		for i, art := range task.Artifacts {
			if art == nil || art.Name != planArtifact || len(art.Parts) != 1 {
				continue
			}
			dp, ok := art.Parts[0].(a2a.DataPart)
			if !ok {
				continue
			}
			id, _ := dp.Data["id"].(string)
			if id == "" {
				continue
			}
			slim := *task
			slim.Artifacts = append([]*a2a.Artifact(nil), task.Artifacts...)
			a := *art
			a.Parts = a2a.ContentParts{a2a.DataPart{Data: map[string]any{"id": id}}}
			slim.Artifacts[i] = &a
			t, planID = &slim, id
			break
		}
	}
	raw, err := json.Marshal(t)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.touch(task.ID)
	s.bytes += len(raw) - len(e.raw)
	e.raw, e.planID = raw, planID
	s.evict()
	return nil
}

// Get returns a copy of task id, its plan artifact read back from the plan
// store when it was dropped; a2a.ErrTaskNotFound when the task is unknown
// or expired.
func (s *taskStore) Get(ctx context.Context, id a2a.TaskID) (*a2a.Task, error) {
	s.mu.Lock()
	el, ok := s.entries[id]
	var raw []byte
	var planID string
	if ok {
		e := el.Value.(*taskEntry)
		if s.now().After(e.expires) {
			s.remove(el)
			ok = false
		} else {
			raw, planID = e.raw, e.planID
		}
	}
	s.mu.Unlock()
	if !ok || raw == nil {
		return nil, a2a.ErrTaskNotFound
	}
	var t a2a.Task
	if err := json.Unmarshal(raw, &t); err != nil {
		return nil, err
	}
	if planID != "" {
		p, err := s.plans(ctx, planID)
		if orchestrator.ErrorCode(err) == orchestrator.ENOTFOUND {
			return nil, a2a.ErrTaskNotFound // its plan is gone (retention, deleted): so is the task
		}
		if err != nil {
			return nil, err
		}
		for _, art := range t.Artifacts {
			if art != nil && art.Name == planArtifact {
				art.Parts = a2a.ContentParts{a2a.DataPart{Data: toMap(p)}}
			}
		}
	}
	return &t, nil
}

// SetOwner records the API key that owns task id, unless one is known.
func (s *taskStore) SetOwner(id a2a.TaskID, owner string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.touch(id)
	if e.owner == "" {
		e.owner = owner
	}
	s.evict()
}

// Owner is the API key that owns task id ("" when unknown or expired).
func (s *taskStore) Owner(id a2a.TaskID) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	el, ok := s.entries[id]
	if !ok {
		return ""
	}
	e := el.Value.(*taskEntry)
	if s.now().After(e.expires) {
		s.remove(el)
		return ""
	}
	return e.owner
}

// Len is the number of entries held.
func (s *taskStore) Len() (tasks, bytes int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.entries), s.bytes
}

// touch returns id's entry, created if needed, as the most recent with a
// fresh expiry. s.mu is held.
func (s *taskStore) touch(id a2a.TaskID) *taskEntry {
	exp := s.now().Add(s.limits.TTL)
	if el, ok := s.entries[id]; ok {
		e := el.Value.(*taskEntry)
		e.expires = exp
		s.order.MoveToBack(el)
		return e
	}
	e := &taskEntry{id: id, expires: exp}
	s.entries[id] = s.order.PushBack(e)
	return e
}

// evict drops expired entries and the oldest beyond the limits, never the
// most recent one. s.mu is held.
func (s *taskStore) evict() {
	now := s.now()
	for el := s.order.Front(); el != nil && el != s.order.Back(); el = s.order.Front() {
		e := el.Value.(*taskEntry)
		if !now.After(e.expires) && len(s.entries) <= s.limits.MaxTasks && s.bytes <= s.limits.MaxBytes {
			return
		}
		s.remove(el)
	}
}

func (s *taskStore) remove(el *list.Element) {
	e := s.order.Remove(el).(*taskEntry)
	delete(s.entries, e.id)
	s.bytes -= len(e.raw)
}

var _ a2asrv.TaskStore = (*taskStore)(nil)
