package knowledgebase

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
)

// connectTimeout bounds Connect's ping when ctx has no earlier deadline.
const connectTimeout = 5 * time.Second

// embeddedTick is how often the embedded server's clock is advanced:
// miniredis expires keys only when told that time has passed.
const embeddedTick = time.Second

// Connect opens the Redis named by rawURL (the REDIS_URL setting; forms in
// the package documentation), pings it and returns the client with a func
// that closes it. An empty rawURL starts an in-process miniredis, logs one
// warning that the cache is neither durable nor shared, and advances the
// server's clock every second so that keys expire; the close func then also
// stops that server. Connect blocks until the ping answers or fails (at most
// 5 s unless ctx ends sooner); errors name REDIS_URL and hide passwords.
func Connect(ctx context.Context, rawURL string, logger *slog.Logger) (redis.UniversalClient, func() error, error) {
	if logger == nil {
		logger = slog.Default()
	}
	if rawURL == "" {
		return connectEmbedded(ctx, logger)
	}
	shown := redactURL(rawURL)
	t, err := parseURL(rawURL)
	if err != nil {
		return nil, nil, fmt.Errorf("knowledgebase: REDIS_URL %s: %w", shown, err)
	}
	t.bound(rawURL)
	var client redis.UniversalClient
	switch {
	case t.failover != nil:
		client = redis.NewFailoverClient(t.failover)
	case t.cluster != nil:
		client = redis.NewClusterClient(t.cluster)
	default:
		client = redis.NewClient(t.single)
	}
	if err := ping(ctx, client); err != nil {
		_ = client.Close()
		return nil, nil, fmt.Errorf("knowledgebase: REDIS_URL %s: redis unreachable%s: %w", shown, t.describe(), err)
	}
	logger.Debug("knowledgebase: connected", "redis_url", shown, "mode", t.mode)
	return client, client.Close, nil
}

// ping pings client within connectTimeout (or ctx's earlier deadline).
func ping(ctx context.Context, client redis.UniversalClient) error {
	pctx, cancel := context.WithTimeout(ctx, connectTimeout)
	defer cancel()
	err := client.Ping(pctx).Err()
	if err != nil && ctx.Err() == nil && pctx.Err() != nil {
		return fmt.Errorf("no answer within %v: %w", connectTimeout, err)
	}
	return err
}

// connectEmbedded starts miniredis and a goroutine, owned by the returned
// close func, that advances its clock with the wall clock.
func connectEmbedded(ctx context.Context, logger *slog.Logger) (redis.UniversalClient, func() error, error) {
	mr, err := miniredis.Run()
	if err != nil {
		return nil, nil, fmt.Errorf("knowledgebase: REDIS_URL unset: start in-process miniredis: %w", err)
	}
	client := redis.NewClient(&redis.Options{Addr: mr.Addr()})
	if err := ping(ctx, client); err != nil {
		_ = client.Close()
		mr.Close()
		return nil, nil, fmt.Errorf("knowledgebase: REDIS_URL unset: in-process miniredis: %w", err)
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := time.NewTicker(embeddedTick)
		defer tick.Stop()
		last := time.Now()
		for {
			select {
			case <-stop:
				return
			case now := <-tick.C:
				mr.FastForward(now.Sub(last))
				last = now
			}
		}
	})
	logger.Warn("knowledgebase: REDIS_URL not set; using an in-process miniredis: the knowledge cache is not durable and not shared between processes", "addr", mr.Addr())
	var once sync.Once
	var closeErr error
	closeFn := func() error {
		once.Do(func() {
			close(stop)
			wg.Wait()
			closeErr = client.Close()
			mr.Close()
		})
		return closeErr
	}
	return client, closeFn, nil
}

// target is a parsed REDIS_URL: exactly one of the option pointers is set.
type target struct {
	mode     string // "single", "sentinel" or "cluster"
	single   *redis.Options
	failover *redis.FailoverOptions
	cluster  *redis.ClusterOptions
}

// describe names the servers a failed ping tried, for the error message.
func (t *target) describe() string {
	switch t.mode {
	case "sentinel":
		return fmt.Sprintf(" (master %q through sentinels %s)", t.failover.MasterName, strings.Join(t.failover.SentinelAddrs, ","))
	case "cluster":
		return fmt.Sprintf(" (cluster seeds %s)", strings.Join(t.cluster.Addrs, ","))
	}
	return ""
}

// parseURL parses a non-empty REDIS_URL. Its errors never contain the URL.
func parseURL(raw string) (*target, error) {
	i := strings.Index(raw, "://")
	if i <= 0 {
		return nil, errors.New(`missing scheme (want e.g. "redis://host:6379/0")`)
	}
	scheme := strings.ToLower(raw[:i])
	switch scheme {
	case "redis", "rediss", "unix":
		// Check the syntax ourselves: url.Parse errors quote the whole URL.
		if _, err := url.Parse(raw); err != nil {
			return nil, errors.New("malformed URL")
		}
		o, err := redis.ParseURL(raw)
		if err != nil {
			return nil, err
		}
		return &target{mode: "single", single: o}, nil
	case "redis+sentinel", "rediss+sentinel":
		o, err := parseSentinelURL(strings.TrimSuffix(scheme, "+sentinel"), raw[i+3:])
		if err != nil {
			return nil, err
		}
		return &target{mode: "sentinel", failover: o}, nil
	case "redis+cluster", "rediss+cluster":
		o, err := parseClusterURL(strings.TrimSuffix(scheme, "+cluster"), raw[i+3:])
		if err != nil {
			return nil, err
		}
		return &target{mode: "cluster", cluster: o}, nil
	}
	return nil, fmt.Errorf("unsupported scheme %q (want redis, rediss, unix, redis+sentinel, rediss+sentinel, redis+cluster or rediss+cluster)", scheme)
}

// multiHost is the common part of Sentinel and Cluster URLs: a userinfo, a
// comma-separated host list, a path and a query.
type multiHost struct {
	user  *url.Userinfo
	hosts []string // host:port, default port applied
	path  string
	query url.Values
}

func parseMultiHost(rest string, defaultPort string) (*multiHost, error) {
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	authority, tail := rest[:end], rest[end:]
	var userinfo string
	if at := strings.LastIndex(authority, "@"); at >= 0 {
		userinfo, authority = authority[:at], authority[at+1:]
	}
	var m multiHost
	for h := range strings.SplitSeq(authority, ",") {
		h = strings.TrimSpace(h)
		if h == "" {
			continue
		}
		if _, _, err := net.SplitHostPort(h); err != nil {
			// No port (or a bare IPv6 address): add the default one.
			h = net.JoinHostPort(strings.Trim(h, "[]"), defaultPort)
		}
		host, port, err := net.SplitHostPort(h)
		if err != nil || host == "" || port == "" {
			return nil, fmt.Errorf("invalid host %q", h)
		}
		m.hosts = append(m.hosts, h)
	}
	if len(m.hosts) == 0 {
		return nil, errors.New("no hosts (want host1:port,host2:port)")
	}
	// Let net/url decode the userinfo, path and query, with the first host
	// standing in for the list.
	head := "x://"
	if userinfo != "" {
		head += userinfo + "@"
	}
	u, err := url.Parse(head + m.hosts[0] + tail)
	if err != nil {
		return nil, errors.New("malformed URL")
	}
	m.user, m.path, m.query = u.User, u.Path, u.Query()
	return &m, nil
}

// take removes and returns the last value of query parameter name.
func take(q url.Values, name string) string {
	v := q[name]
	delete(q, name)
	if len(v) == 0 {
		return ""
	}
	return v[len(v)-1]
}

// goRedisURL builds the single-address URL go-redis's Parse*URL functions
// take, with the other hosts as addr parameters.
func goRedisURL(scheme string, hosts []string, path string, q url.Values) string {
	for _, h := range hosts[1:] {
		q.Add("addr", h)
	}
	u := url.URL{Scheme: scheme, Host: hosts[0], Path: path, RawQuery: q.Encode()}
	return u.String()
}

func parseSentinelURL(scheme, rest string) (*redis.FailoverOptions, error) {
	m, err := parseMultiHost(rest, "26379")
	if err != nil {
		return nil, err
	}
	segs := strings.FieldsFunc(m.path, func(r rune) bool { return r == '/' })
	if len(segs) == 0 || len(segs) > 2 {
		return nil, errors.New("sentinel URL needs the master name as its path (redis+sentinel://host:26379/mymaster[/db])")
	}
	master := segs[0]
	db := take(m.query, "db")
	if len(segs) == 2 {
		if db != "" && db != segs[1] {
			return nil, fmt.Errorf("database given twice (path %q, db=%q)", segs[1], db)
		}
		db = segs[1]
	}
	if take(m.query, "master_name") != "" {
		return nil, errors.New("give the master name as the URL path, not master_name")
	}
	sentinelUser := take(m.query, "sentinel_username")
	sentinelPass := take(m.query, "sentinel_password")
	m.query.Set("master_name", master)
	path := ""
	if db != "" {
		path = "/" + db
	}
	o, err := redis.ParseFailoverURL(goRedisURL(scheme, m.hosts, path, m.query))
	if err != nil {
		return nil, err
	}
	o.SentinelUsername, o.SentinelPassword = sentinelUser, sentinelPass
	if m.user != nil {
		o.Username = m.user.Username()
		if p, ok := m.user.Password(); ok {
			o.Password = p
		}
	}
	return o, nil
}

func parseClusterURL(scheme, rest string) (*redis.ClusterOptions, error) {
	m, err := parseMultiHost(rest, "6379")
	if err != nil {
		return nil, err
	}
	if strings.Trim(m.path, "/") != "" {
		return nil, fmt.Errorf("cluster URL takes no path (a Cluster has only database 0), got %q", m.path)
	}
	o, err := redis.ParseClusterURL(goRedisURL(scheme, m.hosts, "", m.query))
	if err != nil {
		return nil, err
	}
	if m.user != nil {
		o.Username = m.user.Username()
		if p, ok := m.user.Password(); ok {
			o.Password = p
		}
	}
	return o, nil
}

// redactURL returns raw with the password of its userinfo and any password
// query parameter replaced by "xxxxx". It works on malformed URLs too.
func redactURL(raw string) string {
	const mask = "xxxxx"
	i := strings.Index(raw, "://")
	if i < 0 {
		i = -3 // no scheme: all authority and tail
	}
	rest := raw[i+3:]
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	authority, tail := rest[:end], rest[end:]
	if at := strings.LastIndex(authority, "@"); at >= 0 {
		userinfo := authority[:at]
		if c := strings.Index(userinfo, ":"); c >= 0 {
			userinfo = userinfo[:c+1] + mask
		} else {
			userinfo = mask // a lone userinfo may be a password
		}
		authority = userinfo + authority[at:]
	}
	if q := strings.Index(tail, "?"); q >= 0 {
		params := strings.Split(tail[q+1:], "&")
		for j, p := range params {
			name, _, _ := strings.Cut(p, "=")
			if strings.Contains(strings.ToLower(name), "password") {
				params[j] = name + "=" + mask
			}
		}
		tail = tail[:q+1] + strings.Join(params, "&")
	}
	return raw[:i+3] + authority + tail
}
