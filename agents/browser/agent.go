package browser

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"strings"
	"time"

	"github.com/chromedp/cdproto/network"

	"github.com/tripweave/tripweave/orchestrator"
)

// Provider names this agent in errors.
const Provider = "browser"

// ErrBlocked is the errorType of a tool error when the site answered with a
// block page: a CAPTCHA or challenge, HTTP 403 or 429, or a block marker on
// a page with no results. orchestrator has no code for it yet.
const ErrBlocked = "blocked"

// Defaults applied to zero Config fields.
const (
	DefaultChromiumPath = "/usr/bin/chromium"
	DefaultTabs         = 4
	DefaultNavTimeout   = 20 * time.Second
	DefaultPageTimeout  = 60 * time.Second
	DefaultMaxPageBytes = 16 << 20 // 16 MiB per page run, everything the page loads
	DefaultMaxTabUses   = 200
	// DefaultUserAgent identifies the agent honestly; sites may block it,
	// which the agent reports as blocked rather than disguising itself.
	DefaultUserAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome Safari/537.36 tripweave/0.1 (+https://github.com/tripweave/tripweave)"
	// ExtractTTL is how long an extract_page result counts as fresh.
	ExtractTTL = time.Hour
)

// Converter converts between currencies; the agents wire it to the
// fx_rates provider.
type Converter interface {
	// Rate returns how many units of to one unit of from buys, and the
	// date of the rate.
	Rate(ctx context.Context, from, to string) (float64, time.Time, error)
}

// Config configures an Agent. The zero value is usable: Debian's Chromium,
// 4 tabs, no recipes and no extra hosts.
type Config struct {
	// ChromiumPath is the browser binary; default /usr/bin/chromium.
	ChromiumPath string
	// Tabs bounds the tabs open at once (the pages fetched in parallel);
	// default 4.
	Tabs int
	// NavTimeout bounds one navigation together with the wait for its
	// content; default 20 s.
	NavTimeout time.Duration
	// PageTimeout bounds one recipe run (every page of it) or one
	// extract_page call; default 60 s.
	PageTimeout time.Duration
	// MaxPageBytes caps what one page run may download; default 16 MiB.
	MaxPageBytes int64
	// AllowHosts are hosts extract_page may fetch besides the recipes'
	// hosts, and that recipe pages may load from: "example.com",
	// "example.com:8080", "*.example.com", "127.0.0.1".
	AllowHosts []string
	// AllowPrivate lets pages load from private, loopback and link-local
	// addresses. Off in production; tests turn it on for 127.0.0.1.
	AllowPrivate bool
	// RecipeDirs are directories of *.json recipes, loaded by New.
	RecipeDirs []string
	// Recipes are further recipes; they are validated like loaded ones.
	Recipes []Recipe
	// UserAgent is the browser's User-Agent; default DefaultUserAgent.
	UserAgent string
	// RequestsPerMinute limits extract_page navigations per host; default
	// 30. Recipes set their own limit.
	RequestsPerMinute int
	// Now stamps fetched-at times; default time.Now.
	Now func() time.Time
	// FX converts prices into the requested currency; nil means prices
	// in another currency are reported unconverted and left out of the
	// figures.
	FX Converter
	// MaxTabUses recycles a tab after that many page runs; default 200.
	MaxTabUses int
	// BlockResources are resource types never fetched; default images,
	// fonts and media ("Image", "Font", "Media"). Use []string{} to fetch
	// everything.
	BlockResources []string
}

// Agent is the headless-browser scraper: site recipes run in a bounded
// pool of Chromium tabs, exposed as the MCP tools scrape_prices and
// extract_page. It is safe for concurrent use. The browser starts on first
// use; Close stops it.
type Agent struct {
	cfg        Config
	logger     *slog.Logger
	recipes    map[string]*Recipe
	ordered    []*Recipe // by ID
	allow      *policy   // AllowHosts
	extract    *policy   // AllowHosts and every recipe's hosts
	blockTypes map[network.ResourceType]bool
	pool       *pool
	limiter    *limiter
	tools      *toolSet
}

// New returns an Agent for cfg. It loads and validates the recipes and
// builds the tools' schemas, but does not start the browser. logger nil
// means slog.Default().
func New(cfg Config, logger *slog.Logger) (*Agent, error) {
	if logger == nil {
		logger = slog.Default()
	}
	logger = logger.With("agent", Provider)
	if cfg.ChromiumPath == "" {
		cfg.ChromiumPath = DefaultChromiumPath
	}
	if cfg.Tabs == 0 {
		cfg.Tabs = DefaultTabs
	}
	if cfg.NavTimeout == 0 {
		cfg.NavTimeout = DefaultNavTimeout
	}
	if cfg.PageTimeout == 0 {
		cfg.PageTimeout = DefaultPageTimeout
	}
	if cfg.MaxPageBytes == 0 {
		cfg.MaxPageBytes = DefaultMaxPageBytes
	}
	if cfg.UserAgent == "" {
		cfg.UserAgent = DefaultUserAgent
	}
	if cfg.RequestsPerMinute == 0 {
		cfg.RequestsPerMinute = DefaultRequestsPerMinute
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.MaxTabUses == 0 {
		cfg.MaxTabUses = DefaultMaxTabUses
	}
	if cfg.BlockResources == nil {
		cfg.BlockResources = []string{"Image", "Font", "Media"}
	}
	switch {
	case cfg.Tabs < 1 || cfg.Tabs > 64:
		return nil, errors.New("browser: Tabs must be 1-64")
	case cfg.NavTimeout < 0 || cfg.PageTimeout < 0 || cfg.MaxPageBytes < 0 || cfg.RequestsPerMinute < 0 || cfg.MaxTabUses < 0:
		return nil, errors.New("browser: timeouts and limits must be positive")
	}
	a := &Agent{cfg: cfg, logger: logger, recipes: map[string]*Recipe{}, limiter: newLimiter(),
		blockTypes: map[network.ResourceType]bool{}}
	for _, t := range cfg.BlockResources {
		a.blockTypes[network.ResourceType(t)] = true
	}
	var hosts []hostPattern
	for _, h := range cfg.AllowHosts {
		hp, err := parseHostPattern(h)
		if err != nil {
			return nil, fmt.Errorf("browser: AllowHosts: %w", err)
		}
		hosts = append(hosts, hp)
	}
	a.allow = newPolicy(hosts, cfg.AllowPrivate, nil)

	var all []*Recipe
	for _, dir := range cfg.RecipeDirs {
		rs, err := LoadRecipes(dir)
		if err != nil {
			return nil, err
		}
		all = append(all, rs...)
	}
	for i := range cfg.Recipes {
		r := cfg.Recipes[i] // a copy: validate fills defaults
		if err := r.validate(); err != nil {
			return nil, err
		}
		all = append(all, &r)
	}
	extra := []hostPattern{}
	for _, r := range all {
		if _, dup := a.recipes[r.ID]; dup {
			return nil, fmt.Errorf("browser: recipe %s is defined twice", r.ID)
		}
		a.recipes[r.ID] = r
		a.ordered = append(a.ordered, r)
		extra = append(extra, r.hostPatterns()...)
	}
	sort.Slice(a.ordered, func(i, j int) bool { return a.ordered[i].ID < a.ordered[j].ID })
	a.extract = a.allow.with(extra...)

	a.pool = newPool(poolConfig{
		execPath:   cfg.ChromiumPath,
		tabs:       cfg.Tabs,
		userAgent:  cfg.UserAgent,
		maxTabUses: cfg.MaxTabUses,
		maxBytes:   cfg.MaxPageBytes,
		egress:     a.extract,
		flags: map[string]any{
			"disable-quic": true, "disable-background-networking": true, "disable-component-update": true,
			"disable-sync": true, "disable-extensions": true, "disable-dev-shm-usage": true,
			"mute-audio": true, "hide-scrollbars": true, "disable-notifications": true,
			"disable-features": "Translate,MediaRouter,OptimizationHints,AutofillServerCommunication",
			"js-flags":         "--max-old-space-size=512",
		},
	}, logger)
	tools, err := newToolSet(a)
	if err != nil {
		return nil, err
	}
	a.tools = tools
	return a, nil
}

// hostPatterns are the hosts a recipe's pages may load from.
func (r *Recipe) hostPatterns() []hostPattern {
	hp, _ := parseHostPattern(r.host) // validated
	out := []hostPattern{hp}
	for _, h := range r.Hosts {
		p, _ := parseHostPattern(h)
		out = append(out, p)
	}
	return out
}

// Recipes returns the loaded recipes, by ID.
func (a *Agent) Recipes() []*Recipe { return append([]*Recipe{}, a.ordered...) }

// Stats describes the browser pool.
func (a *Agent) Stats() PoolStats { return a.pool.stats() }

// Close aborts running pages, closes every tab and the browser, and waits
// until no browser process and no temporary profile is left. It is
// idempotent; tools called afterwards report unavailable.
func (a *Agent) Close() error { return a.pool.close() }

// provenance builds the provenance of a result from sources.
func provenance(sources []string, fetchedAt time.Time, ttl time.Duration, attr *orchestrator.Attribution) orchestrator.Provenance {
	sort.Strings(sources)
	return orchestrator.Provenance{
		Source:      strings.Join(sources, "+"),
		FetchedAt:   fetchedAt.UTC(),
		TTL:         int64(ttl / time.Second),
		Attribution: attr,
	}
}
