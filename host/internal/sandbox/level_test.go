package sandbox

import (
	"os"
	"testing"
)

// TestMain lets the test binary serve as the sandbox's first step.
func TestMain(m *testing.M) {
	Main()
	os.Exit(m.Run())
}

// TestLevels starts a probe at every level this host offers, forced
// through EnvLevel, and checks the report names the level it ran at.
func TestLevels(t *testing.T) {
	for _, lv := range []Level{LevelFull, LevelNamespaces, LevelLandlock} {
		t.Run(string(lv), func(t *testing.T) {
			t.Setenv(EnvLevel, string(lv))
			lc, err := New(DefaultLimits, false)
			if err != nil {
				t.Fatal(err)
			}
			defer lc.Close()
			r := lc.Report()
			if r.Level != lv || !r.Sandboxed || lc.Level() != lv {
				t.Errorf("report %+v, want level %s", r, lv)
			}
			t.Logf("%+v", r)
		})
	}
}
