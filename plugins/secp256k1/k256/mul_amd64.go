//go:build !purego

package k256

import (
	"os"

	"golang.org/x/sys/cpu"
)

// EnvPortable names the environment variable that, set to 1, selects the
// portable Go arithmetic at start-up even where the assembly could run, to
// measure or test one against the other without rebuilding.
const EnvPortable = "CRUCIBLE_K256_PORTABLE"

// useADX selects the assembly multiplication, which needs MULX (BMI2) and
// ADCX/ADOX (ADX); without them, with EnvPortable=1, or built with the
// purego tag, the portable Go runs. The assembly entry points test it
// themselves and jump to the Go, so that each product costs one call.
var useADX = cpu.X86.HasBMI2 && cpu.X86.HasADX && os.Getenv(EnvPortable) != "1"

// feMul sets z = x·y mod p.
//
//go:noescape
func feMul(z, x, y *fieldElement)

// feSqr sets z = x² mod p.
//
//go:noescape
func feSqr(z, x *fieldElement)

// scMontMul sets z = x·y/2^256 mod n.
//
//go:noescape
func scMontMul(z, x, y *scalar)

// feAdd sets z = x + y mod p.
//
//go:noescape
func feAdd(z, x, y *fieldElement)

// feSub sets z = x - y mod p.
//
//go:noescape
func feSub(z, x, y *fieldElement)
