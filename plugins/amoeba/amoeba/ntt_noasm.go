//go:build !amd64 || purego

package amoeba

// useAVX2 is false where the AVX2 kernels are not built; the stubs are
// never called.
const useAVX2 = false

func splitAVX2(*[n]int16, *montVecs)                   { panic("amoeba: no AVX2 kernels") }
func fwdRadix3AVX2(_, _, _ *int16, _ int, _ *montVecs) { panic("amoeba: no AVX2 kernels") }
func invRadix3AVX2(_, _, _ *int16, _ int, _ *montVecs) { panic("amoeba: no AVX2 kernels") }
func composeAVX2(*[n]int16, *montVecs)                 { panic("amoeba: no AVX2 kernels") }

func fwdRadix2x8AVX2(*[n]int16, *r2Vecs) { panic("amoeba: no AVX2 kernels") }
func fwdRadix2x4AVX2(*[n]int16, *r2Vecs) { panic("amoeba: no AVX2 kernels") }
func invRadix2x4AVX2(*[n]int16, *r2Vecs) { panic("amoeba: no AVX2 kernels") }
func invRadix2x8AVX2(*[n]int16, *r2Vecs) { panic("amoeba: no AVX2 kernels") }

func mulAccAVX2(*[n]int64, *int16, *int16)             { panic("amoeba: no AVX2 kernels") }
func mulAccYAVX2(*[n]int64, *int16, *int16, *[n]int32) { panic("amoeba: no AVX2 kernels") }
