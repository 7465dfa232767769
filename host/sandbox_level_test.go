package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/sandbox"
	"crucible.dev/registry/testenv"
)

// TestHostileAtEachLevel runs the escape fixture with the confinement
// forced down to each lower level the host can select, as root and as an
// ordinary user: at "landlock" no namespace hides the host's files,
// processes or network, so Landlock, the separate uid and the first step's
// subreaper alone must stop every attack.
func TestHostileAtEachLevel(t *testing.T) {
	for _, lv := range []sandbox.Level{sandbox.LevelNamespaces, sandbox.LevelLandlock} {
		for _, asUser := range []bool{false, true} {
			name := string(lv)
			if asUser {
				name += "/user"
			}
			t.Run(name, func(t *testing.T) {
				if asUser && os.Getuid() != 0 {
					testenv.Skip(t, "needs root to start the host as another user; run as an ordinary user, the test above is this case")
				}
				dir := hostileDir(t, "escape")
				base := t.TempDir()
				out := filepath.Join(base, "r")
				tg := newTargets(t, out)
				tg.env = append(tg.env, sandbox.EnvLevel+"="+string(lv))
				var cred *syscall.Credential
				if asUser {
					for _, d := range []string{binDir, filepath.Join(binDir, "plugins"), filepath.Join(binDir, "hostile"), dir, base, filepath.Dir(base)} {
						os.Chmod(d, 0o755)
					}
					// The user's own files: only the sandbox keeps them
					// from its plugins.
					for _, p := range append([]string{out, tg.home, filepath.Dir(tg.canary), tg.canary}, tg.dirs...) {
						os.Chown(p, nobody, nobody)
					}
					cred = &syscall.Credential{Uid: nobody, Gid: nobody, Groups: []uint32{}}
				}
				code, log := tg.host(t, cred, quick(dir, out, "--suite", "all")...)
				checkContained(t, tg, out, code, log)
				var c evidence.Campaign
				if err := evidence.ReadJSON(evidence.CampaignPath(out), &c); err != nil || c.Sandbox.Level != lv {
					t.Errorf("campaign.json: level %q, want %q (%v)", c.Sandbox.Level, lv, err)
				}
				if b, err := os.ReadFile(filepath.Join(out, "report", "index.html")); err != nil || !strings.Contains(string(b), "confinement level "+string(lv)) {
					t.Errorf("the report's index does not state the level %s (%v)", lv, err)
				}
			})
		}
	}
}

// TestBoundedMounts fills the box's /dev/shm and socket directory: each
// stops at its tmpfs's size (the host's /dev/shm is half the machine's
// memory, and the socket directory was on the host's disk), and the
// plugin still serves.
func TestBoundedMounts(t *testing.T) {
	dir := hostileDir(t, "fillshm", "fillsocket")
	out := filepath.Join(t.TempDir(), "r")
	code, log := runHost(t, quick(dir, out, "--suite", "all")...)
	if code != 1 {
		t.Fatalf("exit %d, want 1 (the stand-in has no known answers)\n%s", code, log)
	}
	for mode, limit := range map[string]int64{"fillshm": 16 << 20, "fillsocket": 1 << 20} {
		var filled int64
		b := breaches(t, out, mode)
		if _, err := fmt.Sscan(strings.TrimPrefix(b, "filled "), &filled); err != nil || filled > limit {
			t.Errorf("%s: %q, want at most %d bytes", mode, b, limit)
		}
	}
}
