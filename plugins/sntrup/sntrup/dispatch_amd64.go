//go:build !purego

package sntrup

import "golang.org/x/sys/cpu"

// hasAssembly: this build has the AVX2 and AVX-512 code.
const hasAssembly = true

func init() {
	useAVX2 = cpu.X86.HasAVX2 && !forcePortable
	useVNNI = useAVX2 && cpu.X86.HasAVXVNNI && !forceNoVNNI
	useAVX512 = useAVX2 && cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && !forceNoVNNI
}
