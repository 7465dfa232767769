//go:build amd64 && !purego

package amoeba

import (
	"os"

	"golang.org/x/sys/cpu"
)

// useAVX2 selects the AVX2 kernels (16 int16 lanes) for the NTT's split,
// radix-3 levels, radix-2 levels with 8 and 4 butterflies per block, and
// compose step; the levels with 2 and 1 butterflies per block stay in Go.
// CRUCIBLE_AMOEBA_PORTABLE=1 forces the Go code.
var useAVX2 = cpu.X86.HasAVX2 && os.Getenv("CRUCIBLE_AMOEBA_PORTABLE") != "1"

// splitAVX2 is split on 16 lanes at a time (v: row 0 FZ[0], row 1 its
// companion).
//
//go:noescape
func splitAVX2(f *[n]int16, v *montVecs)

// fwdRadix3AVX2 is fwdRadix3 on one block whose rows a, b, c hold
// 16·chunks values each.
//
//go:noescape
func fwdRadix3AVX2(a, b, c *int16, chunks int, v *montVecs)

// invRadix3AVX2 is invRadix3 on one block. The sum a + b + c is formed in
// int16 lanes before the Barrett reduction, which is exact only while it
// fits: TestInverseNTTBounds proves it does for every input the inverse
// transform receives (polyMul's outputs, all in (−q, q)).
//
//go:noescape
func invRadix3AVX2(a, b, c *int16, chunks int, v *montVecs)

// composeAVX2 is compose with the final scale (v: row 0 IZ[565], row 2 the
// scale factor, rows 1 and 3 their companions).
//
//go:noescape
func composeAVX2(f *[n]int16, v *montVecs)

// fwdRadix2x8AVX2 and fwdRadix2x4AVX2 are the forward radix-2 levels with
// 8 and 4 butterflies per block; invRadix2x4AVX2 and invRadix2x8AVX2 the
// inverse ones, whose x + y is formed in int16 lanes before the Barrett
// reduction (exact by TestInverseNTTBounds).
//
//go:noescape
func fwdRadix2x8AVX2(f *[n]int16, v *r2Vecs)

//go:noescape
func fwdRadix2x4AVX2(f *[n]int16, v *r2Vecs)

//go:noescape
func invRadix2x4AVX2(f *[n]int16, v *r2Vecs)

//go:noescape
func invRadix2x8AVX2(f *[n]int16, v *r2Vecs)

// mulAccAVX2 adds f[s]·h[s] to acc for the 288 slots of one block, and
// mulAccYAVX2 adds f[s]·y[s]·h[s]; both exact in int64. acc keeps each
// group of 8 slots as its 4 even slots, then its 4 odd ones.
//
//go:noescape
func mulAccAVX2(acc *[n]int64, f, h *int16)

//go:noescape
func mulAccYAVX2(acc *[n]int64, f, h *int16, y *[n]int32)
