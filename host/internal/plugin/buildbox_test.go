package plugin

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"crucible.dev/host/internal/sandbox"
	"crucible.dev/registry/testenv"
)

// leakSource is a plugin's cgo file that assembles any file the compiler
// can read into the executable (.incbin behind __has_include, so that it
// builds either way) and prints it.
const leakSource = `package main

/*
#if __has_include("CANARY")
__asm__(".section .rodata\n.globl crucible_leak\ncrucible_leak:\n.incbin \"CANARY\"\n.byte 0\n.text\n");
extern const char crucible_leak[];
static const char *leak(void) { return crucible_leak; }
#else
static const char *leak(void) { return "nothing read"; }
#endif
*/
import "C"

import "fmt"

func main() { fmt.Println(C.GoString(C.leak())) }
`

// TestBuildBoxHidesFiles builds plugins that read the evaluator's files at
// build time, as a hostile submitter's would: a canary through cgo
// `.incbin`, a signing key through `-include` in its #cgo CFLAGS. In the
// build box (at every level this host can select, as root and, run again
// by the root test, as an ordinary user) neither reaches the executable
// nor the build's messages; built unsandboxed, the same sources carry
// both out, which shows the fixtures work.
func TestBuildBoxHidesFiles(t *testing.T) {
	testenv.SkipShort(t, "builds plugins with cgo")
	if _, err := exec.LookPath("gcc"); err != nil {
		testenv.Skip(t, "gcc, for cgo")
	}
	secrets := t.TempDir()
	if err := os.Chmod(secrets, 0o755); err != nil {
		t.Fatal(err)
	}
	canary := filepath.Join(secrets, "canary")
	key := filepath.Join(secrets, "sign.key")
	const canaryText, keyText = "CANARY-3f1c9e-evaluator-home", "crucible_signing_key_5a7d"
	for p, body := range map[string]string{canary: canaryText + "\n", key: keyText + "\n"} {
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	trusted := t.TempDir()
	old := trustDir
	trustDir = func() (string, error) { return trusted, nil }
	defer func() { trustDir = old }()

	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"go.work":                 "go 1.26\n\nuse (\n\t./registry\n\t./plugins/incbin\n\t./plugins/include\n)\n",
		"registry/go.mod":         "module crucible.dev/registry\n\ngo 1.26\n",
		"plugins/incbin/go.mod":   "module crucible.dev/plugins/incbin\n\ngo 1.26\n",
		"plugins/incbin/main.go":  strings.ReplaceAll(leakSource, "CANARY", canary),
		"plugins/include/go.mod":  "module crucible.dev/plugins/include\n\ngo 1.26\n",
		"plugins/include/main.go": "package main\n\n// #cgo CFLAGS: -include " + key + "\nimport \"C\"\n\nfunc main() {}\n",
	})
	// One cache for every level, so that the standard library is
	// compiled once; each build's executable is removed after it, so the
	// next level builds again.
	cache := t.TempDir()
	build := func(t *testing.T, lc *sandbox.Launcher, name string) (*Source, []byte, error) {
		t.Helper()
		s := &Source{Name: name, Dir: filepath.Join(root, "plugins", name)}
		err := Build(lc, root, cache, s, io.Discard)
		if s.Binary != "" {
			defer os.Remove(s.Binary)
		}
		if err != nil {
			return s, nil, err
		}
		out, rerr := exec.Command(s.Binary).Output()
		if rerr != nil {
			t.Fatalf("%s: running the build: %v", name, rerr)
		}
		if bin, _ := os.ReadFile(s.Binary); bytes.Contains(bin, []byte(canaryText)) {
			out = append(out, canaryText...) // in the file, printed or not
		}
		return s, out, nil
	}
	t.Run("unsandboxed", func(t *testing.T) {
		lc, err := sandbox.New(sandbox.DefaultLimits, true)
		if err != nil {
			t.Fatal(err)
		}
		defer lc.Close()
		if _, out, err := build(t, lc, "incbin"); err != nil || !strings.Contains(string(out), canaryText) {
			t.Errorf("the .incbin fixture did not read the canary without the box (so proves nothing): %q, %v", out, err)
		}
		if _, _, err := build(t, lc, "include"); err == nil || !strings.Contains(err.Error(), keyText) {
			t.Errorf("the -include fixture did not quote the key without the box (so proves nothing): %v", err)
		}
	})
	if os.Getuid() == 0 {
		t.Run("as an ordinary user", func(t *testing.T) { asOrdinaryUser(t, "TestBuildBoxHidesFiles") })
	}
	for _, level := range []sandbox.Level{sandbox.LevelFull, sandbox.LevelNamespaces, sandbox.LevelLandlock} {
		t.Run(string(level), func(t *testing.T) {
			t.Setenv(sandbox.EnvLevel, string(level))
			lc, err := sandbox.New(sandbox.DefaultLimits, false)
			if err != nil {
				testenv.Skip(t, "confinement level ", level, ": ", err)
			}
			defer lc.Close()
			// Without a mount namespace the canary's name is there but
			// Landlock refuses the read, and the build fails naming it.
			_, out, err := build(t, lc, "incbin")
			switch {
			case err != nil && strings.Contains(err.Error(), canaryText):
				t.Errorf("the build's error quotes the canary: %v", err)
			case err != nil && !strings.Contains(err.Error(), filepath.Base(canary)):
				t.Errorf("the build failed without naming the file it could not read: %v", err)
			case strings.Contains(string(out), canaryText):
				t.Errorf("the canary reached the executable built in the box: %q", out)
			}
			_, _, err = build(t, lc, "include")
			switch {
			case err == nil:
				t.Errorf("the -include of %s built in the box", key)
			case strings.Contains(err.Error(), keyText):
				t.Errorf("the build's error quotes the key: %v", err)
			case !strings.Contains(err.Error(), filepath.Base(key)):
				t.Errorf("the build's error does not name the file it could not read: %v", err)
			}
		})
	}
}

// writeTree writes files (by path relative to root) under root.
func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for rel, body := range files {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// asOrdinaryUser runs test again, in a copy of this test binary, as uid
// Nobody with a home and temporary directory of its own, and fails t when
// it fails.
func asOrdinaryUser(t *testing.T, test string) {
	home := t.TempDir()
	for _, d := range []string{home, filepath.Dir(home)} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(home, "plugin.test")
	data, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, data, 0o755); err != nil {
		t.Fatal(err)
	}
	tmp := filepath.Join(home, "tmp")
	for _, d := range []string{tmp, filepath.Join(home, "home")} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chown(d, sandbox.Nobody, sandbox.Nobody); err != nil {
			t.Fatal(err)
		}
	}
	// The test's own directory holds nothing it needs: the fixtures are
	// written under its temporary directory.
	cmd := exec.Command(bin, "-test.run", "^"+test+"$", "-test.count=1", "-test.v")
	cmd.Dir = tmp
	cmd.Env = append(sandbox.Environment(), "PATH="+os.Getenv("PATH"), "HOME="+filepath.Join(home, "home"), "TMPDIR="+tmp)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: sandbox.Nobody, Gid: sandbox.Nobody, Groups: []uint32{}}}
	out, err := cmd.CombinedOutput()
	if err != nil || !bytes.Contains(out, []byte("PASS")) {
		t.Fatalf("as uid %d: %v\n%s", sandbox.Nobody, err, out)
	}
	t.Logf("as uid %d:\n%s", sandbox.Nobody, out)
}
