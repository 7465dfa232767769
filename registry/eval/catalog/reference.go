package catalog

import (
	"fmt"
	"regexp"
)

// Reference designates the implementation of an instance that the
// evaluator trusts as its reference: files and operations grown from a
// run's fresh seed are compared with the reference's, so a disagreement is
// blamed on the other implementation, not decided by which ran first.
type Reference struct {
	Impl string `json:"impl"` // the implementation's name, as its plugin describes it
	// Plugin names the plugin that serves the reference, when it is fixed:
	// the host then runs that plugin before the others. Empty for a
	// reference whose plugin a user names (the NGCC adapter's builds).
	Plugin string `json:"plugin,omitempty"`
	Why    string `json:"why"` // why the evaluator trusts it
}

var implName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$`)

// validate checks a reference's fields; errors start with the field name.
func (r *Reference) validate() error {
	switch {
	case !implName.MatchString(r.Impl):
		return fmt.Errorf("impl: %q is not an implementation name", r.Impl)
	case r.Plugin != "" && !implName.MatchString(r.Plugin):
		return fmt.Errorf("plugin: %q is not a plugin name", r.Plugin)
	case r.Why == "":
		return fmt.Errorf("why: empty (say why the evaluator trusts it)")
	}
	return nil
}

// IsReference reports whether the entry designates impl of plugin as its
// reference.
func (e *Entry) IsReference(pluginName, impl string) bool {
	r := e.Reference
	return r != nil && r.Impl == impl && (r.Plugin == "" || r.Plugin == pluginName)
}

// ReferencePlugins lists the plugins that serve a designated reference, so
// a campaign can run them first.
func ReferencePlugins() map[string]bool {
	m := map[string]bool{}
	for _, e := range entries {
		if e.Reference != nil && e.Reference.Plugin != "" {
			m[e.Reference.Plugin] = true
		}
	}
	return m
}
