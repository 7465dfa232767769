//go:build !purego

package sntrup

import "golang.org/x/sys/cpu"

func init() {
	if cpu.X86.HasAVX2 && !forcePortable {
		polyMul = polyMulAVX2
		minmaxVec = minmaxAVX2Slices
		minmaxSmallRuns = minmaxRunsAVX2
		rqRecip3 = (*Params).rqRecip3AVX2
		r3Recip = (*Params).r3RecipAVX2
		dispatch = "AVX2"
	}
}
