package vectors

import (
	"bytes"
	"encoding/hex"
	"math/big"

	"crucible.dev/registry"
)

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
// under the verify_low_s role (option encoding: der or p1363).
func checkSecpRFC6979(r registry.Runner, lowS string, der bool) (Result, error) {
	var res Result
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
			{lowS, want, true},
			{"verify", posted, true},
			{lowS, posted, sv.Cmp(half) <= 0},
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
