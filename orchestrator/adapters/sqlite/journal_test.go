package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/storetest"
)

// journalChild is set in the environment of the process TestJournalAfterKill
// starts: that process saves plans into the store at this path and is
// killed before the last ones are applied.
const journalChild = "TRIPWEAVE_SQLITE_JOURNAL_CHILD"

func init() {
	if path := os.Getenv(journalChild); path != "" {
		os.Exit(journalChildMain(path))
	}
}

// journalChildMain saves k0…k9 (applied), deletes k0, then, the applier
// held, saves k10…k19 with a torn record after them, and kills itself: no
// Close, no applying, as in a crash.
func journalChildMain(path string) int {
	ctx := context.Background()
	s, err := Open(ctx, path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	t0 := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	save := func(i int) error {
		p := storetest.WithCatalogs(storetest.NewPlan(fmt.Sprintf("k%d", i), t0.Add(time.Duration(i)*time.Second), orchestrator.PlanComplete), "x")
		return s.SavePlan(ctx, p, storetest.NewRun(p.ID, 2))
	}
	for i := range 10 {
		if err := save(i); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
	}
	if err := s.DeletePlan(ctx, "k0"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	s.applyMu.Lock() // the applier writes nothing more
	for i := 10; i < 20; i++ {
		if err := save(i); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
	}
	// A record cut short by the crash: never acknowledged, ignored.
	var torn []byte
	torn = appendRecord(torn, 999, &writeReq{id: "torn", doc: []byte(`{}`)})
	s.j.mu.Lock()
	_, _ = s.j.f.Write(torn[:len(torn)-3])
	_ = syscall.Kill(os.Getpid(), syscall.SIGKILL)
	select {}
}

// TestJournalAfterKill: plans acknowledged by a process killed before it
// wrote them into SQLite are there when the store next opens, trip values
// and traces included; a plan deleted before the kill stays deleted; a
// torn record is ignored; and the store goes on journalling after it.
func TestJournalAfterKill(t *testing.T) {
	path := filepath.Join(t.TempDir(), "plans.db")
	cmd := exec.Command(os.Args[0], "-test.run", "^$")
	cmd.Env = append(os.Environ(), journalChild+"="+path)
	out, err := cmd.CombinedOutput()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("child: %v\n%s", err, out)
	}
	ctx := context.Background()
	// The killed process left k10…k19 only in its journal.
	db, err := sql.Open("sqlite", dsn(path, "_query_only=1"))
	if err != nil {
		t.Fatal(err)
	}
	var before int
	err = db.QueryRow(`SELECT count(*) FROM plans`).Scan(&before)
	db.Close()
	if err != nil || before != 9 {
		t.Fatalf("plans in the database before the replay: %d, %v; want 9 (k1…k9)", before, err)
	}
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if n := count(t, s, `SELECT count(*) FROM plans`); n != 19 {
		t.Errorf("%d plans in the database after the replay, want 19 (k1…k19)", n)
	}
	if _, err := s.Plan(ctx, "k0"); orchestrator.ErrorCode(err) != orchestrator.ENOTFOUND {
		t.Errorf("deleted plan k0 after the replay: %v, want ENOTFOUND", err)
	}
	if _, err := s.Plan(ctx, "torn"); orchestrator.ErrorCode(err) != orchestrator.ENOTFOUND {
		t.Errorf("torn record: %v, want ENOTFOUND", err)
	}
	for i := 1; i < 20; i++ {
		id := fmt.Sprintf("k%d", i)
		p, err := s.Plan(ctx, id)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if a := p.Trip.Cities[0].Attractions; a == nil || len(a.Value) != 2 {
			t.Errorf("%s: attractions read back: %+v", id, a)
		}
		if r, err := s.Run(ctx, id); err != nil || len(r.Spans) != 2 {
			t.Errorf("%s: run %+v, %v", id, r, err)
		}
	}
	p := storetest.WithCatalogs(storetest.NewPlan("after", time.Date(2026, 6, 2, 0, 0, 0, 0, time.UTC), orchestrator.PlanComplete), "x")
	if err := s.SavePlan(ctx, p, nil); err != nil {
		t.Fatal(err)
	}
	if n := count(t, s, `SELECT count(*) FROM plans`); n != 20 {
		t.Errorf("%d plans after one more, want 20", n)
	}
}

// TestPendingPlansRead: plans acknowledged but not yet in SQLite (the
// applier held) read back in every form, list in order with the stored
// ones across pages, replace a stored plan of their ID, and are in the
// database once the applier runs.
func TestPendingPlansRead(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	t0 := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	var want []string
	for i := range 6 { // stored
		p := storetest.NewPlan(fmt.Sprintf("s%d", i), t0.Add(time.Duration(2*i)*time.Minute), orchestrator.PlanComplete)
		if err := s.SavePlan(ctx, p, storetest.NewRun(p.ID, 1)); err != nil {
			t.Fatal(err)
		}
		want = append(want, p.ID)
	}
	if err := s.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	s.applyMu.Lock()
	held := true
	defer func() {
		if held {
			s.applyMu.Unlock()
		}
	}()
	for i := range 6 { // pending, between the stored ones in time
		p := storetest.WithCatalogs(storetest.NewPlan(fmt.Sprintf("q%d", i), t0.Add(time.Duration(2*i+1)*time.Minute), orchestrator.PlanPartial), "x")
		if err := s.SavePlan(ctx, p, storetest.NewRun(p.ID, 3)); err != nil {
			t.Fatal(err)
		}
		want = append(want, p.ID)
	}
	// s2 saved again, later and with another status: it replaces its row.
	p := storetest.NewPlan("s2", t0.Add(time.Hour), orchestrator.PlanNeedsInput)
	if err := s.SavePlan(ctx, p, nil); err != nil {
		t.Fatal(err)
	}
	if n := s.queued(); n != 7 {
		t.Fatalf("%d plans pending, want 7", n)
	}
	got, err := s.Plan(ctx, "q3")
	if err != nil || got.Trip.Cities[0].Attractions == nil || len(got.Trip.Cities[0].Attractions.Value) != 2 {
		t.Fatalf("pending plan q3: %+v, %v", got, err)
	}
	if r, err := s.Run(ctx, "q3"); err != nil || len(r.Spans) != 3 {
		t.Errorf("pending run q3: %+v, %v", r, err)
	}
	if got, err := s.Plan(ctx, "s2"); err != nil || got.Status != orchestrator.PlanNeedsInput {
		t.Errorf("s2 replaced while pending: %+v, %v", got, err)
	}

	list := func(f orchestrator.PlanFilter) []string {
		var ids []string
		for {
			page, err := s.ListPlans(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range page.Plans {
				ids = append(ids, p.ID)
			}
			if page.Next == "" {
				return ids
			}
			f.Cursor = page.Next
		}
	}
	// Newest first: s2 (replaced, an hour later), then by time.
	all := []string{"s2", "q5", "s5", "q4", "s4", "q3", "s3", "q2", "q1", "s1", "q0", "s0"}
	for _, limit := range []int{1, 2, 5, 50} {
		if ids := list(orchestrator.PlanFilter{Limit: limit}); !slices.Equal(ids, all) {
			t.Errorf("list by %d: %v, want %v", limit, ids, all)
		}
	}
	if ids := list(orchestrator.PlanFilter{Status: orchestrator.PlanPartial, Limit: 4}); !slices.Equal(ids, []string{"q5", "q4", "q3", "q2", "q1", "q0"}) {
		t.Errorf("partial plans: %v", ids)
	}
	if ids := list(orchestrator.PlanFilter{CreatedFrom: t0.Add(3 * time.Minute), CreatedTo: t0.Add(7 * time.Minute), Limit: 2}); !slices.Equal(ids, []string{"s3", "q2", "q1"}) {
		t.Errorf("plans from 3 to 7 minutes: %v", ids)
	}
	page, err := s.ListPlans(ctx, orchestrator.PlanFilter{Limit: 50})
	if err != nil {
		t.Fatal(err)
	}
	for _, sum := range page.Plans {
		if sum.ID == "q1" && (sum.Query == "" || sum.StartDate == "" || sum.Days == 0 || len(sum.Destinations) == 0) {
			t.Errorf("pending plan's summary: %+v", sum)
		}
	}

	s.applyMu.Unlock()
	held = false
	if err := s.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if n := count(t, s, `SELECT count(*) FROM plans`); n != 12 {
		t.Errorf("%d plans in the database, want 12", n)
	}
	if n := count(t, s, `SELECT count(*) FROM plans WHERE id = 's2' AND status = 'needs_input'`); n != 1 {
		t.Error("s2 not replaced in the database")
	}
	if ids := list(orchestrator.PlanFilter{Limit: 5}); !slices.Equal(ids, all) {
		t.Errorf("list once applied: %v, want %v", ids, all)
	}
}

// TestJournalHeldByOneProcess: a second store on the same file commits
// directly (the first holds the journal), and the plans of both read back
// from either once the first has flushed.
func TestJournalHeldByOneProcess(t *testing.T) {
	ctx := context.Background()
	a, b := openTwo(t)
	if a.j == nil || b.j != nil {
		t.Fatalf("journal held by a: %v, by b: %v; want a only", a.j != nil, b.j != nil)
	}
	t0 := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	if err := a.SavePlan(ctx, storetest.NewPlan("from-a", t0, orchestrator.PlanComplete), nil); err != nil {
		t.Fatal(err)
	}
	if err := b.SavePlan(ctx, storetest.NewPlan("from-b", t0, orchestrator.PlanComplete), nil); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Plan(ctx, "from-b"); err != nil {
		t.Errorf("a reads b's plan: %v", err)
	}
	if err := a.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Plan(ctx, "from-a"); err != nil {
		t.Errorf("b reads a's flushed plan: %v", err)
	}
}

// TestJournalRefusesBadRef: a plan whose trip value does not have its
// address is refused before it is acknowledged, as without the journal.
func TestJournalRefusesBadRef(t *testing.T) {
	s := openTest(t)
	p := storetest.WithCatalogs(storetest.NewPlan("bad", time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC), orchestrator.PlanComplete), "x")
	p.Trip.Cities[0].Attractions.Ref = orchestrator.ContentRef([]byte("something else"))
	err := s.SavePlan(context.Background(), p, nil)
	if orchestrator.ErrorCode(err) != orchestrator.EINVALID || !strings.Contains(err.Error(), "address") {
		t.Fatalf("bad ref: %v, want EINVALID", err)
	}
	if _, err := s.Plan(context.Background(), "bad"); orchestrator.ErrorCode(err) != orchestrator.ENOTFOUND {
		t.Errorf("refused plan reads %v, want ENOTFOUND", err)
	}
}

// TestJournalReplaysInOrder: a reopened journal gives back its plans in
// order, not those deleted after they were journalled, and numbers new
// records after the old ones.
func TestJournalReplaysInOrder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "plans.db")
	j, got, err := openJournal(path, false)
	if err != nil || len(got) != 0 {
		t.Fatalf("new journal: %v, %d plans", err, len(got))
	}
	plan := func(id string) *writeReq {
		return &writeReq{id: id, created: "2026-06-01T00:00:00.000000000Z", status: "complete", doc: []byte(`{"id":"` + id + `"}`),
			blobs: []blobVal{{ref: "sha256-1", doc: []byte(`[1]`)}, {ref: "sha256-2"}}}
	}
	if err := j.append([]*writeReq{plan("a"), plan("b")}); err != nil {
		t.Fatal(err)
	}
	if err := j.appendDeletes([]string{"a"}); err != nil {
		t.Fatal(err)
	}
	if err := j.append([]*writeReq{plan("c"), plan("a")}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := openJournal(path, false); err != errJournalBusy {
		t.Errorf("second open while held: %v, want errJournalBusy", err)
	}
	j.close()
	j, got, err = openJournal(path, false)
	if err != nil {
		t.Fatal(err)
	}
	defer j.close()
	var ids []string
	for _, r := range got {
		ids = append(ids, fmt.Sprintf("%s@%d", r.id, r.seq))
	}
	if want := []string{"b@2", "c@4", "a@5"}; !slices.Equal(ids, want) {
		t.Errorf("replayed %v, want %v", ids, want)
	}
	if r := got[0]; string(r.doc) != `{"id":"b"}` || r.status != "complete" || len(r.blobs) != 2 ||
		string(r.blobs[0].doc) != `[1]` || r.blobs[1].doc != nil || r.blobs[1].ref != "sha256-2" {
		t.Errorf("replayed plan b: %+v", r)
	}
	if err := j.append([]*writeReq{plan("d")}); err != nil {
		t.Fatal(err)
	}
	if j.seq != 6 {
		t.Errorf("next record numbered %d, want 6", j.seq)
	}
}

// TestRefusedPlanLeavesNoValueBehind: values a refused plan would have
// carried into the journal do not count as stored; a later plan referring
// to them carries them itself.
func TestRefusedPlanLeavesNoValueBehind(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	t0 := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	// A plan applied first: the applier has seen the database since.
	if err := s.SavePlan(ctx, storetest.NewPlan("first", t0, orchestrator.PlanComplete), nil); err != nil {
		t.Fatal(err)
	}
	if err := s.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	bad := storetest.WithCatalogs(storetest.NewPlan("bad", t0, orchestrator.PlanComplete), "x")
	bad.Trip.Cities[0].Matrix.Ref = orchestrator.ContentRef([]byte("something else"))
	if err := s.SavePlan(ctx, bad, nil); orchestrator.ErrorCode(err) != orchestrator.EINVALID {
		t.Fatalf("bad matrix ref: %v, want EINVALID", err)
	}
	good := storetest.WithCatalogs(storetest.NewPlan("good", t0, orchestrator.PlanComplete), "x")
	if err := s.SavePlan(ctx, good, nil); err != nil {
		t.Fatal(err)
	}
	if n := count(t, s, `SELECT count(*) FROM blobs`); n != 3 {
		t.Errorf("blobs = %d, want 3", n)
	}
	got, err := s.Plan(ctx, "good")
	if err != nil || got.Trip.Cities[0].Attractions == nil || len(got.Trip.Cities[0].Attractions.Value) != 2 {
		t.Fatalf("good plan read back: %+v, %v", got, err)
	}
}

// TestJournalKeepsRecordsNotDone: the current segment is emptied only when
// every record in it is done with: a record appended after the last one
// applied (acknowledged, not yet queued) keeps it whole.
func TestJournalKeepsRecordsNotDone(t *testing.T) {
	j, _, err := openJournal(filepath.Join(t.TempDir(), "plans.db"), false)
	if err != nil {
		t.Fatal(err)
	}
	defer j.close()
	big := &writeReq{id: "p", created: "2026-06-01T00:00:00.000000000Z", doc: []byte(strings.Repeat("x", 64<<10))}
	for j.size < journalTrimSize {
		if err := j.append([]*writeReq{big}); err != nil {
			t.Fatal(err)
		}
	}
	size := j.size
	j.applied(j.seq - 1)
	if fi, err := j.f.Stat(); err != nil || fi.Size() != size {
		t.Fatalf("segment after all but the last record applied: %v bytes, %v; want %d kept", fi.Size(), err, size)
	}
	j.applied(j.seq)
	if fi, err := j.f.Stat(); err != nil || fi.Size() != 0 {
		t.Errorf("segment after every record applied: %v bytes, %v; want emptied", fi.Size(), err)
	}
}
