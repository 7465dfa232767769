package sandbox

import (
	"crypto/rand"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkReseal times a fresh copy of a 20 MB executable, the size of
// a plugin's, as a campaign makes one per trial.
func BenchmarkReseal(b *testing.B) {
	exe := filepath.Join(b.TempDir(), "crucible-plugin-x")
	buf := make([]byte, 20<<20)
	rand.Read(buf)
	if err := os.WriteFile(exe, buf, 0o755); err != nil {
		b.Fatal(err)
	}
	lc, err := New(DefaultLimits, true)
	if err != nil {
		b.Fatal(err)
	}
	defer lc.Close()
	if _, _, err := lc.Seal(exe); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		_, _, release, err := lc.Reseal(exe)
		if err != nil {
			b.Fatal(err)
		}
		release()
	}
}
