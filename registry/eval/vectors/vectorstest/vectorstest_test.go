package vectorstest

import (
	"errors"
	"fmt"
	"runtime"
	"testing"

	"crucible.dev/registry"
	"crucible.dev/registry/eval/vectors"
)

// recorder is a testing.TB that notes a failure or a skip and ends the
// calling goroutine, as the real ones do.
type recorder struct {
	testing.TB
	failed, skipped string
}

func (r *recorder) Helper()             {}
func (r *recorder) Logf(string, ...any) {}
func (r *recorder) Fatalf(f string, args ...any) {
	r.failed = fmt.Sprintf(f, args...)
	runtime.Goexit()
}
func (r *recorder) Skipf(f string, args ...any) {
	r.skipped = fmt.Sprintf(f, args...)
	runtime.Goexit()
}
func (r *recorder) Skip(args ...any) { r.skipped = fmt.Sprint(args...); runtime.Goexit() }

func replay(res vectors.Result, err error) *recorder {
	r := &recorder{TB: nil}
	src := vectors.Source{Name: "fixture", Check: func(string, registry.Runner) (vectors.Result, error) { return res, err }}
	done := make(chan struct{})
	go func() {
		defer close(done)
		Source(r, src, "X", nil)
	}()
	<-done
	return r
}

// TestRule: only a replay with passes and no failure passes; an error, a
// failure or an empty replay fails the test.
func TestRule(t *testing.T) {
	t.Setenv("CRUCIBLE_CI", "")
	for _, c := range []struct {
		name string
		res  vectors.Result
		err  error
		fail bool
	}{
		{"passes", vectors.Result{Passed: 3}, nil, false},
		{"one failure", vectors.Result{Passed: 3, Failed: 1}, nil, true},
		{"nothing checked", vectors.Result{}, nil, true},
		{"error", vectors.Result{Passed: 3}, errors.New("broken file"), true},
		{"missing file", vectors.Result{}, vectors.ErrMissing, true},
	} {
		r := replay(c.res, c.err)
		if (r.failed != "") != c.fail || r.skipped != "" {
			t.Errorf("%s: failed %q, skipped %q, want failure %v", c.name, r.failed, r.skipped, c.fail)
		}
	}
}
