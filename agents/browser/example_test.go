package browser_test

import (
	"context"
	"fmt"
	"log"
	"log/slog"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/browser"
)

// A recipe says where a site's search page is and how to read its prices.
func ExampleParseRecipe() {
	r, err := browser.ParseRecipe([]byte(`{
	  "id": "example-hotels",
	  "name": "Example Hotels",
	  "kind": "hotels",
	  "url": "https://hotels.example/search?city={city}&in={checkin}&out={checkout}&adults={adults}",
	  "values": {"city": {"chengdu": "CTU"}},
	  "items": ".result",
	  "fields": {"name": ".title", "price": ".price", "rating": {"selector": ".score", "scale": 10}},
	  "price": {"currency": "CNY", "unit": "stay"},
	  "next": {"selector": "a.next", "max_pages": 2},
	  "politeness": {"requests_per_minute": 6}
	}`))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(r.ID, r.Kind, r.Host(), r.Params())
	fmt.Println("price unit:", r.Price.Unit, "limit:", r.Limit, "ttl:", time.Duration(r.TTL))
	// Output:
	// example-hotels hotels hotels.example [city checkin checkout adults]
	// price unit: stay limit: 50 ttl: 20m0s
}

// An Agent serves its tools on an MCP server; the browser starts with the
// first call.
func ExampleAgent_Register() {
	a, err := browser.New(browser.Config{RecipeDirs: []string{"/etc/tripweave/recipes"}}, slog.Default())
	if err != nil {
		log.Fatal(err)
	}
	defer a.Close()
	s := mcp.NewServer(&mcp.Implementation{Name: "browser", Version: "0.1.0"}, nil)
	a.Register(s)
	_ = s.Run(context.Background(), &mcp.StdioTransport{})
}
