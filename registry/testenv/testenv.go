// Package testenv decides what a test may skip. A test that needs
// something of the machine (a tool tools/setup.sh installs, root, a
// pinned vector module) skips without it on a developer's machine; under
// CI (CRUCIBLE_CI set, as .ci/run sets it) every such skip is a failure,
// so a missing tool cannot pass for a passing test.
//
// A skip for a missing CPU feature (SkipCPU) is different, since CI cannot
// choose its CPU: it is a failure wherever the CPU has the feature (the
// path it guards must then run), and wherever CRUCIBLE_REQUIRE_CPU names
// the feature; otherwise it stands. The remaining skips name what the run
// itself chose: -short (SkipShort, the arm64 runs under qemu-user) and a
// configuration the test cannot change (SkipChosen).
//
// Every skip that stands is appended to the file CRUCIBLE_SKIP_LOG names,
// so that CI, whose go test prints nothing of a passing package, can list
// them all and refuse the ones it must not have.
package testenv

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
)

// EnvCI, when set, makes every skip for want of a tool, root, a module or
// a file a failure.
const EnvCI = "CRUCIBLE_CI"

// EnvSkipLog names a file to which every skip appends a line: the kind
// (cpu, short, chosen, missing), the package's directory, the test and
// why.
const EnvSkipLog = "CRUCIBLE_SKIP_LOG"

// EnvRequireCPU lists CPU features (comma-separated names in cpu.go, or
// "all") whose absence fails a test instead of skipping it.
const EnvRequireCPU = "CRUCIBLE_REQUIRE_CPU"

// CI reports whether the tests run under CI, where everything
// tools/setup.sh installs must be there.
func CI() bool { return os.Getenv(EnvCI) != "" }

// Skip skips t for want of what args say, or fails it under CI.
func Skip(t testing.TB, args ...any) {
	t.Helper()
	if CI() {
		t.Fatal(append([]any{EnvCI + " is set and this test cannot run:"}, args...)...)
	}
	skip(t, "missing", fmt.Sprint(args...))
}

// Skipf is Skip with a format.
func Skipf(t testing.TB, format string, args ...any) {
	t.Helper()
	Skip(t, fmt.Sprintf(format, args...))
}

// SkipCPU skips t because the CPU lacks need, names in cpu.go joined
// by "+" ("adx+bmi2"), all of which the skipped path needs. It fails t
// instead when the CPU has them all (the package failed to take a path the
// CPU supports, or the test skipped one), when CRUCIBLE_REQUIRE_CPU names
// one of them, or when a name is unknown (a misspelt feature must not
// skip). On other architectures than amd64 the paths do not exist and the
// skip stands.
func SkipCPU(t testing.TB, need string) {
	t.Helper()
	names := strings.Split(need, "+")
	for _, n := range names {
		if _, ok := features[n]; !ok {
			t.Fatalf("testenv.SkipCPU: unknown CPU feature %q", n)
		}
	}
	var missing []string
	for _, n := range names {
		if !features[n]() {
			missing = append(missing, n)
		}
	}
	if len(missing) == 0 && runtime.GOARCH == "amd64" {
		t.Fatalf("the CPU has %s, yet the test would skip the path that needs it", need)
	}
	for _, n := range missing {
		if requiredCPU(n) && runtime.GOARCH == "amd64" {
			t.Fatalf("%s=%s, and the CPU lacks %s", EnvRequireCPU, os.Getenv(EnvRequireCPU), n)
		}
	}
	why := "the CPU lacks " + strings.Join(missing, "+")
	if runtime.GOARCH != "amd64" {
		why = need + ": not on " + runtime.GOARCH
	}
	skip(t, "cpu", why)
}

// skip logs t's skip and skips it.
func skip(t testing.TB, kind, why string) {
	t.Helper()
	dir, _ := os.Getwd()
	if err := logSkip(fmt.Sprintf("%s %s: %s: %s", kind, dir, t.Name(), why)); err != nil {
		t.Fatalf("%s: %v", EnvSkipLog, err)
	}
	t.Skip(why)
}

// logSkip appends line to the file CRUCIBLE_SKIP_LOG names, if any. Each
// line is one write to a file opened for appending, so the test binaries
// of several packages can share the file.
func logSkip(line string) error {
	name := os.Getenv(EnvSkipLog)
	if name == "" {
		return nil
	}
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.WriteString(line + "\n"); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// requiredCPU reports whether CRUCIBLE_REQUIRE_CPU names feature.
func requiredCPU(feature string) bool {
	for _, n := range strings.Split(os.Getenv(EnvRequireCPU), ",") {
		if n = strings.TrimSpace(n); n == feature || n == "all" {
			return true
		}
	}
	return false
}

// SkipShort skips t under -short, which the arm64 runs under qemu-user use
// to leave out what emulation cannot run; why says what that is.
func SkipShort(t testing.TB, why string) {
	t.Helper()
	if testing.Short() {
		skip(t, "short", "-short: "+why)
	}
}

// SkipChosen skips t for a choice the run made that the test cannot undo:
// a build tag (purego), an environment switch a parent test set for this
// process, an architecture without the code under test. It is never a
// failure, so why must name the choice.
func SkipChosen(t testing.TB, why string) {
	t.Helper()
	if why == "" {
		t.Fatal("testenv.SkipChosen: no reason given")
	}
	skip(t, "chosen", "chosen: "+why)
}
