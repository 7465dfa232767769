package vectors

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/big"
	"strings"

	"crucible.dev/registry"
)

// The secp256k1 instances and the operations their vectors need beyond the
// signature and key-exchange kinds' own.
const (
	secpECDSA        = "ECDSA-secp256k1-SHA256"
	secpECDSACompact = "ECDSA-secp256k1-SHA256-compact"
	secpBIP340       = "BIP340-Schnorr"
	secpECDH         = "ECDH-secp256k1"
	secpECDHX        = "ECDH-secp256k1-x"

	// opVerifyLowS verifies an ECDSA signature under the low-S rule of
	// BIP-146 (s > n/2 is invalid): args pk, msg, sig; result valid.
	opVerifyLowS = "verify_low_s"
	// opECDHSPKI computes an ECDH shared secret from a private key integer
	// (scalar, big-endian, any length) and a peer public key as a DER
	// SubjectPublicKeyInfo (point): result ss, or an error for a rejected key.
	opECDHSPKI = "ecdh_spki"
)

func init() {
	Register(Source{Name: "wycheproof",
		Applies: is(secpECDSA, secpECDSACompact, secpECDH, secpECDHX),
		Check:   checkSecpWycheproof})
	Register(Source{Name: "bip340", Applies: is(secpBIP340), Check: func(_ string, r registry.Runner) (Result, error) {
		return checkBIP340(bip340Path, bip340CSV, r)
	}})
	Register(Source{Name: "rfc6979", Applies: is(secpECDSA, secpECDSACompact), Check: checkSecpRFC6979})
}

// checkSecpWycheproof replays Wycheproof's secp256k1 files: for ECDSA with
// DER signatures ecdsa_secp256k1_sha256_test.json through verify and
// ecdsa_secp256k1_sha256_bitcoin_test.json (which adds the low-S rule)
// through verify_low_s; for the compact form the P1363 file; for ECDH
// ecdh_secp256k1_test.json through ecdh_spki.
func checkSecpWycheproof(instance string, r registry.Runner) (Result, error) {
	var res Result
	switch {
	case strings.EqualFold(instance, secpECDSA):
		if err := wycheproofECDSA(&res, r, "ecdsa_secp256k1_sha256_test.json", "verify"); err != nil {
			return res, err
		}
		return res, wycheproofECDSA(&res, r, "ecdsa_secp256k1_sha256_bitcoin_test.json", opVerifyLowS)
	case strings.EqualFold(instance, secpECDSACompact):
		return res, wycheproofECDSA(&res, r, "ecdsa_secp256k1_sha256_p1363_test.json", "verify")
	case strings.EqualFold(instance, secpECDHX):
		return res, wycheproofSecpECDH(&res, r, true)
	case strings.EqualFold(instance, secpECDH):
		return res, wycheproofSecpECDH(&res, r, false)
	}
	return res, fmt.Errorf("wycheproof: no secp256k1 vectors for %s", instance)
}

// wycheproofOutcome says whether an implementation's acceptance matches a
// case's result: valid cases must be accepted, invalid ones rejected, and
// "acceptable" ones (legal but discouraged inputs) may go either way.
func wycheproofOutcome(result string, accepted bool) bool {
	switch result {
	case "valid":
		return accepted
	case "invalid":
		return !accepted
	}
	return result == "acceptable"
}

func wycheproofECDSA(res *Result, r registry.Runner, file, op string) error {
	f, err := LoadWycheproof(file)
	if err != nil {
		return err
	}
	for _, raw := range f.TestGroups {
		var g struct {
			PublicKey struct {
				Curve        string `json:"curve"`
				Uncompressed Hex    `json:"uncompressed"`
			} `json:"publicKey"`
			SHA   string `json:"sha"`
			Tests []struct {
				WycheproofCase
				Msg Hex `json:"msg"`
				Sig Hex `json:"sig"`
			} `json:"tests"`
		}
		if err := json.Unmarshal(raw, &g); err != nil {
			return fmt.Errorf("wycheproof %s: %w", file, err)
		}
		if g.PublicKey.Curve != "secp256k1" || g.SHA != "SHA-256" {
			return fmt.Errorf("wycheproof %s: group for %s with %s", file, g.PublicKey.Curve, g.SHA)
		}
		for _, tc := range g.Tests {
			out, err := r.Run(op, nil, registry.Args{
				registry.ArgPK: g.PublicKey.Uncompressed, registry.ArgMsg: tc.Msg, registry.ArgSig: tc.Sig})
			if err != nil {
				res.Fail("%s tcId %d (%s): %s: %v", file, tc.TcID, tc.Comment, op, err)
				continue
			}
			accepted := string(out[registry.ArgValid]) == "1"
			res.Check(wycheproofOutcome(tc.Result, accepted),
				"%s tcId %d (%s): result %s, %s accepted=%v (%s)", file, tc.TcID, tc.Comment, tc.Result, op, accepted, out["error"])
		}
	}
	return nil
}

// wycheproofSecpECDH checks the shared secrets of ecdh_secp256k1_test.json,
// which are x coordinates. For the hashed instance the file does not give
// the parity of y, so the secret must be SHA-256 of 0x02 ‖ x or of 0x03 ‖ x.
func wycheproofSecpECDH(res *Result, r registry.Runner, raw bool) error {
	const file = "ecdh_secp256k1_test.json"
	f, err := LoadWycheproof(file)
	if err != nil {
		return err
	}
	for _, rawGroup := range f.TestGroups {
		var g struct {
			Curve    string `json:"curve"`
			Encoding string `json:"encoding"`
			Tests    []struct {
				WycheproofCase
				Public  Hex `json:"public"`
				Private Hex `json:"private"`
				Shared  Hex `json:"shared"`
			} `json:"tests"`
		}
		if err := json.Unmarshal(rawGroup, &g); err != nil {
			return fmt.Errorf("wycheproof %s: %w", file, err)
		}
		if g.Curve != "secp256k1" || g.Encoding != "asn" {
			return fmt.Errorf("wycheproof %s: group for %s, %s encoding", file, g.Curve, g.Encoding)
		}
		for _, tc := range g.Tests {
			out, err := r.Run(opECDHSPKI, nil, registry.Args{registry.ArgScalar: tc.Private, registry.ArgPoint: tc.Public})
			accepted := err == nil
			if !wycheproofOutcome(tc.Result, accepted) {
				res.Fail("%s tcId %d (%s): result %s, accepted=%v (%v)", file, tc.TcID, tc.Comment, tc.Result, accepted, err)
				continue
			}
			if !accepted {
				res.Passed++
				continue
			}
			ss := out[registry.ArgSS]
			ok := bytes.Equal(ss, tc.Shared)
			if !raw {
				even := sha256.Sum256(append([]byte{0x02}, tc.Shared...))
				odd := sha256.Sum256(append([]byte{0x03}, tc.Shared...))
				ok = bytes.Equal(ss, even[:]) || bytes.Equal(ss, odd[:])
			}
			res.Check(ok, "%s tcId %d (%s): ss %x, x %x", file, tc.TcID, tc.Comment, ss, tc.Shared)
		}
	}
	return nil
}

// bip340CSV is BIP-340's final test-vectors.csv (data/bip340/SOURCE.md).
//
//go:embed data/bip340/test-vectors.csv
var bip340CSV []byte

const bip340Path = "data/bip340/test-vectors.csv"

// bip340Columns maps BIP-340's test-vectors.csv onto the signature table
// fields the generic CSV check reads.
var bip340Columns = map[string]string{
	"index": ColID, "secret key": ColSK, "public key": ColPK, "aux_rand": ColRand,
	"message": ColMsg, "signature": ColSig, "verification result": ColValid,
}

// checkBIP340 replays BIP-340's test-vectors.csv, read from path, as a
// signature vector table (checkSigCSV), after refusing the pre-final draft.
func checkBIP340(path string, file []byte, r registry.Runner) (Result, error) {
	rows, err := csv.NewReader(bytes.NewReader(file)).ReadAll()
	if err != nil {
		return Result{}, fmt.Errorf("bip340: %s: %w", path, err)
	}
	if len(rows) < 2 || len(rows[0]) < 7 || !strings.EqualFold(rows[0][0], "index") {
		return Result{}, fmt.Errorf("bip340: %s: not the BIP-340 vector table", path)
	}
	for _, row := range rows[1:] {
		// BIP-340 drafts before August 2020 (bitcoin/bips up to b6b5f58e)
		// required R to have a square y rather than an even one and
		// derived nonces differently; every signature of theirs is
		// invalid under the final BIP, so replaying them would only
		// measure the file's age.
		if len(row) > 7 && strings.Contains(row[7], "square_y") {
			return Result{}, fmt.Errorf("%w: bip340: %s holds the pre-final BIP-340 draft vectors (\"%s\": R with a square y, as bitcoin/bips b6b5f58e of 2020-02-03); the final BIP changed every signature, so it needs bip-0340/test-vectors.csv from bitcoin/bips afa13249 (2020-08-18) or later", ErrUnavailable, path, row[7])
		}
	}
	return checkSigCSV("bip340 "+path, bip340Columns, file, r)
}

// secpRFC6979Vectors are deterministic ECDSA signatures over secp256k1
// with SHA-256 published (RFC 6979 has none for this curve) in the
// bitcointalk thread "Deterministic Usage of DSA and ECDSA Digital Signature
// Algorithms (RFC 6979)", https://bitcointalk.org/index.php?topic=285142.msg3150733
// and https://bitcointalk.org/index.php?topic=285142.40; r and s as posted,
// before low-S normalisation.
var secpRFC6979Vectors = []struct {
	d, msg, r, s string
}{
	{"0000000000000000000000000000000000000000000000000000000000000001", "Satoshi Nakamoto",
		"934b1ea10a4b3c1757e2b0c017d0b6143ce3c9a7e6a4a49860d7a6ab210ee3d8", "dbbd3162d46e9f9bef7feb87c16dc13b4f6568a87f4e83f728e2443ba586675c"},
	{"0000000000000000000000000000000000000000000000000000000000000001", "All those moments will be lost in time, like tears in rain. Time to die...",
		"8600dbd41e348fe5c9465ab92d23e3db8b98b873beecd930736488696438cb6b", "ab8019bbd8b6924cc4099fe625340ffb1eaac34bf4477daa39d0835429094520"},
	{"fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140", "Satoshi Nakamoto",
		"fd567d121db66e382991534ada77a6bd3106f0a1098c231e47993447cd6af2d0", "94c632f14e4379fc1ea610a3df5a375152549736425ee17cebe10abbc2a2826c"},
	{"f8b8af8ce3c7cca5e300d33939540c10d45ce001b8f252bfbc57ba0342904181", "Alan Turing",
		"7063ae83e7f62bbb171798131b4a0564b956930092b33b07b395615d9ec7e15c", "a72033e1ff5ca1ea8d0c99001cb45f0272d3be7525d3049c0d9e98dc7582b857"},
	{"e91671c46231f833a6406ccbea0e3e392c76c167bac1cb013f6f1013980455c2",
		"There is a computer disease that anybody who works with computers knows about. It's a very serious disease and it interferes completely with the work. The trouble with computers is that you 'play' with them!",
		"b552edd27580141f3b2a5463048cb7cd3e047b97c9f98076c32dbdf85a68718b", "279fa72dd19bfae05577e06c7c0c1900c371fcd5893f7e1d56a37d30174671f6"},
}

// secpOrder is n, the order of secp256k1's generator (SEC 2 §2.4.1).
var secpOrder, _ = new(big.Int).SetString("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", 16)

// checkSecpRFC6979 signs each vector's message with its key and no
// randomness: the signature must be the posted (r, s) with s replaced by
// n - s when above n/2, encoded as the instance encodes (DER or r ‖ s). It
// must verify; the posted high-S form must verify under verify and fail
// under verify_low_s.
func checkSecpRFC6979(instance string, r registry.Runner) (Result, error) {
	var res Result
	der := strings.EqualFold(instance, secpECDSA)
	half := new(big.Int).Rsh(secpOrder, 1)
	for i, v := range secpRFC6979Vectors {
		d, _ := hex.DecodeString(v.d)
		rv, _ := new(big.Int).SetString(v.r, 16)
		sv, _ := new(big.Int).SetString(v.s, 16)
		low := new(big.Int).Set(sv)
		if sv.Cmp(half) > 0 {
			low.Sub(secpOrder, sv)
		}
		want, posted := secpEncodeSig(rv, low, der), secpEncodeSig(rv, sv, der)
		msg := []byte(v.msg)

		out, err := r.Run("keygen", d, nil)
		if err != nil {
			res.Fail("rfc6979 vector %d: keygen: %v", i, err)
			continue
		}
		pk := out[registry.ArgPK]
		out, err = r.Run("sign", nil, registry.Args{registry.ArgSK: d, registry.ArgMsg: msg})
		res.Check(err == nil && bytes.Equal(out[registry.ArgSig], want),
			"rfc6979 vector %d: sig %x, want %x (%v)", i, out[registry.ArgSig], want, err)
		for _, c := range []struct {
			op    string
			sig   []byte
			valid bool
		}{
			{"verify", want, true},
			{opVerifyLowS, want, true},
			{"verify", posted, true},
			{opVerifyLowS, posted, sv.Cmp(half) <= 0},
		} {
			out, err := r.Run(c.op, nil, registry.Args{registry.ArgPK: pk, registry.ArgMsg: msg, registry.ArgSig: c.sig})
			got := err == nil && string(out[registry.ArgValid]) == "1"
			res.Check(err == nil && got == c.valid, "rfc6979 vector %d: %s of %x: valid=%v, want %v (%v)", i, c.op, c.sig, got, c.valid, err)
		}
	}
	return res, nil
}

// secpEncodeSig encodes (r, s) as DER (X.690: a SEQUENCE of two minimal
// non-negative INTEGERs) or as 32-byte r ‖ s.
func secpEncodeSig(r, s *big.Int, der bool) []byte {
	if !der {
		out := make([]byte, 64)
		r.FillBytes(out[:32])
		s.FillBytes(out[32:])
		return out
	}
	integer := func(x *big.Int) []byte {
		b := x.Bytes()
		if len(b) == 0 || b[0]&0x80 != 0 {
			b = append([]byte{0}, b...)
		}
		return append([]byte{0x02, byte(len(b))}, b...)
	}
	body := append(integer(r), integer(s)...)
	return append([]byte{0x30, byte(len(body))}, body...)
}
