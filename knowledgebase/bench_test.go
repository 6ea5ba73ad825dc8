package knowledgebase

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	"github.com/tripweave/tripweave/orchestrator"
)

// benchPayload returns a JSON list of places of about size bytes, shaped
// like a POI payload.
func benchPayload(i, size int) json.RawMessage {
	var sb strings.Builder
	sb.WriteString(`{"places":[`)
	for n := 0; sb.Len() < size-120; n++ {
		if n > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, `{"name":"Place %d-%d","lat":30.%04d,"lon":104.%04d,"kind":"attraction","tags":["temple","food"]}`, i, n, n, i)
	}
	sb.WriteString(`]}`)
	return json.RawMessage(sb.String())
}

func benchKeys(b *testing.B, s *Store) []Key {
	b.Helper()
	ctx := context.Background()
	keys := make([]Key, 64)
	for i := range keys {
		keys[i] = Key{"pois", fmt.Sprintf("%064x", i)}
		e := Entry{Payload: benchPayload(i, 2048), Provenance: orchestrator.Provenance{
			Source:      "overpass",
			Attribution: &orchestrator.Attribution{Text: "© OpenStreetMap contributors", License: "ODbL"},
		}}
		if err := s.Put(ctx, keys[i], e, time.Hour); err != nil {
			b.Fatal(err)
		}
	}
	return keys
}

func runLookup(b *testing.B, s *Store, keys []Key) {
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		got, err := s.Lookup(ctx, keys)
		if err != nil {
			b.Fatal(err)
		}
		if got[63].State != Fresh {
			b.Fatalf("state %v, want fresh", got[63].State)
		}
	}
}

// BenchmarkLookup64 measures a Lookup of 64 keys with 2 KB payloads: one MGET
// ("mget") and one pipeline of GETs ("pipeline", the Cluster path), against
// miniredis and, with REDIS_URL, a real Redis. "decode" is the baseline:
// decoding and classifying the same 64 values with no Redis at all.
func BenchmarkLookup64(b *testing.B) {
	b.Run("decode", func(b *testing.B) {
		mr := miniredis.RunT(b)
		c := redis.NewClient(&redis.Options{Addr: mr.Addr()})
		b.Cleanup(func() { _ = c.Close() })
		s := newTestStore(b, &backend{client: c, mr: mr}, Options{})
		keys := benchKeys(b, s)
		vals := make([][]byte, len(keys))
		rkeys := make([]string, len(keys))
		for i, k := range keys {
			rkeys[i] = s.redisKey(k)
			v, err := c.Get(context.Background(), rkeys[i]).Bytes()
			if err != nil {
				b.Fatal(err)
			}
			vals[i] = v
		}
		b.SetBytes(int64(len(vals[0]) * len(vals)))
		b.ReportAllocs()
		for b.Loop() {
			now := s.now()
			for i, v := range vals {
				if s.classify(rkeys[i], v, now).State != Fresh {
					b.Fatal("not fresh")
				}
			}
		}
	})
	for _, pipeline := range []bool{false, true} {
		mode := "mget"
		if pipeline {
			mode = "pipeline"
		}
		b.Run("miniredis/"+mode, func(b *testing.B) {
			mr := miniredis.RunT(b)
			c := redis.NewClient(&redis.Options{Addr: mr.Addr()})
			b.Cleanup(func() { _ = c.Close() })
			s := newTestStore(b, &backend{client: c, mr: mr, pipeline: pipeline}, Options{})
			runLookup(b, s, benchKeys(b, s))
		})
		b.Run("redis/"+mode, func(b *testing.B) {
			c := realRedis(b)
			s := newTestStore(b, &backend{client: c, pipeline: pipeline}, Options{})
			runLookup(b, s, benchKeys(b, s))
		})
	}
}
