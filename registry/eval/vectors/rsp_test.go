package vectors

import (
	"bytes"
	"crypto/ed25519"
	"crypto/mlkem"
	"io"
	"strings"
	"testing"

	"crucible.dev/registry"
	"crucible.dev/registry/kat"
)

// testKEM is ML-KEM-768 from crypto/mlkem with the seed as secret key.
type testKEM struct{}

func (testKEM) GenerateKey(rand io.Reader) ([]byte, []byte, error) {
	seed := make([]byte, mlkem.SeedSize)
	if _, err := io.ReadFull(rand, seed); err != nil {
		return nil, nil, err
	}
	dk, err := mlkem.NewDecapsulationKey768(seed)
	if err != nil {
		return nil, nil, err
	}
	return dk.EncapsulationKey().Bytes(), seed, nil
}

func (testKEM) Encapsulate(_ io.Reader, pk []byte) ([]byte, []byte, error) {
	ek, err := mlkem.NewEncapsulationKey768(pk)
	if err != nil {
		return nil, nil, err
	}
	ss, ct := ek.Encapsulate()
	return ct, ss, nil
}

func (testKEM) Decapsulate(sk, ct []byte) ([]byte, error) {
	dk, err := mlkem.NewDecapsulationKey768(sk)
	if err != nil {
		return nil, err
	}
	return dk.Decapsulate(ct)
}

// testSig is Ed25519 from crypto/ed25519 with the seed as secret key.
type testSig struct{ acceptAll bool }

func (testSig) GenerateKey(rand io.Reader) ([]byte, []byte, error) {
	seed := make([]byte, ed25519.SeedSize)
	if _, err := io.ReadFull(rand, seed); err != nil {
		return nil, nil, err
	}
	return ed25519.NewKeyFromSeed(seed).Public().(ed25519.PublicKey), seed, nil
}

func (testSig) Sign(_ io.Reader, sk, msg, _ []byte) ([]byte, error) {
	return ed25519.Sign(ed25519.NewKeyFromSeed(sk), msg), nil
}

func (s testSig) Verify(pk, msg, sig, _ []byte) error {
	if s.acceptAll || ed25519.Verify(pk, msg, sig) {
		return nil
	}
	return registry.ErrInvalidSignature
}

// A NIST .rsp file written by an implementation replays through its
// standard operations: every KEM record decapsulates to its ss, every
// signature record verifies and its forgery does not. A record changed
// after the fact, or a verify that accepts anything, fails.
func TestCheckRSP(t *testing.T) {
	var kemFile, sigFile bytes.Buffer
	if err := kat.WriteRSPKEM(&kemFile, testKEM{}, 3, nil); err != nil {
		t.Fatal(err)
	}
	if err := kat.WriteRSPSign(&sigFile, testSig{}, 3, nil, kat.RSPSignOptions{}); err != nil {
		t.Fatal(err)
	}
	kemRunner := registry.Local(&registry.Instance{Name: "ML-KEM-768", Kind: registry.KindKEM, KEM: testKEM{}})
	sigRunner := registry.Local(&registry.Instance{Name: "Ed25519", Kind: registry.KindSig, Signature: testSig{}})
	replay := func(data []byte, r registry.Runner) (Result, error) {
		return CheckVectorFile(registry.VectorFile{Name: "f.rsp", Format: "nist-rsp"}, data, r)
	}
	if res, err := replay(kemFile.Bytes(), kemRunner); err != nil || res.Passed != 3 || res.Failed != 0 {
		t.Errorf("KEM file: %+v %v, want 3 passes", res, err)
	}
	if res, err := replay(sigFile.Bytes(), sigRunner); err != nil || res.Passed != 6 || res.Failed != 0 {
		t.Errorf("signature file: %+v %v, want 6 passes", res, err)
	}
	lines := strings.Split(kemFile.String(), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "ss = ") {
			lines[i] = "ss = " + strings.Repeat("00", 32)
			break
		}
	}
	if res, err := replay([]byte(strings.Join(lines, "\n")), kemRunner); err != nil || res.Failed != 1 || res.Passed != 2 {
		t.Errorf("KEM file with a changed ss: %+v %v, want one failure", res, err)
	}
	acceptAll := registry.Local(&registry.Instance{Name: "Ed25519", Kind: registry.KindSig, Signature: testSig{acceptAll: true}})
	if res, err := replay(sigFile.Bytes(), acceptAll); err != nil || res.Failed != 3 {
		t.Errorf("a verify that accepts anything: %+v %v, want three failures", res, err)
	}
	if _, err := replay([]byte("count = 0\nmsg = 00\npk = 00\nsm = 11\n"), sigRunner); err == nil {
		t.Error("a signature record whose sm holds no msg was accepted")
	}
	if _, err := replay([]byte("# nothing\n"), sigRunner); err == nil {
		t.Error("a file with no record was accepted")
	}
}
