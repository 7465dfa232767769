package symmetric

import (
	"runtime"

	"golang.org/x/sys/cpu"
)

// Dispatch names the code path a library takes on this CPU, from the
// features it tests (golang.org/x/sys/cpu), for an instance's notes.
// Libraries that choose inside the standard library are named as such.
func Dispatch(family string) string {
	if runtime.GOARCH != "amd64" {
		return "library's choice on " + runtime.GOARCH
	}
	x := cpu.X86
	pick := func(ok bool, yes, no string) string {
		if ok {
			return yes
		}
		return no
	}
	switch family {
	case "SHA-2":
		return "crypto/internal/fips140 assembly (SHA-NI, AVX2 or generic, chosen at run time)"
	case "SHA-3":
		return "crypto/internal/fips140/sha3 amd64 Keccak-f[1600] assembly"
	case "SM3", "HMAC-SM3":
		return pick(x.HasAVX2 && x.HasBMI2, "gmsm AVX2+BMI2 assembly", "gmsm SSSE3 or generic")
	case "BLAKE2":
		return pick(x.HasAVX2, "x/crypto blake2b AVX2 assembly", pick(x.HasSSE41, "x/crypto blake2b SSE4.1 assembly", "generic Go"))
	case "AES-GCM":
		return pick(x.HasAES && x.HasPCLMULQDQ, "AES-NI + PCLMULQDQ assembly", "generic Go")
	case "ChaCha20-Poly1305":
		return "ChaCha20 portable Go, Poly1305 amd64 assembly (x/crypto)"
	case "SM4-GCM":
		return sm4GCMPath() + pick(x.HasAES, ", SM4 S-box through AES-NI", "")
	}
	return ""
}
