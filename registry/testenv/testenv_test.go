package testenv

import (
	"runtime"
	"testing"
)

// recorder is a testing.TB that records whether it was failed or skipped;
// either ends the goroutine, as a test's does.
type recorder struct {
	testing.TB
	failed, skipped bool
}

func (r *recorder) Helper()              {}
func (r *recorder) Fatal(...any)         { r.failed = true; runtime.Goexit() }
func (r *recorder) Skip(...any)          { r.skipped = true; runtime.Goexit() }
func (r *recorder) Skipf(string, ...any) { r.skipped = true; runtime.Goexit() }

// run calls f with a recorder in a goroutine of its own.
func run(f func(testing.TB)) *recorder {
	r := &recorder{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(r)
	}()
	<-done
	return r
}

// TestSkipFailsUnderCI: a skip for want of something is a skip on a
// developer's machine and a failure under CI.
func TestSkipFailsUnderCI(t *testing.T) {
	for _, ci := range []string{"", "1"} {
		t.Setenv("CRUCIBLE_CI", ci)
		r := run(func(tb testing.TB) { Skip(tb, "no tool") })
		if want := ci != ""; r.failed != want || r.skipped == want {
			t.Errorf("CRUCIBLE_CI=%q: failed %v, skipped %v", ci, r.failed, r.skipped)
		}
		r = run(func(tb testing.TB) { SkipCPU(tb, "AVX-512") })
		if want := ci != "" && runtime.GOARCH == "amd64"; r.failed != want || r.skipped == want {
			t.Errorf("CRUCIBLE_CI=%q on %s: a missing CPU feature failed %v, skipped %v", ci, runtime.GOARCH, r.failed, r.skipped)
		}
	}
}
