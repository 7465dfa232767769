// Package testenv decides what a test may skip. A test that needs
// something of the machine (a tool tools/setup.sh installs, root, a
// pinned vector module, a CPU feature) skips without it on a developer's
// machine; under CI (CRUCIBLE_CI set, as .ci/run sets it) every such skip
// is a failure, so a missing tool cannot pass for a passing test. Skips
// for -short (the arm64 end-to-end runs) and for opt-in long tests are
// the caller's own, with testing.Short and an environment variable.
package testenv

import (
	"fmt"
	"os"
	"runtime"
	"testing"
)

// CI reports whether the tests run under CI, where everything
// tools/setup.sh installs must be there.
func CI() bool { return os.Getenv("CRUCIBLE_CI") != "" }

// Skip skips t for want of what args say, or fails it under CI.
func Skip(t testing.TB, args ...any) {
	t.Helper()
	if CI() {
		t.Fatal(append([]any{"CRUCIBLE_CI is set and this test cannot run:"}, args...)...)
	}
	t.Skip(args...)
}

// Skipf is Skip with a format.
func Skipf(t testing.TB, format string, args ...any) {
	t.Helper()
	Skip(t, fmt.Sprintf(format, args...))
}

// SkipCPU skips t on a CPU without feature, or fails it under CI on amd64:
// the CI machine has every feature the amd64 assembly uses (AVX2,
// AVX-512, VNNI, ADX, BMI2), so there the assembly must be tested. On
// other architectures the amd64 paths do not exist and the skip stands.
func SkipCPU(t testing.TB, feature string) {
	t.Helper()
	if runtime.GOARCH == "amd64" {
		Skipf(t, "the CPU lacks %s", feature)
		return
	}
	t.Skipf("%s: not on %s", feature, runtime.GOARCH)
}
