package browser

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// extract_page limits.
const (
	DefaultExtractChars = 20000
	MaxExtractChars     = 200000
	DefaultExtractLinks = 100
	MaxExtractLinks     = 1000
	// settle is how long the text must stay unchanged before a page
	// without WaitFor counts as rendered; maxSettle bounds that wait.
	settle    = 250 * time.Millisecond
	maxSettle = 3 * time.Second
	// blockTextLimit: a page with a block marker and less text than this
	// is a block page.
	blockTextLimit = 2000
)

// ExtractRequest asks for the readable content of one page.
type ExtractRequest struct {
	URL string
	// WaitFor is a CSS selector to wait for; empty waits until the page
	// has loaded and its text stopped changing.
	WaitFor string
	// MaxChars caps Text (default 20000, at most 200000); MaxLinks caps
	// Links (default 100, at most 1000).
	MaxChars int
	MaxLinks int
}

// Link is one link of a page.
type Link struct {
	Text string `json:"text"`
	URL  string `json:"url"`
}

// ExtractResult is the extract_page result: the page as plain text.
type ExtractResult struct {
	URL      string `json:"url"`
	FinalURL string `json:"final_url"`
	Status   int    `json:"status,omitempty"`
	Title    string `json:"title"`
	// Text is the rendered text (hidden elements skipped), one line per
	// block, blank lines removed.
	Text      string `json:"text"`
	Truncated bool   `json:"truncated,omitempty"`
	// Links are the page's http(s) links, first occurrence of each URL, in
	// page order.
	Links      []Link                  `json:"links"`
	Provenance orchestrator.Provenance `json:"provenance"`
}

type pageContent struct {
	Title string `json:"title"`
	Text  string `json:"text"`
	Links []Link `json:"links"`
}

const contentJS = `(function (s) {
  const links = [], seen = new Set();
  for (const a of document.querySelectorAll("a[href]")) {
    const h = a.href;
    if (!/^https?:/i.test(h) || seen.has(h)) continue;
    seen.add(h);
    links.push({text: String(a.innerText || a.textContent || "").slice(0, 500), url: h.slice(0, 2000)});
    if (links.length >= s.links) break;
  }
  const body = document.body ? (document.body.innerText || "") : "";
  return {title: String(document.title || "").slice(0, 1000), text: body.slice(0, s.chars * 2 + 1000), links: links};
})`

// Extract loads an allowed page in the browser and returns its rendered
// text and links. Errors are *orchestrator.UpstreamError as for Scrape.
func (a *Agent) Extract(ctx context.Context, req ExtractRequest) (*ExtractResult, error) {
	raw := strings.TrimSpace(req.URL)
	switch {
	case raw == "":
		return nil, invalidf("url is empty")
	case len(raw) > 2000:
		return nil, invalidf("url is longer than 2000 characters")
	case req.MaxChars < 0 || req.MaxChars > MaxExtractChars:
		return nil, invalidf("max_chars must be 1-%d", MaxExtractChars)
	case req.MaxLinks < 0 || req.MaxLinks > MaxExtractLinks:
		return nil, invalidf("max_links must be 0-%d", MaxExtractLinks)
	case len(req.WaitFor) > 500:
		return nil, invalidf("wait_for is longer than 500 characters")
	}
	if req.MaxChars == 0 {
		req.MaxChars = DefaultExtractChars
	}
	if req.MaxLinks == 0 {
		req.MaxLinks = DefaultExtractLinks
	}
	guard := a.extract.guard()
	if err := guard.check(ctx, raw); err != nil {
		return nil, err
	}
	var res *ExtractResult
	_, err := a.withTab(ctx, guard, perMinute(a.cfg.RequestsPerMinute), func(d *driver) error {
		if err := d.navigate(raw); err != nil {
			return err
		}
		spec := probeSpec{Wait: req.WaitFor, Captcha: captchaSelectors, Markers: blockMarkers, Text: true}
		var since time.Time
		var lastText int
		started := time.Now()
		p, err := d.waitUntil(spec, func(p probe) bool {
			if req.WaitFor != "" {
				return p.N > 0
			}
			if p.Ready != "complete" {
				return false
			}
			if p.Text != lastText || since.IsZero() {
				lastText, since = p.Text, time.Now()
			}
			return time.Since(since) >= settle || time.Since(started) >= maxSettle
		})
		if err != nil {
			return err
		}
		if p.Marker != "" && p.Text < blockTextLimit {
			return blockedError(fmt.Sprintf("the site shows a block page (%q)", p.Marker))
		}
		final, err := d.checkFinal(p)
		if err != nil {
			return err
		}
		c, err := evalJS[pageContent](d.ctx, contentJS, map[string]int{"chars": req.MaxChars, "links": req.MaxLinks})
		if err != nil {
			return d.fail(d.ctx, err)
		}
		status, _ := d.t.state()
		res = &ExtractResult{URL: raw, FinalURL: final, Status: int(status), Title: cleanText(c.Title, 500), Links: []Link{}}
		res.Text, res.Truncated = cleanLines(c.Text, req.MaxChars)
		for _, l := range c.Links {
			res.Links = append(res.Links, Link{Text: cleanText(l.Text, maxNameLength), URL: l.URL})
		}
		fu, _ := url.Parse(final)
		res.Provenance = provenance([]string{Provider + ":extract_page"}, a.cfg.Now(), ExtractTTL,
			&orchestrator.Attribution{Text: fu.Host, URL: final})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// cleanLines cleans each line of s, drops empty ones and caps the result at
// max runes.
func cleanLines(s string, max int) (string, bool) {
	var b strings.Builder
	n := 0
	for _, line := range strings.Split(s, "\n") {
		line = cleanText(line, max)
		if line == "" {
			continue
		}
		r := []rune(line)
		if n > 0 {
			if n+1 > max {
				return b.String(), true
			}
			b.WriteByte('\n')
			n++
		}
		if n+len(r) > max {
			b.WriteString(string(r[:max-n]))
			return b.String(), true
		}
		b.WriteString(line)
		n += len(r)
	}
	return b.String(), false
}
