package sntrup

import "os"

// The hot loops have a portable Go version and, on amd64 with AVX2, an
// assembly version (the *_amd64 files). The assembly is used when the CPU
// has AVX2, unless the build tag purego is set or the environment variable
// CRUCIBLE_SNTRUP_PORTABLE=1 is present when the program starts; both
// paths compute identical bytes. The choice is a package flag tested at
// each call rather than function variables, so that the compiler can see
// the callees and keep their scratch buffers on the stack.

// useAVX2 is set at init by dispatch_amd64.go.
var useAVX2 bool

// useVNNI is set at init by dispatch_amd64.go when the CPU also has
// AVX-VNNI: the Toom-Cook product kernels then use VPDPWSSD and
// VPDPBUSD. Since the KEM multiplies by NTTs, which AVX-VNNI does not
// speed up, they serve as the tests' cross-check only.
var useVNNI bool

// useAVX512 is set at init by dispatch_amd64.go when the CPU also has
// AVX-512F and AVX-512BW: the Rq division steps then sweep 32
// coefficients to a vector, the sort sorts 16 keys to a vector, and the
// NTT's radix-2 passes and row-wise kernels (radix-3 layers, pointwise
// products, CRT) take two rows a vector (ntt512_amd64.s).
var useAVX512 bool

// forceNoVNNI reports whether the environment (CRUCIBLE_SNTRUP_NOVNNI=1)
// keeps the plain AVX2 kernels on a CPU with AVX-VNNI or AVX-512, so that
// tests cover both.
var forceNoVNNI = os.Getenv("CRUCIBLE_SNTRUP_NOVNNI") == "1"

// forcePortable reports whether the environment forces the portable path.
var forcePortable = os.Getenv("CRUCIBLE_SNTRUP_PORTABLE") == "1"

// Dispatch names the code path in use: "AVX2" or "portable".
func Dispatch() string {
	if useAVX2 {
		return "AVX2"
	}
	return "portable"
}

// DispatchDetail says what each path does in its hot loops, and which
// product each set uses.
func DispatchDetail() string {
	if useAVX2 {
		return "golang.org/x/sys/cpu AVX2: Rq products by NTTs of length 1536 (a radix-3 and nine radix-2 layers on int16 lanes) modulo 10753 and 7681 with CRT recombination, R3 products by the same NTT modulo 7681 (sntrup653, sntrup761 whole; sntrup857, sntrup953, sntrup1013 with the small operand split in two; sntrup1277 with both operands split); " + nttLanes() + "division steps with Shoup products on " + rqLanes() + " int16 lanes (all 2p-1 steps in one assembly loop), bitsliced F3 division steps, bitonic sort on " + sortLanes() + " lanes"
	}
	return "Go: SWAR product with three Karatsuba levels, division steps on bounded representatives, bitsliced R3 inversion, merge-exchange sort"
}

// rqLanes names the vectors of the Rq division steps.
func rqLanes() string {
	if useAVX512 {
		return "AVX-512BW, 32"
	}
	return "16"
}

// nttLanes names the NTT passes on 512-bit vectors, if any.
func nttLanes() string {
	if useAVX512 {
		return "the NTT layers, pointwise products and CRT on AVX-512BW, 32 lanes; "
	}
	return ""
}

// sortLanes names the vectors of the sort.
func sortLanes() string {
	if useAVX512 {
		return "AVX-512F, 16"
	}
	return "8"
}

// maxP bounds p over the parameter table, sizing the stack buffers.
const maxP = 1277

// polyMul sets c[0:2n-1] to the integer product of a and b (see
// polyMulGeneric).
func polyMul(c []int32, a []int16, b []int8) {
	if useAVX2 {
		polyMulAVX2(c, a, b)
	} else {
		polyMulGeneric(c, a, b)
	}
}

// rqRecip3 sets out to 1/(3a) in Rq (see rqRecip3Generic).
func rqRecip3(ps *Params, out []int16, a []int8) {
	if useAVX2 {
		ps.rqRecip3AVX2(out, a)
	} else {
		ps.rqRecip3Generic(out, a)
	}
}

// r3Recip sets out to 1/a in R3 and reports whether a is invertible (see
// r3RecipGeneric).
func r3Recip(ps *Params, out []int8, a []int8) bool {
	if useAVX2 {
		return ps.r3RecipAVX2(out, a)
	}
	return ps.r3RecipGeneric(out, a)
}
