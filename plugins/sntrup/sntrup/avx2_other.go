//go:build !amd64 || purego

package sntrup

// hasAssembly: this build has no assembly, so its tests of it do not exist.
const hasAssembly = false

// Without the assembly, useAVX2 stays false and these are never called.

func polyMulAVX2(c []int32, a []int16, b []int8)         { panic("sntrup: no AVX2 code in this build") }
func (ps *Params) rqRecip3AVX2(out []int16, a []int8)    { panic("sntrup: no AVX2 code in this build") }
func (ps *Params) r3RecipAVX2(out []int8, a []int8) bool { panic("sntrup: no AVX2 code in this build") }
func sortBitonicAVX2(x []uint32, wide bool)              { panic("sntrup: no AVX2 code in this build") }
func (ps *Params) foldFqAVX2(out []int16, c []int32)     { panic("sntrup: no AVX2 code in this build") }
func (ps *Params) fold3AVX2(out []int8, c []int32)       { panic("sntrup: no AVX2 code in this build") }
func (ps *Params) lift3AVX2(out []int8, in []int16)      { panic("sntrup: no AVX2 code in this build") }
func decodePairsVec(lv *radixLevel, next, cur []uint16, S []byte) (pairs, used int) {
	panic("sntrup: no AVX2 code in this build")
}
func encodePairsVec(lv *radixLevel, out []byte, R []uint16) (pairs, used int) {
	panic("sntrup: no AVX2 code in this build")
}
func smallDecodeAVX2(out *int8, s *byte, n int) { panic("sntrup: no AVX2 code in this build") }
func (ps *Params) r3MulAVX2(out, a, b []int8)   { panic("sntrup: no AVX2 code in this build") }
func (ps *Params) rqMulSmallAVX2(out, a []int16, b []int8) {
	panic("sntrup: no AVX2 code in this build")
}
func roundAVX2(out, in *int16, n int) { panic("sntrup: no AVX2 code in this build") }
func affine16AVX2(out *int16, in *uint16, n int, mul, add int16) {
	panic("sntrup: no AVX2 code in this build")
}
func roundedDigitsAVX2(out *uint16, in *int16, n int, q12 int16) {
	panic("sntrup: no AVX2 code in this build")
}
func smallEncodeAVX2(out *byte, f *int8, n int) { panic("sntrup: no AVX2 code in this build") }
