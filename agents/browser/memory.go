package browser

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Memory is the memory of the browser's process tree, read from
// /proc/<pid>/smaps_rollup (Linux). PSS shares each shared page among the
// processes that map it, so its sum is the tree's real footprint; the RSS
// sum counts shared pages once per process.
type Memory struct {
	Processes int   `json:"processes"`
	PSSBytes  int64 `json:"pss_bytes"`
	RSSBytes  int64 `json:"rss_bytes"`
}

// ErrNotRunning is returned by Memory when the browser is not running.
var ErrNotRunning = errors.New("browser: not running")

// Memory measures the browser's process tree; ErrNotRunning before the
// first use or after Close.
func (a *Agent) Memory() (Memory, error) {
	s := a.pool.stats()
	if !s.Running {
		return Memory{}, ErrNotRunning
	}
	return treeMemory(s.PID)
}

// BrowserPIDs returns the browser's process tree, root first; nil when not
// running.
func (a *Agent) BrowserPIDs() []int {
	s := a.pool.stats()
	if !s.Running {
		return nil
	}
	return processTree(s.PID)
}

func treeMemory(root int) (Memory, error) {
	var m Memory
	for _, pid := range processTree(root) {
		data, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "smaps_rollup"))
		if err != nil {
			continue // exited meanwhile, or not Linux
		}
		m.Processes++
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			if len(f) < 2 {
				continue
			}
			kb, err := strconv.ParseInt(f[1], 10, 64)
			if err != nil {
				continue
			}
			switch f[0] {
			case "Pss:":
				m.PSSBytes += kb << 10
			case "Rss:":
				m.RSSBytes += kb << 10
			}
		}
	}
	if m.Processes == 0 {
		return m, ErrNotRunning
	}
	return m, nil
}

// processTree returns root and its descendants (from /proc/*/stat), root
// first, the rest sorted.
func processTree(root int) []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return []int{root}
	}
	children := map[int][]int{}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if pp := parentPID(pid); pp > 0 {
			children[pp] = append(children[pp], pid)
		}
	}
	out := []int{root}
	for i := 0; i < len(out); i++ {
		out = append(out, children[out[i]]...)
	}
	rest := out[1:]
	sort.Ints(rest)
	return out
}

// parentPID reads the parent of pid from /proc/<pid>/stat; 0 when unknown.
func parentPID(pid int) int {
	data, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return 0
	}
	// The command may hold spaces and parentheses: fields follow the last ')'.
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(string(data[i+1:]))
	if len(f) < 2 {
		return 0
	}
	pp, _ := strconv.Atoi(f[1])
	return pp
}
