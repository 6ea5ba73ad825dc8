package sqlite

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// The plan journal makes a plan durable before it is in the database:
// SavePlan returns once the plan's record is appended to the journal (one
// write(2) for every plan of a group commit, fsynced with SyncFull), and the
// applier goroutine then writes the journalled plans into SQLite in
// transactions of their own (write-behind). A SQLite commit rewrites a
// plan's pages — the row, its overflow pages and a leaf of each of three
// indexes, about seven 16 KiB WAL frames written with two pwrite(2) each —
// and took about 0.3 ms of a lone plan's answer; the append takes tens of
// microseconds, and the applier's transactions carry every plan that
// arrived meanwhile.
//
// Until the applier has written it, a plan is served from memory (the
// store's pending plans), so this process reads its own writes. Other
// processes reading the file see it once applied, normally within a
// millisecond; Flush waits for that. After a crash the records of the
// journal are applied again, in order, when the store next opens: a plan
// replaces any row of its ID, so applying a record twice writes the same
// row. Deleting plans first applies and then empties the journal, so a
// deleted plan never comes back from it.
//
// The journal is a directory beside the database file (its name plus
// ".journal") of numbered segments and a lock file. One process holds the
// lock; another process opening the same file commits each group directly
// to SQLite, as every process did before the journal.

// A record is a header — magic, payload length, CRC-32C of the sequence
// number and payload, sequence number, all little-endian — and the
// payload: the plan's fields, each a uvarint length and its bytes, then
// the number of trip values and each value's ref and JSON (empty when the
// value was stored or journalled before). A deletion's record has its own
// magic and the plan's ID for payload. A torn or corrupt record ends its
// segment: it was never acknowledged.
const (
	journalMagic   = 0x314c5754 // "TWL1": a plan
	journalDeleted = 0x31445754 // "TWD1": a pending plan deleted
	journalHeader  = 20
	// journalSegmentSize is the size past which the writer starts a new
	// segment; a segment is removed once all its plans are applied.
	journalSegmentSize = 4 << 20
	// journalTrimSize is the size past which the current segment is
	// emptied when every plan in it is applied.
	journalTrimSize = 256 << 10
	// maxPending bounds the plans acknowledged but not yet applied; a
	// SavePlan beyond it waits for the applier.
	maxPending = 512
)

var crcTable = crc32.MakeTable(crc32.Castagnoli)

// errJournalBusy: another process holds the journal of this database.
var errJournalBusy = errors.New("the plan journal is held by another process")

type journal struct {
	dir  string
	lock *os.File
	sync bool // fsync every append (Options.SyncFull)

	mu   sync.Mutex // guards the fields below: the writer appends, the applier trims
	f    *os.File   // the current segment, opened for appending
	cur  uint64     // the current segment's number
	size int64      // the current segment's size
	old  []segment  // earlier segments, oldest first
	seq  uint64     // the sequence number of the last record appended
	buf  []byte
}

type segment struct {
	n    uint64 // segment number
	last uint64 // sequence number of its last record
}

// openJournal opens, or creates, the journal of the database at dbPath and
// returns the plans its segments hold, in order. It returns errJournalBusy
// when another process holds the journal.
func openJournal(dbPath string, fsync bool) (*journal, []*writeReq, error) {
	dir := dbPath + ".journal"
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, nil, fmt.Errorf("plan journal: %w", err)
	}
	lock, err := os.OpenFile(filepath.Join(dir, "lock"), os.O_CREATE|os.O_RDWR, 0o640)
	if err != nil {
		return nil, nil, fmt.Errorf("plan journal: %w", err)
	}
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		_ = lock.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, nil, errJournalBusy
		}
		return nil, nil, fmt.Errorf("plan journal: lock: %w", err)
	}
	j := &journal{dir: dir, lock: lock, sync: fsync}
	nums, err := j.segments()
	if err != nil {
		j.close()
		return nil, nil, err
	}
	var reqs []*writeReq
	for _, n := range nums {
		got, err := readSegment(j.path(n))
		if err != nil {
			j.close()
			return nil, nil, err
		}
		for _, r := range got {
			j.seq = max(j.seq, r.seq)
			if r.tombstone {
				reqs = slices.DeleteFunc(reqs, func(q *writeReq) bool { return q.id == r.id })
			} else {
				reqs = append(reqs, r)
			}
		}
		j.old = append(j.old, segment{n: n, last: j.seq})
		j.cur = n
	}
	if err := j.startSegment(j.cur + 1); err != nil {
		j.close()
		return nil, nil, err
	}
	return j, reqs, nil
}

func (j *journal) path(n uint64) string {
	return filepath.Join(j.dir, fmt.Sprintf("%016x.log", n))
}

// segments returns the numbers of the segments in the directory, in order.
func (j *journal) segments() ([]uint64, error) {
	ents, err := os.ReadDir(j.dir)
	if err != nil {
		return nil, fmt.Errorf("plan journal: %w", err)
	}
	var nums []uint64
	for _, e := range ents {
		name, ok := strings.CutSuffix(e.Name(), ".log")
		if !ok {
			continue
		}
		if n, err := strconv.ParseUint(name, 16, 64); err == nil {
			nums = append(nums, n)
		}
	}
	slices.Sort(nums)
	return nums, nil
}

func (j *journal) startSegment(n uint64) error {
	f, err := os.OpenFile(j.path(n), os.O_CREATE|os.O_WRONLY|os.O_APPEND|os.O_TRUNC, 0o640)
	if err != nil {
		return fmt.Errorf("plan journal: %w", err)
	}
	if j.sync {
		if err := syncDir(j.dir); err != nil {
			_ = f.Close()
			return err
		}
	}
	j.f, j.cur, j.size = f, n, 0
	return nil
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("plan journal: %w", err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("plan journal: sync: %w", err)
	}
	return nil
}

// append writes the records of batch in one write and sets each plan's
// sequence number. On error nothing of the batch is in the journal.
func (j *journal) append(batch []*writeReq) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.f == nil {
		if err := j.startSegment(j.cur + 1); err != nil {
			return err
		}
	}
	b := j.buf[:0]
	seq := j.seq
	for _, r := range batch {
		seq++
		if r.tombstone {
			b = appendTombstone(b, seq, r.id)
		} else {
			b = appendRecord(b, seq, r)
		}
	}
	j.buf = b
	if cap(j.buf) > 1<<20 {
		j.buf = nil // one large batch does not pin its buffer
	}
	_, err := j.f.Write(b)
	if err == nil && j.sync {
		err = j.f.Sync()
	}
	if err != nil {
		// A partial record would end the segment for replay: cut it
		// off, or leave the segment behind when that fails too.
		if terr := j.f.Truncate(j.size); terr != nil {
			j.old = append(j.old, segment{n: j.cur, last: j.seq})
			_ = j.f.Close()
			if serr := j.startSegment(j.cur + 1); serr != nil {
				return errors.Join(err, serr)
			}
		}
		return err
	}
	for i, r := range batch {
		r.seq = j.seq + uint64(i) + 1
	}
	j.seq = seq
	j.size += int64(len(b))
	if j.size >= journalSegmentSize {
		_ = j.f.Close()
		j.old = append(j.old, segment{n: j.cur, last: j.seq})
		if err := j.startSegment(j.cur + 1); err != nil {
			// The batch is written; the next append finds no file
			// and fails until a segment opens.
			j.f = nil
			return nil
		}
	}
	return nil
}

// applied records that every record up to seq needs no replay: its plan is
// in the database or deleted. It removes the segments holding only such
// records, and empties the current one once it is past journalTrimSize and
// holds nothing else.
func (j *journal) applied(seq uint64) {
	j.mu.Lock()
	defer j.mu.Unlock()
	for len(j.old) > 0 && j.old[0].last <= seq {
		_ = os.Remove(j.path(j.old[0].n))
		j.old = j.old[1:]
	}
	if seq == j.seq && len(j.old) == 0 && j.size >= journalTrimSize && j.f != nil {
		if err := j.f.Truncate(0); err == nil {
			j.size = 0
		}
	}
}

// clear empties the journal; the caller has seen every plan applied and
// keeps the writer from appending.
func (j *journal) clear() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	for _, s := range j.old {
		if err := os.Remove(j.path(s.n)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("plan journal: %w", err)
		}
	}
	j.old = nil
	if j.f == nil {
		return j.startSegment(j.cur + 1)
	}
	if err := j.f.Truncate(0); err != nil {
		return fmt.Errorf("plan journal: %w", err)
	}
	j.size = 0
	return nil
}

func (j *journal) close() {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.f != nil {
		_ = j.f.Close()
		j.f = nil
	}
	_ = j.lock.Close() // releases the lock
}

// appendDeletes journals that the pending plans ids are deleted.
func (j *journal) appendDeletes(ids []string) error {
	batch := make([]*writeReq, len(ids))
	for i, id := range ids {
		batch[i] = &writeReq{id: id, tombstone: true}
	}
	return j.append(batch)
}

// appendTombstone appends the record of a deletion: the header with
// journalDeleted for magic, and the plan's ID as payload.
func appendTombstone(b []byte, seq uint64, id string) []byte {
	start := len(b)
	b = append(b, make([]byte, journalHeader)...)
	b = append(b, id...)
	seal(b[start:], journalDeleted, seq)
	return b
}

// seal fills in the header of the record rec.
func seal(rec []byte, magic uint32, seq uint64) {
	h, payload := rec[:journalHeader], rec[journalHeader:]
	binary.LittleEndian.PutUint32(h[0:], magic)
	binary.LittleEndian.PutUint32(h[4:], uint32(len(payload)))
	binary.LittleEndian.PutUint64(h[12:], seq)
	binary.LittleEndian.PutUint32(h[8:], crc32.Update(crc32.Checksum(h[12:20], crcTable), crcTable, payload))
}

func appendRecord(b []byte, seq uint64, r *writeReq) []byte {
	start := len(b)
	b = append(b, make([]byte, journalHeader)...)
	for _, s := range [...]string{r.id, r.created, r.status, r.briefKey, text(r.doc), text(r.trip), r.refs, text(r.spans)} {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	b = binary.AppendUvarint(b, uint64(len(r.blobs)))
	for _, v := range r.blobs {
		b = binary.AppendUvarint(b, uint64(len(v.ref)))
		b = append(b, v.ref...)
		b = binary.AppendUvarint(b, uint64(len(v.doc)))
		b = append(b, v.doc...)
	}
	seal(b[start:], journalMagic, seq)
	return b
}

// readSegment returns the plans of the segment at path, up to its end or
// its first torn or corrupt record.
func readSegment(path string) ([]*writeReq, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("plan journal: %w", err)
	}
	var out []*writeReq
	for len(data) >= journalHeader {
		h := data[:journalHeader]
		n := int(binary.LittleEndian.Uint32(h[4:]))
		magic := binary.LittleEndian.Uint32(h[0:])
		if (magic != journalMagic && magic != journalDeleted) || n > len(data)-journalHeader {
			break
		}
		payload := data[journalHeader : journalHeader+n]
		if crc32.Update(crc32.Checksum(h[12:20], crcTable), crcTable, payload) != binary.LittleEndian.Uint32(h[8:]) {
			break
		}
		r := &writeReq{id: string(payload), tombstone: true}
		if magic == journalMagic {
			var err error
			if r, err = decodeRecord(payload); err != nil {
				break
			}
		}
		r.seq = binary.LittleEndian.Uint64(h[12:])
		out = append(out, r)
		data = data[journalHeader+n:]
	}
	return out, nil
}

func decodeRecord(p []byte) (*writeReq, error) {
	next := func() ([]byte, error) {
		n, k := binary.Uvarint(p)
		if k <= 0 || n > uint64(len(p)-k) {
			return nil, io.ErrUnexpectedEOF
		}
		v := p[k : k+int(n)]
		p = p[k+int(n):]
		return v, nil
	}
	var f [8][]byte
	for i := range f {
		v, err := next()
		if err != nil {
			return nil, err
		}
		f[i] = v
	}
	r := &writeReq{id: string(f[0]), created: string(f[1]), status: string(f[2]), briefKey: string(f[3]),
		doc: f[4], trip: f[5], refs: string(f[6]), spans: f[7]}
	nb, k := binary.Uvarint(p)
	if k <= 0 || nb > uint64(len(p)) {
		return nil, io.ErrUnexpectedEOF
	}
	p = p[k:]
	r.blobs = make([]blobVal, nb)
	for i := range r.blobs {
		ref, err := next()
		if err != nil {
			return nil, err
		}
		doc, err := next()
		if err != nil {
			return nil, err
		}
		r.blobs[i] = blobVal{ref: string(ref)}
		if len(doc) > 0 {
			r.blobs[i].doc = doc
		}
	}
	return r, nil
}
