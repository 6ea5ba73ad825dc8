package main

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tripweave/tripweave/agents/openmeteo/openmeteotest"
)

// TestPageAnswersQuestions types a request that misses essentials into the
// page in Chromium, answers the questions the page then shows as inputs,
// and ends on the itinerary; back on the page, the plan is listed among the
// recent ones. The page must not overflow a 390 px phone.
func TestPageAnswersQuestions(t *testing.T) {
	chromium := chromiumPath(t)
	if testing.Short() {
		t.Skip("browser test in -short mode")
	}
	base := startServer(t, testConfig(t, openmeteotest.NewServer(t)))
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	tab, closeTab := chromedp.NewContext(newAllocator(t, ctx, chromium))
	defer closeTab()

	if err := chromedp.Do(tab,
		chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch),
		chromedp.Navigate(base+"/"),
		chromedp.WaitVisible(chromedp.ID("request")),
		chromedp.SetValue(chromedp.ID("request"), "I want a relaxing holiday"),
		chromedp.Click(chromedp.ID("submit")),
		chromedp.WaitVisible(chromedp.ID("questions")),
	); err != nil {
		t.Fatal(err)
	}
	// Questions with choices are lists (select), the others text inputs.
	fields, err := chromedp.Run(tab, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#fields input, #fields select")).map(i => i.name)`))
	if err != nil || len(fields) == 0 {
		t.Fatalf("question inputs = %v (%v)", fields, err)
	}
	status, _ := chromedp.Run(tab, chromedp.Text(chromedp.ID("status")))
	if strings.Contains(status, "Failed") {
		t.Errorf("status %q on questions", status)
	}
	answers := map[string]string{"destinations": "Chengdu", "dates": "June 2 to June 4", "days": "3", "travelers": "2 adults"}
	for i, f := range fields {
		v, ok := answers[f]
		if !ok {
			t.Fatalf("unexpected question for %s", f)
		}
		if tag, _ := chromedp.Run(tab, chromedp.Evaluate[string](`document.getElementById("answer-`+strconv.Itoa(i)+`").tagName`)); tag == "SELECT" {
			// A list: keep its first choice unless the answer is one.
			has, _ := chromedp.Run(tab, chromedp.Evaluate[bool](`Array.from(document.getElementById("answer-`+strconv.Itoa(i)+`").options).some(o => o.value === `+strconv.Quote(v)+`)`))
			if !has {
				continue
			}
		}
		if err := chromedp.Do(tab, chromedp.SetValue(chromedp.ID("answer-"+strconv.Itoa(i)), v)); err != nil {
			t.Fatal(err)
		}
	}
	if w, _ := chromedp.Run(tab, chromedp.Evaluate[int](`document.documentElement.scrollWidth - window.innerWidth`)); w > 0 {
		t.Errorf("the page overflows a 390 px viewport by %d px", w)
	}
	if err := chromedp.Do(tab, chromedp.Click(chromedp.ID("answer")), chromedp.WaitVisible(chromedp.ID("overview"))); err != nil {
		t.Fatalf("answering: %v", err)
	}
	loc, _ := chromedp.Run(tab, chromedp.Location())
	if !strings.HasPrefix(loc, base+"/v1/plans/") || !strings.HasSuffix(loc, ".html") {
		t.Fatalf("ended at %s, want the itinerary", loc)
	}
	title, _ := chromedp.Run(tab, chromedp.Text(chromedp.CSS("h1")))
	if !strings.Contains(title, "Chengdu") {
		t.Errorf("itinerary title %q", title)
	}
	id := strings.TrimSuffix(strings.TrimPrefix(loc, base+"/v1/plans/"), ".html")

	if err := chromedp.Do(tab, chromedp.Navigate(base+"/"), chromedp.WaitVisible(chromedp.CSS("#recent-list a"))); err != nil {
		t.Fatalf("recent plans: %v", err)
	}
	hrefs, _ := chromedp.Run(tab, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#recent-list a")).map(a => a.getAttribute("href"))`))
	if len(hrefs) == 0 || hrefs[0] != "/v1/plans/"+id+".html" {
		t.Errorf("recent plans link %v, want %s first", hrefs, id)
	}
}
