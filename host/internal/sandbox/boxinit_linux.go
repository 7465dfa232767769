package sandbox

import (
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// buildBox runs in the first step, inside the new namespaces: it builds
// the box's file system on a fresh tmpfs mounted on root, makes it the
// process's root (pivot_root, the old root detached), forbids nested user
// namespaces and drops every capability, as bubblewrap would; with
// becomeNobody, it also leaves root for Nobody.
func buildBox(root string, mounts []mountSpec, becomeNobody bool) error {
	// Nothing mounted here reaches the host's namespace, nor the reverse.
	if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("private mounts: %w", err)
	}
	if err := unix.Mount("tmpfs", root, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, "size=1m,mode=0755"); err != nil {
		return fmt.Errorf("root tmpfs on %s: %w", root, err)
	}
	for _, m := range mounts {
		if err := mountOne(root, m); err != nil {
			return fmt.Errorf("%s %s: %w", m.Kind, m.Dst, err)
		}
	}
	if err := os.Chdir(root); err != nil {
		return err
	}
	// pivot_root(".", ".") stacks the old root under the new one, where
	// a lazy unmount drops it: no directory of the host stays reachable.
	if err := unix.PivotRoot(".", "."); err != nil {
		return fmt.Errorf("pivot_root: %w", err)
	}
	if err := unix.Unmount(".", unix.MNT_DETACH); err != nil {
		return fmt.Errorf("detaching the host's root: %w", err)
	}
	if err := os.Chdir("/"); err != nil {
		return err
	}
	if err := unix.Mount("", "/", "", unix.MS_REMOUNT|unix.MS_BIND|unix.MS_RDONLY|unix.MS_NOSUID|unix.MS_NODEV, ""); err != nil {
		return fmt.Errorf("read-only root: %w", err)
	}
	if err := unix.Sethostname([]byte("crucible-plugin")); err != nil {
		return fmt.Errorf("hostname: %w", err)
	}
	// The limit is per user namespace and checked up the chain: with 0
	// here, nothing in the box creates one (it could regain capabilities
	// inside).
	if err := os.WriteFile("/proc/sys/user/max_user_namespaces", []byte("0"), 0); err != nil {
		return fmt.Errorf("forbidding nested user namespaces: %w", err)
	}
	return dropCapabilities(becomeNobody)
}

// mountOne makes one entry of the box under root.
func mountOne(root string, m mountSpec) error {
	dst := filepath.Join(root, m.Dst)
	switch m.Kind {
	case mountSymlink:
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.Symlink(m.Src, dst)
	case mountProc:
		if err := os.MkdirAll(dst, 0o755); err != nil {
			return err
		}
		return unix.Mount("proc", dst, "proc", unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, "")
	case mountTmpfs:
		if err := os.MkdirAll(dst, 0o755); err != nil {
			return err
		}
		return unix.Mount("tmpfs", dst, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, fmt.Sprintf("size=%dm,mode=1777", m.MiB))
	case mountDev:
		return makeDev(dst)
	case mountRO, mountRW:
		return bind(m.Src, dst, m.Kind == mountRO)
	case mountOverlay:
		if err := os.MkdirAll(dst, 0o755); err != nil {
			return err
		}
		// userxattr: overlay's own marks go in user.* attributes, the
		// only ones a user namespace may write.
		opts := fmt.Sprintf("lowerdir=%s,upperdir=%s,workdir=%s,userxattr",
			filepath.Join(root, m.Src), filepath.Join(root, m.Upper), filepath.Join(root, m.Work))
		return unix.Mount("overlay", dst, "overlay", unix.MS_NOSUID|unix.MS_NODEV, opts)
	}
	return fmt.Errorf("unknown kind")
}

// bind mounts src on dst (created as a file or directory like src),
// read-only unless rw. A read-only remount must keep the flags the host's
// mount locks (nosuid, nodev, noexec...), or the kernel refuses it.
func bind(src, dst string, ro bool) error {
	fi, err := os.Stat(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	if fi.IsDir() {
		err = os.MkdirAll(dst, 0o755)
	} else {
		var f *os.File
		if f, err = os.OpenFile(dst, os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
			f.Close()
		}
	}
	if err != nil {
		return err
	}
	if err := unix.Mount(src, dst, "", unix.MS_BIND|unix.MS_REC, ""); err != nil {
		return err
	}
	var st unix.Statfs_t
	if err := unix.Statfs(dst, &st); err != nil {
		return err
	}
	flags := uintptr(unix.MS_BIND | unix.MS_REMOUNT | unix.MS_NOSUID)
	for _, f := range []struct{ st, ms uintptr }{
		{unix.ST_NODEV, unix.MS_NODEV}, {unix.ST_NOEXEC, unix.MS_NOEXEC},
		{unix.ST_NOATIME, unix.MS_NOATIME}, {unix.ST_NODIRATIME, unix.MS_NODIRATIME},
		{unix.ST_RELATIME, unix.MS_RELATIME},
	} {
		if uintptr(st.Flags)&f.st != 0 {
			flags |= f.ms
		}
	}
	if ro {
		flags |= unix.MS_RDONLY
	}
	return unix.Mount("", dst, "", flags, "")
}

// makeDev makes a minimal /dev: a tmpfs holding the host's harmless
// devices bound in, and the usual links.
func makeDev(dst string) error {
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	if err := unix.Mount("tmpfs", dst, "tmpfs", unix.MS_NOSUID, "size=64k,mode=0755"); err != nil {
		return err
	}
	for _, d := range []string{"null", "zero", "full", "random", "urandom", "tty"} {
		if err := bind("/dev/"+d, filepath.Join(dst, d), false); err != nil {
			return fmt.Errorf("/dev/%s: %w", d, err)
		}
	}
	for name, target := range map[string]string{
		"stdin": "/proc/self/fd/0", "stdout": "/proc/self/fd/1", "stderr": "/proc/self/fd/2",
		"fd": "/proc/self/fd", "core": "/proc/kcore",
	} {
		if err := os.Symlink(target, filepath.Join(dst, name)); err != nil {
			return err
		}
	}
	return nil
}

// dropCapabilities empties the bounding, ambient, effective, permitted
// and inheritable sets: the plugin (whose uid is not 0 in the box) starts
// with none and can gain none.
func dropCapabilities(becomeNobody bool) error {
	for c := 0; c <= unix.CAP_LAST_CAP; c++ {
		if err := unix.Prctl(unix.PR_CAPBSET_DROP, uintptr(c), 0, 0, 0); err != nil && err != unix.EINVAL {
			return fmt.Errorf("bounding set: capability %d: %w", c, err)
		}
	}
	if becomeNobody {
		// This thread's credentials alone, by raw system calls (Go's
		// wrappers change every thread's, which fails in a cgo binary):
		// the thread that executes is the one whose credentials count.
		for _, c := range []struct {
			name string
			nr   uintptr
			args [3]uintptr
		}{
			{"setgroups", unix.SYS_SETGROUPS, [3]uintptr{0, 0, 0}},
			{"setresgid", unix.SYS_SETRESGID, [3]uintptr{Nobody, Nobody, Nobody}},
			{"setresuid", unix.SYS_SETRESUID, [3]uintptr{Nobody, Nobody, Nobody}},
		} {
			if _, _, errno := unix.RawSyscall(c.nr, c.args[0], c.args[1], c.args[2]); errno != 0 {
				return fmt.Errorf("%s: %w", c.name, errno)
			}
		}
	}
	if err := unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0); err != nil {
		return fmt.Errorf("ambient capabilities: %w", err)
	}
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var data [2]unix.CapUserData
	if err := unix.Capset(&hdr, &data[0]); err != nil {
		return fmt.Errorf("capabilities: %w", err)
	}
	return nil
}
