package plugin

import (
	"errors"
	"strings"
	"testing"

	"crucible.dev/host/internal/sandbox"
	"crucible.dev/registry/pluginv1"
)

// TestDescribeSizeBound starts a plugin whose description is 48 MiB with
// every field within its own bound: the description is refused as a
// protocol violation and the plugin stopped.
func TestDescribeSizeBound(t *testing.T) {
	lc, err := sandbox.New(sandbox.DefaultLimits, true)
	if err != nil {
		t.Fatal(err)
	}
	defer lc.Close()
	p, err := Start(Source{Name: "rogue-bigdescribe", Binary: rogue(t, "bigdescribe")}, Options{Limits: DefaultLimits, Launcher: lc, CPU: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Kill()
	d, err := p.Describe()
	if err == nil {
		t.Fatalf("a 48 MiB description was accepted (%d instances)", len(d.Instances))
	}
	if !errors.Is(err, ErrProtocol) || p.Stopped() == nil {
		t.Errorf("not a protocol violation that stops the plugin: %v", err)
	}
}

// TestCheckDescribeSize bounds a description besides its inline vector
// files, and the vector files apart.
func TestCheckDescribeSize(t *testing.T) {
	notes := func(n int) map[string]string {
		m := map[string]string{}
		for i := range n {
			m[strings.Repeat("k", 8)+string(rune('a'+i%26))+strings.Repeat("0", i/26)] = strings.Repeat("x", 4000)
		}
		return m
	}
	for _, c := range []struct {
		name string
		in   []*pluginv1.Instance
		ok   bool
	}{
		{"small", []*pluginv1.Instance{{Name: "A", Notes: notes(4)}}, true},
		{"inline vectors of 20 MiB", []*pluginv1.Instance{{Name: "A", VectorFiles: []*pluginv1.VectorFile{{Name: "v", Data: make([]byte, 20<<20)}}}}, true},
		{"notes of 1.5 MiB", []*pluginv1.Instance{{Name: "A", Notes: notes(200)}, {Name: "B", Notes: notes(200)}}, false},
		{"inline vectors of 2 × 20 MiB", []*pluginv1.Instance{
			{Name: "A", VectorFiles: []*pluginv1.VectorFile{{Name: "v", Data: make([]byte, 20<<20)}}},
			{Name: "B", VectorFiles: []*pluginv1.VectorFile{{Name: "v", Data: make([]byte, 20<<20)}}}}, false},
	} {
		err := checkDescribeSize(&pluginv1.DescribeResponse{Instances: c.in})
		if (err == nil) != c.ok {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}
