package main

import "github.com/tripweave/tripweave/orchestrator/ginserver"

// newQueryParser returns the natural-language parser, or nil when none is
// available.
func newQueryParser() ginserver.QueryParser { return nil }
