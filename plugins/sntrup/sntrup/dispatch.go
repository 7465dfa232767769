package sntrup

// The hot loops have a portable Go version and, on amd64 with AVX2, an
// assembly version; dispatch_amd64.go swaps them in at init unless the
// portable path is forced (see Dispatch).

var (
	minmaxVec = minmaxGeneric
)

// Dispatch names the code path in use: "AVX2" or "portable".
func Dispatch() string { return dispatch }

var dispatch = "portable"
