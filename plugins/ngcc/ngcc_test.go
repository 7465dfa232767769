package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"crucible.dev/registry/eval/katcheck"
	"crucible.dev/registry/kat"
	"crucible.dev/registry/testenv"
)

// The digests of the first ten records of the toy submissions' NGCC KAT
// files. They are computed here from the Go models (TestModelDigests) and
// from the adapter built with host build-ngcc (TestToyKAT); host's
// buildngcc_test.go checks the same values over the plugin protocol. Both
// of those go through kat.WriteNGCC*, the writer under test, so both are
// also computed by TestToyKEMStraightLine and TestToyKEXStraightLine,
// which share neither the models nor the writer. The writer itself is pinned by the NGCC harness's
// published digests of Amoeba and AFS-KEX (the catalog's).
const (
	toyKEMDigest = "cb5804fa57d0e192720ca3005270c14c0a5c7758f9c226cc57ae4b69dda5b9ba"
	toyKEXDigest = "72a93be3011bef185788bb878bfa93e1548dbacf836ff6357913ca7b9eee5c4d"
)

func TestWorkspaceBuildServesNothing(t *testing.T) {
	ins := instances()
	if len(ins) != 1 || ins[0].Unavailable == "" || !strings.Contains(ins[0].Unavailable, "build-ngcc") {
		t.Fatalf("the workspace build must serve one unavailable instance naming build-ngcc, got %+v", ins)
	}
	if err := writeKAT(nil); err == nil {
		t.Fatal("kat mode of the workspace build wrote a file")
	}
}

func modelKAT(t *testing.T, kind string, n int) []byte {
	t.Helper()
	var b bytes.Buffer
	var err error
	if kind == "kem" {
		err = kat.WriteNGCCKEM(&b, toyKEM{}, n, nil)
	} else {
		err = kat.WriteNGCCKEX(&b, toyKEX{}, n, nil)
	}
	if err != nil {
		t.Fatalf("model %s: %v", kind, err)
	}
	return b.Bytes()
}

// TestModelDigests pins the models' files. The KAT writers fail a record
// unless decapsulation returns the encapsulated secret and both parties
// derive the same one, so the models are checked for consistency too.
func TestModelDigests(t *testing.T) {
	for kind, want := range map[string]string{"kem": toyKEMDigest, "kex": toyKEXDigest} {
		got, err := katcheck.Digest(kat.FormatNGCC, bytes.NewReader(modelKAT(t, kind, 10)))
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("toy %s model: digest %s, want %s", kind, got, want)
		}
	}
}

// The toy submissions are built once per test binary with the real
// build-ngcc command of the workspace's host.
var (
	toyOnce sync.Once
	toyDir  string
	toyErr  error
	toyLog  string
)

func buildToys(t *testing.T) string {
	t.Helper()
	testenv.SkipShort(t, "builds the toy submissions with cgo")
	toyOnce.Do(func() {
		root, err := filepath.Abs("../..")
		if err != nil {
			toyErr = err
			return
		}
		toyDir, toyErr = os.MkdirTemp("", "crucible-ngcc-test")
		if toyErr != nil {
			return
		}
		for _, b := range [][]string{
			{"--kind", "kem", "--src", "plugins/ngcc/testdata/toykem", "--name", "toykem", "--cflags", "-DSECURITY_LEVEL=128"},
			{"--kind", "kex", "--src", "plugins/ngcc/testdata/toykex", "--name", "toykex", "--instance", "ToyKEX"},
		} {
			cmd := exec.Command("go", append([]string{"run", "./host", "build-ngcc", "--out", toyDir}, b...)...)
			cmd.Dir = root
			out, err := cmd.CombinedOutput()
			toyLog += string(out)
			if err != nil {
				toyErr = err
				return
			}
		}
	})
	if toyErr != nil {
		t.Fatalf("build-ngcc: %v\n%s", toyErr, toyLog)
	}
	return toyDir
}

// TestToyKAT runs each built toy plugin in its kat mode and compares the
// file with the Go model's: byte for byte, and by the digest the host
// would check.
func TestToyKAT(t *testing.T) {
	dir := buildToys(t)
	for _, c := range []struct{ kind, name, digest string }{
		{"kem", "toykem", toyKEMDigest},
		{"kex", "toykex", toyKEXDigest},
	} {
		got, err := exec.Command(filepath.Join(dir, "crucible-plugin-"+c.name), "kat").Output()
		if err != nil {
			t.Fatalf("%s kat: %v", c.name, err)
		}
		want := modelKAT(t, c.kind, 10)
		if !bytes.Equal(got, want) {
			m, err := katcheck.FirstDifference(bytes.NewReader(got), bytes.NewReader(want))
			t.Fatalf("%s: the adapter's KAT file differs from the model's: %v %v", c.name, m, err)
		}
		d, err := katcheck.Digest(kat.FormatNGCC, bytes.NewReader(got))
		if err != nil || d != c.digest {
			t.Errorf("%s: digest %s (%v), want %s", c.name, d, err, c.digest)
		}
	}
}

// TestBuildLog checks what build-ngcc left out of the toy submissions: the
// KAT drivers, the ICCS DRNG and helpers and their headers (each of which
// stops the compiler with #error if it is compiled).
func TestBuildLog(t *testing.T) {
	buildToys(t)
	for _, want := range []string{
		"src/kat/KAT_KEM.c (defines main", "src/common/drng.c", "src/common/auxfunc.c", "src/common/randombytes.c",
		"src/api/drng.h", "src/api/auxfunc.h", "KAT/KAT_KEX.c (in the KAT folder", "instance ToyKEX/ngcc-c (kex)",
	} {
		if !strings.Contains(toyLog, want) {
			t.Errorf("build-ngcc output lacks %q:\n%s", want, toyLog)
		}
	}
}

// TestCFlagsReachSubmission builds the toy KEM without the
// -DSECURITY_LEVEL its params.h requires: the build must fail on it.
func TestCFlagsReachSubmission(t *testing.T) {
	buildToys(t)
	cmd := exec.Command("go", "run", "./host", "build-ngcc", "--kind", "kem", "--src", "plugins/ngcc/testdata/toykem",
		"--name", "noflags", "--out", t.TempDir())
	cmd.Dir = "../.."
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "SECURITY_LEVEL") {
		t.Fatalf("a build without -DSECURITY_LEVEL=128 passed or failed elsewhere: %v\n%s", err, out)
	}
}

// TestIncludeOverridesRules asks build-ngcc to compile the toy's
// randombytes.c, which the default rules leave out: the build must reach
// it (its #error stops the compiler).
func TestIncludeOverridesRules(t *testing.T) {
	buildToys(t)
	cmd := exec.Command("go", "run", "./host", "build-ngcc", "--kind", "kem", "--src", "plugins/ngcc/testdata/toykem",
		"--name", "included", "--cflags", "-DSECURITY_LEVEL=128", "--include", "src/common/randombytes.c", "--out", t.TempDir())
	cmd.Dir = "../.."
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "randombytes.c must not be compiled") {
		t.Fatalf("--include did not compile randombytes.c: %v\n%s", err, out)
	}
}
