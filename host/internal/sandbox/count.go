package sandbox

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"crucible.dev/registry"
)

// A Counter runs plugin processes under valgrind's callgrind, which counts
// the machine instructions each timed loop executes: collection is on only
// inside the loop's batches (registry.CountedFunc), and each timed call
// leaves its count in a file of its own (registry.CountDumpFunc) in a
// directory of the host's, bound writable into the sandbox, where the host
// reads it after the call. Valgrind runs inside the sandbox, after the
// first step's limits and Landlock, with the plugin as its argument.
type Counter struct {
	Dir      string // the host's side of the directory callgrind writes to
	Version  string // valgrind's, as it states it ("valgrind-3.19.0")
	valgrind string // valgrind's own executable (Debian's is behind a shell script)
	tools    string // its tools and preloaded libraries
	inside   string // Dir as the plugin sees it
	// memcheck makes the counter a taint checker: valgrind's memcheck,
	// its log in Dir (MemcheckLog), instead of callgrind.
	memcheck bool
}

// MemcheckLog is the base name of memcheck's log in a taint checker's Dir.
const MemcheckLog = "memcheck.log"

// NewTaintChecker prepares a Counter that runs the plugin under valgrind's
// memcheck instead, for the taint check: memcheck writes its log to
// Dir/MemcheckLog, which the host reads after the process ends.
func (lc *Launcher) NewTaintChecker() (*Counter, error) {
	c, err := lc.NewCounter()
	if err != nil {
		return nil, err
	}
	c.memcheck = true
	return c, nil
}

// insideCount is where the sandbox sees a Counter's directory.
const insideCount = "/run/count"

// callgrindOut is the base name of callgrind's output; its dumps add .1, .2...
const callgrindOut = "callgrind.out"

// NewCounter prepares a counter: it finds valgrind and makes the directory
// its output comes back through. ErrNoSandbox when valgrind is missing.
func (lc *Launcher) NewCounter() (*Counter, error) {
	vg, tools, err := findValgrind()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp(lc.dir, "count-")
	if err != nil {
		return nil, fmt.Errorf("counter: %w", err)
	}
	if err := lc.shareDir(dir); err != nil {
		return nil, err
	}
	ver, err := exec.Command(vg, "--version").Output()
	if err != nil {
		return nil, fmt.Errorf("%w: %s --version: %v", ErrNoSandbox, vg, err)
	}
	c := &Counter{Dir: dir, Version: strings.TrimSpace(string(ver)), valgrind: vg, tools: tools, inside: dir}
	if lc.level.namespaced() {
		c.inside = insideCount
	}
	return c, nil
}

// findValgrind returns the valgrind executable and its tool directory.
func findValgrind() (exe, tools string, err error) {
	exe = "/usr/bin/valgrind.bin" // Debian: /usr/bin/valgrind is a shell wrapper
	if _, err := os.Stat(exe); err != nil {
		if exe, err = exec.LookPath("valgrind"); err != nil {
			return "", "", fmt.Errorf("%w: valgrind not found: install Debian's valgrind (tools/setup.sh does)", ErrNoSandbox)
		}
	}
	for _, d := range []string{"/usr/libexec/valgrind", "/usr/lib/x86_64-linux-gnu/valgrind", "/usr/lib/valgrind"} {
		if _, err := os.Stat(filepath.Join(d, "callgrind-amd64-linux")); err == nil {
			return exe, d, nil
		}
	}
	return "", "", fmt.Errorf("%w: valgrind's callgrind tool not found", ErrNoSandbox)
}

// args are valgrind's arguments in front of the plugin's.
func (c *Counter) args(plugin string) []string {
	if c.memcheck {
		return []string{
			"--tool=memcheck", "-q",
			// The whole stack: the filter keeps a report by a frame of
			// the plugin's own code, however deep.
			"--num-callers=64",
			// Full source paths, so a finding names its file exactly.
			"--fullpath-after=",
			"--error-limit=no",
			"--leak-check=no",
			"--log-file=" + c.inside + "/" + MemcheckLog,
			"--", plugin,
		}
	}
	return []string{
		"--tool=callgrind", "-q",
		"--collect-atstart=no",
		"--zero-before=" + registry.CountStartFunc,
		"--toggle-collect=" + registry.CountedFunc,
		"--dump-after=" + registry.CountDumpFunc,
		// A file per thread: the loop's thread is counted, not what other
		// threads do meanwhile (the runtime's monitor, the RPC server).
		"--separate-threads=yes",
		"--callgrind-out-file=" + c.inside + "/" + callgrindOut,
		"--", plugin,
	}
}

// env is what the plugin needs under callgrind: Go's asynchronous
// preemption signals make valgrind abort; valgrind's virtual CPU claims
// RDTSCP even where the real one lacks it and then cannot run it, so the
// Go runtime is told to keep to RDTSC; a goroutine's stack must never
// move to a smaller one (the collection before a counted loop marks the
// loop's goroutine for shrinking at its next preemption, and callgrind,
// which follows calls by the stack pointer, loses the loop when its
// stack moves: ML-DSA-44 verify under gmsm lost 14 of 16 calls); and the
// registry must know to hold the collector off around the counted loop.
func (c *Counter) env() []string {
	if c.memcheck {
		// One thread runs Go code, so reports come in the order of the
		// operations' markers.
		return []string{"GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off", "GOMAXPROCS=1"}
	}
	return []string{"GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off,gcshrinkstackoff=1", registry.EnvCounter + "=" + registry.CounterCallgrind}
}

// Dumps lists the dumps callgrind has written so far, oldest first: one
// per timed call the plugin completed, each a file per thread
// (callgrind.out.<dump>-<thread>).
func (c *Counter) Dumps() ([][]string, error) {
	ents, err := os.ReadDir(c.Dir)
	if err != nil {
		return nil, fmt.Errorf("counter: %w", err)
	}
	byPart := map[int][]string{}
	for _, e := range ents {
		rest, ok := strings.CutPrefix(e.Name(), callgrindOut+".")
		if !ok || !e.Type().IsRegular() {
			continue
		}
		part, thread, ok := strings.Cut(rest, "-")
		n, err := strconv.Atoi(part)
		if _, terr := strconv.Atoi(thread); !ok || err != nil || terr != nil || n < 1 {
			continue
		}
		byPart[n] = append(byPart[n], filepath.Join(c.Dir, e.Name()))
	}
	parts := make([]int, 0, len(byPart))
	for n := range byPart {
		parts = append(parts, n)
	}
	sort.Ints(parts)
	out := make([][]string, len(parts))
	for i, n := range parts {
		out[i] = byPart[n]
		sort.Strings(out[i])
	}
	return out, nil
}
