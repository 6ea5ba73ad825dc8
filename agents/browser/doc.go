// Package browser is tripweave's headless-browser scraper agent: live hotel
// and transport prices, and pages that only render with JavaScript, read by
// one Chromium through a bounded pool of reused tabs (chromedp).
//
// An Agent registers two MCP tools on an *mcp.Server:
//
//   - scrape_prices runs a site recipe (or every enabled recipe of a kind,
//     merged) and returns priced items, each with its source URL, fetched-at
//     time and recipe id, the price distribution, and economy, mid and
//     comfort figures (25th percentile, median, 75th percentile);
//   - extract_page returns the rendered text and links of an allow-listed
//     page.
//
// Contract with the orchestrator: a tool's structured output is a JSON object
// with a top-level "provenance" object shaped like orchestrator.Provenance
// (source "browser:<recipe id>", fetched_at from the injected clock, the TTL
// of the recipe, attribution naming the site). A failure is a tool error
// result (IsError) whose structured content and text are the JSON
// {"errorType", "message", "retryable"} of an orchestrator.UpstreamError,
// errorType one of blocked, timeout, unavailable, invalid_argument,
// bad_response and not_found. Refusals by a safety rule are invalid_argument
// with a message starting "forbidden: ". Page failures are never Go errors
// and never panics.
//
// Recipes are declarative JSON files (see Recipe and README.md). The browser
// starts on first use, so a process without Chromium starts fast and its
// tools answer unavailable. Close stops the browser and waits until no
// process and no temporary profile is left.
//
// Safety: a page may load only from its recipe's hosts and Config.AllowHosts
// (extract_page: AllowHosts and every recipe's hosts), over http or https,
// never from private, loopback or link-local addresses unless
// Config.AllowPrivate. Every request a page makes, redirects included, is
// intercepted and checked; a local egress proxy, the browser's only route
// out, enforces the same hosts for every connection (WebSockets included)
// and dials only vetted addresses.
package browser
