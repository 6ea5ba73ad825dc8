package brief

import "strings"

// climbVerbsZH before a mountain and mountainSightsZH after it make a
// mountain that is also a city (黄山, 峨眉山, 武夷山) a sight to see as well
// as the destination (想去爬黄山，看日出; 去峨眉山看云海).
var (
	climbVerbsZH     = []string{"爬", "登", "上", "徒步"}
	mountainSightsZH = []string{"看日出", "看日落", "看云海", "看雪", "看雾凇", "看佛光", "日出", "日落", "云海"}
)

// mountainCitiesZH returns the places named in Chinese that end in 山 and
// are climbed or watched from (爬黄山, 峨眉山看日出), in the order written.
func (d *doc) mountainCitiesZH() []string {
	if !d.hasHanText {
		return nil
	}
	var out []string
	for _, sp := range d.placeSpans {
		name := d.clean[sp[0]:sp[1]]
		if !strings.HasSuffix(name, "山") || len([]rune(name)) < 2 {
			continue
		}
		after := strings.TrimLeft(d.clean[sp[1]:], "，, ")
		after = strings.TrimPrefix(strings.TrimPrefix(after, "去"), "上")
		if endsWithAny(d.clean[:sp[0]], climbVerbsZH...) || hasPrefixAny(after, mountainSightsZH...) {
			out = append(out, name)
		}
	}
	return out
}
