package sandbox

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

// LimitedBy says what bounds a box's memory and processes as a whole:
// a cgroup (every process and tmpfs page of the box counted together) or,
// where the host can make none, the per-process rlimits alone.
type LimitedBy string

// The ways a box's resources can be bounded, strongest first.
const (
	LimitedByCgroupV2 LimitedBy = "cgroup v2"
	LimitedByCgroupV1 LimitedBy = "cgroup v1"
	LimitedByRlimit   LimitedBy = "rlimit"
)

// cgroupPrefix names the host's own cgroup, under the cgroup the host
// runs in (so that whatever bounds the host bounds its plugins too), in
// each hierarchy it uses: crucible-host-<pid>-<start time>, the owner
// named the way stale launcher directories are.
const cgroupPrefix = "crucible-host-"

// cgroupTree is the host's cgroup (one directory per hierarchy at v1:
// memory and pids; one at v2), under which each box gets its own.
type cgroupTree struct {
	version LimitedBy
	dirs    []string     // the host's cgroup in each hierarchy
	boxes   atomic.Int64 // boxes made so far, to name the next
}

// boxCgroup is the cgroup of one box: the same name in each hierarchy.
type boxCgroup struct {
	version LimitedBy
	dirs    []string
}

// newCgroupTree makes the host's cgroup: at v2 where the host's own
// cgroup is a writable delegated subtree offering memory and pids, else
// at v1 where the host may write the memory and pids hierarchies (as
// root); nil and the reasons when neither works. It first removes the
// cgroups of hosts that ended without removing theirs.
func newCgroupTree() (*cgroupTree, []string) {
	var why []string
	mounts, own, err := cgroupMounts()
	if err != nil {
		return nil, []string{err.Error()}
	}
	name := fmt.Sprintf("%s%d-", cgroupPrefix, os.Getpid())
	st, err := startTime(os.Getpid())
	if err != nil {
		return nil, []string{err.Error()}
	}
	name += st
	if m, ok := mounts["cgroup2"]; ok {
		parent := filepath.Join(m, own[""])
		removeStaleCgroups(parent)
		t, err := newCgroupV2(parent, name)
		if err == nil {
			return t, nil
		}
		why = append(why, "cgroup v2: "+err.Error())
	} else {
		why = append(why, "cgroup v2: not mounted")
	}
	t := &cgroupTree{version: LimitedByCgroupV1}
	for _, ctl := range []string{"memory", "pids"} {
		m, ok := mounts[ctl]
		if !ok {
			why = append(why, "cgroup v1: no "+ctl+" hierarchy mounted")
			return nil, why
		}
		parent := filepath.Join(m, own[ctl])
		removeStaleCgroups(parent)
		d := filepath.Join(parent, name)
		if err := os.Mkdir(d, 0o755); err != nil {
			t.remove()
			why = append(why, fmt.Sprintf("cgroup v1: %v", err))
			return nil, why
		}
		t.dirs = append(t.dirs, d)
	}
	return t, nil
}

// newCgroupV2 makes the host's cgroup under parent, the host's own. A
// cgroup that holds processes cannot hand controllers to its children,
// so when parent holds the host alone (as under `systemd-run --user
// --scope -p Delegate=yes`), the host moves itself into a leaf of its
// tree first; one that holds others' processes is left alone.
func newCgroupV2(parent, name string) (*cgroupTree, error) {
	ctls, err := os.ReadFile(filepath.Join(parent, "cgroup.controllers"))
	if err != nil {
		return nil, err
	}
	for _, c := range []string{"memory", "pids"} {
		if !hasField(string(ctls), c) {
			return nil, fmt.Errorf("%s does not offer the %s controller", parent, c)
		}
	}
	d := filepath.Join(parent, name)
	if err := os.Mkdir(d, 0o755); err != nil {
		return nil, err
	}
	t := &cgroupTree{version: LimitedByCgroupV2, dirs: []string{d}}
	enable := func(dir string) error {
		return os.WriteFile(filepath.Join(dir, "cgroup.subtree_control"), []byte("+memory +pids"), 0)
	}
	if err := enable(parent); err != nil {
		procs, _ := os.ReadFile(filepath.Join(parent, "cgroup.procs"))
		if strings.TrimSpace(string(procs)) != strconv.Itoa(os.Getpid()) {
			t.remove()
			return nil, fmt.Errorf("%s holds other processes: cannot enable its controllers (%w)", parent, err)
		}
		leaf := filepath.Join(d, "host")
		if err := os.Mkdir(leaf, 0o755); err != nil {
			t.remove()
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(leaf, "cgroup.procs"), []byte(strconv.Itoa(os.Getpid())), 0); err != nil {
			t.remove()
			return nil, fmt.Errorf("moving the host into %s: %w", leaf, err)
		}
		if err := enable(parent); err != nil {
			return nil, fmt.Errorf("%s: enabling memory and pids: %w", parent, err)
		}
	}
	if err := enable(d); err != nil {
		t.remove()
		return nil, fmt.Errorf("%s: enabling memory and pids: %w", d, err)
	}
	return t, nil
}

// newBox makes the cgroup of the next box and sets its limits.
func (t *cgroupTree) newBox(l Limits) (*boxCgroup, error) {
	n := t.boxes.Add(1)
	b := &boxCgroup{version: t.version}
	for _, d := range t.dirs {
		bd := filepath.Join(d, "box-"+strconv.FormatInt(n, 10))
		if err := os.Mkdir(bd, 0o755); err != nil {
			b.remove()
			return nil, fmt.Errorf("sandbox: box cgroup: %w", err)
		}
		b.dirs = append(b.dirs, bd)
	}
	if err := b.set(l); err != nil {
		b.remove()
		return nil, fmt.Errorf("sandbox: box cgroup limits: %w", err)
	}
	return b, nil
}

// set writes the box's limits: its memory (swap included, so that none
// of it goes to swap instead) and its processes and threads.
func (b *boxCgroup) set(l Limits) error {
	type file struct {
		name, value string
		optional    bool // absent where the kernel accounts no swap
	}
	var files []file
	mem := strconv.FormatInt(int64(l.MemoryMiB)<<20, 10)
	switch b.version {
	case LimitedByCgroupV2:
		if l.MemoryMiB > 0 {
			files = append(files, file{"memory.max", mem, false}, file{"memory.swap.max", "0", true})
		}
		// The whole box ends when its memory runs out, not one process
		// of it, leaving a plugin that serves on half-dead.
		files = append(files, file{"memory.oom.group", "1", true})
		if l.Procs > 0 {
			files = append(files, file{"pids.max", strconv.Itoa(l.Procs), false})
		}
	case LimitedByCgroupV1:
		if l.MemoryMiB > 0 {
			files = append(files, file{"memory.limit_in_bytes", mem, false}, file{"memory.memsw.limit_in_bytes", mem, true})
		}
		if l.Procs > 0 {
			files = append(files, file{"pids.max", strconv.Itoa(l.Procs), false})
		}
	}
	for _, f := range files {
		var err error
		for _, d := range b.dirs {
			p := filepath.Join(d, f.name)
			if _, serr := os.Stat(p); serr == nil {
				err = os.WriteFile(p, []byte(f.value), 0)
				break
			}
			err = os.ErrNotExist
		}
		if err != nil && !(f.optional && errors.Is(err, os.ErrNotExist)) {
			return fmt.Errorf("%s = %s: %w", f.name, f.value, err)
		}
	}
	return nil
}

// add puts process pid in the box's cgroup.
func (b *boxCgroup) add(pid int) error {
	for _, d := range b.dirs {
		if err := os.WriteFile(filepath.Join(d, "cgroup.procs"), []byte(strconv.Itoa(pid)), 0); err != nil {
			return fmt.Errorf("sandbox: putting the box in %s: %w", d, err)
		}
	}
	return nil
}

// events says which of the box's limits the kernel enforced: processes
// it killed for memory, forks it refused.
func (b *boxCgroup) events() string {
	var out []string
	for _, d := range b.dirs {
		if n := counter(filepath.Join(d, "memory.events"), "oom_kill") + counter(filepath.Join(d, "memory.oom_control"), "oom_kill"); n > 0 {
			out = append(out, fmt.Sprintf("memory limit reached: the kernel killed %d process(es) of the box", n))
		}
		if n := counter(filepath.Join(d, "pids.events"), "max"); n > 0 {
			out = append(out, fmt.Sprintf("process limit reached: %d fork(s) refused", n))
		}
	}
	return strings.Join(out, "; ")
}

// counter reads the value of key in a flat-keyed cgroup file; 0 when
// absent.
func counter(path, key string) int64 {
	f, err := os.Open(path)
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), " ")
		if ok && k == key {
			n, _ := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			return n
		}
	}
	return 0
}

// kill ends every process left in the box's cgroup: whatever escaped
// the PID namespace's end or the first step's tree walk cannot escape
// its cgroup.
func (b *boxCgroup) kill() {
	for _, d := range b.dirs {
		if b.version == LimitedByCgroupV2 && os.WriteFile(filepath.Join(d, "cgroup.kill"), []byte("1"), 0) == nil {
			continue
		}
		killCgroupProcs(d)
	}
}

// killCgroupProcs kills the processes in cgroup dir until none is left
// (one may fork meanwhile), for at most a second.
func killCgroupProcs(dir string) {
	for i := 0; i < 1000; i++ {
		b, err := os.ReadFile(filepath.Join(dir, "cgroup.procs"))
		if err != nil || len(strings.TrimSpace(string(b))) == 0 {
			return
		}
		for _, f := range strings.Fields(string(b)) {
			if pid, err := strconv.Atoi(f); err == nil && pid > 0 {
				syscall.Kill(pid, syscall.SIGKILL)
			}
		}
		time.Sleep(time.Millisecond)
	}
}

// remove kills what is left in the box and removes its cgroup; killed
// processes take a moment to leave it.
func (b *boxCgroup) remove() {
	if b == nil {
		return
	}
	b.kill()
	for _, d := range b.dirs {
		rmdirWait(d)
	}
}

// rmdirWait removes an empty cgroup, waiting up to a second for its
// last processes to be gone.
func rmdirWait(d string) {
	for i := 0; i < 1000; i++ {
		err := syscall.Rmdir(d)
		if err == nil || errors.Is(err, syscall.ENOENT) {
			return
		}
		time.Sleep(time.Millisecond)
	}
}

// remove removes the host's cgroup and its boxes' (the host's own leaf,
// at v2, stays until the host has ended: the next host removes it).
func (t *cgroupTree) remove() {
	if t == nil {
		return
	}
	for _, d := range t.dirs {
		removeCgroupTree(d)
	}
}

// removeCgroupTree removes cgroup d and every cgroup under it, killing
// what they still hold, the deepest first; false when the host's own leaf
// (which holds the host) kept it.
func removeCgroupTree(d string) bool {
	if filepath.Base(d) == "host" && cgroupHolds(d, os.Getpid()) {
		return false
	}
	ents, _ := os.ReadDir(d)
	all := true
	for _, e := range ents {
		if e.IsDir() {
			all = removeCgroupTree(filepath.Join(d, e.Name())) && all
		}
	}
	if !all {
		return false
	}
	killCgroupProcs(d)
	rmdirWait(d)
	return true
}

// cgroupHolds reports whether process pid is in cgroup d.
func cgroupHolds(d string, pid int) bool {
	b, _ := os.ReadFile(filepath.Join(d, "cgroup.procs"))
	return hasField(string(b), strconv.Itoa(pid))
}

// removeStaleCgroups removes the host cgroups under parent whose host
// has ended (a SIGKILL runs no deferred Close).
func removeStaleCgroups(parent string) {
	ents, _ := os.ReadDir(parent)
	for _, e := range ents {
		rest, ok := strings.CutPrefix(e.Name(), cgroupPrefix)
		if !e.IsDir() || !ok {
			continue
		}
		pid, st, ok := strings.Cut(rest, "-")
		n, err := strconv.Atoi(pid)
		if !ok || err != nil {
			continue
		}
		if now, err := startTime(n); err == nil && now == st {
			continue
		}
		removeCgroupTree(filepath.Join(parent, e.Name()))
	}
}

func hasField(s, f string) bool {
	for _, x := range strings.Fields(s) {
		if x == f {
			return true
		}
	}
	return false
}
