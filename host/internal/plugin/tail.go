package plugin

import (
	"bytes"
	"io"
	"strings"
	"sync"
)

// tailWriter passes a plugin's stderr through and keeps its last lines, so
// the finding for a dead plugin can quote what the runtime said as it died
// ("fatal error: runtime: out of memory", "panic: ...").
type tailWriter struct {
	mu  sync.Mutex
	w   io.Writer
	buf []byte
}

const tailKeep = 16 << 10

func (t *tailWriter) Write(p []byte) (int, error) {
	t.mu.Lock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > tailKeep {
		t.buf = append([]byte(nil), t.buf[len(t.buf)-tailKeep:]...)
	}
	t.mu.Unlock()
	return t.w.Write(p)
}

// fatal returns the first line that reads like the cause of a crash.
func (t *tailWriter) fatal() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, l := range bytes.Split(t.buf, []byte("\n")) {
		s := string(l)
		for _, mark := range []string{"fatal error:", "panic:", "runtime: out of memory", "SIGSEGV", "signal "} {
			if i := strings.Index(s, mark); i >= 0 {
				return strings.TrimSpace(s[i:])
			}
		}
	}
	return ""
}
