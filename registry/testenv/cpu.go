package testenv

import "golang.org/x/sys/cpu"

// features maps the CPU feature names SkipCPU and CRUCIBLE_REQUIRE_CPU
// accept to whether this CPU has them (false off amd64).
var features = map[string]func() bool{
	"avx2":       func() bool { return cpu.X86.HasAVX2 },
	"bmi2":       func() bool { return cpu.X86.HasBMI2 },
	"adx":        func() bool { return cpu.X86.HasADX },
	"avx512f":    func() bool { return cpu.X86.HasAVX512F },
	"avx512vl":   func() bool { return cpu.X86.HasAVX512VL },
	"avx512bw":   func() bool { return cpu.X86.HasAVX512BW },
	"avxvnni":    func() bool { return cpu.X86.HasAVXVNNI },
	"avx512vnni": func() bool { return cpu.X86.HasAVX512VNNI },
}
