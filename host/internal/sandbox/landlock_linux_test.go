package sandbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"crucible.dev/registry/testenv"
)

// envLandlockProbe makes the test binary, run as a child by
// TestLandlockAlone, read two files with Landlock on ("on") or off ("off")
// and print what became of each read.
const envLandlockProbe = "CRUCIBLE_TEST_LANDLOCK_PROBE"

// TestLandlockAlone applies Landlock as LevelLandlock does, with no
// namespace, no bubblewrap and no other limit, to a process that then
// reads a file in a tree it may read and one in a tree it may not. The
// second read must fail with Landlock on and succeed with it off: the
// hostile fixture's tests run inside namespaces, which stop its reads on
// their own, so this is the test of Landlock itself.
func TestLandlockAlone(t *testing.T) {
	if mode := os.Getenv(envLandlockProbe); mode != "" {
		landlockProbe(mode)
		return
	}
	// qemu-user, which runs the -short arm64 tests, emulates no Landlock
	// system call.
	testenv.SkipShort(t, "Landlock is not emulated by qemu-user")
	abi := landlockABI()
	if abi == 0 {
		testenv.Skip(t, "the kernel offers no Landlock")
	}
	dir := t.TempDir()
	allowed, secret := filepath.Join(dir, "allowed", "f"), filepath.Join(dir, "secret", "f")
	for _, p := range []string{allowed, secret} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want := map[string]string{"off": "allowed: ok; secret: ok", "on": "allowed: ok; secret: denied"}
	for _, mode := range []string{"off", "on"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestLandlockAlone$", "-test.count=1")
		cmd.Env = append(os.Environ(), envLandlockProbe+"="+mode, "CRUCIBLE_TEST_LANDLOCK_ALLOWED="+allowed, "CRUCIBLE_TEST_LANDLOCK_SECRET="+secret)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("Landlock %s (ABI %d): child: %v\n%s", mode, abi, err, out)
		}
		if got := strings.TrimSpace(string(out)); got != want[mode] {
			t.Errorf("Landlock %s (ABI %d): %q, want %q", mode, abi, got, want[mode])
		}
	}
}

// landlockProbe is the child's side of TestLandlockAlone: with mode "on"
// it restricts its thread to the allowed file's directory (and what
// LevelLandlock always allows), then reads both files from that thread.
func landlockProbe(mode string) {
	allowed, secret := os.Getenv("CRUCIBLE_TEST_LANDLOCK_ALLOWED"), os.Getenv("CRUCIBLE_TEST_LANDLOCK_SECRET")
	runtime.LockOSThread() // Landlock holds for the thread that enforces it
	if mode == "on" {
		c := initConfig{Level: LevelLandlock, Landlock: landlockABI(), Readable: []string{filepath.Dir(allowed)}}
		if err := restrictSelf(c); err != nil {
			fmt.Println("restrict:", err)
			os.Exit(2)
		}
	}
	read := func(p string) string {
		_, err := os.ReadFile(p)
		switch {
		case err == nil:
			return "ok"
		case errors.Is(err, fs.ErrPermission):
			return "denied"
		}
		return err.Error()
	}
	fmt.Printf("allowed: %s; secret: %s\n", read(allowed), read(secret))
	os.Exit(0)
}
