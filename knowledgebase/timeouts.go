package knowledgebase

import (
	"strings"
	"time"
)

// Operation timeouts applied when REDIS_URL sets none: a frozen Redis (its
// process stopped, its host unreachable) then costs a command at most
// about two read timeouts plus the pool wait, instead of go-redis's
// defaults (3 s reads, 3 retries), which let one plan wait half a minute.
const (
	opTimeout    = 500 * time.Millisecond
	dialTimeout  = time.Second
	poolTimeout  = time.Second
	opMaxRetries = 1
)

// boundOps sets the operation timeouts on the options of a parsed
// REDIS_URL, except those the URL's query names itself (read_timeout,
// write_timeout, dial_timeout, pool_timeout, max_retries).
func boundOps(rawQuery string, read, write, dial, pool *time.Duration, retries *int) {
	has := func(name string) bool { return strings.Contains(rawQuery, name+"=") }
	if !has("read_timeout") {
		*read = opTimeout
	}
	if !has("write_timeout") {
		*write = opTimeout
	}
	if !has("dial_timeout") {
		*dial = dialTimeout
	}
	if !has("pool_timeout") {
		*pool = poolTimeout
	}
	if !has("max_retries") {
		*retries = opMaxRetries
	}
}

// bound applies boundOps to whichever options t holds.
func (t *target) bound(rawURL string) {
	_, q, _ := strings.Cut(rawURL, "?")
	switch {
	case t.single != nil:
		o := t.single
		boundOps(q, &o.ReadTimeout, &o.WriteTimeout, &o.DialTimeout, &o.PoolTimeout, &o.MaxRetries)
	case t.failover != nil:
		o := t.failover
		boundOps(q, &o.ReadTimeout, &o.WriteTimeout, &o.DialTimeout, &o.PoolTimeout, &o.MaxRetries)
	case t.cluster != nil:
		o := t.cluster
		boundOps(q, &o.ReadTimeout, &o.WriteTimeout, &o.DialTimeout, &o.PoolTimeout, &o.MaxRetries)
	}
}
