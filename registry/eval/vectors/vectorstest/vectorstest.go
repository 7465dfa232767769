// Package vectorstest replays vector sources and declared vector files in
// a plugin's own tests, in-process, through the same engine the host uses
// across the plugin boundary, with one rule for every plugin: a replay
// passes when at least one case passed and none failed, and vectors that
// cannot be had here skip through testenv (a failure under CI).
package vectorstest

import (
	"errors"
	"testing"

	"crucible.dev/registry"
	"crucible.dev/registry/eval/vectors"
	"crucible.dev/registry/testenv"
)

// Source replays src for the instance named name through r.
func Source(t testing.TB, src vectors.Source, name string, r registry.Runner) vectors.Result {
	t.Helper()
	res, err := src.Check(name, r)
	return expect(t, src.Name, res, err)
}

// File replays a declared vector file through r.
func File(t testing.TB, v registry.VectorFile, r registry.Runner) vectors.Result {
	t.Helper()
	res, err := vectors.ReplayVectorFile(v, r)
	return expect(t, v.Name, res, err)
}

func expect(t testing.TB, what string, res vectors.Result, err error) vectors.Result {
	t.Helper()
	if errors.Is(err, vectors.ErrNoVectors) {
		testenv.Skipf(t, "%s: %v", what, err)
	}
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if res.Failed != 0 || res.Passed == 0 {
		t.Fatalf("%s: passed %d, failed %d: %v", what, res.Passed, res.Failed, res.Failures)
	}
	t.Logf("%s: passed %d", what, res.Passed)
	return res
}
