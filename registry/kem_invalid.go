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
//   - decaps_reject: a well-formed ciphertext that fails re-encryption. By
//     default one made for another key pair: it decodes, decryption yields
//     some message, re-encryption under this key gives another ciphertext,
//     and the scheme answers with its implicit-rejection key (or its
//     rejection error). A scheme whose decryption can refuse a message
//     before re-encryption (a message code that cannot decode) implements
//     RejectionProber, and gets instead a valid ciphertext of its own with
//     one bit flipped where it still decrypts: the path an attacker's
//     chosen ciphertexts take, which should cost what decaps costs.
//   - decaps_invalid: one bit flipped in the middle of a valid ciphertext.
//     Where the encoding has structure (compressed coefficients, a padded
//     message code) the ciphertext may fail to decode and the call return
//     after the format check: this times that check.
const (
	docDecapsReject  = "a well-formed ciphertext that decrypts but fails re-encryption (made for another key pair, or where decryption may refuse a message, a valid one with a bit flipped where it still decrypts): the implicit-rejection path"
	docDecapsInvalid = "one bit flipped in the middle of a valid ciphertext: malformed input, which may fail decoding before any re-encryption (the format check)"
)

// A RejectionProber is a KEM whose decapsulation may return before
// re-encryption (a message code that cannot decode what decryption
// yields). ReachesReencryption reports whether decapsulating ct under sk
// gets to re-encryption.
type RejectionProber interface {
	ReachesReencryption(sk, ct []byte) (bool, error)
}

// maxRejectTries bounds the bit flips tried per decaps_reject input.
const maxRejectTries = 4096

// rejectedFlip returns ct with one bit flipped, at a place drawn from r,
// that still decrypts (p reports it reaches re-encryption) and is
// rejected (its key is not ss).
func rejectedFlip(k KEM, p RejectionProber, r io.Reader, sk, ct, ss []byte) ([]byte, error) {
	var b [4]byte
	for try := 0; try < maxRejectTries; try++ {
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return nil, err
		}
		bit := int(b[0]) | int(b[1])<<8 | int(b[2])<<16
		bad := bytes.Clone(ct)
		bad[(bit>>3)%len(bad)] ^= 1 << (bit & 7)
		ok, err := p.ReachesReencryption(sk, bad)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		got, err := k.Decapsulate(sk, bad)
		if err == nil && !bytes.Equal(got, ss) {
			return bad, nil
		}
	}
	return nil, fmt.Errorf("no one-bit change of a ciphertext both decrypts and is rejected in %d tries", maxRejectTries)
}

// decapsRejectOp is decaps_reject (see above).
func decapsRejectOp(k KEM) Op {
	type rejectIn struct{ ct, otherSS []byte }
	return Op{Name: OpDecapsReject, Doc: docDecapsReject, Secret: true,
		Run: func(_ io.Reader, in Args) (Args, error) {
			a, err := need(OpDecapsReject, in, ArgSK, ArgCT)
			if err != nil {
				return nil, err
			}
			ss, err := k.Decapsulate(a[0], a[1])
			return Args{ArgSS: ss}, err
		},
		// One key pair decapsulates BenchPool rejected ciphertexts in turn.
		Fed: kemFed(k, OpDecapsReject, true),
		Prepare: func(r io.Reader, bp BenchParams) (func() error, error) {
			pk, sk, err := k.GenerateKey(r)
			if err != nil {
				return nil, fmt.Errorf("keygen: %w", err)
			}
			p, flip := k.(RejectionProber)
			if !flip {
				if pk, _, err = k.GenerateKey(r); err != nil {
					return nil, fmt.Errorf("keygen: %w", err)
				}
			}
			return pooled(bp, func() (rejectIn, error) {
				ct, ss, err := k.Encapsulate(r, pk)
				if err != nil {
					return rejectIn{}, fmt.Errorf("encaps: %w", err)
				}
				if flip {
					if ct, err = rejectedFlip(k, p, r, sk, ct, ss); err != nil {
						return rejectIn{}, fmt.Errorf("decaps_reject input: %w", err)
					}
				}
				return rejectIn{ct, ss}, nil
			}, func(in rejectIn, check bool) error {
				ss, err := k.Decapsulate(sk, in.ct)
				if err != nil {
					// A scheme with explicit rejection says so: that is
					// its rejection path, timed the same.
					return nil
				}
				if check && bytes.Equal(ss, in.otherSS) {
					return fmt.Errorf("decaps_reject: a ciphertext that should fail re-encryption gave the encapsulated secret: %w", ErrWrongOutput)
				}
				return nil
			})
		}}
}

// OpRejectInput makes one decaps_reject input for the host's fed loop,
// the way the plugin's own loop makes them: given the key pair (pk, sk)
// the loop decapsulates under and the public key of another key pair
// (peer_pk), it returns a ciphertext (ct) that the key pair rejects: one
// encapsulated to peer_pk, or for a RejectionProber one of its own with a
// bit flipped where it still decrypts. Every plugin serving through Serve
// answers it for every KEM instance, in the producer, the process that
// makes the host's inputs; it is no timed operation.
const OpRejectInput = "crucible.reject_input"

// rejectInputOp is OpRejectInput's operation for k.
func rejectInputOp(k KEM) Op {
	return Op{Name: OpRejectInput, Doc: "a ciphertext the given key pair rejects, made as decaps_reject's own loop makes one",
		Run: func(r io.Reader, in Args) (Args, error) {
			a, err := need(OpRejectInput, in, ArgPK, ArgSK, ArgPeerPK)
			if err != nil {
				return nil, err
			}
			pk, sk := a[0], a[1]
			p, flip := k.(RejectionProber)
			if !flip {
				pk = a[2]
			}
			ct, ss, err := k.Encapsulate(r, pk)
			if err != nil {
				return nil, fmt.Errorf("encaps: %w", err)
			}
			if flip {
				if ct, err = rejectedFlip(k, p, r, sk, ct, ss); err != nil {
					return nil, err
				}
			}
			return Args{ArgCT: ct}, nil
		}}
}
