package main

import (
	"os"
	"os/exec"
	"testing"

	"golang.org/x/sys/cpu"

	"crucible.dev/registry/testenv"
)

// TestPortableKATs reruns the KAT and dispatch tests in a child process
// with CRUCIBLE_SNTRUP_PORTABLE=1, so the portable path must reproduce the
// same digests as the assembly one.
func TestPortableKATs(t *testing.T) {
	if os.Getenv("CRUCIBLE_SNTRUP_PORTABLE") == "1" {
		testenv.SkipChosen(t, "already on the portable path")
	}
	rerunKATs(t, "CRUCIBLE_SNTRUP_PORTABLE=1")
}

// TestAVX2KATs reruns the KAT and dispatch tests in a child process with
// CRUCIBLE_SNTRUP_NOVNNI=1, so that on a CPU with AVX-VNNI the plain AVX2
// product kernel must reproduce the same digests too.
func TestAVX2KATs(t *testing.T) {
	if os.Getenv("CRUCIBLE_SNTRUP_NOVNNI") == "1" || os.Getenv("CRUCIBLE_SNTRUP_PORTABLE") == "1" {
		testenv.SkipChosen(t, "already off the AVX-VNNI path")
	}
	// Without AVX-VNNI or AVX-512 the child would run the path this
	// process runs, and pass without checking anything.
	if !cpu.X86.HasAVXVNNI && !(cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW) {
		testenv.SkipCPU(t, "avxvnni")
	}
	rerunKATs(t, "CRUCIBLE_SNTRUP_NOVNNI=1")
}

// rerunKATs runs TestKATs and TestDispatch in a child process with env
// added to the environment and fails if the child does.
func rerunKATs(t *testing.T, env string) {
	cmd := exec.Command(os.Args[0], "-test.run", "^(TestKATs|TestDispatch)$", "-test.v")
	cmd.Env = append(os.Environ(), env)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("run with %s failed: %v\n%s", env, err, out)
	}
	t.Logf("run with %s:\n%s", env, out)
}
