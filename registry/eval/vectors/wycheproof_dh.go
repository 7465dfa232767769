package vectors

import (
	"bytes"
	"crypto/sha256"
	"fmt"

	"crucible.dev/registry"
)

// dhGroup is a group of an XDH or ECDH file: the private scalar, the peer's
// public value and the shared secret per case.
type dhGroup struct {
	Tests []struct {
		WycheproofCase
		Public  Hex `json:"public"`
		Private Hex `json:"private"`
		Shared  Hex `json:"shared"`
	} `json:"tests"`
}

// wycheproofXDH replays an XDH file through the role dh, X(k, u) of RFC
// 7748 §5. A result of "acceptable" (low-order points, non-canonical
// encodings) passes when the operation either returns the listed secret
// or refuses; an all-zero secret must be refused or equal, as RFC 7748
// §6.1 lets a party abort on it.
func wycheproofXDH(x *replay, file string, f *WycheproofFile) error {
	op, err := x.role("dh")
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	return groups(file, f, func(_ int, g *dhGroup) error {
		for _, tc := range g.Tests {
			got, err := x.out(op, registry.Args{registry.ArgScalar: tc.Private, registry.ArgPoint: tc.Public})
			switch tc.Result {
			case "valid":
				x.res.Check(err == nil && bytes.Equal(got, tc.Shared),
					"tcId %d (%s), field shared: got %x (error %v), want %x", tc.TcID, tc.Comment, got, err, tc.Shared)
			case "acceptable":
				x.res.Check(err != nil || bytes.Equal(got, tc.Shared),
					"tcId %d (%s), field shared: got %x, want %x or a refusal", tc.TcID, tc.Comment, got, tc.Shared)
			default: // invalid
				x.res.Check(err != nil || !bytes.Equal(got, tc.Shared),
					"tcId %d (%s): an invalid case was accepted", tc.TcID, tc.Comment)
			}
		}
		return nil
	})
}

// wycheproofECDH replays an ECDH file (public keys as DER
// SubjectPublicKeyInfo) through the role ecdh. Its shared secrets are x
// coordinates; with the option shared=sha256-compressed the secret is
// SHA-256 of the compressed point, and since the file does not give the
// parity of y, either 0x02 ‖ x or 0x03 ‖ x is accepted.
func wycheproofECDH(x *replay, file string, f *WycheproofFile) error {
	op, err := x.role("ecdh")
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	hashed := x.opt("shared", "x") == "sha256-compressed"
	return groups(file, f, func(_ int, g *dhGroup) error {
		for _, tc := range g.Tests {
			out, err := x.run(op, nil, registry.Args{registry.ArgScalar: tc.Private, registry.ArgPoint: tc.Public})
			accepted := err == nil
			if !outcome(tc.Result, accepted) {
				x.res.Fail("%s tcId %d (%s): result %s, accepted=%v (%v)", file, tc.TcID, tc.Comment, tc.Result, accepted, err)
				continue
			}
			if !accepted {
				x.res.Passed++
				continue
			}
			ss := out[registry.ArgSS]
			ok := bytes.Equal(ss, tc.Shared)
			if hashed {
				even := sha256.Sum256(append([]byte{0x02}, tc.Shared...))
				odd := sha256.Sum256(append([]byte{0x03}, tc.Shared...))
				ok = bytes.Equal(ss, even[:]) || bytes.Equal(ss, odd[:])
			}
			x.res.Check(ok, "%s tcId %d (%s): ss %x, x %x", file, tc.TcID, tc.Comment, ss, tc.Shared)
		}
		return nil
	})
}
