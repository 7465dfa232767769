package main

import (
	"net"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"crucible.dev/host/internal/evidence"
)

// TestRunDialsOnlyHostSocket runs x25519 beside plugins whose handshake
// names a TCP listener and a symlink to a Unix listener, both the test's:
// nothing connects to either, each is a start finding naming it with the
// plugin refused, and x25519 is measured.
func TestRunDialsOnlyHostSocket(t *testing.T) {
	_, plugins := build(t)
	var conns atomic.Int64
	listen := func(network, addr string) net.Listener {
		l, err := net.Listen(network, addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { l.Close() })
		go func() {
			for {
				c, err := l.Accept()
				if err != nil {
					return
				}
				conns.Add(1)
				c.Close()
			}
		}()
		return l
	}
	tl := listen("tcp", "127.0.0.1:0")
	ul := listen("unix", filepath.Join(t.TempDir(), "victim.sock"))
	t.Setenv("CRUCIBLE_ROGUE_TCP", tl.Addr().String())
	t.Setenv("CRUCIBLE_ROGUE_UNIX", ul.Addr().String())
	dir := t.TempDir()
	for src, name := range map[string]string{
		filepath.Join(plugins, "crucible-plugin-x25519"):        "crucible-plugin-x25519",
		filepath.Join(binDir, "rogue", "crucible-plugin-rogue"): "crucible-plugin-rogue-tcp",
	} {
		if err := os.Symlink(src, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(binDir, "rogue", "crucible-plugin-rogue"), filepath.Join(dir, "crucible-plugin-rogue-symlink")); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "r")
	code, log := runHost(t, quick(dir, out)...)
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s", code, log)
	}
	if n := conns.Load(); n != 0 {
		t.Errorf("the test's listeners saw %d connections", n)
	}
	s := readSummary(t, out)
	for _, name := range []string{"rogue-tcp", "rogue-symlink"} {
		if !hasFinding(s.Findings, name, "did not create") {
			t.Errorf("no finding names %s's address; findings:\n%s", name, findingsOf(s.Findings, name))
		}
		if st := s.Plugins[name]; st != evidence.PluginRefused {
			t.Errorf("%s: status %q, want %q", name, st, evidence.PluginRefused)
		}
	}
	measured := false
	for _, in := range s.Instances {
		measured = measured || in.Plugin == "x25519" && in.KAT == "pass" && len(in.Ops) > 0
	}
	if !measured {
		t.Errorf("x25519 not measured beside the rogue plugins")
	}
}
