package orchestrator

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"time"
)

// MaxPrewarmCities bounds one pre-warm job.
const MaxPrewarmCities = 10000

// PrewarmJob asks for destinations to be pre-warmed by the workers:
// their static-knowledge subtasks fetched into the knowledge cache ahead of
// plans. Kinds defaults to StaticKinds plus the weather (the city's
// forecast window and climate normals, kept per city: see
// docs/knowledge-keys.md); ID to a new one (give an existing one to resume
// or extend a job).
type PrewarmJob struct {
	ID       string   `json:"job,omitempty"`
	Cities   []string `json:"cities"`
	Language string   `json:"language,omitempty"`
	Kinds    []Kind   `json:"kinds,omitempty"`
}

// PrewarmStatus is a pre-warm job's progress, counted once per task
// (city × kind).
type PrewarmStatus struct {
	Job string `json:"job"`
	// State is "running" until every task is done, then "done".
	State     string    `json:"state"`
	Total     int       `json:"total"`
	Done      int       `json:"done"`
	Failed    int       `json:"failed"`
	Pending   int       `json:"pending"`
	CacheHits int       `json:"cache_hits"`
	Fetched   int       `json:"fetched"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
	// Failures maps "city|language|kind" to why it could not be warmed (at
	// most 50 of them).
	Failures map[string]string `json:"failures,omitempty"`
}

// Prewarmer runs pre-warm jobs on shared workers (orchestrator/adapters/prewarmq).
type Prewarmer interface {
	// Enqueue validates and queues job, returning its status.
	Enqueue(ctx context.Context, job PrewarmJob) (PrewarmStatus, error)
	// Status returns job id's progress, or an ENOTFOUND *Error.
	Status(ctx context.Context, id string) (PrewarmStatus, error)
}

var prewarmJobID = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// ValidPrewarmJobID reports whether id can name a pre-warm job.
func ValidPrewarmJobID(id string) bool { return prewarmJobID.MatchString(id) }

// StaticKinds returns the static-knowledge kinds a one-city trip to city
// needs, sorted: what a pre-warm job warms by default.
func StaticKinds(city, language string) []Kind {
	b := Brief{Destinations: []string{city}, Days: 1, Language: language}
	seen := map[Kind]bool{}
	var out []Kind
	for _, st := range Decompose(&b) {
		if st.Category == StaticKnowledge && !seen[st.Kind] {
			seen[st.Kind] = true
			out = append(out, st.Kind)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// Validate checks j and fills its defaults: a drawn ID, language "en",
// cities trimmed and deduplicated. Errors are EINVALID *Errors naming the
// field.
func (j *PrewarmJob) Validate() error {
	if j.ID == "" {
		var b [8]byte
		_, _ = rand.Read(b[:])
		j.ID = "pw_" + hex.EncodeToString(b[:])
	} else if !ValidPrewarmJobID(j.ID) {
		return FieldErrorf("job", "%q is not a job id (letters, digits, _ and -, at most 64)", j.ID)
	}
	switch j.Language {
	case "":
		j.Language = "en"
	case "en", "zh":
	default:
		return FieldErrorf("language", "%q is not en or zh", j.Language)
	}
	var cities []string
	seen := map[string]bool{}
	for i, c := range j.Cities {
		c = strings.TrimSpace(c)
		if c == "" || len(c) > 200 {
			return FieldErrorf(fmt.Sprintf("cities[%d]", i), "a city name of 1 to 200 bytes")
		}
		if !seen[c] {
			seen[c] = true
			cities = append(cities, c)
		}
	}
	if len(cities) == 0 || len(cities) > MaxPrewarmCities {
		return FieldErrorf("cities", "from 1 to %d destinations", MaxPrewarmCities)
	}
	j.Cities = cities
	for i, k := range j.Kinds {
		if Kinds[k].Category != StaticKnowledge {
			return FieldErrorf(fmt.Sprintf("kinds[%d]", i), "%q is not a static-knowledge subtask kind", k)
		}
	}
	return nil
}
