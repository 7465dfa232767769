package sandbox

import (
	"fmt"
	"os"
	"runtime"
	"strings"
)

// Level is how far the host confines plugins here: the strongest the
// kernel allows, or a lower one forced by EnvLevel.
type Level string

// The confinement levels, strongest first.
const (
	// LevelFull: namespaces and, inside them, Landlock.
	LevelFull Level = "full"
	// LevelNamespaces: user, mount, PID, network, IPC, UTS and cgroup
	// namespaces without Landlock (the kernel offers none).
	LevelNamespaces Level = "namespaces"
	// LevelLandlock: user namespaces unavailable; Landlock (files, TCP,
	// signals), rlimits, a first step that ends the whole process tree,
	// and a separate uid when the host is root.
	LevelLandlock Level = "landlock"
	// LevelNone: unsandboxed, with the evaluator's full rights.
	LevelNone Level = "none"
)

// EnvLevel forces a lower confinement level than the host would pick
// (full, namespaces or landlock): tests run the hostile fixture at each.
const EnvLevel = "CRUCIBLE_SANDBOX_LEVEL"

// namespaced reports whether the level puts plugins in namespaces.
func (l Level) namespaced() bool { return l == LevelFull || l == LevelNamespaces }

// landlocked reports whether the level applies Landlock.
func (l Level) landlocked() bool { return l == LevelFull || l == LevelLandlock }

// forcedLevel is the level EnvLevel asks for; "" when unset.
func forcedLevel() (Level, error) {
	v := os.Getenv(EnvLevel)
	switch Level(v) {
	case "":
		return "", nil
	case LevelFull, LevelNamespaces, LevelLandlock:
		return Level(v), nil
	}
	return "", fmt.Errorf("%w: %s=%q: want full, namespaces or landlock (pass --unsandboxed for none)", ErrNoSandbox, EnvLevel, v)
}

// probe finds the strongest level this host allows (or the forced one),
// by starting a probe process confined at that level, and fills in the
// report. It fails with ErrNoSandbox only when no level works.
func (lc *Launcher) probe() error {
	if runtime.GOOS != "linux" {
		return fmt.Errorf("%w: plugins can be sandboxed on Linux only (this is %s); pass --unsandboxed to run them with your full rights", ErrNoSandbox, runtime.GOOS)
	}
	forced, err := forcedLevel()
	if err != nil {
		return err
	}
	if os.Getuid() == 0 {
		lc.uid = Nobody
	}
	var missing []string
	abi := landlockABI()
	if abi < 1 {
		missing = append(missing, "Landlock: the kernel does not offer it (enable CONFIG_SECURITY_LANDLOCK and lsm=landlock)")
	}
	// Namespaces are tried first, with Landlock inside when the kernel
	// has it; without user namespaces, Landlock alone.
	var tries []Level
	if abi >= 1 {
		tries = []Level{LevelFull, LevelLandlock}
	} else {
		tries = []Level{LevelNamespaces}
	}
	if forced != "" {
		if forced.landlocked() && abi < 1 {
			return fmt.Errorf("%w: %s=%s: %s", ErrNoSandbox, EnvLevel, forced, strings.Join(missing, "; "))
		}
		tries = []Level{forced}
	}
	for _, lv := range tries {
		lc.level, lc.landlock = lv, 0
		if lv.landlocked() {
			lc.landlock = abi
		}
		out, err := lc.runProbe()
		if err == nil && strings.Contains(out, "landlock-abi ") {
			break
		}
		why := "did not report its confinement"
		if err != nil {
			why = err.Error()
		}
		if lv.namespaced() {
			missing = append(missing, fmt.Sprintf("namespaces: a probe in new user namespaces did not run (unprivileged user namespaces restricted?): %s: %s", why, strings.TrimSpace(out)))
		} else {
			missing = append(missing, fmt.Sprintf("%s: a probe at this level did not run: %s: %s", lv, why, strings.TrimSpace(out)))
		}
		lc.level, lc.landlock = LevelNone, 0
	}
	if lc.level == LevelNone {
		return fmt.Errorf("%w: %s; pass --unsandboxed to run plugins with your full rights", ErrNoSandbox, strings.Join(missing, "; "))
	}
	lc.describe(missing)
	return nil
}

// describe fills the report in for the level reached.
func (lc *Launcher) describe(missing []string) {
	r := &lc.report
	r.Sandboxed, r.Level = true, lc.level
	if lc.level.namespaced() {
		r.Mechanisms = append(r.Mechanisms,
			"user, mount, pid, network, ipc, uts and cgroup namespaces (set up by the host)",
			"no capabilities", "no_new_privs", "no nested user namespaces",
			"private /tmp, /dev/shm and socket directory (bounded tmpfs each)", "dies with the host")
	} else {
		r.Mechanisms = append(r.Mechanisms, "no_new_privs", "first step ends the plugin's whole process tree", "private /tmp directory")
		missing = append(missing, "namespaces: not used at this level; the plugin shares the host's network stack, PIDs and file system view, bounded by Landlock")
		missing = append(missing, "bounded mounts: its temporary and socket directories are on the host's disk, each file bounded by RLIMIT_FSIZE but not their total")
	}
	if lc.landlock > 0 {
		what := "read-only file system, writable private directories"
		if !lc.level.namespaced() {
			what = "file system allow-list"
		}
		r.Mechanisms = append(r.Mechanisms, fmt.Sprintf("Landlock ABI %d: %s%s", lc.landlock, what, landlockExtras(lc.landlock)))
	} else if !strings.Contains(strings.Join(missing, ";"), "Landlock") {
		missing = append(missing, "Landlock: not used at this level")
	}
	if lc.uid >= 0 {
		r.User = fmt.Sprintf("%d (the host runs as root)", lc.uid)
	}
	if lc.level == LevelLandlock && lc.uid < 0 {
		missing = append(missing, "process count: RLIMIT_NPROC counts every process of the evaluator's uid outside a user namespace, so it is not set")
	}
	r.Missing = missing
}

func landlockExtras(abi int) string {
	s := ""
	if abi >= 4 {
		s += ", TCP bind and connect"
	}
	if abi >= 6 {
		s += ", signal and abstract-socket scoping"
	}
	return s
}

// runProbe starts the launcher itself, confined, in probe mode.
func (lc *Launcher) runProbe() (string, error) {
	sock, err := os.MkdirTemp(lc.dir, "probe-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(sock)
	if err := lc.shareDir(sock); err != nil {
		return "", err
	}
	cmd, cleanup, err := lc.command(lc.initPath, sock, nil, nil, probeArg)
	if err != nil {
		return "", err
	}
	defer cleanup()
	out, err := cmd.CombinedOutput()
	return string(out), err
}
