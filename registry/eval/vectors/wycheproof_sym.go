package vectors

import (
	"bytes"
	"fmt"
	"strconv"

	"crucible.dev/registry"
)

// wycheproofAEAD replays an AEAD file with open and seal. An instance
// serves one parameter set (its key, nonce and tag sizes): a valid case of
// another key, nonce or tag length does not apply and is not counted, but
// an invalid case with a nonce of another length must be refused like a
// forged tag. A valid case must open to its message and seal to its
// ciphertext and tag.
func wycheproofAEAD(x *replay, file string, f *WycheproofFile) error {
	type group struct {
		KeySize int `json:"keySize"`
		IVSize  int `json:"ivSize"`
		TagSize int `json:"tagSize"`
		Tests   []struct {
			WycheproofCase
			Key Hex `json:"key"`
			IV  Hex `json:"iv"`
			AAD Hex `json:"aad"`
			Msg Hex `json:"msg"`
			CT  Hex `json:"ct"`
			Tag Hex `json:"tag"`
		} `json:"tests"`
	}
	s := x.t.Sizes
	return groups(file, f, func(_ int, g *group) error {
		for _, c := range g.Tests {
			id := fmt.Sprintf("wycheproof %s tc %d (%s)", file, c.TcID, c.Comment)
			valid := c.Result != "invalid"
			if s.Key > 0 && (g.KeySize != 8*s.Key || g.TagSize != 8*s.Overhead || (g.IVSize != 8*s.Nonce && valid)) {
				continue // another parameter set of the algorithm
			}
			ct := append(bytes.Clone(c.CT), c.Tag...)
			out, err := x.run("open", nil, registry.Args{registry.ArgKey: c.Key, registry.ArgNonce: c.IV, registry.ArgCT: ct, registry.ArgAD: c.AAD})
			opened := err == nil && string(out[registry.ArgValid]) == "1"
			if !valid {
				x.res.Check(!opened, "%s: an invalid ciphertext was accepted", id)
				continue
			}
			if err != nil {
				return fmt.Errorf("%s: open: %w", id, err)
			}
			x.res.Check(opened && bytes.Equal(out[registry.ArgOut], c.Msg), "%s: open valid=%s pt %x, want %x", id, out[registry.ArgValid], out[registry.ArgOut], c.Msg)
			sealed, err := x.run("seal", nil, registry.Args{registry.ArgKey: c.Key, registry.ArgNonce: c.IV, registry.ArgMsg: c.Msg, registry.ArgAD: c.AAD})
			if err != nil {
				return fmt.Errorf("%s: seal: %w", id, err)
			}
			x.res.Check(bytes.Equal(sealed[registry.ArgCT], ct), "%s: seal %x, want %x", id, sealed[registry.ArgCT], ct)
		}
		return nil
	})
}

// wycheproofMAC checks a MAC file with mac: the tag of a valid case is the
// output's first tagSize bits, and an invalid case's tag is not.
func wycheproofMAC(x *replay, file string, f *WycheproofFile) error {
	type group struct {
		TagSize int `json:"tagSize"`
		Tests   []struct {
			WycheproofCase
			Key Hex `json:"key"`
			Msg Hex `json:"msg"`
			Tag Hex `json:"tag"`
		} `json:"tests"`
	}
	return groups(file, f, func(_ int, g *group) error {
		for _, c := range g.Tests {
			where := fmt.Sprintf("%s tcId %d (%s)", file, c.TcID, c.Comment)
			tag, err := x.out("mac", registry.Args{registry.ArgKey: c.Key, registry.ArgMsg: c.Msg})
			if n := g.TagSize / 8; err == nil && n <= len(tag) {
				tag = tag[:n]
			}
			match := err == nil && bytes.Equal(tag, c.Tag)
			switch c.Result {
			case "valid":
				x.res.Check(match, "%s: tag %x, want %x (%v)", where, tag, c.Tag, err)
			case "invalid":
				x.res.Check(!match, "%s (flags %v): the modified tag %x matches", where, c.Flags, c.Tag)
			}
		}
		return nil
	})
}

// wycheproofHKDF checks an HKDF file with kdf: a valid case's output is
// okm, and an invalid one (an output too long for HKDF) is refused.
func wycheproofHKDF(x *replay, file string, f *WycheproofFile) error {
	type group struct {
		Tests []struct {
			WycheproofCase
			IKM  Hex `json:"ikm"`
			Salt Hex `json:"salt"`
			Info Hex `json:"info"`
			Size int `json:"size"`
			OKM  Hex `json:"okm"`
		} `json:"tests"`
	}
	return groups(file, f, func(_ int, g *group) error {
		for _, c := range g.Tests {
			where := fmt.Sprintf("%s tcId %d (%s)", file, c.TcID, c.Comment)
			okm, err := x.out("kdf", registry.Args{registry.ArgKey: c.IKM, registry.ArgSalt: c.Salt,
				registry.ArgInfo: c.Info, registry.ArgLength: []byte(strconv.Itoa(c.Size))})
			switch c.Result {
			case "valid":
				x.res.Check(err == nil && bytes.Equal(okm, c.OKM), "%s: okm %x, want %x (%v)", where, okm, c.OKM, err)
			case "invalid":
				x.res.Check(err != nil, "%s (flags %v): output of %d bytes given, want a refusal", where, c.Flags, c.Size)
			}
		}
		return nil
	})
}
