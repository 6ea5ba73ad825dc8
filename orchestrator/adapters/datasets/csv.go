package datasets

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/simplifiedchinese"

	"github.com/tripweave/tripweave/orchestrator"
)

// table is a CSV file read whole: a header and rows, addressable by column
// name.
type table struct {
	path   string
	header map[string]int
	rows   [][]string
}

// readTable reads a CSV file, stripping a UTF-8 BOM and decoding GB18030
// when the file is not valid UTF-8 (one ChinaTravel file is).
func readTable(path string) (*table, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if !utf8.Valid(data) {
		dec, err := simplifiedchinese.GB18030.NewDecoder().Bytes(data)
		if err != nil {
			return nil, fmt.Errorf("%s: not UTF-8 and not GB18030: %w", path, err)
		}
		data = dec
	}
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	recs, err := r.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("%s: empty file", path)
	}
	t := &table{path: path, header: map[string]int{}, rows: recs[1:]}
	// A header one field short of the rows has lost the name of a leading
	// index column (hotel_hangzhou_uniq.csv): shift the names right.
	shift := 0
	if n := len(recs[0]); len(t.rows) > 0 {
		longer := 0
		for _, r := range t.rows {
			if len(r) == n+1 {
				longer++
			}
		}
		if longer*2 > len(t.rows) {
			shift = 1
		}
	}
	for i, h := range recs[0] {
		t.header[strings.TrimSpace(h)] = i + shift
	}
	return t, nil
}

// need returns the indexes of the named columns or an error naming the
// first missing one.
func (t *table) need(cols ...string) ([]int, error) {
	out := make([]int, len(cols))
	for i, c := range cols {
		j, ok := t.header[c]
		if !ok {
			return nil, fmt.Errorf("%s: missing column %q", t.path, c)
		}
		out[i] = j
	}
	return out, nil
}

// field returns row[i] or "" when the row is short.
func field(row []string, i int) string {
	if i < 0 || i >= len(row) {
		return ""
	}
	return row[i]
}

func parseFloat(s string) (float64, bool) {
	s = strings.TrimSpace(strings.ReplaceAll(s, ",", ""))
	if s == "" {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, false
	}
	return f, true
}

func parseInt(s string) (int, bool) {
	f, ok := parseFloat(s)
	if !ok {
		return 0, false
	}
	return int(f), true
}

// clockMinutes parses "H:MM", "HH:MM" or "HH:MM:SS" into minutes after
// midnight; "24:00" is 1440.
func clockMinutes(s string) (int, bool) {
	s = strings.TrimSpace(s)
	if len(s) > 5 && s[len(s)-3] == ':' { // seconds
		s = s[:len(s)-3]
	}
	return orchestrator.ParseClock(s)
}

// clock formats minutes after midnight as "HH:MM" (1440 → "24:00").
func clock(min int) string { return orchestrator.FormatClock(min) }

// normClock normalizes a time of day to "HH:MM", or returns "" when s is
// not one.
func normClock(s string) string {
	m, ok := clockMinutes(s)
	if !ok {
		return ""
	}
	return clock(m)
}
