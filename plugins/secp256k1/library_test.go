//go:build cgo

package main

import (
	"os"
	"os/exec"
	"testing"

	"crucible.dev/plugins/secp256k1/libsecp256k1"
	"crucible.dev/registry/testenv"
)

// The tests of loading libsecp256k1, which a build without cgo never does
// (nocgo_test.go).

func TestLibraryLoads(t *testing.T) {
	if err := libsecp256k1.Load(); err != nil {
		testenv.Skipf(t, "libsecp256k1 absent: %v", err)
	}
	t.Logf("libsecp256k1 loaded from %s", libsecp256k1.Path())
}

// TestMissingLibrary runs this test binary again with the library pointed
// at a file that does not exist: every libsecp256k1 instance must then be
// marked not built, with no implementation attached, and the Go ones stay.
func TestMissingLibrary(t *testing.T) {
	if os.Getenv("CRUCIBLE_SECP_CHILD") != "" {
		checkLibsecpUnbuilt(t, "")
		return
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestMissingLibrary$", "-test.count=1")
	cmd.Env = append(os.Environ(), "CRUCIBLE_SECP_CHILD=1", libsecp256k1.EnvLibrary+"="+t.TempDir()+"/absent.so")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
}
