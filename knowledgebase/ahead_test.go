package knowledgebase

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

func TestRefreshAhead(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		clk := newClock()
		s := newTestStore(t, b, Options{Now: clk.Now})
		key := Key{"guide", "ahead"}
		ctx := context.Background()
		if err := s.Put(ctx, key, Entry{Payload: json.RawMessage(`{"a":1}`), Provenance: orchestrator.Provenance{Source: "t"}}, time.Hour); err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			ahead time.Duration
			want  State
		}{{0, Fresh}, {30 * time.Minute, Fresh}, {2 * time.Hour, Stale}} {
			c := ctx
			if tc.ahead > 0 {
				c = WithRefreshAhead(ctx, tc.ahead)
			}
			got, err := s.Get(c, key)
			if err != nil || got.State != tc.want {
				t.Errorf("Get %v ahead = %v, %v; want %v", tc.ahead, got.State, err, tc.want)
			}
			ls, err := s.Lookup(c, []Key{key})
			if err != nil || ls[0].State != tc.want {
				t.Errorf("Lookup %v ahead = %v, %v; want %v", tc.ahead, ls[0].State, err, tc.want)
			}
			hs, err := s.LookupHeads(c, []Key{key}, []bool{true})
			if err != nil || hs[0].State != tc.want {
				t.Errorf("LookupHeads %v ahead = %v, %v; want %v", tc.ahead, hs[0].State, err, tc.want)
			}
		}
	})
}
