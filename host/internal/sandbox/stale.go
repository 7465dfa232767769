package sandbox

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// ownerFile, in a launcher's directory, names the host process that made
// it: its PID and start time (PIDs are reused).
const ownerFile = "owner"

// dirPattern names launcher directories in the temporary directory.
const dirPattern = "crucible-host-"

// writeOwner records this process as the owner of dir.
func writeOwner(dir string) error {
	st, err := startTime(os.Getpid())
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, ownerFile), []byte(fmt.Sprintf("%d %s\n", os.Getpid(), st)), 0o600)
}

// removeStale removes the launcher directories of hosts that ended
// without removing theirs (a SIGKILL runs no deferred Close): the sealed
// executables, and at LevelLandlock what plugins wrote in their private
// temporary and socket directories. Only this user's directories with an
// owner file are considered: one without (a host that has not written it
// yet, or an older host that never does) may still be in use.
func removeStale() {
	ents, _ := filepath.Glob(filepath.Join(os.TempDir(), dirPattern+"*"))
	for _, d := range ents {
		fi, err := os.Lstat(d)
		if err != nil || !fi.IsDir() {
			continue
		}
		if st, ok := fi.Sys().(*syscall.Stat_t); !ok || int(st.Uid) != os.Getuid() {
			continue
		}
		if ownerAlive(d) {
			continue
		}
		os.RemoveAll(d)
	}
}

// ownerAlive reports whether the host that made dir may still run.
func ownerAlive(dir string) bool {
	b, err := os.ReadFile(filepath.Join(dir, ownerFile))
	if err != nil {
		return true
	}
	var pid int
	var st string
	if _, err := fmt.Sscan(string(b), &pid, &st); err != nil {
		return false
	}
	now, err := startTime(pid)
	return err == nil && now == st
}

// startTime is the start time of process pid, in clock ticks since boot
// (field 22 of /proc/<pid>/stat).
func startTime(pid int) (string, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return "", err
	}
	// The command name, field 2, is in parentheses and may hold spaces.
	i := strings.LastIndexByte(string(b), ')')
	f := strings.Fields(string(b[i+1:]))
	if i < 0 || len(f) < 20 {
		return "", fmt.Errorf("/proc/%d/stat: unexpected format", pid)
	}
	return f[19], nil
}
