package main

import (
	"io"
	"runtime"

	"crucible.dev/plugins/sntrup/sntrup"
	"crucible.dev/registry"
	"crucible.dev/registry/kat"
)

// The KAT sources: the same NIST .rsp generator run under each of the two
// ways implementations split their random reads.
const (
	sourceOneCall = "nist-rsp-onecall" // PQClean, liboqs
	sourceNIST    = "nist-rsp-nist"    // NIST submission, OpenSSH, Bouncy Castle
)

// kem adapts a parameter set and a randomness convention to registry.KEM.
type kem struct {
	ps   *sntrup.Params
	conv sntrup.Convention
}

func (k kem) GenerateKey(rand io.Reader) (pk, sk []byte, err error) {
	return k.ps.GenerateKey(rand, k.conv)
}

func (k kem) Encapsulate(rand io.Reader, pk []byte) (ct, ss []byte, err error) {
	return k.ps.Encapsulate(rand, k.conv, pk)
}

func (k kem) Decapsulate(sk, ct []byte) ([]byte, error) { return k.ps.Decapsulate(sk, ct) }

// instances returns one KEM instance per parameter set. It serves the
// one-call convention (the one crypto/rand users see either way); the KAT
// generators cover both conventions.
func instances() []*registry.Instance {
	var out []*registry.Instance
	for _, ps := range sntrup.All {
		gen := func(source string, conv sntrup.Convention) registry.KATGenerator {
			return registry.KATGenerator{
				Source: source, Format: kat.FormatRSP, Records: 100,
				Generate: func(w io.Writer, n int, seed []byte) error {
					return kat.WriteRSPKEM(w, kem{ps, conv}, n, seed)
				},
			}
		}
		out = append(out, &registry.Instance{
			Name: ps.Name,
			Kind: registry.KindKEM,
			KEM:  kem{ps, sntrup.OneCall},
			Sizes: registry.Sizes{
				PublicKey:    ps.PublicKeySize,
				SecretKey:    ps.SecretKeySize,
				Ciphertext:   ps.CiphertextSize,
				SharedSecret: ps.SharedSecretLen,
			},
			KATs: []registry.KATGenerator{
				gen(sourceOneCall, sntrup.OneCall),
				gen(sourceNIST, sntrup.PerCoefficient),
			},
			// The symmetric share is SHA-512 (Hash_b of spec §3.5).
			Profile: []string{"crypto/internal/fips140/sha512.", "crypto/sha512."},
			Notes: map[string]string{
				"implementation": "crucible.dev/plugins/sntrup (Go, this module)",
				"dispatch":       sntrup.Dispatch() + " (" + runtime.GOARCH + "); " + sntrup.DispatchDetail(),
				"secret key":     "f, 1/g, pk, rho, Hash4(pk) (spec §3.5)",
				"randomness":     "one Read per polynomial; the nist-rsp-nist KATs read p 4-byte words one at a time",
			},
		})
	}
	return out
}
