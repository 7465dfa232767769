package k256

import (
	"bytes"
	"math/big"
	"testing"
)

// TestParsePoint checks each rule of public key parsing against a
// fixture that breaks it, and the encodings of G that pass.
func TestParsePoint(t *testing.T) {
	var gc [33]byte
	generator.putCompressed(&gc)
	var gx, gy [32]byte
	generator.x.putBytes(&gx)
	generator.y.putBytes(&gy)
	uncompressed := append(append([]byte{4}, gx[:]...), gy[:]...)
	hybrid := bytes.Clone(uncompressed)
	hybrid[0] = 6 | byte(generator.y.isOdd())
	wrongParity := bytes.Clone(hybrid)
	wrongParity[0] ^= 1
	offCurve := bytes.Clone(uncompressed)
	offCurve[64] ^= 1
	pBytes := bigP.FillBytes(make([]byte, 32))
	xIsP := append([]byte{2}, pBytes...)
	// x = 5 is not on the curve: 5³ + 7 = 132 is not a square mod p.
	if big.Jacobi(big.NewInt(132), bigP) != -1 {
		t.Fatal("fixture: 132 is a square mod p")
	}
	xNotOnCurve := append([]byte{2}, big.NewInt(5).FillBytes(make([]byte, 32))...)
	yIsP := append(append([]byte{4}, gx[:]...), pBytes...)
	for _, c := range []struct {
		name string
		b    []byte
		err  error
	}{
		{"compressed G", gc[:], nil},
		{"uncompressed G", uncompressed, nil},
		{"hybrid G", hybrid, nil},
		{"hybrid G with the wrong parity", wrongParity, errPointEncoding},
		{"uncompressed off the curve", offCurve, errNotOnCurve},
		{"compressed x = p", xIsP, errPointRange},
		{"compressed x not on the curve", xNotOnCurve, errNotOnCurve},
		{"uncompressed y = p", yIsP, errPointRange},
		{"empty", nil, errPointEncoding},
		{"infinity", []byte{0}, errPointEncoding},
		{"prefix 5", append([]byte{5}, uncompressed[1:]...), errPointEncoding},
		{"compressed, one byte short", gc[:32], errPointEncoding},
		{"uncompressed prefix on 33 bytes", append([]byte{4}, gx[:]...), errPointEncoding},
	} {
		var a affinePoint
		err := parsePoint(&a, c.b)
		if err != c.err {
			t.Errorf("%s: %v, want %v", c.name, err, c.err)
			continue
		}
		if err == nil && (a.x.equal(&generator.x) != 1 || a.y.equal(&generator.y) != 1) {
			t.Errorf("%s: parsed as another point", c.name)
		}
	}
}
