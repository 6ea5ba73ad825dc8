// Package knowledgebase is tripweave's knowledge cache: facts fetched from
// providers (guides, POIs, geocodes, forecasts, prices), stored in Redis with
// their provenance and served fresh, stale or not at all.
//
// # Keys and values
//
// A fact is addressed by a [Key]: a kind (the subtask kind, e.g. "geocode")
// and a hash of its canonical parameters. Its Redis key is
//
//	<prefix><kind>:<hash>        e.g. kb:v1:geocode:9f86d081…
//
// with the prefix "kb:v1:" unless [Options.Prefix] says otherwise. The value is
// the JSON encoding of an [Entry] (the payload, its provenance and the end of
// its freshness), written with the payload last and a CRC-32C of the payload:
//
//	{"provenance":{…},"expires_at":"…","crc32c":1234567,"payload":{…}}
//
// Any JSON reader sees an Entry; the Store itself parses only the small
// header and verifies the payload by its checksum rather than scanning it,
// which makes decoding about five times faster. Values without the checksum
// (an Entry written by another tool) are still read, by a full JSON decode.
//
// # Freshness
//
// [Store.Put] stores an entry for ttl plus a stale window ([Options.StaleFor],
// seven days by default). [Store.Lookup] classifies each entry with the
// injected clock: [Fresh] before expires_at, [Stale] within the stale window
// after it, and [Miss] when the key is absent, when the stale window is over
// (even if Redis still holds the key: the embedded server and clock skew make
// Redis expiry approximate) or when the value cannot be decoded. A miss is a
// value, never an error; only Redis failures are errors.
//
// # Coalescing and revalidation
//
// [Store.Fetch] runs at most one upstream call per key at a time. Concurrent
// callers for the same key wait for the same call and share its result or
// error; errors are not cached. The shared call runs in a goroutine owned by
// the Store, under a context that keeps the first caller's values but not its
// cancellation, bounded by [Options.FetchTimeout]. A caller whose context
// ends stops waiting and returns its context's error; when the last waiter has
// left, the shared call's context is cancelled. [Store.Revalidate] starts (or
// joins) the same kind of call in the background for stale-while-revalidate;
// such a call runs to completion or timeout even with nobody waiting.
// [Store.Close] waits for every call the Store started.
//
// # Connecting
//
// [Connect] opens a go-redis universal client from a REDIS_URL:
//
//	""                                                  in-process miniredis (not durable, not shared; logged once)
//	redis://[user:password@]host:6379/0                 single node (redis.ParseURL; all its query options)
//	rediss://…                                          single node over TLS
//	unix:///path/to/redis.sock?db=0                     single node over a Unix socket
//	redis+sentinel://[user:password@]h1:26379,h2:26379/mymaster[/db][?db=0&sentinel_password=…]
//	                                                    Sentinel: the hosts are sentinels (port 26379 by default),
//	                                                    the path names the master; the userinfo authenticates
//	                                                    to the master and replicas, sentinel_username and
//	                                                    sentinel_password to the sentinels
//	rediss+sentinel://…                                 Sentinel over TLS
//	redis+cluster://[user:password@]h1:7000,h2:7001[?read_only=true…]
//	                                                    Cluster: the hosts are seed nodes (port 6379 by default)
//	rediss+cluster://…                                  Cluster over TLS
//
// Sentinel and Cluster URLs accept the query options of go-redis's
// ParseFailoverURL and ParseClusterURL (dial_timeout, pool_size, …). Connect
// pings the server before returning; errors name REDIS_URL and never show a
// password.
//
// On a Cluster client, [Store.Lookup] sends a pipeline of GETs (keys of one
// request live in different slots) instead of one MGET; either way a lookup is
// one round trip per node.
package knowledgebase
