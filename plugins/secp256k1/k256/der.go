package k256

import "errors"

// errDER reports a signature that is not the strict DER encoding (X.690
// §10) of SEQUENCE { r INTEGER, s INTEGER } with non-negative r and s
// below 2^256.
var errDER = errors.New("signature is not a strict DER SEQUENCE of two INTEGERs")

// ParseDERSignature decodes a strict DER ECDSA signature into r ‖ s: the
// shortest length forms, minimal non-negative INTEGERs, nothing after the
// SEQUENCE. Range checks against n are the verifier's.
func ParseDERSignature(sig *[64]byte, der []byte) error {
	if len(der) < 2 || der[0] != 0x30 || der[1] >= 0x80 || int(der[1]) != len(der)-2 {
		return errDER
	}
	rest := der[2:]
	for i := 0; i < 2; i++ {
		var v []byte
		var ok bool
		if v, rest, ok = derInteger(rest); !ok {
			return errDER
		}
		out := sig[32*i : 32*i+32]
		clear(out)
		copy(out[32-len(v):], v)
	}
	if len(rest) != 0 {
		return errDER
	}
	return nil
}

// derInteger splits a minimal non-negative INTEGER below 2^256 off b and
// returns its magnitude without the sign byte.
func derInteger(b []byte) (v, rest []byte, ok bool) {
	if len(b) < 2 || b[0] != 0x02 || b[1] >= 0x80 || int(b[1]) > len(b)-2 || b[1] == 0 {
		return nil, nil, false
	}
	v, rest = b[2:2+b[1]], b[2+b[1]:]
	switch {
	case v[0]&0x80 != 0: // negative
		return nil, nil, false
	case v[0] == 0 && len(v) > 1 && v[1]&0x80 == 0: // not minimal
		return nil, nil, false
	}
	if v[0] == 0 && len(v) > 1 {
		v = v[1:]
	}
	if len(v) > 32 {
		return nil, nil, false
	}
	return v, rest, true
}

// AppendDERSignature appends the DER encoding of the signature r ‖ s.
func AppendDERSignature(dst []byte, sig *[64]byte) []byte {
	r, s := derMagnitude(sig[:32]), derMagnitude(sig[32:])
	dst = append(dst, 0x30, byte(4+len(r)+len(s)))
	for _, v := range [][]byte{r, s} {
		dst = append(dst, 0x02, byte(len(v)))
		dst = append(dst, v...)
	}
	return dst
}

// derMagnitude returns the minimal INTEGER content of the big-endian v:
// leading zeros dropped (one kept for zero), a zero prepended when the
// top bit is set.
func derMagnitude(v []byte) []byte {
	for len(v) > 1 && v[0] == 0 {
		v = v[1:]
	}
	if v[0]&0x80 != 0 {
		return append([]byte{0}, v...)
	}
	return v
}
