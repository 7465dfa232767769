package amoeba

import (
	"bytes"
	"encoding/hex"
	"errors"
	"testing"
)

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func equalInts(t *testing.T, what string, got []int16, want ...int16) {
	t.Helper()
	for i, w := range want {
		if got[i] != w {
			t.Errorf("%s[:%d] = %v, want %v", what, len(want), got[:len(want)], want)
			return
		}
	}
}

// The intermediate values of Amoeba128, KAT record 0, as the reference
// computes them (SOURCE.md).
func TestAmoeba128Intermediates(t *testing.T) {
	p := Amoeba128
	kn := p.kn()
	coin := unhex(t, "B1C3CBC9F8F59B19CC899F8560F906F889EEA5FE5CED0484527F28FFF19315DEF3ED01B1EDD0990CF690D80621E96A7C4CEE472B7F8B996C58C3C8C0A5793960")
	rho := make([]byte, seedLen)
	xof(rho, append(bytes.Clone(coin), 0))
	if want := unhex(t, "07A565F525B25C057098E6FC8D7F4A3DAF0D2B3EB162E65312F6EA14C55EB19F0761EBFA6721DF9BD3C75004848223B7B871950DF00624DB5CAA8A626BEB14B4"); !bytes.Equal(rho, want) {
		t.Errorf("rho = %X", rho)
	}
	sigma := make([]byte, seedLen)
	xof(sigma, append(bytes.Clone(coin), 1))
	if want := unhex(t, "3FAE25536F864536DEE7D4D6C93B0F373E9B7BAC479FDF91353E7542DD0C18C015B3FF798632C4BE6BC04665E6C033B96BA9C5F7BBEEF45452B41E8BDCC03978"); !bytes.Equal(sigma, want) {
		t.Errorf("sigma = %X", sigma)
	}
	buf := make([]byte, maxK*n*3/8)
	a, s, e, sHat := make([]int16, kn), make([]int16, kn), make([]int16, kn), make([]int16, kn)
	parse(a, rho)
	equalInts(t, "A", a, 6, 691, 510, 1224, 724, 1294, 118, 944)
	cbd(s, p.Eta1, sigma, labelS, buf)
	equalInts(t, "s", s, 2, 0, 1, 0, -2, 0, 0, 2, -1, -3, -1, 0)
	cbd(e, p.Eta2, sigma, labelE, buf)
	equalInts(t, "e", e, -2, 2, 0, -1, -1, -1, 2, 2, 0, 1, -2, 0)
	forwardNussbaumer(sHat, s, p.K)
	tHat, b := make([]int16, kn), make([]int16, kn)
	polyMul(tHat, a, sHat, p.K)
	polyMod(sHat, sHat)
	equalInts(t, "s_hat", sHat, 252, 2555, 1310, 1390, 2852, 3277, 229, 875)
	inverseNussbaumer(b, tHat, p.K)
	polyAdd(b, b, e)
	polyMod(b, b)
	equalInts(t, "b", b, 712, 405, 1766, 1699, 1422, 346, 1271, 1512)

	ws := new(workspace)
	pk, skCPA := make([]byte, p.PublicKeySize()), make([]byte, p.cpaSKSize())
	p.keyGenCPA(skCPA, pk, coin, ws)
	m := unhex(t, "BBB540A5E2D3A9289A44EED0B52C643139DDC9F3097A5DDCEC08BA53BA6346C546DDBD3EE5C20898B1ECF030EB128FCF6D4EAE3A609F1CC7CF34C7E1F741E348")
	var kr [2 * seedLen]byte
	deriveKr(&kr, m, pk[seedLen:])
	if want := unhex(t, "BF2086E6698C41F2BB7387298C439D4745A94B6038FB09D8EA5CF2F6B9348E38681FFF214ECB1B741E9E3A71480D4753DAA7448C000BC9EC8599E0BCF25EDD7FC720237B2C4950D282B57305ED29249E1328326F9BD248464D496742680A570B8AF6C310A56BC23A192429453087F6E79395FD2D29AD43C8F6E4DC4B26D2AEB7"); !bytes.Equal(kr[:], want) {
		t.Errorf("Kr = %X", kr)
	}
	r := make([]int16, kn)
	cbd(r, p.Eta1, kr[seedLen:], labelR, buf)
	equalInts(t, "r", r, 1, -1, 1, 0, 0, 0, 1, 1, 0, -1, 1, 2)
}

// fixedReader serves bytes 0, 1, 2, … so tests know every random draw.
type fixedReader struct{ next byte }

func (f *fixedReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = f.next
		f.next += 7
	}
	return len(p), nil
}

// Decapsulation of tampered ciphertexts follows the reference (spec §9):
//
//   - a change in a byte the re-encryption check skips (not a multiple of
//     4) that still decrypts to m is accepted: ss = pseudoXOF(ct' ‖ K̄);
//   - a change in a checked byte that still decrypts to m is rejected
//     implicitly: ss = pseudoXOF(ct' ‖ z), no error;
//   - a change the message code cannot correct (the harness's witness: the
//     top bit of v coefficient 517, check bit 5, whose syndrome the
//     reference maps outside its buffer) fails: kem_dec returns -1 with 64
//     zero bytes; DecapsulateChecked reports ErrDecryptionFailure with
//     them, Decapsulate returns them with no error.
func TestDecapsTampered(t *testing.T) {
	for _, p := range All {
		k := New(p)
		rng := &fixedReader{next: byte(p.Level)}
		pk, sk, err := k.GenerateKey(rng)
		if err != nil {
			t.Fatal(err)
		}
		var m [msgLen]byte
		peek := *rng
		peek.Read(m[:])
		ct, ss, err := k.Encapsulate(rng, pk)
		if err != nil {
			t.Fatal(err)
		}
		var kr [2 * seedLen]byte
		deriveKr(&kr, m[:], pk[seedLen:])
		if !bytes.Equal(ss, p.sharedSecret(ct, kr[:seedLen])) {
			t.Fatalf("%s: encaps did not draw m as one 64-byte read", p.Name)
		}
		z := sk[len(sk)-seedLen:]

		unchecked := bytes.Clone(ct)
		unchecked[1] ^= 0x40 // low bit of u's first coefficient or close to it
		got, err := k.Decapsulate(sk, unchecked)
		if err != nil || !bytes.Equal(got, p.sharedSecret(unchecked, kr[:seedLen])) {
			t.Errorf("%s: unchecked byte: ss %X, err %v; want pseudoXOF(ct'‖K̄)", p.Name, got, err)
		}

		checked := bytes.Clone(ct)
		checked[0] ^= 0x01
		got, err = k.Decapsulate(sk, checked)
		if err != nil || !bytes.Equal(got, p.sharedSecret(checked, z)) {
			t.Errorf("%s: checked byte: ss %X, err %v; want pseudoXOF(ct'‖z)", p.Name, got, err)
		}

		bit := p.uSize()*8 + p.D2*(eccL+5)
		undecodable := bytes.Clone(ct)
		undecodable[bit/8] ^= 0x80 >> (bit % 8)
		got, err = k.DecapsulateChecked(sk, undecodable)
		if !errors.Is(err, ErrDecryptionFailure) || !bytes.Equal(got, make([]byte, ssLen)) {
			t.Errorf("%s: undecodable: ss %X, err %v; want zero key and ErrDecryptionFailure", p.Name, got, err)
		}
		got, err = k.Decapsulate(sk, undecodable)
		if err != nil || !bytes.Equal(got, make([]byte, ssLen)) {
			t.Errorf("%s: undecodable via Decapsulate: ss %X, err %v; want zero key, no error", p.Name, got, err)
		}

		if _, err := k.Decapsulate(sk, ct[1:]); err == nil || errors.Is(err, ErrDecryptionFailure) {
			t.Errorf("%s: short ciphertext accepted", p.Name)
		}
		if _, _, err := k.Encapsulate(rng, pk[1:]); err == nil {
			t.Errorf("%s: short public key accepted", p.Name)
		}
	}
}

// The declared sizes are those of params.h (spec §1).
func TestSizes(t *testing.T) {
	want := map[string][4]int{
		"Amoeba128": {784, 1712, 1047, 64},
		"Amoeba192": {1144, 2504, 1581, 64},
		"Amoeba256": {1648, 3440, 1833, 64},
		"Amoeba384": {2440, 5096, 2769, 64},
		"Amoeba512": {3520, 7040, 3914, 64},
	}
	for _, p := range All {
		got := [4]int{p.PublicKeySize(), p.SecretKeySize(), p.CiphertextSize(), p.SharedSecretSize()}
		if got != want[p.Name] {
			t.Errorf("%s: sizes %v, want %v", p.Name, got, want[p.Name])
		}
	}
}
