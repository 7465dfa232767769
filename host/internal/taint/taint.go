// Package taint reads valgrind memcheck's log of a plugin run with its
// secrets marked undefined (registry.MarkSecret) and turns the reports
// that concern the plugin's own code into findings: the kind of leak, the
// frames with file:line, and the operation that was running.
//
// The filter rule: the Go runtime, run under memcheck, reports hundreds of
// uses of undefined values with no secret involved (its locks, scheduler
// and allocator). A report is a finding only when a frame of its stack is
// in the plugin's own code: a function of a package of the plugin's main
// module or its main package, or a source file under it (its C code). The innermost frame may
// be anywhere (the standard library, a dependency, a function the runtime
// calls back into): what matters is that the plugin's code is on the way
// to it. Left out: reports with no plugin frame at all, such as a secret
// reaching a goroutine the plugin started whose stack does not pass
// through plugin code, and reports outside a marked operation.
package taint

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"crucible.dev/registry"
)

// Kinds of finding.
const (
	KindBranch  = "branch"  // a conditional jump or move on a secret
	KindAddress = "address" // a memory address computed from a secret
	KindSyscall = "syscall" // a secret passed to a system call
	KindOther   = "other"   // another memcheck report
)

// Frame is one frame of a report's stack.
type Frame struct {
	Func string `json:"func"`
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
}

// String is "func (file:line)".
func (f Frame) String() string {
	if f.File == "" {
		return f.Func
	}
	return fmt.Sprintf("%s (%s:%d)", f.Func, f.File, f.Line)
}

// Report is one memcheck report.
type Report struct {
	Instance string  `json:"instance,omitempty"` // the operation running, from the contract's markers
	Op       string  `json:"op,omitempty"`
	Kind     string  `json:"kind"`
	What     string  `json:"what"` // memcheck's own words
	Frames   []Frame `json:"frames"`
	// Known is the catalog's review of the finding; nil when it is new.
	// The host sets it (Review), not the log: validate compares the rest.
	Known *Reviewed `json:"known,omitempty"`
}

// Declassification is one Declassify call the plugin made.
type Declassification struct {
	Instance string `json:"instance,omitempty"`
	Op       string `json:"op,omitempty"`
	Site     string `json:"site"` // file:line
	Bytes    int    `json:"bytes"`
}

// Log is what a memcheck log holds.
type Log struct {
	Reports      []Report
	Declassified []Declassification
	Ops          int // operations whose begin marker the log holds
}

var (
	linePrefix = regexp.MustCompile(`^(==|\*\*)\d+(==|\*\*) ?`)
	frameRe    = regexp.MustCompile(`^\s+(?:at|by) 0x[0-9A-Fa-f]+: (.*?)(?: \((.*)\))?$`)
)

// maxLine bounds one line of the log.
const maxLine = 1 << 20

// Parse reads a memcheck log.
func Parse(r io.Reader) (*Log, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	l := &Log{}
	var inst, op string
	var cur *Report
	skipFrames := false // the stack valgrind prints after a declassification
	flush := func() {
		if cur != nil {
			l.Reports = append(l.Reports, *cur)
			cur = nil
		}
	}
	for sc.Scan() {
		raw := sc.Text()
		m := linePrefix.FindStringSubmatch(raw)
		if m == nil {
			continue // the plugin's own output, or valgrind's non-report lines
		}
		text := raw[len(m[0]):]
		if m[1] == "**" {
			flush()
			skipFrames = true
			f := strings.Fields(text)
			switch {
			case len(f) >= 4 && f[0] == registry.OpTag && f[1] == "begin":
				inst, op = f[2], f[3]
				l.Ops++
			case len(f) >= 2 && f[0] == registry.OpTag && f[1] == "end":
				inst, op = "", ""
			case len(f) >= 4 && f[0] == registry.DeclassifyTag:
				n, _ := strconv.Atoi(f[2])
				l.Declassified = append(l.Declassified, Declassification{Instance: inst, Op: op, Site: f[1], Bytes: n})
			}
			continue
		}
		if fm := frameRe.FindStringSubmatch(text); fm != nil {
			if cur != nil && !skipFrames {
				cur.Frames = append(cur.Frames, parseFrame(fm[1], fm[2]))
			}
			continue
		}
		flush()
		skipFrames = false
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, " ") || strings.HasPrefix(text, "Thread ") {
			continue
		}
		cur = &Report{Instance: inst, Op: op, Kind: kindOf(text), What: text}
	}
	flush()
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("memcheck log: %w", err)
	}
	return l, nil
}

func parseFrame(fn, where string) Frame {
	f := Frame{Func: fn}
	if where == "" || strings.HasPrefix(where, "in ") {
		return f
	}
	i := strings.LastIndexByte(where, ':')
	if i < 0 {
		return f
	}
	n, err := strconv.Atoi(where[i+1:])
	if err != nil {
		return f
	}
	f.File, f.Line = where[:i], n
	return f
}

// kindOf classifies memcheck's first line of a report.
func kindOf(what string) string {
	switch {
	case strings.HasPrefix(what, "Conditional jump or move depends on uninitialised value"):
		return KindBranch
	case strings.HasPrefix(what, "Use of uninitialised value of size"):
		return KindAddress
	case strings.HasPrefix(what, "Syscall param"):
		return KindSyscall
	}
	return KindOther
}

// Findings are the reports of an operation that pass through the
// plugin's own code: module is the plugin's main module path (from the
// executable's build information), and a frame is the plugin's when its
// function is in a package of the module or its file lies under it.
func (l *Log) Findings(module string) []Report {
	var out []Report
	for _, r := range l.Reports {
		if r.Op == "" {
			continue
		}
		if PluginFrame(r.Frames, module) >= 0 {
			out = append(out, r)
		}
	}
	return out
}

// PluginFrame is the index of the innermost frame of the plugin's own
// code, or -1.
func PluginFrame(frames []Frame, module string) int {
	for i, f := range frames {
		// The main package's functions are named main.*, whatever its
		// import path: it is the plugin's own.
		if strings.HasPrefix(f.Func, "main.") || inModule(f.Func, module) || inModule(f.File, module) {
			return i
		}
	}
	return -1
}

func inModule(name, module string) bool {
	if module == "" || name == "" {
		return false
	}
	i := strings.Index(name, module)
	if i < 0 {
		return false
	}
	// A file path holds the module path after a directory; a function
	// name begins with it. Either way the path must end at a boundary.
	if i > 0 && name[i-1] != '/' {
		return false
	}
	rest := name[i+len(module):]
	return rest == "" || rest[0] == '/' || rest[0] == '.'
}
