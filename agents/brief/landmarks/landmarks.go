// Package landmarks provides the landmark gazetteer: well-known sights
// worldwide with their Chinese and English names, aliases and the city each
// belongs to, so that a request's "东方明珠" or "Temple of Heaven" is read
// as a sight of Shanghai or Beijing and never as a town named 东方 or
// Temple. The data (landmarks.tsv) is curated in this repository; its
// sources and licence are in ATTRIBUTION.md.
package landmarks

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator/gazetteer"
)

//go:embed landmarks.tsv
var data string

// Sight is one well-known sight.
type Sight struct {
	Name        string // canonical English name
	NameZH      string // canonical Chinese name
	City        string // the city it belongs to, as the place gazetteer names it
	CountryCode string // that city's ISO 3166-1 country code
	Aliases     []string
}

// Index finds sights by name. The zero value finds nothing.
type Index struct {
	sights   []*Sight
	han      map[string]*Sight // Han aliases as written
	hanFirst [1024]uint64      // first characters of Han aliases, a bit per rune mod 65536
	hanMax   int               // longest Han alias, in characters
	words    map[string]*Sight // Latin aliases, folded by gazetteer.Key
	prefixes map[string]bool   // word prefixes of the Latin keys
	maxWords int
	// heads are English names without their city's name in front ("Opera
	// House" of "Sydney Opera House"): a sight's name only where the text
	// names its city too (see Head)
	heads        map[string][]*Sight
	headPrefixes map[string]bool
	// romanised names (romanised.go): pinyin keys and their prefixes
	roman       map[string]*Sight
	romanPrefix map[string]bool
}

var (
	once   sync.Once
	loaded *Index
	err    error
)

// Default returns the embedded landmark gazetteer, parsed on first use;
// later calls return the same value.
func Default() (*Index, error) {
	once.Do(func() { loaded, err = Parse(data) })
	return loaded, err
}

// Parse reads a landmark table in the format of landmarks.tsv. A name
// given to two sights is an error.
func Parse(text string) (*Index, error) {
	x := &Index{han: map[string]*Sight{}, words: map[string]*Sight{}, prefixes: map[string]bool{}, heads: map[string][]*Sight{}, headPrefixes: map[string]bool{}}
	for n, line := range strings.Split(text, "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 || f[0] == "" || len(f[1]) != 2 {
			return nil, fmt.Errorf("landmarks: line %d: want city, country, Chinese and English names", n+1)
		}
		s := &Sight{City: f[0], CountryCode: f[1]}
		for _, a := range strings.Split(f[2], "|") {
			if a = strings.TrimSpace(a); a == "" {
				continue
			}
			if s.NameZH == "" {
				s.NameZH = a
			}
			if err := x.add(s, a); err != nil {
				return nil, fmt.Errorf("landmarks: line %d: %w", n+1, err)
			}
		}
		for _, a := range strings.Split(f[3], "|") {
			if a = strings.TrimSpace(a); a == "" {
				continue
			}
			if s.Name == "" {
				s.Name = a
			}
			if err := x.add(s, a); err != nil {
				return nil, fmt.Errorf("landmarks: line %d: %w", n+1, err)
			}
		}
		if s.Name == "" {
			s.Name = s.NameZH
		}
		x.sights = append(x.sights, s)
	}
	x.indexRomanised()
	x.indexHeads()
	return x, nil
}

// indexHeads indexes each English name that starts with its city's name
// by the words after it, when two or more ("Sydney Opera House" → "Opera
// House", "Sydney Harbour Bridge" → "Harbour Bridge"), unless that is a
// sight's full name.
func (x *Index) indexHeads() {
	for _, s := range x.sights {
		city := gazetteer.Key(s.City) + " "
		for _, a := range s.Aliases {
			if hasHan(a) {
				continue
			}
			rest, ok := strings.CutPrefix(gazetteer.Key(a), city)
			if !ok || len(strings.Fields(rest)) < 2 || x.words[rest] != nil || slices.Contains(x.heads[rest], s) {
				continue
			}
			x.heads[rest] = append(x.heads[rest], s)
			ws := strings.Fields(rest)
			x.maxWords = max(x.maxWords, len(ws))
			for i := 1; i < len(ws); i++ {
				x.headPrefixes[strings.Join(ws[:i], " ")] = true
			}
		}
	}
}

// HeadPrefix reports whether key is the first words of a head name with
// more words (see Head).
func (x *Index) HeadPrefix(key string) bool { return x != nil && x.headPrefixes[key] }

// Head returns the sights whose English name is the city's name followed
// by key ("opera house": Sydney Opera House), in the table's order.
func (x *Index) Head(key string) []*Sight {
	if x == nil {
		return nil
	}
	return x.heads[key]
}

func (x *Index) add(s *Sight, alias string) error {
	s.Aliases = append(s.Aliases, alias)
	if hasHan(alias) {
		if o := x.han[alias]; o != nil && o != s {
			return fmt.Errorf("%q names both %s and %s", alias, o.Name, s.Name)
		}
		x.han[alias] = s
		r, _ := utf8.DecodeRuneInString(alias)
		x.hanFirst[(r>>6)&1023] |= 1 << (r & 63)
		x.hanMax = max(x.hanMax, utf8.RuneCountInString(alias))
		return nil
	}
	k := gazetteer.Key(alias)
	if k == "" {
		return fmt.Errorf("empty alias")
	}
	if o := x.words[k]; o != nil && o != s {
		return fmt.Errorf("%q names both %s and %s", alias, o.Name, s.Name)
	}
	x.addKey(s, k)
	// "Fisherman's Bastion" is also found as the parser reads a capitalised
	// possessive (the word without its 's)
	if strings.Contains(alias, "'s ") || strings.Contains(alias, "\u2019s ") {
		stem := strings.NewReplacer("'s ", " ", "\u2019s ", " ").Replace(alias)
		if k := gazetteer.Key(stem); x.words[k] == nil {
			x.addKey(s, k)
		}
	}
	return nil
}

// addKey indexes a folded English name and its word prefixes.
func (x *Index) addKey(s *Sight, k string) {
	x.words[k] = s
	ws := strings.Fields(k)
	x.maxWords = max(x.maxWords, len(ws))
	for i := 1; i < len(ws); i++ {
		x.prefixes[strings.Join(ws[:i], " ")] = true
	}
}

// Sights returns every sight, in the table's order.
func (x *Index) Sights() []*Sight { return x.sights }

// Han returns the sight with the longest Chinese name that starts s, and
// that name's length in bytes; nil and 0 when no name starts s.
func (x *Index) Han(s string) (*Sight, int) {
	if x == nil || s == "" {
		return nil, 0
	}
	r, n := utf8.DecodeRuneInString(s)
	if x.hanFirst[(r>>6)&1023]&(1<<(r&63)) == 0 {
		return nil, 0
	}
	var best *Sight
	bestN := 0
	end, chars := n, 1
	for {
		if sg := x.han[s[:end]]; sg != nil {
			best, bestN = sg, end
		}
		if end >= len(s) || chars >= x.hanMax {
			break
		}
		_, m := utf8.DecodeRuneInString(s[end:])
		end += m
		chars++
	}
	return best, bestN
}

// Words returns the sight whose English name folds to key (words folded by
// gazetteer.Key and joined by single spaces), or nil.
func (x *Index) Words(key string) *Sight {
	if x == nil {
		return nil
	}
	return x.words[key]
}

// HasPrefix reports whether key is the first words of an English name
// with more words.
func (x *Index) HasPrefix(key string) bool { return x != nil && x.prefixes[key] }

// MaxWords is the number of words of the longest English name.
func (x *Index) MaxWords() int {
	if x == nil {
		return 0
	}
	return x.maxWords
}

// IsName reports whether s, as written, is a name of a sight.
func (x *Index) IsName(s string) bool {
	if x == nil {
		return false
	}
	if hasHan(s) {
		return x.han[s] != nil
	}
	return x.words[gazetteer.Key(s)] != nil
}

func hasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}
