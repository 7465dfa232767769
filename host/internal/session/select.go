package session

import (
	"fmt"
	"slices"
	"strings"

	"crucible.dev/host/internal/plugin"
	"crucible.dev/registry"
)

// Shard selects every N-th unit of work, starting at K (1-based).
type Shard struct{ K, N int }

func (s Shard) String() string {
	if s.N <= 1 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.K, s.N)
}

// Takes reports whether the shard covers the i-th instance of a plugin.
func (s Shard) Takes(pluginName string, i int) bool {
	return s.N <= 1 || unitIndex(pluginName, i)%s.N == s.K-1
}

// SelectPlugin reports whether the suite names the plugin outright (or
// one of its instances), or could reach into it by kind (which needs its
// description). A suite may list several names separated by commas
// ("amoeba,amoebac"); a name PLUGIN/INSTANCE picks one plugin's instances
// of that name ("mlkem/ML-KEM-768") or that ID ("mlkem/ML-KEM-768/go-std").
func SelectPlugin(suite, name string) bool {
	for _, s := range strings.Split(suite, ",") {
		p, _, _ := strings.Cut(s, "/")
		if s == "all" || p == name || isKindSuite(s) {
			return true
		}
	}
	return false
}

func isKindSuite(suite string) bool {
	return registry.Kind(suite).Valid()
}

// SelectInstance reports whether the suite covers an instance.
func SelectInstance(suite, pluginName string, in *plugin.Instance) bool {
	for _, s := range strings.Split(suite, ",") {
		p, inst, one := strings.Cut(s, "/")
		switch {
		case s == "all" || s == pluginName:
			return true
		case one && p == pluginName && (inst == in.Name || inst == in.ID()):
			return true
		case registry.Kind(s) == in.Kind:
			return true
		}
	}
	return false
}

// Unmatched lists the suite's PLUGIN/INSTANCE names that name the plugin
// but none of its instances: a typo that would otherwise measure nothing.
func Unmatched(suite, pluginName string, ins []*plugin.Instance) []string {
	var out []string
	for _, s := range strings.Split(suite, ",") {
		p, inst, one := strings.Cut(s, "/")
		if !one || p != pluginName {
			continue
		}
		if !slices.ContainsFunc(ins, func(in *plugin.Instance) bool { return inst == in.Name || inst == in.ID() }) {
			out = append(out, s)
		}
	}
	return out
}

// Suites lists the suite names a user can give.
func Suites(srcs []plugin.Source) []string {
	s := []string{"all"}
	for _, p := range srcs {
		s = append(s, p.Name)
	}
	for _, k := range registry.Kinds {
		s = append(s, string(k))
	}
	return s
}

// unitIndex numbers (plugin, instance) units stably for sharding.
func unitIndex(pluginName string, i int) int {
	h := 0
	for _, b := range []byte(pluginName) {
		h = h*31 + int(b)
	}
	if h < 0 {
		h = -h
	}
	return h + i
}
