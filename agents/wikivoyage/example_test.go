package wikivoyage_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/tripweave/tripweave/agents/wikivoyage"
)

func ExampleClient_Guide() {
	// A stand-in for en.wikivoyage.org/w/api.php answering action=parse.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"parse":{"title":"Leshan","pageid":1,"revid":2,"redirects":[],"wikitext":`+
			`"'''Leshan''' is a city in [[Sichuan]].\n==See==\nThe '''Giant Buddha''' is the reason to come.\n`+
			`* {{see | name=Leshan Giant Buddha | alt=乐山大佛 | lat=29.5449 | long=103.7733 | price=¥80\n`+
			`| content=A 71-m Buddha carved into the cliff in the [[w:Tang dynasty|Tang dynasty]]. }}"}}`)
	}))
	defer srv.Close()

	c := wikivoyage.New(wikivoyage.Options{ENURL: srv.URL + "/w/api.php"})
	g, err := c.Guide(context.Background(), "leshan", "en", nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Title, "-", g.Section("see"))
	for _, l := range g.Listings {
		fmt.Printf("%s: %s (%s) %.4f,%.4f %s — %s\n", l.Type, l.Name, l.Alt, l.Location.Lat, l.Location.Lon, l.Price, l.Description)
	}
	fmt.Println(wikivoyage.AttributionFor(g.URL).License)
	// Output:
	// Leshan - The Giant Buddha is the reason to come.
	// see: Leshan Giant Buddha (乐山大佛) 29.5449,103.7733 ¥80 — A 71-m Buddha carved into the cliff in the Tang dynasty.
	// CC BY-SA 4.0
}
