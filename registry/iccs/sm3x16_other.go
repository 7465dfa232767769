//go:build !amd64 || purego

package iccs

// useLanes is false: there is no multi-lane kernel on this platform (a
// variable so that tests can run every path everywhere).
var useLanes = false

// hasLanes: this build has no lane kernel.
const hasLanes = false

// dispatch names the SM3 path for reports.
const dispatch = "gmsm v0.44.0 sm3"

func block16(dig *[8][16]uint32, m *[16][16]uint32) { panic("iccs: no 16-lane SM3 kernel") }

func splat16(dst *[16]uint32, src *uint32, n int) { panic("iccs: no 16-lane SM3 kernel") }

func block8(dig *[8][16]uint32, m *[16][16]uint32) { panic("iccs: no 8-lane SM3 kernel") }
