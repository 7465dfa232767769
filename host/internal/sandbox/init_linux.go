package sandbox

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"syscall"

	"github.com/landlock-lsm/go-landlock/landlock"
	ll "github.com/landlock-lsm/go-landlock/landlock/syscall"
	"golang.org/x/sys/unix"
)

// confineAndExec builds the box (at the namespaced levels), applies the
// resource limits, no_new_privs and Landlock, then executes the plugin.
// At LevelLandlock the first step stays as the plugin's parent instead
// (runParent), so that nothing the plugin starts outlives it.
func confineAndExec(c initConfig) error {
	// Capabilities, no_new_privs and Landlock belong to a thread: the
	// one that does all of it is the one that executes.
	runtime.LockOSThread()
	if c.CgroupWait {
		if err := waitForCgroup(); err != nil {
			return err
		}
		c.CgroupWait = false // the second step, at LevelLandlock, is in it already
	}
	switch {
	case c.Level.namespaced():
		if err := buildBox(c.Root, c.Mounts, c.BecomeNobody); err != nil {
			return fmt.Errorf("building the box: %w", err)
		}
	case c.Level == LevelLandlock && !c.Plugin:
		return runParent(c)
	}
	l := c.Limits
	for _, r := range []struct {
		res int
		v   uint64
		on  bool
	}{
		{unix.RLIMIT_DATA, uint64(l.MemoryMiB) << 20, l.MemoryMiB > 0},
		// The host leaves it 0 where it would count more than the
		// plugin's own processes (outside a user namespace, as the user).
		{unix.RLIMIT_NPROC, uint64(l.Procs), l.Procs > 0},
		{unix.RLIMIT_FSIZE, uint64(l.FileMiB) << 20, l.FileMiB > 0},
		{unix.RLIMIT_NOFILE, uint64(l.OpenFiles), l.OpenFiles > 0},
		{unix.RLIMIT_CORE, 0, true},
	} {
		if !r.on {
			continue
		}
		if err := unix.Setrlimit(r.res, &unix.Rlimit{Cur: r.v, Max: r.v}); err != nil {
			return fmt.Errorf("rlimit %d: %w", r.res, err)
		}
	}
	if c.Level != LevelNone && c.Level != "" {
		if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
			return fmt.Errorf("no_new_privs: %w", err)
		}
	}
	if c.KeepRootUID {
		if err := unix.Prctl(unix.PR_SET_SECUREBITS, secureNoRoot, 0, 0, 0); err != nil {
			return fmt.Errorf("securebits: %w", err)
		}
		if err := dropCapabilities(false); err != nil {
			return err
		}
	}
	if c.Landlock > 0 {
		if err := restrictSelf(c); err != nil {
			return err
		}
	}
	if c.Dir != "" {
		if err := os.Chdir(c.Dir); err != nil {
			return fmt.Errorf("working directory: %w", err)
		}
	}
	return syscall.Exec(c.Exe, append([]string{c.Exe}, c.Args...), os.Environ())
}

// restrictSelf enforces Landlock on the calling thread: inside the box,
// read-only everywhere but the writable trees; at LevelLandlock, where the
// plugin sees the host's file system, only the system's libraries, its
// executable and /proc may be read. Both forbid TCP and (ABI 6) signals
// and abstract sockets beyond the plugin's own domain.
func restrictSelf(c initConfig) error {
	rules := []landlock.Rule{landlock.RWDirs(c.Writable...)}
	if c.Level == LevelLandlock {
		for _, r := range c.Readable {
			switch fi, err := os.Stat(r); {
			case err != nil:
			case fi.IsDir():
				rules = append(rules, landlock.RODirs(r))
			default:
				rules = append(rules, landlock.ROFiles(r))
			}
		}
		rules = append(rules,
			landlock.RWFiles("/dev/null", "/dev/zero", "/dev/full"),
			landlock.ROFiles("/dev/random", "/dev/urandom"))
	} else {
		rules = append(rules, landlock.RODirs("/"))
	}
	fd, flags, err := landlock.V7.BestEffort().NewRulesetFD(rules...)
	if err != nil {
		return fmt.Errorf("landlock ruleset: %w", err)
	}
	if fd < 0 {
		return fmt.Errorf("landlock: nothing to enforce")
	}
	if err := ll.LandlockRestrictSelf(fd, flags); err != nil {
		return fmt.Errorf("landlock: %w", err)
	}
	unix.Close(fd)
	return nil
}

// runParent is the first step at LevelLandlock, where no PID namespace
// ends a plugin's processes with it: it becomes their subreaper (orphans
// of the plugin's tree come back to it, not to the host's init), starts
// the plugin's own process as a second step, and once that ends, kills
// whatever of the tree is left. The host kills the whole tree the same
// way (killTree) when it ends the plugin.
func runParent(c initConfig) error {
	if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("subreaper: %w", err)
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	c.Plugin = true
	cmd := exec.Command(self, initArg, c.encode())
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	err = cmd.Run()
	killTree(os.Getpid(), false)
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			os.Exit(128 + int(ws.Signal()))
		}
		os.Exit(ee.ExitCode())
	}
	if err != nil {
		return err
	}
	os.Exit(0)
	return nil
}

// secureNoRoot are the securebits of a root without capabilities: uid 0
// gains none at exec or setuid, locked so.
const secureNoRoot = 1<<0 | 1<<1 | 1<<2 | 1<<3 | 1<<5 // SECBIT_NOROOT, NO_SETUID_FIXUP, each locked; KEEP_CAPS locked off

// landlockABI is the Landlock ABI the kernel offers; 0 when it offers none.
func landlockABI() int {
	v, err := ll.LandlockGetABIVersion()
	if err != nil {
		return 0
	}
	return v
}
