package campaign

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// TestProgressLines: off a terminal, each stage is a plain line with the
// elapsed time and, once some work is done, an estimate of the time left
// over the plugins not reached yet too; the live line stays off.
func TestProgressLines(t *testing.T) {
	var b bytes.Buffer
	p := NewProgress(&b)
	p.Plugins(2)
	p.Plugin("x25519")
	p.AddWork(10)
	p.Stage("x25519", "X25519", "trial 1/5 of 2 operations")
	if !strings.Contains(b.String(), "plugin x25519 (1/2)\n  x25519 X25519 trial 1/5 of 2 operations [") || strings.Contains(b.String(), "left") {
		t.Fatalf("before any work is done:\n%s", b.String())
	}
	p.start = time.Now().Add(-10 * time.Second)
	for range 5 {
		p.Done()
	}
	// 5 of 10 units in 10s, and one more plugin of about 10 units: 30s.
	if l := p.left().Round(time.Second); l != 30*time.Second {
		t.Errorf("left %v, want 30s", l)
	}
	p.Step("x25519", "X25519", "exchange", "trial 3/5")
	p.Stage("x25519", "X25519", "trial 3/5 of 2 operations")
	out := b.String()
	if !strings.Contains(out, "trial 3/5 of 2 operations [10s, ~30s left]\n") {
		t.Errorf("no estimate in the line:\n%s", out)
	}
	if strings.Contains(out, "\r") || strings.Contains(out, "exchange") {
		t.Errorf("a live line off a terminal:\n%q", out)
	}
}
