//go:build !purego

package k256

import "golang.org/x/sys/cpu"

// useADX selects the assembly multiplication, which needs MULX (BMI2) and
// ADCX/ADOX (ADX); without them, or built with the purego tag, the
// portable Go runs.
var useADX = cpu.X86.HasBMI2 && cpu.X86.HasADX

//go:noescape
func feMulADX(z, x, y *fieldElement)

// feMul sets z = x·y mod p.
func feMul(z, x, y *fieldElement) {
	if useADX {
		feMulADX(z, x, y)
		return
	}
	feMulGeneric(z, x, y)
}

//go:noescape
func feSqrADX(z, x *fieldElement)

// feSqr sets z = x² mod p.
func feSqr(z, x *fieldElement) {
	if useADX {
		feSqrADX(z, x)
		return
	}
	feSqrGeneric(z, x)
}

//go:noescape
func scMontMulADX(z, x, y *scalar)

// scMontMul sets z = x·y/2^256 mod n.
func scMontMul(z, x, y *scalar) {
	if useADX {
		scMontMulADX(z, x, y)
		return
	}
	scMontMulGeneric(z, x, y)
}
