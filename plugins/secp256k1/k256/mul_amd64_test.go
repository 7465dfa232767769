//go:build !purego

package k256

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"testing"

	"crucible.dev/registry/testenv"
)

// TestPortableDispatch runs the assembly entry points with the CPU check
// off: they must then take the portable path and agree with the
// assembly's results.
func TestPortableDispatch(t *testing.T) {
	if !useADX {
		if os.Getenv(EnvPortable) == "1" {
			testenv.SkipChosen(t, EnvPortable+"=1 keeps the portable path")
		}
		testenv.SkipCPU(t, "adx+bmi2")
	}
	r := rand.New(rand.NewPCG(11, 12))
	defer func() { useADX = true }()
	for i := 0; i < 1000; i++ {
		x, y := fieldElement(randomLimbs(r)), fieldElement(randomLimbs(r))
		s, u := randomScalar(r), randomScalar(r)
		var m, q [2]fieldElement
		var ms [2]scalar
		for j, adx := range []bool{true, false} {
			useADX = adx
			feMul(&m[j], &x, &y)
			feSqr(&q[j], &x)
			scMontMul(&ms[j], &s, &u)
		}
		m[0].normalize()
		m[1].normalize()
		q[0].normalize()
		q[1].normalize()
		if m[0] != m[1] || q[0] != q[1] || ms[0] != ms[1] {
			t.Fatalf("assembly and portable paths differ on %x, %x", x, y)
		}
	}
}

// TestEnvPortable checks that EnvPortable=1 turns the assembly off, in a
// child process since the choice is made at start-up.
func TestEnvPortable(t *testing.T) {
	if os.Getenv("CRUCIBLE_K256_CHILD") != "" {
		if useADX {
			t.Fatalf("%s=1 but the assembly is selected", EnvPortable)
		}
		return
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestEnvPortable$", "-test.count=1")
	cmd.Env = append(os.Environ(), "CRUCIBLE_K256_CHILD=1", EnvPortable+"=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
}
