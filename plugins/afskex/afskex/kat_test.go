package afskex

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"crucible.dev/registry/kat"
)

func TestKATSharedFiles(t *testing.T) {
	dir, ok := kat.SharedDir()
	if !ok {
		t.Skip("no shared reference folder")
	}
	for _, p := range All {
		t.Run(p.Name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := kat.WriteNGCCKEX(&buf, p, 10); err != nil {
				t.Fatal(err)
			}
			f, err := os.Open(filepath.Join(dir, "kat", "afskex", "KAT_KEX_"+p.Name+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			m, err := kat.FirstDifference(&buf, f)
			if err != nil {
				t.Fatal(err)
			}
			if m != nil {
				t.Fatal(m)
			}
		})
	}
}
