package delegate

import (
	"fmt"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/templates"
)

// Links are a plan's documents, as paths under base (empty base: paths
// from the server root).
func Links(base string, p *orchestrator.Plan) map[string]string {
	path := strings.TrimSuffix(base, "/") + "/v1/plans/" + p.ID
	if p.Status == orchestrator.PlanNeedsInput {
		return map[string]string{"json": path, "answers": path + "/answers"}
	}
	links := map[string]string{"json": path, "html": path + ".html", "md": path + ".md", "geojson": path + ".geojson", "trace": path + "/trace"}
	if p.Itinerary != nil {
		links["ics"] = path + ".ics"
	}
	return links
}

// Summary says in one or two sentences, in the brief's language, what a
// plan is: where, when, for how many, its status and total cost, or the
// questions it waits on. It uses only what the plan states, so it never
// contradicts the plan's documents.
func Summary(p *orchestrator.Plan) string {
	zh := p.Brief.Language == "zh"
	if p.Status == orchestrator.PlanNeedsInput {
		var qs []string
		for _, q := range p.Questions {
			qs = append(qs, q.Text)
		}
		if zh {
			return "还需要一些信息：" + strings.Join(qs, " ")
		}
		return "More information is needed: " + strings.Join(qs, " ")
	}
	b := p.Brief
	cities := b.Destinations
	days := b.Days
	if it := p.Itinerary; it != nil {
		cities = nil
		for _, c := range it.Cities {
			cities = append(cities, c.City)
		}
		days = len(it.Days)
	}
	var sb strings.Builder
	place := templates.PlaceNames(cities, b.Language)
	people := b.Travelers.Total()
	if zh {
		fmt.Fprintf(&sb, "%s%d日游", place, days)
		if b.StartDate != "" {
			fmt.Fprintf(&sb, "（%s出发）", b.StartDate)
		}
		fmt.Fprintf(&sb, "，%d人", people)
	} else {
		fmt.Fprintf(&sb, "%d days in %s", days, place)
		if b.StartDate != "" {
			fmt.Fprintf(&sb, " from %s", b.StartDate)
		}
		fmt.Fprintf(&sb, " for %d %s", people, plural(people, "person", "people"))
	}
	if it := p.Itinerary; it != nil {
		if t, ok := chosenTotal(it); ok {
			if zh {
				fmt.Fprintf(&sb, "，共计 %s", t)
			} else {
				fmt.Fprintf(&sb, ", %s in total", t)
			}
		}
	}
	switch {
	case p.Itinerary == nil && zh:
		sb.WriteString("。未能生成行程，详见说明。")
	case p.Itinerary == nil:
		sb.WriteString(". No itinerary could be built; the notes say why.")
	case p.Status == orchestrator.PlanPartial && zh:
		sb.WriteString("。部分信息缺失，详见说明。")
	case p.Status == orchestrator.PlanPartial:
		sb.WriteString(". Some information is missing; the notes say what.")
	case zh:
		sb.WriteString("。")
	default:
		sb.WriteString(".")
	}
	return sb.String()
}

// chosenTotal is the group's total at the itinerary's chosen tier.
func chosenTotal(it *orchestrator.Itinerary) (string, bool) {
	for _, tc := range it.Budget.Tiers {
		if tc.Tier == it.Budget.Chosen && tc.Lean == it.Lean {
			return tc.Total.String(), true
		}
	}
	return "", false
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
