// Package lru is the bounded, process-wide cache of values built once per
// key — catalog indexes and the like — that concurrent plans share: a
// value is built outside the lock (two callers may build the same value at
// once; the first stored wins) and is immutable once stored.
package lru

import (
	"container/list"
	"sync"
)

// Cache keeps up to max values by key, least recently used first out.
type Cache[K comparable, V any] struct {
	mu      sync.Mutex
	max     int
	m       map[K]*list.Element
	ll      *list.List
	onEvict func(V)
}

type entry[K comparable, V any] struct {
	key   K
	value V
}

// New returns a cache of at most max values; onEvict, when not nil, is
// called (under the cache's lock) with each value the bound drops.
func New[K comparable, V any](max int, onEvict func(V)) *Cache[K, V] {
	return &Cache[K, V]{max: max, m: map[K]*list.Element{}, ll: list.New(), onEvict: onEvict}
}

// Get returns the value under k, building it with build on a miss.
func (c *Cache[K, V]) Get(k K, build func() V) V {
	c.mu.Lock()
	if e, ok := c.m[k]; ok {
		c.ll.MoveToFront(e)
		v := e.Value.(*entry[K, V]).value
		c.mu.Unlock()
		return v
	}
	c.mu.Unlock()
	v := build()
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.m[k]; ok {
		c.ll.MoveToFront(e)
		return e.Value.(*entry[K, V]).value
	}
	c.m[k] = c.ll.PushFront(&entry[K, V]{k, v})
	for c.ll.Len() > c.max {
		last := c.ll.Back()
		c.ll.Remove(last)
		e := last.Value.(*entry[K, V])
		delete(c.m, e.key)
		if c.onEvict != nil {
			c.onEvict(e.value)
		}
	}
	return v
}

// Len reports how many values are kept.
func (c *Cache[K, V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ll.Len()
}
