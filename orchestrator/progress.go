package orchestrator

import "time"

// Progress observes one plan's run as it happens: what a door shows a
// caller who waits (Server-Sent Events, MCP progress notifications, A2A
// status updates). Any func may be nil. Started and Finished are called
// from the run's goroutines, concurrently; every call has returned before
// the plan does.
type Progress struct {
	// Begin is told the run's subtasks before the first starts.
	Begin func(subtasks []Subtask)
	// Started is told a subtask's first attempt is starting on route.
	Started func(node string, kind Kind, route string)
	// Finished is told a subtask's last attempt has ended.
	Finished func(NodeDone)
}

// NodeDone is one finished subtask of a run.
type NodeDone struct {
	Node     string
	Kind     Kind
	Route    string
	CacheHit bool
	Duration time.Duration
	Err      error // nil when the subtask succeeded
}

// NodeKind is the kind part of a subtask ID ("weather:ab12…").
func NodeKind(id string) Kind {
	for i := 0; i < len(id); i++ {
		if id[i] == ':' {
			return Kind(id[:i])
		}
	}
	return Kind(id)
}
