package session

import (
	"reflect"
	"testing"

	"crucible.dev/host/internal/plugin"
)

// TestSelect: a suite picks plugins by name, instances by kind, and one
// plugin's instances by name or ID after a slash; a slash name that
// matches no instance of its plugin is reported.
func TestSelect(t *testing.T) {
	std := &plugin.Instance{Name: "ML-KEM-768", Impl: "go-std", Kind: "kem"}
	circl := &plugin.Instance{Name: "ML-KEM-768", Impl: "circl", Kind: "kem"}
	big := &plugin.Instance{Name: "ML-KEM-1024", Impl: "go-std", Kind: "kem"}
	ins := []*plugin.Instance{std, circl, big}
	for _, c := range []struct {
		suite   string
		plugin  bool
		want    []*plugin.Instance
		unmatch []string
	}{
		{"all", true, ins, nil},
		{"mlkem", true, ins, nil},
		{"kem", true, ins, nil},
		{"sig", true, nil, nil},
		{"x25519", false, nil, nil},
		{"mlkem/ML-KEM-768", true, []*plugin.Instance{std, circl}, nil},
		{"mlkem/ML-KEM-768/circl", true, []*plugin.Instance{circl}, nil},
		{"x25519,mlkem/ML-KEM-1024/go-std", true, []*plugin.Instance{big}, nil},
		{"mlkem/ML-KEM-76,mlkem/ML-KEM-1024", true, []*plugin.Instance{big}, []string{"mlkem/ML-KEM-76"}},
		{"amoeba/Amoeba128", false, nil, nil},
	} {
		if got := SelectPlugin(c.suite, "mlkem"); got != c.plugin {
			t.Errorf("suite %q: plugin selected %v, want %v", c.suite, got, c.plugin)
		}
		var got []*plugin.Instance
		for _, in := range ins {
			if SelectInstance(c.suite, "mlkem", in) {
				got = append(got, in)
			}
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("suite %q: %d instances selected, want %d", c.suite, len(got), len(c.want))
		}
		if u := Unmatched(c.suite, "mlkem", ins); !reflect.DeepEqual(u, c.unmatch) {
			t.Errorf("suite %q: unmatched %q, want %q", c.suite, u, c.unmatch)
		}
	}
}
