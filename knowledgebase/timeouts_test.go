package knowledgebase

import (
	"testing"
	"time"
)

func TestRedisURLOperationTimeouts(t *testing.T) {
	tg, err := parseURL("redis://127.0.0.1:6379/0")
	if err != nil {
		t.Fatal(err)
	}
	tg.bound("redis://127.0.0.1:6379/0")
	if o := tg.single; o.ReadTimeout != opTimeout || o.WriteTimeout != opTimeout || o.DialTimeout != dialTimeout || o.MaxRetries != opMaxRetries {
		t.Errorf("defaults: read %v write %v dial %v retries %d", o.ReadTimeout, o.WriteTimeout, o.DialTimeout, o.MaxRetries)
	}
	raw := "redis://127.0.0.1:6379/0?read_timeout=2s&max_retries=4"
	tg, err = parseURL(raw)
	if err != nil {
		t.Fatal(err)
	}
	tg.bound(raw)
	if o := tg.single; o.ReadTimeout != 2*time.Second || o.MaxRetries != 4 || o.WriteTimeout != opTimeout {
		t.Errorf("URL settings kept: read %v retries %d write %v", o.ReadTimeout, o.MaxRetries, o.WriteTimeout)
	}
}
