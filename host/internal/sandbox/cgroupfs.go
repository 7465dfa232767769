package sandbox

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

// cgroupMounts finds where this process's cgroup hierarchies are mounted
// ("cgroup2" for the unified one, the controller's name for each v1 one)
// and the host's own cgroup in each ("" for the unified one), as paths
// under those mounts.
func cgroupMounts() (mounts, own map[string]string, err error) {
	cg, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return nil, nil, fmt.Errorf("cgroups: %w", err)
	}
	own = map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(cg)), "\n") {
		// hierarchy-ID:controller-list:path
		f := strings.SplitN(line, ":", 3)
		if len(f) != 3 {
			continue
		}
		for _, c := range strings.Split(f[1], ",") {
			own[c] = f[2]
		}
	}
	mi, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return nil, nil, fmt.Errorf("cgroups: %w", err)
	}
	defer mi.Close()
	mounts = map[string]string{}
	sc := bufio.NewScanner(mi)
	for sc.Scan() {
		// id parent major:minor root mount-point options [optional...] - type source super-options
		pre, post, ok := strings.Cut(sc.Text(), " - ")
		f, g := strings.Fields(pre), strings.Fields(post)
		if !ok || len(f) < 5 || len(g) < 3 {
			continue
		}
		root, point := unescapeMount(f[3]), unescapeMount(f[4])
		switch g[0] {
		case "cgroup2":
			if p, ok := under(own[""], root); ok {
				mounts["cgroup2"], own[""] = point, p
			}
		case "cgroup":
			for _, o := range strings.Split(g[2], ",") {
				if p, ok := under(own[o], root); ok && (o == "memory" || o == "pids") {
					mounts[o], own[o] = point, p
				}
			}
		}
	}
	return mounts, own, sc.Err()
}

// under is path relative to a mount of the hierarchy's root: a mount of
// a subtree shows only the cgroups under it.
func under(path, root string) (string, bool) {
	if path == "" {
		return "", false
	}
	if root == "/" {
		return path, true
	}
	if path == root || strings.HasPrefix(path, root+"/") {
		return "/" + strings.TrimPrefix(strings.TrimPrefix(path, root), "/"), true
	}
	return "", false
}

// unescapeMount undoes mountinfo's octal escapes of spaces, tabs,
// newlines and backslashes.
func unescapeMount(s string) string {
	r := strings.NewReplacer(`\040`, " ", `\011`, "\t", `\012`, "\n", `\134`, `\`)
	return r.Replace(s)
}
