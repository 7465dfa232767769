package session

import (
	"fmt"
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

// SelectPlugin reports whether the suite names the plugin outright, or could
// reach into it by kind (which needs its description). A suite may list
// several names separated by commas ("amoeba,amoebac").
func SelectPlugin(suite, name string) bool {
	for _, s := range strings.Split(suite, ",") {
		if s == "all" || s == name || isKindSuite(s) {
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
		switch {
		case s == "all" || s == pluginName:
			return true
		case registry.Kind(s) == in.Kind:
			return true
		}
	}
	return false
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
