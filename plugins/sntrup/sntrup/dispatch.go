package sntrup

import "os"

// The hot loops have a portable Go version and, on amd64 with AVX2, an
// assembly version (the *_amd64 files). The assembly is used when the CPU
// has AVX2, unless the build tag purego is set or the environment variable
// CRUCIBLE_SNTRUP_PORTABLE=1 is present when the program starts; both
// paths compute identical bytes.

var (
	polyMul   = polyMulGeneric
	minmaxVec = minmaxGeneric
	// minmaxSmallRuns, when set, does a whole minmaxRuns stage of run
	// length below 8 and reports whether it did.
	minmaxSmallRuns func(x []uint32, a, b, end, p int) bool
	rqRecip3        = (*Params).rqRecip3Generic
	r3Recip         = (*Params).r3RecipGeneric
	dispatch        = "portable"
)

// forcePortable reports whether the environment forces the portable path.
var forcePortable = os.Getenv("CRUCIBLE_SNTRUP_PORTABLE") == "1"

// Dispatch names the code path in use: "AVX2" or "portable".
func Dispatch() string { return dispatch }
