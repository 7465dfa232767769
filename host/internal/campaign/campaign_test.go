package campaign

import "testing"

// TestNilLog: a campaign configured without a log (an A/B round) still
// has somewhere to write its warnings, such as a noisy machine's grade.
func TestNilLog(t *testing.T) {
	c, err := New(Config{Trials: 1, Out: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if c.cfg.Log == nil {
		t.Fatal("no log: the first warning would dereference nil")
	}
}
