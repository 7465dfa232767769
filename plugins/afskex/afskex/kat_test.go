package afskex

import (
	"bytes"
	"testing"

	"crucible.dev/registry/eval/katcheck"
	"crucible.dev/registry/eval/katcheck/reference"
	"crucible.dev/registry/kat"
)

func TestKATReferenceFiles(t *testing.T) {
	for _, p := range All {
		t.Run(p.Name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := kat.WriteNGCCKEX(&buf, p, 10, nil); err != nil {
				t.Fatal(err)
			}
			f, err := reference.Open("afskex/KAT_KEX_" + p.Name + ".txt")
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			m, err := katcheck.FirstDifference(&buf, f)
			if err != nil {
				t.Fatal(err)
			}
			if m != nil {
				t.Fatal(m)
			}
		})
	}
}
