package registry

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"unsafe"
)

// Taint checking runs an operation under valgrind's memcheck with its
// secret inputs marked undefined: memcheck then reports every conditional
// branch, every memory address and every system call argument computed
// from them, at its source line. The marks are valgrind client requests
// (taint_valgrind_*.s); they are compiled in only with the "valgrind" build
// tag, the tag that also makes Go's runtime describe its allocator and
// stacks to valgrind. Built without it every function here does nothing.

// TaintBuild reports whether this executable was built with the valgrind
// tag, so that marks reach memcheck.
const TaintBuild = taintBuild

// DeclassifyTag starts the line each declassification writes to memcheck's
// log: "<tag> <file>:<line> <n> bytes". The host reads the list of what
// the plugin declared public from that log, the one it keeps as evidence.
const DeclassifyTag = "crucible-declassify"

// Memcheck's client requests (valgrind/memcheck.h): tool base
// ('M'<<24 | 'C'<<16), then NOACCESS, UNDEFINED, DEFINED.
const (
	vgMakeMemUndefined = 0x4d430001
	vgMakeMemDefined   = 0x4d430002
	// vgPrintfValist (valgrind.h VG_USERREQ__PRINTF_VALIST_BY_REF) prints
	// a message into valgrind's log.
	vgPrintfValist = 0x1403
	// vgPrintfBacktraceValist (valgrind.h VG_USERREQ__PRINTF_BACKTRACE_VALIST_BY_REF)
	// prints a message and the caller's stack into valgrind's log.
	vgPrintfBacktraceValist = 0x1404
)

// MarkSecret tells memcheck that b holds secret data: every branch, memory
// address or system call argument that depends on it is reported until it
// is marked public again. The host's contract calls it on an operation's
// secret inputs; a plugin has no need to.
func MarkSecret(b []byte) {
	if taintBuild && len(b) > 0 {
		clientRequest(vgMakeMemUndefined, uintptr(unsafe.Pointer(unsafe.SliceData(b))), uintptr(len(b)), 0, 0, 0)
	}
}

// MarkPublic tells memcheck that b may be used freely from now on. The
// contract calls it on an operation's outputs, which leave the plugin.
func MarkPublic(b []byte) {
	if taintBuild && len(b) > 0 {
		clientRequest(vgMakeMemDefined, uintptr(unsafe.Pointer(unsafe.SliceData(b))), uintptr(len(b)), 0, 0, 0)
	}
}

// Declassify declares b public by design although it is computed from
// secrets (a public matrix expanded from a seed, a rejection sampling's
// count of tries whose distribution is public). The taint report lists
// every declassification with its file and line, so a reviewer sees what
// the plugin declared public. A no-op unless built with the valgrind tag.
func Declassify(b []byte) {
	if !taintBuild {
		return
	}
	site := "unknown:0"
	if _, file, line, ok := runtime.Caller(1); ok {
		site = fmt.Sprintf("%s:%d", file, line)
	}
	declassified.record(site)
	// The message goes into memcheck's log with the caller's stack; a
	// format without conversions never reads the (zeroed) va_list. A '%'
	// in a path is spelled out so that it cannot become one.
	taintLog(vgPrintfBacktraceValist, fmt.Sprintf("%s %s %d bytes", DeclassifyTag, site, len(b)))
	MarkPublic(b)
}

// OpTag starts the lines the contract writes to memcheck's log around a
// tainted operation: "<tag> begin <instance> <op>", then "<tag> end", so
// the host tells which operation a report came from.
const OpTag = "crucible-taint-op"

// taintLog writes one line into valgrind's log through the printf client
// request req. A format without conversions never reads the (zeroed)
// va_list; a '%' is spelled out so that none can become one.
func taintLog(req uintptr, line string) {
	msg := strings.ReplaceAll(line, "%", "%25") + "\n\x00"
	var vaList [4]uintptr
	clientRequest(req, uintptr(unsafe.Pointer(unsafe.StringData(msg))), uintptr(unsafe.Pointer(&vaList)), 0, 0, 0)
	runtime.KeepAlive(&vaList)
	runtime.KeepAlive(msg)
}

// Declassification is one call site of Declassify and how often it ran.
type Declassification struct {
	Site  string // file:line
	Calls int
}

// Declassifications lists the declassifications this process has made,
// by call site in the order first seen.
func Declassifications() []Declassification { return declassified.list() }

var declassified declassifications

type declassifications struct {
	mu    sync.Mutex
	order []string
	calls map[string]int
}

func (d *declassifications) record(site string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.calls == nil {
		d.calls = map[string]int{}
	}
	if d.calls[site] == 0 {
		d.order = append(d.order, site)
	}
	d.calls[site]++
}

func (d *declassifications) list() []Declassification {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := make([]Declassification, len(d.order))
	for i, s := range d.order {
		out[i] = Declassification{s, d.calls[s]}
	}
	return out
}
