package testenv

import (
	"errors"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// recorder is a testing.TB that records whether it was failed or skipped;
// either ends the goroutine, as a test's does.
type recorder struct {
	testing.TB
	failed, skipped bool
}

func (r *recorder) Name() string          { return "TestRecorded" }
func (r *recorder) Helper()               {}
func (r *recorder) Fatal(...any)          { r.failed = true; runtime.Goexit() }
func (r *recorder) Fatalf(string, ...any) { r.failed = true; runtime.Goexit() }
func (r *recorder) Skip(...any)           { r.skipped = true; runtime.Goexit() }
func (r *recorder) Skipf(string, ...any)  { r.skipped = true; runtime.Goexit() }

// run calls f with a recorder in a goroutine of its own and says what
// became of it: "failed", "skipped" or "ran".
func run(f func(testing.TB)) string {
	r := &recorder{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(r)
	}()
	<-done
	switch {
	case r.failed:
		return "failed"
	case r.skipped:
		return "skipped"
	}
	return "ran"
}

// TestSkipFailsUnderCI: a skip for want of something is a skip on a
// developer's machine and a failure under CI.
func TestSkipFailsUnderCI(t *testing.T) {
	t.Setenv(EnvSkipLog, filepath.Join(t.TempDir(), "skips")) // not CI's
	for ci, want := range map[string]string{"": "skipped", "1": "failed"} {
		t.Setenv(EnvCI, ci)
		if got := run(func(tb testing.TB) { Skip(tb, "no tool") }); got != want {
			t.Errorf("%s=%q: Skip %s, want %s", EnvCI, ci, got, want)
		}
		if got := run(func(tb testing.TB) { Skipf(tb, "no %s", "tool") }); got != want {
			t.Errorf("%s=%q: Skipf %s, want %s", EnvCI, ci, got, want)
		}
	}
}

// TestSkipCPU: a missing feature skips, under CI too; a feature the CPU
// has, one CRUCIBLE_REQUIRE_CPU names and a misspelt one fail.
func TestSkipCPU(t *testing.T) {
	features["fake-has"] = func() bool { return true }
	features["fake-lacks"] = func() bool { return false }
	defer delete(features, "fake-has")
	defer delete(features, "fake-lacks")
	amd64 := runtime.GOARCH == "amd64"
	cases := []struct {
		ci, require, features string
		want                  string
	}{
		{"", "", "fake-lacks", "skipped"},
		{"1", "", "fake-lacks", "skipped"},
		{"1", "avx2,fake-has", "fake-lacks", "skipped"},
		{"", "fake-lacks", "fake-lacks", map[bool]string{true: "failed", false: "skipped"}[amd64]},
		{"", "all", "fake-has+fake-lacks", map[bool]string{true: "failed", false: "skipped"}[amd64]},
		{"", "", "fake-has", map[bool]string{true: "failed", false: "skipped"}[amd64]},
		{"", "", "fake-has+fake-lacks", "skipped"},
		{"", "", "avx-9000", "failed"},
	}
	skipLog := filepath.Join(t.TempDir(), "skips")
	t.Setenv(EnvSkipLog, skipLog)
	for _, c := range cases {
		t.Setenv(EnvCI, c.ci)
		t.Setenv(EnvRequireCPU, c.require)
		if got := run(func(tb testing.TB) { SkipCPU(tb, c.features) }); got != c.want {
			t.Errorf("%s=%q %s=%q: SkipCPU(%q) %s, want %s", EnvCI, c.ci, EnvRequireCPU, c.require, c.features, got, c.want)
		}
	}
	// Every skip is listed in the log, and only the skips.
	b, err := os.ReadFile(skipLog)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	want := 0
	for _, c := range cases {
		if c.want == "skipped" {
			want++
		}
	}
	if got := strings.Count(string(b), "TestRecorded: "); got != want || (amd64 && !strings.Contains(string(b), "lacks fake-lacks")) {
		t.Errorf("%s lists %d skips, want %d:\n%s", EnvSkipLog, got, want, b)
	}
}

// TestSkipShort: SkipShort skips under -short only, SkipChosen needs a
// reason, and the log lists each skip by kind.
func TestSkipShort(t *testing.T) {
	short := flag.Lookup("test.short")
	saved := short.Value.String()
	defer short.Value.Set(saved)
	t.Setenv(EnvCI, "1")
	skipLog := filepath.Join(t.TempDir(), "skips")
	t.Setenv(EnvSkipLog, skipLog)
	for _, s := range []string{"true", "false"} {
		short.Value.Set(s)
		want := map[string]string{"true": "skipped", "false": "ran"}[s]
		if got := run(func(tb testing.TB) { SkipShort(tb, "emulated") }); got != want {
			t.Errorf("-short=%s: SkipShort %s, want %s", s, got, want)
		}
	}
	if got := run(func(tb testing.TB) { SkipChosen(tb, "purego build") }); got != "skipped" {
		t.Errorf("SkipChosen with a reason %s", got)
	}
	if got := run(func(tb testing.TB) { SkipChosen(tb, "") }); got != "failed" {
		t.Errorf("SkipChosen without a reason %s", got)
	}
	b, err := os.ReadFile(skipLog)
	if err != nil {
		t.Fatal(err)
	}
	dir, _ := os.Getwd()
	want := "short " + dir + ": TestRecorded: -short: emulated\nchosen " + dir + ": TestRecorded: chosen: purego build\n"
	if string(b) != want {
		t.Errorf("%s holds\n%s\nwant\n%s", EnvSkipLog, b, want)
	}
}
