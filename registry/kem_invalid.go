package registry

import (
	"bytes"
	"fmt"
	"io"
)

// A KEM's decapsulation of a wrong ciphertext is timed two ways, because
// the two take different paths through an implementation of the
// Fujisaki-Okamoto transform:
//
//   - decaps_reject: a well-formed ciphertext made for another key pair. It
//     decodes; decryption yields some message, re-encryption under this key
//     gives another ciphertext, and the scheme answers with its implicit
//     rejection key (or its rejection error). This is the path an attacker's
//     chosen ciphertexts take, and it should cost what decaps costs.
//   - decaps_invalid: one bit flipped in the middle of a valid ciphertext.
//     Where the encoding has structure (compressed coefficients, a padded
//     message code) the ciphertext may fail to decode and the call return
//     after the format check: this times that check.
const (
	docDecapsReject  = "a well-formed ciphertext made for another key pair: decodes, fails re-encryption, answers with the implicit-rejection key (the chosen-ciphertext path)"
	docDecapsInvalid = "one bit flipped in the middle of a valid ciphertext: malformed input, which may fail decoding before any re-encryption (the format check)"
)

// decapsRejectOp is decaps_reject (see above).
func decapsRejectOp(k KEM) Op {
	type rejectIn struct{ sk, ct, otherSS []byte }
	return Op{Name: OpDecapsReject, Doc: docDecapsReject, Secret: true,
		Run: func(_ io.Reader, in Args) (Args, error) {
			a, err := need(OpDecapsReject, in, ArgSK, ArgCT)
			if err != nil {
				return nil, err
			}
			ss, err := k.Decapsulate(a[0], a[1])
			return Args{ArgSS: ss}, err
		},
		Prepare: func(r io.Reader, _ BenchParams) (func() error, error) {
			return pooled(func() (rejectIn, error) {
				_, sk, err := k.GenerateKey(r)
				if err != nil {
					return rejectIn{}, fmt.Errorf("keygen: %w", err)
				}
				otherPK, _, err := k.GenerateKey(r)
				if err != nil {
					return rejectIn{}, fmt.Errorf("keygen: %w", err)
				}
				ct, ss, err := k.Encapsulate(r, otherPK)
				if err != nil {
					return rejectIn{}, fmt.Errorf("encaps: %w", err)
				}
				return rejectIn{sk, ct, ss}, nil
			}, func(in rejectIn, check bool) error {
				ss, err := k.Decapsulate(in.sk, in.ct)
				if err != nil {
					// A scheme with explicit rejection says so: that is
					// its rejection path, timed the same.
					return nil
				}
				if check && bytes.Equal(ss, in.otherSS) {
					return fmt.Errorf("decaps_reject: a ciphertext made for another key gave that key's secret: %w", ErrWrongOutput)
				}
				return nil
			})
		}}
}
