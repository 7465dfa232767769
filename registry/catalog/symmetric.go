package catalog

import "crucible.dev/registry"

// The symmetric primitives, and the ICCS helper functions that NGCC
// submissions call, as the benchmark subjects and baselines of the
// symmetric plugin. Sizes are those of the standards; MACs and DRBGs are
// keyed and seeded with the lengths their KATs and benchmarks use. No KAT
// file is published for them: they are checked against test vectors.
func init() {
	register(
		Entry{Name: "SHA-256", Family: "SHA-2", Kind: registry.KindHash, Sizes: registry.Sizes{Digest: 32}, Spec: "FIPS 180-4"},
		Entry{Name: "SHA-512", Family: "SHA-2", Kind: registry.KindHash, Sizes: registry.Sizes{Digest: 64}, Spec: "FIPS 180-4"},
		Entry{Name: "SHA3-256", Family: "SHA-3", Kind: registry.KindHash, Sizes: registry.Sizes{Digest: 32}, Spec: "FIPS 202"},
		Entry{Name: "SHA3-512", Family: "SHA-3", Kind: registry.KindHash, Sizes: registry.Sizes{Digest: 64}, Spec: "FIPS 202"},
		Entry{Name: "SHAKE128", Family: "SHA-3", Kind: registry.KindXOF, Spec: "FIPS 202"},
		Entry{Name: "SHAKE256", Family: "SHA-3", Kind: registry.KindXOF, Spec: "FIPS 202"},
		Entry{Name: "SM3", Family: "SM3", Kind: registry.KindHash, Sizes: registry.Sizes{Digest: 32}, Spec: "GB/T 32905-2016"},
		Entry{Name: "BLAKE2b-256", Family: "BLAKE2", Kind: registry.KindHash, Sizes: registry.Sizes{Digest: 32}, Spec: "RFC 7693"},
		Entry{Name: "HMAC-SHA256", Family: "HMAC", Kind: registry.KindMAC, Sizes: registry.Sizes{Digest: 32, Key: 32}, Spec: "FIPS 198-1, RFC 2104"},
		Entry{Name: "HMAC-SHA3-256", Family: "HMAC", Kind: registry.KindMAC, Sizes: registry.Sizes{Digest: 32, Key: 32}, Spec: "FIPS 198-1"},
		Entry{Name: "HMAC-SM3", Family: "HMAC", Kind: registry.KindMAC, Sizes: registry.Sizes{Digest: 32, Key: 32}, Spec: "GB/T 15852.2-2012"},
		Entry{Name: "HKDF-SHA256", Family: "HKDF", Kind: registry.KindKDF, Spec: "RFC 5869, SP 800-56C Rev. 2"},
		Entry{Name: "AES-256-GCM", Family: "AES-GCM", Kind: registry.KindAEAD, Sizes: registry.Sizes{Key: 32, Nonce: 12, Overhead: 16}, Spec: "FIPS 197, SP 800-38D"},
		Entry{Name: "ChaCha20-Poly1305", Family: "ChaCha20-Poly1305", Kind: registry.KindAEAD, Sizes: registry.Sizes{Key: 32, Nonce: 12, Overhead: 16}, Spec: "RFC 8439"},
		Entry{Name: "SM4-GCM", Family: "SM4-GCM", Kind: registry.KindAEAD, Sizes: registry.Sizes{Key: 16, Nonce: 12, Overhead: 16}, Spec: "GB/T 32907-2016, RFC 8998"},
		Entry{Name: "CTR-DRBG-AES256", Family: "DRBG", Kind: registry.KindDRBG, Sizes: registry.Sizes{Key: 48}, Spec: "SP 800-90A Rev. 1 §10.2.1 (no derivation function), NIST PQC rng.c"},
		Entry{Name: "ICCS-sm3hash", Family: "ICCS", Kind: registry.KindHash, Sizes: registry.Sizes{Digest: 32}, Spec: "ICCS auxfunc.c sm3hash(256)"},
		Entry{Name: "ICCS-pseudoXOF", Family: "ICCS", Kind: registry.KindXOF, Spec: "ICCS auxfunc.c pseudoXOF (GB/T 32918.4 §5.4.3 KDF)"},
		Entry{Name: "ICCS-pseudohash512", Family: "ICCS", Kind: registry.KindHash, Sizes: registry.Sizes{Digest: 64}, Spec: "ICCS auxfunc.c pseudohash(512)"},
		Entry{Name: "ICCS-pseudohash768", Family: "ICCS", Kind: registry.KindHash, Sizes: registry.Sizes{Digest: 96}, Spec: "ICCS auxfunc.c pseudohash(768)"},
		Entry{Name: "ICCS-pseudohash1024", Family: "ICCS", Kind: registry.KindHash, Sizes: registry.Sizes{Digest: 128}, Spec: "ICCS auxfunc.c pseudohash(1024)"},
		Entry{Name: "ICCS-DRNG", Family: "ICCS", Kind: registry.KindDRBG, Sizes: registry.Sizes{Key: 64}, Spec: "ICCS drng.c (SP 800-90A Hash_DRBG over SM3, seedlen 440)"},
	)
}
