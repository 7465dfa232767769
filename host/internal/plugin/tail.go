package plugin

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"
)

// tailWriter bounds what a plugin's stderr costs the host: the first
// keepBytes pass through to the log at once, the last keepBytes are held
// and written when the process ends, and everything between is only
// counted. The kept lines also give the finding for a dead plugin what the
// runtime said as it died ("fatal error: runtime: out of memory",
// "panic: ...").
type tailWriter struct {
	mu      sync.Mutex
	w       io.Writer
	head    []byte // written through
	tail    []byte // the latest bytes past the head, not yet written
	dropped int64
	closed  bool
}

const keepBytes = 64 << 10

func newTailWriter(w io.Writer) *tailWriter { return &tailWriter{w: w} }

func (t *tailWriter) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := len(p)
	if t.closed {
		t.dropped += int64(n)
		return n, nil
	}
	if room := keepBytes - len(t.head); room > 0 {
		k := min(room, len(p))
		t.head = append(t.head, p[:k]...)
		if _, err := t.w.Write(p[:k]); err != nil {
			return 0, err
		}
		p = p[k:]
	}
	if len(p) > 0 {
		t.tail = append(t.tail, p...)
		if over := len(t.tail) - keepBytes; over > 0 {
			t.dropped += int64(over)
			t.tail = append(t.tail[:0], t.tail[over:]...)
		}
	}
	return n, nil
}

// Close writes the held tail, saying how much was left out before it.
func (t *tailWriter) Close() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return nil
	}
	t.closed = true
	if t.dropped > 0 {
		fmt.Fprintf(t.w, "\n[host: %d bytes of plugin output left out]\n", t.dropped)
	}
	_, err := t.w.Write(t.tail)
	return err
}

// Dropped is how many bytes of output were left out of the log.
func (t *tailWriter) Dropped() int64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.dropped
}

// fatal returns the first line that reads like the cause of a crash.
func (t *tailWriter) fatal() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, buf := range [][]byte{t.head, t.tail} {
		for _, l := range bytes.Split(buf, []byte("\n")) {
			s := string(l)
			for _, mark := range []string{"crucible-sandbox:", "fatal error:", "runtime/cgo:", "panic:", "runtime: out of memory", "SIGSEGV", "signal "} {
				if i := strings.Index(s, mark); i >= 0 {
					return strings.TrimSpace(s[i:])
				}
			}
		}
	}
	return ""
}
