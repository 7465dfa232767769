//go:build amd64 && !purego

package iccs

import "golang.org/x/sys/cpu"

//go:generate go run gen_sm3x16.go

// useLanes selects the AVX-512 SM3 kernels: independent counter blocks of
// pseudoXOF and the DRNG are compressed sixteen (or eight) at a time.
// block8 runs the AVX-512 instructions on Y registers, which needs VL.
var useLanes = cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL

// hasLanes: this build has the lane kernels.
const hasLanes = true

// dispatch names the SM3 path for reports.
var dispatch = map[bool]string{true: "AVX-512 16-lane SM3 for counter blocks, gmsm v0.44.0 sm3 otherwise", false: "gmsm v0.44.0 sm3 (no AVX-512)"}[useLanes]

// block16 compresses one 64-byte block into each of 16 SM3 states:
// dig[i][l] is state word i of lane l, m[k][l] message word k of lane l
// (GB/T 32905 §5.3, words already big-endian decoded).
//
//go:noescape
func block16(dig *[8][16]uint32, m *[16][16]uint32)

// block8 is block16 for lanes 0 to 7 only, on 256-bit registers: when at
// most eight blocks are wanted it does half the work in fewer cycles.
//
//go:noescape
func block8(dig *[8][16]uint32, m *[16][16]uint32)

// splat16 sets dst[i] to sixteen copies of src[i] for i < n.
//
//go:noescape
func splat16(dst *[16]uint32, src *uint32, n int)
