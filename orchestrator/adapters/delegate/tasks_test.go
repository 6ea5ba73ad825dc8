package delegate

import (
	"context"
	"fmt"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/a2a"
	"github.com/a2aproject/a2a-go/a2aclient"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/app/pipeline"
)

// bulkyPlanner answers every brief with a plan of a query of 60 KB (as bulky as a real plan's trip),
// stored in its memStore as the real planner stores its plans.
type bulkyPlanner struct {
	store *memStore
	n     atomic.Int64
}

func (b *bulkyPlanner) NewID() string { return fmt.Sprintf("p_%016x", b.n.Add(1)) }

func (b *bulkyPlanner) Plan(ctx context.Context, req pipeline.Request) (*orchestrator.Plan, *orchestrator.Run, error) {
	id := req.ID
	if id == "" {
		id = b.NewID()
	}
	p := &orchestrator.Plan{ID: id, Brief: req.Brief, Status: orchestrator.PlanComplete,
		Trip: orchestrator.Trip{SchemaVersion: orchestrator.TripSchemaVersion, Cities: []orchestrator.CityData{}}}
	p.Query = strings.Repeat("x", 60<<10)
	p.Notes = []orchestrator.Note{{Level: "info", Code: "bulk", Message: "one note"}}
	if err := b.store.SavePlan(ctx, p, nil); err != nil {
		return nil, nil, err
	}
	return p, &orchestrator.Run{PlanID: id}, nil
}

// memStore keeps plans in a map; only SavePlan and Plan are implemented.
type memStore struct {
	orchestrator.PlanStore
	mu    sync.Mutex
	plans map[string]*orchestrator.Plan
}

func (m *memStore) SavePlan(_ context.Context, p *orchestrator.Plan, _ *orchestrator.Run) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.plans[p.ID] = p
	return nil
}

func (m *memStore) Plan(_ context.Context, id string) (*orchestrator.Plan, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if p, ok := m.plans[id]; ok {
		return p, nil
	}
	return nil, orchestrator.Errorf(orchestrator.ENOTFOUND, "no plan %q", id)
}

func heapAfterGC() uint64 {
	var ms runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// TestA2AMemoryStaysFlat sends 400 messages to the A2A agent: the heap
// after the last is within a few MB of the heap after the 50th (the
// in-memory store of a2a-go kept every task, its plan included, forever),
// and a finished task still answers tasks/get with its plan, read back from
// the plan store.
func TestA2AMemoryStaysFlat(t *testing.T) {
	store := &memStore{plans: map[string]*orchestrator.Plan{}}
	svc := NewService(Config{Planner: &bulkyPlanner{store: store}, Store: store})
	agent := NewAgent(svc)
	rpc, _ := agent.Handlers()
	srv := httptest.NewServer(rpc)
	defer srv.Close()
	ctx := context.Background()
	client, err := a2aclient.NewFromEndpoints(ctx, []a2a.AgentInterface{{URL: srv.URL, Transport: a2a.TransportProtocolJSONRPC}})
	if err != nil {
		t.Fatal(err)
	}
	brief := map[string]any{"destinations": []any{"成都"}, "days": 2, "travelers": map[string]any{"adults": 1},
		"start_date": "2026-07-01", "now": "2026-06-01T12:00:00+08:00"}
	send := func() *a2a.Task {
		t.Helper()
		res, err := client.SendMessage(ctx, &a2a.MessageSendParams{Message: a2a.NewMessage(a2a.MessageRoleUser, a2a.DataPart{Data: map[string]any{"brief": brief}})})
		if err != nil {
			t.Fatal(err)
		}
		task, ok := res.(*a2a.Task)
		if !ok || task.Status.State != a2a.TaskStateCompleted {
			t.Fatalf("message/send answered %#v, want a completed task", res)
		}
		return task
	}
	var first *a2a.Task
	for i := range 50 {
		if task := send(); i == 0 {
			first = task
		}
	}
	before := heapAfterGC()
	for range 350 {
		send()
	}
	after := heapAfterGC()
	// Plans themselves stay in memStore (about 60 KB each): subtract them.
	plans := uint64(350 * 70 << 10)
	grew := int64(after) - int64(before) - int64(plans)
	t.Logf("heap after 50 sends %.1f MB, after 400 %.1f MB (%.1f MB of it the test's own plan store); tasks held %v",
		float64(before)/(1<<20), float64(after)/(1<<20), float64(plans)/(1<<20), fmt.Sprint(agent.tasks.Len()))
	if grew > 8<<20 {
		t.Errorf("the heap grew %.1f MB over 350 sends beyond the plans stored; want it flat", float64(grew)/(1<<20))
	}
	got, err := client.GetTask(ctx, &a2a.TaskQueryParams{ID: first.ID})
	if err != nil {
		t.Fatal(err)
	}
	var planID string
	for _, art := range got.Artifacts {
		if art.Name == planArtifact {
			dp := art.Parts[0].(a2a.DataPart)
			planID, _ = dp.Data["id"].(string)
			if q, _ := dp.Data["query"].(string); len(q) != 60<<10 {
				t.Errorf("tasks/get plan artifact has a query of %d bytes, want the stored plan's %d", len(q), 60<<10)
			}
		}
	}
	if planID == "" {
		t.Errorf("tasks/get of a finished task has no plan artifact: %+v", got.Artifacts)
	}
}

// TestTaskStoreBounds: entries expire after the TTL, the oldest go beyond
// the count and byte caps, and owners go with their tasks.
func TestTaskStoreBounds(t *testing.T) {
	now := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	s := newTaskStore(TaskLimits{TTL: time.Minute, MaxTasks: 3, MaxBytes: 1 << 20}, func() time.Time { return now }, nil)
	ctx := context.Background()
	task := func(id string) *a2a.Task {
		return &a2a.Task{ID: a2a.TaskID(id), ContextID: "c", Status: a2a.TaskStatus{State: a2a.TaskStateWorking}}
	}
	for _, id := range []string{"a", "b", "c", "d"} {
		s.SetOwner(a2a.TaskID(id), "k_"+id)
		if err := s.Save(ctx, task(id)); err != nil {
			t.Fatal(err)
		}
	}
	if n, _ := s.Len(); n != 3 {
		t.Errorf("held %d tasks, want the cap of 3", n)
	}
	if _, err := s.Get(ctx, "a"); err != a2a.ErrTaskNotFound {
		t.Errorf("the oldest task beyond the cap: got %v, want ErrTaskNotFound", err)
	}
	if o := s.Owner("a"); o != "" {
		t.Errorf("the evicted task's owner is still %q", o)
	}
	if got, err := s.Get(ctx, "d"); err != nil || got.ID != "d" || s.Owner("d") != "k_d" {
		t.Errorf("Get(d) = %v, %v, owner %q", got, err, s.Owner("d"))
	}
	now = now.Add(2 * time.Minute)
	if _, err := s.Get(ctx, "d"); err != a2a.ErrTaskNotFound {
		t.Errorf("an expired task: got %v, want ErrTaskNotFound", err)
	}
	if err := s.Save(ctx, task("e")); err != nil {
		t.Fatal(err)
	}
	if n, b := s.Len(); n != 1 || b <= 0 {
		t.Errorf("after expiry: %d tasks, %d bytes held; want only the new one", n, b)
	}
	big := newTaskStore(TaskLimits{MaxBytes: 300}, nil, nil)
	for i := range 10 {
		tk := task(fmt.Sprint(i))
		tk.Metadata = map[string]any{"pad": strings.Repeat("y", 100)}
		if err := big.Save(ctx, tk); err != nil {
			t.Fatal(err)
		}
	}
	if n, b := big.Len(); b > 300 || n > 2 {
		t.Errorf("byte cap 300: %d tasks, %d bytes held", n, b)
	}
}
