package symmetric

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"crucible.dev/registry"
	"crucible.dev/registry/drbg"
	"crucible.dev/registry/iccs"
)

// CTRDRBG is the NIST AES-256 CTR_DRBG without derivation function
// (SP 800-90A §10.2.1) as the NIST PQC KAT generator runs it: no nonce,
// an optional 48-byte personalization string, an update after every call.
type CTRDRBG struct{}

// SeedSize is the 48-byte entropy input of the KAT generator.
func (CTRDRBG) SeedSize() int { return drbg.SeedSize }

// New instantiates the generator (SP 800-90A §10.2.1.3.1).
func (CTRDRBG) New(entropy, nonce, personalization []byte) (io.Reader, error) {
	if len(nonce) != 0 {
		return nil, fmt.Errorf("ctr-drbg: no derivation function, so no nonce (got %d bytes)", len(nonce))
	}
	return drbg.NewCTR(entropy, personalization)
}

// ICCSDRNG is the ICCS SM3 Hash_DRBG instantiated from its one input.
type ICCSDRNG struct{}

// ICCSSeedSize is the instantiation input of the NGCC KAT drivers'
// generators ("seed" × 16, and each record's 64-byte seed).
const ICCSSeedSize = 64

// SeedSize is ICCSSeedSize.
func (ICCSDRNG) SeedSize() int { return ICCSSeedSize }

// New instantiates the generator as init_random_number does.
func (ICCSDRNG) New(entropy, nonce, personalization []byte) (io.Reader, error) {
	if len(nonce) != 0 || len(personalization) != 0 {
		return nil, fmt.Errorf("iccs drng: init_random_number takes one input; got a %d-byte nonce and a %d-byte personalization string", len(nonce), len(personalization))
	}
	return iccs.NewDRNG(entropy), nil
}

// ArgLengths lists the output lengths of consecutive generate calls,
// comma-separated decimal.
const ArgLengths = "lengths"

// GenerateSeq is the extra operation "generate_seq": instantiate, then one
// generate call per listed length on the same state, outputs concatenated.
// Both generators update their state after each call, so the ICCS check
// values of a second call and the PQC seeds need it. It is not timed: the
// standard generate operation is.
func GenerateSeq(d registry.DRBG) registry.Op {
	return registry.Op{Name: "generate_seq", Doc: "key (seed material) and lengths (comma-separated decimal) in; out: the outputs of one generate call per length on one instantiated state, concatenated", Secret: true,
		Run: func(_ io.Reader, in registry.Args) (registry.Args, error) {
			key, ok := in[registry.ArgKey]
			if !ok {
				return nil, &registry.MissingArgError{Op: "generate_seq", Arg: registry.ArgKey}
			}
			var lens []int
			for _, f := range strings.Split(string(in[ArgLengths]), ",") {
				n, err := strconv.Atoi(strings.TrimSpace(f))
				if err != nil || n < 0 {
					return nil, fmt.Errorf("generate_seq: lengths %q: not a list of lengths", in[ArgLengths])
				}
				lens = append(lens, n)
			}
			g, err := d.New(key, in[registry.ArgNonce], in[registry.ArgInfo])
			if err != nil {
				return nil, err
			}
			var out []byte
			for _, n := range lens {
				b := make([]byte, n)
				if _, err := io.ReadFull(g, b); err != nil {
					return nil, fmt.Errorf("generate_seq: %w", err)
				}
				out = append(out, b...)
			}
			return registry.Args{registry.ArgOut: out}, nil
		}}
}
