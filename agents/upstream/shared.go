package upstream

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

// Shared counts quota units and paces requests in a store that several
// processes see, so that any number of replicas and workers together keep
// one provider key's budget. With Options.Shared set, a Client's quotas are
// counted there (the same fixed windows as in process), and its Limit's
// Requests per Interval becomes also a cap across processes: at most
// Requests requests start in any Interval (plus Margin), whichever process
// sends them. The per-process token bucket and Concurrent still apply on
// top. When the store fails, the Client falls back to its own counters for
// that request and logs it: a Redis outage slows nothing down but is no
// longer shared.
type Shared interface {
	// Reserve checks every window and, when each has cost units left,
	// spends cost on all of them (all or none, atomically). It returns the
	// units used in each window afterwards (before, when refused) and
	// whether the units were spent.
	Reserve(ctx context.Context, windows []SharedWindow, cost int) (used []int, ok bool, err error)
	// Used returns the units spent in each window.
	Used(ctx context.Context, windows []SharedWindow) ([]int, error)
	// Pace admits one request start under a cap of limit per window
	// (sliding), returning 0 when admitted or how long to wait before
	// asking again.
	Pace(ctx context.Context, key string, limit int, window time.Duration) (wait time.Duration, err error)
	// Once runs fetch for key in one process at a time, across processes:
	// a process that finds another fetching the same key waits for its
	// body (kept for keep) instead of calling the provider too. shared
	// reports that the body came from another call. When the store fails,
	// fetch runs anyway.
	Once(ctx context.Context, key string, keep time.Duration, fetch func(ctx context.Context) ([]byte, error)) (body []byte, shared bool, err error)
}

// SharedWindow is one quota window in a Shared store: its key names the
// provider, the quota and the window's end, so that a new window starts at
// zero.
type SharedWindow struct {
	Key      string
	Limit    int
	ResetsAt time.Time
}

// Margin widens the shared pacing window beyond Limit.Interval, covering
// the time between a request's admission and its arrival at the provider:
// a provider counting arrivals per window then never sees more than
// Requests in one.
const Margin = 50 * time.Millisecond

// RedisShared is a Shared over Redis: quota windows are counters expiring
// at the window's end, pacing is a sliding log (a sorted set of request
// starts by Redis's own clock, so every process uses the same time). Both
// are single Lua scripts, atomic across processes. Keys start with prefix
// and carry the provider in a hash tag, so one provider's keys share a
// Cluster slot.
type RedisShared struct {
	rdb    redis.UniversalClient
	prefix string
}

// NewRedisShared returns a Shared over rdb with keys under prefix (e.g.
// "tw:quota:"). It does not own rdb.
func NewRedisShared(rdb redis.UniversalClient, prefix string) *RedisShared {
	return &RedisShared{rdb: rdb, prefix: prefix}
}

// reserveScript: KEYS are the windows; ARGV[1] the cost, then each
// window's limit, then each window's end (Unix ms). It returns {ok, used…}.
var reserveScript = redis.NewScript(`
local n = #KEYS
local cost = tonumber(ARGV[1])
local used = {}
local ok = 1
for i = 1, n do
  used[i] = tonumber(redis.call('GET', KEYS[i]) or '0')
  if used[i] + cost > tonumber(ARGV[1 + i]) then ok = 0 end
end
if ok == 1 then
  for i = 1, n do
    used[i] = redis.call('INCRBY', KEYS[i], cost)
    redis.call('PEXPIREAT', KEYS[i], ARGV[1 + n + i])
  end
end
table.insert(used, 1, ok)
return used
`)

// paceScript: KEYS[1] the log; ARGV limit, window (ms), a unique member.
// It returns 0 when admitted, else the milliseconds until the oldest
// start leaves the window.
var paceScript = redis.NewScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  return 0
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return math.max(tonumber(oldest[2]) + window - now + 1, 1)
`)

func (s *RedisShared) keys(windows []SharedWindow) []string {
	keys := make([]string, len(windows))
	for i, w := range windows {
		keys[i] = s.prefix + w.Key
	}
	return keys
}

// Reserve implements Shared.
func (s *RedisShared) Reserve(ctx context.Context, windows []SharedWindow, cost int) ([]int, bool, error) {
	if len(windows) == 0 {
		return nil, true, nil
	}
	args := []any{cost}
	for _, w := range windows {
		args = append(args, w.Limit)
	}
	for _, w := range windows {
		args = append(args, w.ResetsAt.Add(time.Minute).UnixMilli()) // kept a little past its end for Usage
	}
	res, err := reserveScript.Run(ctx, s.rdb, s.keys(windows), args...).Int64Slice()
	if err != nil {
		return nil, false, fmt.Errorf("shared quota: %w", err)
	}
	used := make([]int, len(windows))
	for i := range used {
		used[i] = int(res[i+1])
	}
	return used, res[0] == 1, nil
}

// Used implements Shared.
func (s *RedisShared) Used(ctx context.Context, windows []SharedWindow) ([]int, error) {
	if len(windows) == 0 {
		return nil, nil
	}
	vals, err := s.rdb.MGet(ctx, s.keys(windows)...).Result()
	if err != nil {
		return nil, fmt.Errorf("shared quota: %w", err)
	}
	used := make([]int, len(windows))
	for i, v := range vals {
		if str, ok := v.(string); ok {
			used[i], _ = strconv.Atoi(str)
		}
	}
	return used, nil
}

// Pace implements Shared.
func (s *RedisShared) Pace(ctx context.Context, key string, limit int, window time.Duration) (time.Duration, error) {
	var b [8]byte
	_, _ = rand.Read(b[:])
	ms, err := paceScript.Run(ctx, s.rdb, []string{s.prefix + key}, limit, window.Milliseconds(), hex.EncodeToString(b[:])).Int64()
	if err != nil {
		return 0, fmt.Errorf("shared pace: %w", err)
	}
	return time.Duration(ms) * time.Millisecond, nil
}

// releaseLease deletes a lease only if it is still the caller's.
var releaseLease = redis.NewScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`)

// onceLease bounds how long one process holds a request's lease; onceWait
// is how often a waiting process looks for the body.
const (
	onceLease = 30 * time.Second
	onceWait  = 15 * time.Millisecond
)

// Once implements Shared with a lease key (SET NX) and a result key.
func (s *RedisShared) Once(ctx context.Context, key string, keep time.Duration, fetch func(ctx context.Context) ([]byte, error)) ([]byte, bool, error) {
	rk, lk := s.prefix+key, s.prefix+key+":lease"
	var b [8]byte
	_, _ = rand.Read(b[:])
	token := hex.EncodeToString(b[:])
	for {
		if body, err := s.rdb.Get(ctx, rk).Bytes(); err == nil {
			return body, true, nil
		}
		got, err := s.rdb.SetNX(ctx, lk, token, onceLease).Result()
		if err != nil {
			body, err := fetch(ctx)
			return body, false, err
		}
		if got {
			body, err := fetch(ctx)
			wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), sharedOpTimeout)
			if err == nil {
				_ = s.rdb.Set(wctx, rk, body, keep).Err()
			}
			_ = releaseLease.Run(wctx, s.rdb, []string{lk}, token).Err()
			cancel()
			return body, false, err
		}
		// Another process is fetching: wait for its body, or for its
		// lease to end without one (it failed), then try again.
		for {
			select {
			case <-ctx.Done():
				return nil, false, ctx.Err()
			case <-time.After(onceWait):
			}
			if body, err := s.rdb.Get(ctx, rk).Bytes(); err == nil {
				return body, true, nil
			}
			if n, err := s.rdb.Exists(ctx, lk).Result(); err != nil || n == 0 {
				break
			}
		}
	}
}

var _ Shared = (*RedisShared)(nil)

// sharedOpTimeout bounds one call to the Shared store; past it the Client
// counts in process.
const sharedOpTimeout = 2 * time.Second

// quotaKey names window w of quota q of provider in a Shared store.
func quotaKey(provider string, q Quota, end time.Time) string {
	return "{" + provider + "}:quota:" + q.Name + ":" + q.Bucket + ":" + strconv.FormatInt(end.Unix(), 10)
}

// paceKey names the provider's pacing log.
func paceKey(provider string) string { return "{" + provider + "}:pace" }

// sharedWindows returns the shared windows of the quotas that apply to
// bucket at now (nil without Shared).
func (qs *quotas) sharedWindows(provider, bucket string, now time.Time) ([]SharedWindow, []*quotaState) {
	qs.mu.Lock()
	defer qs.mu.Unlock()
	var ws []SharedWindow
	var states []*quotaState
	for _, s := range qs.all {
		if s.q.Bucket != "" && s.q.Bucket != bucket {
			continue
		}
		s.roll(now)
		ws = append(ws, SharedWindow{Key: quotaKey(provider, s.q, s.resetsAt), Limit: s.q.Limit, ResetsAt: s.resetsAt})
		states = append(states, s)
	}
	return ws, states
}

// reserveShared is reserve against the Shared store. It returns handled
// false when the store failed, for the caller to count in process.
func (c *Client) reserveShared(ctx context.Context, bucket string, cost int, now time.Time, take bool) (ref *refusal, handled bool) {
	ws, states := c.quotas.sharedWindows(c.opts.Provider, bucket, now)
	if len(ws) == 0 {
		return nil, true
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), sharedOpTimeout)
	defer cancel()
	var used []int
	ok := true
	var err error
	if take {
		used, ok, err = c.opts.Shared.Reserve(ctx, ws, cost)
	} else {
		used, err = c.opts.Shared.Used(ctx, ws)
		for i := range used {
			ok = ok && used[i]+cost <= ws[i].Limit
		}
	}
	if err != nil {
		c.logShared(err)
		return nil, false
	}
	c.quotas.mu.Lock()
	defer c.quotas.mu.Unlock()
	var blocked *quotaState
	for i, s := range states {
		if s.resetsAt.Equal(ws[i].ResetsAt) {
			s.used = used[i] // Usage shows the shared figure
		}
		if used[i]+cost > ws[i].Limit && (blocked == nil || s.resetsAt.After(blocked.resetsAt)) {
			blocked = s
		}
	}
	if ok {
		return nil, true
	}
	if blocked == nil { // refused, then the window turned: report the first
		blocked = states[0]
	}
	return &refusal{QuotaUsage: blocked.usage(), cost: cost}, true
}

// paceShared waits until the shared pacing log admits one request start.
func (c *Client) paceShared(ctx context.Context) error {
	l := c.opts.Limit
	if c.opts.Shared == nil || l.Requests <= 0 || l.Interval <= 0 {
		return nil
	}
	for {
		pctx, cancel := context.WithTimeout(ctx, sharedOpTimeout)
		wait, err := c.opts.Shared.Pace(pctx, paceKey(c.opts.Provider), l.Requests, l.Interval+Margin)
		cancel()
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			c.logShared(err)
			return nil // the per-process limiter already paced this request
		}
		if wait <= 0 {
			return nil
		}
		if err := c.opts.Sleep(ctx, wait); err != nil {
			return err
		}
	}
}

// usageShared refreshes the quotas' figures from the Shared store.
func (c *Client) usageShared(now time.Time) {
	for _, s := range c.quotas.all {
		ws, states := c.quotas.sharedWindows(c.opts.Provider, s.q.Bucket, now)
		ctx, cancel := context.WithTimeout(context.Background(), sharedOpTimeout)
		used, err := c.opts.Shared.Used(ctx, ws)
		cancel()
		if err != nil {
			c.logShared(err)
			return
		}
		c.quotas.mu.Lock()
		for i, st := range states {
			if st.resetsAt.Equal(ws[i].ResetsAt) {
				st.used = used[i]
			}
		}
		c.quotas.mu.Unlock()
	}
}

func (c *Client) logShared(err error) {
	if c.opts.Logger != nil {
		c.opts.Logger.Warn("upstream: shared quota store failed; counting in this process", "provider", c.opts.Provider, "err", err)
	}
}

// DefaultCoalesce is how long a GET's body is kept for other processes
// asking for the same URL (Options.Coalesce).
const DefaultCoalesce = time.Minute

// onceKey names a request in the Shared store.
func onceKey(provider, method, target string, header http.Header) string {
	var b bytes.Buffer
	b.WriteString(method + " " + target + "\n")
	_ = header.Write(&b) // sorted by key
	sum := sha256.Sum256(b.Bytes())
	return "{" + provider + "}:req:" + hex.EncodeToString(sum[:16])
}
