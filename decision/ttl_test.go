package decision

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

func TestParseTTLs(t *testing.T) {
	tests := []struct {
		spec    string
		want    map[orchestrator.Category]time.Duration
		wantErr string // substring of the error; "" for success
	}{
		{
			spec: "static_knowledge=168h,live_condition=1h,realtime_price=20m",
			want: map[orchestrator.Category]time.Duration{
				orchestrator.StaticKnowledge: 168 * time.Hour,
				orchestrator.LiveCondition:   time.Hour,
				orchestrator.RealtimePrice:   20 * time.Minute,
			},
		},
		{
			spec: " live_condition = 90m , , compute=0 ,",
			want: map[orchestrator.Category]time.Duration{
				orchestrator.LiveCondition: 90 * time.Minute,
				orchestrator.Compute:       0,
			},
		},
		{spec: "realtime_price=0s", want: map[orchestrator.Category]time.Duration{orchestrator.RealtimePrice: 0}},
		{spec: "", want: map[orchestrator.Category]time.Duration{}},
		{spec: "live_condition", wantErr: `ttl entry 1 "live_condition": want category=duration`},
		{spec: "live_condition=1h,weather=1h", wantErr: `ttl entry 2 "weather=1h": unknown category "weather" (want one of realtime_price, live_condition, static_knowledge, compute)`},
		{spec: "static_knowledge=7d", wantErr: `ttl entry 1 "static_knowledge=7d": bad duration (want e.g. 20m, 1h or 168h)`},
		{spec: "live_condition=", wantErr: `ttl entry 1 "live_condition=": bad duration`},
		{spec: "realtime_price=-5m", wantErr: `ttl entry 1 "realtime_price=-5m": duration must not be negative`},
		{spec: "compute=1h", wantErr: `ttl entry 1 "compute=1h": compute is never cached, its ttl must be 0`},
		{spec: "live_condition=1h,live_condition=2h", wantErr: `ttl entry 2 "live_condition=2h": category live_condition given twice`},
	}
	for _, tt := range tests {
		got, err := ParseTTLs(tt.spec)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("ParseTTLs(%q) error = %v, want it to contain %q", tt.spec, err, tt.wantErr)
			}
			if got != nil {
				t.Errorf("ParseTTLs(%q) = %v with an error, want nil", tt.spec, got)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseTTLs(%q) error = %v", tt.spec, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseTTLs(%q) = %v, want %v", tt.spec, got, tt.want)
		}
	}
}

// TestParseTTLsPolicy checks a parsed spec drives Decide.
func TestParseTTLsPolicy(t *testing.T) {
	ttls, err := ParseTTLs("live_condition=10m")
	if err != nil {
		t.Fatal(err)
	}
	p := DefaultPolicy()
	for c, d := range ttls {
		p.TTL[c] = d
	}
	st := subtasks["weather"]
	got := p.Decide(st, CacheState{}, health("ok", "weather"))
	if !got.Cacheable || got.TTL != 10*time.Minute {
		t.Errorf("Decide with live_condition=10m: Cacheable %v TTL %v, want true 10m", got.Cacheable, got.TTL)
	}
}
