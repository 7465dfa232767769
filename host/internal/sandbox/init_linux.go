package sandbox

import (
	"fmt"
	"os"
	"runtime"
	"syscall"

	"github.com/landlock-lsm/go-landlock/landlock"
	ll "github.com/landlock-lsm/go-landlock/landlock/syscall"
	"golang.org/x/sys/unix"
)

// confineAndExec applies the resource limits and, inside the sandbox,
// Landlock (read-only everywhere but the writable trees, no TCP, no signals
// or abstract sockets beyond its own domain), then executes the plugin.
func confineAndExec(c initConfig) error {
	l := c.Limits
	for _, r := range []struct {
		res int
		v   uint64
		on  bool
	}{
		{unix.RLIMIT_DATA, uint64(l.MemoryMiB) << 20, l.MemoryMiB > 0},
		// Counted per user namespace: only inside the sandbox does a
		// process count mean the plugin's own.
		{unix.RLIMIT_NPROC, uint64(l.Procs), l.Procs > 0 && c.Landlock > 0},
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
	if c.Landlock > 0 {
		runtime.LockOSThread() // never unlocked: the restricted thread is the one that executes
		cfg := landlock.V7.BestEffort()
		fd, flags, err := cfg.NewRulesetFD(landlock.RODirs("/"), landlock.RWDirs(c.Writable...))
		if err != nil {
			return fmt.Errorf("landlock ruleset: %w", err)
		}
		if fd < 0 {
			return fmt.Errorf("landlock: nothing to enforce")
		}
		if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
			return fmt.Errorf("no_new_privs: %w", err)
		}
		if err := ll.LandlockRestrictSelf(fd, flags); err != nil {
			return fmt.Errorf("landlock: %w", err)
		}
		unix.Close(fd)
	}
	return syscall.Exec(c.Exe, append([]string{c.Exe}, c.Args...), os.Environ())
}

// landlockABI is the Landlock ABI the kernel offers; 0 when it offers none.
func landlockABI() int {
	v, err := ll.LandlockGetABIVersion()
	if err != nil {
		return 0
	}
	return v
}

// procAttr makes the started process die with the host and, when uid >= 0,
// run as that unprivileged user and group with no supplementary groups.
func procAttr(uid int) *syscall.SysProcAttr {
	a := &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Setpgid: true}
	if uid >= 0 {
		a.Credential = &syscall.Credential{Uid: uint32(uid), Gid: uint32(uid), Groups: []uint32{}}
	}
	return a
}
