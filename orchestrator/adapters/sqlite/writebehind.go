package sqlite

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// Write-behind through the journal (journal.go): the writer journals each
// group and acknowledges it, the applier writes journalled plans into
// SQLite, and reads find a plan not yet applied in pending.

// openJournal opens the journal, queues the plans it holds for the applier
// and applies them once now, so that a store opened after a crash holds
// every plan acknowledged before it. A journal held by another process
// leaves the store committing directly.
func (s *Store) openJournal(ctx context.Context, fsync bool) error {
	s.pending = map[string]*writeReq{}
	s.progress = make(chan struct{})
	s.kick = make(chan struct{}, 1)
	j, replay, err := openJournal(s.path, fsync)
	if errors.Is(err, errJournalBusy) {
		return nil
	}
	if err != nil {
		return err
	}
	s.j = j
	if len(replay) > 0 {
		s.addPending(replay)
		// A failure (a full store) leaves them pending, served from
		// memory and retried by the applier.
		_ = s.applyQueued()
	}
	return nil
}

// journalBatch journals batch and answers its plans: nil once their
// records are written, the error otherwise. It waits while maxPending
// plans are not yet applied, and while the applier cannot write (a full
// store) it commits the batch directly (commitFull).
func (s *Store) journalBatch(batch []*writeReq) {
	s.admit.Lock()
	defer s.admit.Unlock()
wait:
	for {
		s.pmu.Lock()
		n, progress, applyErr := len(s.queue), s.progress, s.applyErr
		s.pmu.Unlock()
		if applyErr != nil && isFull(applyErr) {
			s.commitFull(batch, applyErr)
			return
		}
		if n < maxPending {
			break
		}
		select {
		case <-progress:
		case <-s.quit:
			break wait
		}
	}
	ok := batch[:0:0]
	carried := map[string]bool{}
	for _, r := range batch {
		if err := s.journalBlobs(r, carried); err != nil {
			r.done <- err
			continue
		}
		ok = append(ok, r)
	}
	if len(ok) == 0 {
		return
	}
	if err := s.j.append(ok); err != nil {
		err = fmt.Errorf("save plan %s: journal: %w", ok[0].id, err)
		for _, r := range ok {
			r.done <- err
		}
		return
	}
	for ref := range carried {
		s.rememberBlob(ref) // journalled: stored before any later plan is
	}
	s.addPending(ok)
	for _, r := range ok {
		r.done <- nil
	}
}

// commitFull writes batch straight into SQLite while the applier cannot
// write the pending plans (a full store), as the store did before the
// journal: the plans that fit are stored and acknowledged, the others
// refused, so that nothing more is acknowledged than the database takes. A
// plan whose ID is pending is refused with full: the pending one, applied
// later, would replace it.
func (s *Store) commitFull(batch []*writeReq, full error) {
	s.applyMu.Lock()
	defer s.applyMu.Unlock()
	s.forgetBlobs() // a value journalled with a pending plan is not in the database
	ok := batch[:0:0]
	for _, r := range batch {
		if s.pendingPlan(r.id) != nil {
			r.done <- full
			continue
		}
		ok = append(ok, r)
	}
	if len(ok) > 0 {
		s.commit(ok)
	}
}

func isFull(err error) bool {
	_, ok := errors.AsType[*StoreFullError](err)
	return ok
}

// journalBlobs gives r the JSON of each value it references that is
// neither in the database, nor journalled before, nor carried by a plan
// before it in its batch (carried), checking that the JSON has the value's
// address (a plan that fails is refused before it is acknowledged), and
// adds the values it gives r to carried. Once the batch is journalled those
// values count as stored (journalBatch): the applier writes them with their
// plan, in journal order, before any later plan that refers to them.
func (s *Store) journalBlobs(r *writeReq, carried map[string]bool) error {
	if s.knownBlobs(r.blobs) { // the usual case: one lock for all
		return nil
	}
	known := func(ref string) bool { return carried[ref] || s.isKnownBlob(ref) }
	var unknown []any
	for _, v := range r.blobs {
		if !known(v.ref) {
			unknown = append(unknown, v.ref)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	stored := map[string]bool{}
	rows, err := s.r.Query(`SELECT ref FROM blobs WHERE ref IN `+placeholders(len(unknown)), unknown...)
	if err != nil {
		return fmt.Errorf("save plan %s: look up trip values: %w", r.id, err)
	}
	for rows.Next() {
		var ref string
		if err := rows.Scan(&ref); err != nil {
			rows.Close()
			return fmt.Errorf("save plan %s: look up trip values: %w", r.id, err)
		}
		stored[ref] = true
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("save plan %s: look up trip values: %w", r.id, err)
	}
	var gave []int
	for i := range r.blobs {
		v := &r.blobs[i]
		if known(v.ref) {
			continue
		}
		if stored[v.ref] {
			s.rememberBlob(v.ref)
			continue
		}
		doc, err := v.src.Encode()
		if err == nil && orchestrator.ContentRef(doc) != v.ref {
			err = orchestrator.FieldErrorf("trip", "a value's ref %s is not the address of its content", v.ref)
		}
		if err != nil {
			for _, j := range gave {
				r.blobs[j].doc = nil
			}
			if orchestrator.ErrorCode(err) == orchestrator.EINVALID {
				return err
			}
			return fmt.Errorf("save plan %s: encode %s: %w", r.id, v.ref, err)
		}
		v.doc = doc
		gave = append(gave, i)
	}
	for _, j := range gave {
		carried[r.blobs[j].ref] = true
	}
	return nil
}

// addPending makes reqs readable and queues them for the applier.
func (s *Store) addPending(reqs []*writeReq) {
	s.pmu.Lock()
	for _, r := range reqs {
		s.pending[r.id] = r
	}
	s.queue = append(s.queue, reqs...)
	s.queuedSeq = max(s.queuedSeq, reqs[len(reqs)-1].seq)
	s.pmu.Unlock()
	select {
	case s.kick <- struct{}{}:
	default:
	}
}

// pendingPlan returns the latest journalled plan of id not yet applied, or
// nil.
func (s *Store) pendingPlan(id string) *writeReq {
	if s.j == nil {
		return nil
	}
	s.pmu.Lock()
	defer s.pmu.Unlock()
	return s.pending[id]
}

// pendingPlans returns the latest journalled plan of each ID not yet
// applied.
func (s *Store) pendingPlans() []*writeReq {
	if s.j == nil {
		return nil
	}
	s.pmu.Lock()
	defer s.pmu.Unlock()
	out := make([]*writeReq, 0, len(s.pending))
	for _, r := range s.pending {
		out = append(out, r)
	}
	return out
}

// applier writes the journalled plans into SQLite until Close, then writes
// what is left once more (what fails stays in the journal for the next
// open).
func (s *Store) applier() {
	defer close(s.applierOut)
	backoff := time.Duration(0)
	retry := time.NewTimer(time.Hour)
	retry.Stop()
	for {
		select {
		case <-s.kick:
		case <-retry.C:
		case <-s.writerOut:
			for s.queued() > 0 && s.applyQueued() == nil {
			}
			return
		}
		for s.queued() > 0 {
			if err := s.applyQueued(); err != nil {
				backoff = min(max(2*backoff, 50*time.Millisecond), time.Second)
				retry.Reset(backoff)
				break
			}
			backoff = 0
		}
	}
}

func (s *Store) queued() int {
	s.pmu.Lock()
	defer s.pmu.Unlock()
	return len(s.queue)
}

// applyQueued writes the queued plans, up to maxApply of them, in one
// transaction and reports the result to readers and waiters. When the
// store is full it writes them one at a time, as many as fit.
func (s *Store) applyQueued() error {
	s.applyMu.Lock()
	defer s.applyMu.Unlock()
	s.pmu.Lock()
	batch := s.queue[:min(len(s.queue), maxApply)]
	s.pmu.Unlock()
	if len(batch) == 0 {
		return nil
	}
	err := writeError(s.writeBatch(batch))
	if err != nil {
		n := 0 // the plans written
		if isFull(err) && len(batch) > 1 {
			for ; n < len(batch); n++ {
				if e := writeError(s.writeBatch(batch[n : n+1])); e != nil {
					err = e
					break
				}
			}
			if n == len(batch) {
				err = nil
			}
		}
		batch = batch[:n]
	}
	s.pmu.Lock()
	s.queue = s.queue[len(batch):]
	for _, r := range batch {
		if s.pending[r.id] == r {
			delete(s.pending, r.id)
		}
	}
	s.settled()
	s.applyErr = err
	s.pmu.Unlock()
	return err
}

// settled records a change of the queue: it wakes the waiters and lets the
// journal drop what no queued plan needs. The caller holds pmu. With the
// queue empty, every record up to the last one queued is done with; a
// record the writer has appended but not yet queued is not.
func (s *Store) settled() {
	if len(s.queue) == 0 {
		s.queue = nil
		s.j.applied(s.queuedSeq)
	} else {
		s.j.applied(s.queue[0].seq - 1)
	}
	close(s.progress)
	s.progress = make(chan struct{})
}

// maxApply bounds the plans of one applier transaction.
const maxApply = 256

// Flush waits until every plan this store has acknowledged is in the
// database file, where other processes read it, and returns the error
// that keeps one from being written (a full store) or ctx's error. It
// must not be called with applyMu held.
func (s *Store) Flush(ctx context.Context) error {
	if s.j == nil {
		return nil
	}
	s.j.mu.Lock()
	target := s.j.seq
	s.j.mu.Unlock()
	for {
		s.pmu.Lock()
		done := len(s.queue) == 0 || s.queue[0].seq > target
		progress, err := s.progress, s.applyErr
		s.pmu.Unlock()
		if done {
			return nil
		}
		if err != nil {
			// Retried now, not at the applier's next attempt: room
			// may have been made since.
			if err := s.applyQueued(); err != nil {
				return err
			}
			continue
		}
		select {
		case <-progress:
		case <-ctx.Done():
			return ctx.Err()
		case <-s.applierOut:
			return errors.New("the plan store is closed")
		}
	}
}

// quiesce runs del, which deletes plans from the database and returns
// their IDs, with no plan journalled meanwhile and every acknowledged plan
// applied first when it can be; selects tells which of the plans still
// pending (a full store cannot take them) del would have deleted: they
// are dropped, and a record in the journal keeps a replay from bringing
// them back. The journal is emptied when nothing is pending, so a plan
// deleted cannot come back from it either. It returns how many plans are
// gone.
func (s *Store) quiesce(ctx context.Context, del func() ([]string, error), selects func(*writeReq) bool) (int, error) {
	if s.j == nil {
		ids, err := del()
		return len(ids), err
	}
	s.admit.Lock()
	defer s.admit.Unlock()
	if err := s.Flush(ctx); err != nil && !isFull(err) {
		return 0, err
	}
	s.applyMu.Lock()
	defer s.applyMu.Unlock()
	ids, err := del()
	if err != nil {
		return 0, err
	}
	gone := map[string]bool{}
	for _, id := range ids {
		gone[id] = true
	}
	s.pmu.Lock()
	var dropped []string
	keep := s.queue[:0:0]
	for _, r := range s.queue {
		if !selects(r) {
			keep = append(keep, r)
			continue
		}
		dropped = append(dropped, r.id)
		gone[r.id] = true
		if s.pending[r.id] == r {
			delete(s.pending, r.id)
		}
	}
	s.queue = keep
	empty := len(keep) == 0
	s.pmu.Unlock()
	if empty {
		err = s.j.clear()
	} else if len(dropped) > 0 {
		err = s.j.appendDeletes(dropped)
	}
	s.pmu.Lock()
	s.settled()
	s.pmu.Unlock()
	select { // the room del made may take the plans still pending
	case s.kick <- struct{}{}:
	default:
	}
	return len(gone), err
}
