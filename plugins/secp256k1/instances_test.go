package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	"crucible.dev/plugins/secp256k1/secp256k1"
	"crucible.dev/registry"
	"crucible.dev/registry/eval/catalog"
	"crucible.dev/registry/eval/vectors"
	"crucible.dev/registry/eval/vectors/vectorstest"
	"crucible.dev/registry/testenv"
)

// available returns the instances that are built here. The libsecp256k1
// ones are left out, with the reason, when the library is absent, except
// under CI (testenv), which installs it.
func available(t testing.TB) []*registry.Instance {
	t.Helper()
	var out []*registry.Instance
	for _, in := range instances() {
		if in.Unavailable != "" {
			if testenv.CI() && runtime.GOARCH == "amd64" {
				t.Fatalf("%s: %s (%s)", in.ID(), in.Unavailable, in.Notes["reason"])
			}
			t.Logf("%s skipped: %s (%s)", in.ID(), in.Unavailable, in.Notes["reason"])
			continue
		}
		out = append(out, in)
	}
	return out
}

// byName groups the available instances by catalog name.
func byName(t *testing.T) map[string][]*registry.Instance {
	m := map[string][]*registry.Instance{}
	for _, in := range available(t) {
		m[in.Name] = append(m[in.Name], in)
	}
	return m
}

func TestVectors(t *testing.T) {
	for _, in := range available(t) {
		srcs := vectors.For(in.Name, false)
		if len(srcs) == 0 {
			t.Errorf("%s: no vector source applies", in.ID())
		}
		for _, src := range srcs {
			t.Run(in.ID()+"/"+src.Name, func(t *testing.T) {
				vectorstest.Source(t, src, in.Name, registry.Local(in))
			})
		}
	}
}

// seeded is a deterministic reader for reproducible keys and nonces.
func seeded(label string) io.Reader {
	var buf bytes.Buffer
	for i := 0; i < 64; i++ {
		h := sha256.Sum256([]byte(fmt.Sprintf("%s %d", label, i)))
		buf.Write(h[:])
	}
	return &buf
}

// TestSignatureInterop signs with every implementation, with and without
// randomness, over messages of several lengths: the same key and nonce
// input must give the same bytes everywhere (keygen, RFC 6979 and BIP-340
// nonces are deterministic functions of their inputs), and every
// signature must verify under every implementation and fail once altered.
func TestSignatureInterop(t *testing.T) {
	for name, ins := range byName(t) {
		if ins[0].Kind != registry.KindSig {
			continue
		}
		if len(ins) < 2 {
			t.Logf("%s: only %s here, nothing to compare", name, ins[0].ID())
		}
		for _, msgLen := range []int{0, 1, 32, 64, 100} {
			for _, hedged := range []bool{false, true} {
				label := fmt.Sprintf("%s msg %d hedged %v", name, msgLen, hedged)
				msg := bytes.Repeat([]byte{0xa5}, msgLen)
				var pk0, sig0 []byte
				for i, in := range ins {
					s := in.Signature
					pk, sk, err := s.GenerateKey(seeded(label))
					if err != nil {
						t.Fatalf("%s %s: keygen: %v", in.ID(), label, err)
					}
					var rand io.Reader
					if hedged {
						rand = seeded(label + " nonce")
					}
					sig, err := s.Sign(rand, sk, msg, nil)
					if err != nil {
						t.Fatalf("%s %s: sign: %v", in.ID(), label, err)
					}
					checkSizes(t, in, pk, sk, sig)
					if i == 0 {
						pk0, sig0 = pk, sig
					} else if !bytes.Equal(pk, pk0) || !bytes.Equal(sig, sig0) {
						t.Errorf("%s %s: pk %x sig %x, but %s gives pk %x sig %x", in.ID(), label, pk, sig, ins[0].ID(), pk0, sig0)
					}
				}
				for _, in := range ins {
					if err := in.Signature.Verify(pk0, msg, sig0, nil); err != nil {
						t.Errorf("%s %s: verify: %v", in.ID(), label, err)
					}
					bad := bytes.Clone(sig0)
					bad[len(bad)-1] ^= 0x01
					if err := in.Signature.Verify(pk0, msg, bad, nil); err == nil {
						t.Errorf("%s %s: verified an altered signature", in.ID(), label)
					}
					if err := in.Signature.Verify(pk0, append(bytes.Clone(msg), 0), sig0, nil); err == nil {
						t.Errorf("%s %s: verified a signature on another message", in.ID(), label)
					}
				}
			}
		}
	}
}

func checkSizes(t *testing.T, in *registry.Instance, pk, sk, sig []byte) {
	t.Helper()
	if len(pk) != in.Sizes.PublicKey || len(sk) != in.Sizes.SecretKey {
		t.Errorf("%s: pk %d sk %d bytes, declared %d %d", in.ID(), len(pk), len(sk), in.Sizes.PublicKey, in.Sizes.SecretKey)
	}
	if in.Name == secp256k1.NameECDSA {
		if len(sig) > in.Sizes.Signature || len(sig) < 8 {
			t.Errorf("%s: DER signature of %d bytes, declared at most %d", in.ID(), len(sig), in.Sizes.Signature)
		}
	} else if len(sig) != in.Sizes.Signature {
		t.Errorf("%s: signature of %d bytes, declared %d", in.ID(), len(sig), in.Sizes.Signature)
	}
}

// TestECDHInterop runs the exchange with party A from one implementation
// and party B from another, for every pair: both must derive the same
// secret, and every implementation must derive it from the same keys.
func TestECDHInterop(t *testing.T) {
	for name, ins := range byName(t) {
		if ins[0].Kind != registry.KindKEX {
			continue
		}
		var want []byte
		for _, a := range ins {
			for _, b := range ins {
				xa, xb := a.KEX, b.KEX
				pkA, skA, stA, err := xa.Init(registry.PartyA, seeded(name+" A"))
				if err != nil {
					t.Fatal(err)
				}
				pkB, skB, stB, err := xb.Init(registry.PartyB, seeded(name+" B"))
				if err != nil {
					t.Fatal(err)
				}
				m1, stA, err := xa.Pass(1, nil, pkA, skA, pkB, stA, nil)
				if err != nil {
					t.Fatal(err)
				}
				m2, stB, err := xb.Pass(2, nil, pkB, skB, pkA, stB, m1)
				if err != nil {
					t.Fatal(err)
				}
				ssA, errA := xa.Derive(registry.PartyA, pkA, skA, pkB, stA, m2)
				ssB, errB := xb.Derive(registry.PartyB, pkB, skB, pkA, stB, m1)
				if errA != nil || errB != nil {
					t.Fatalf("%s × %s: derive: %v %v", a.ID(), b.ID(), errA, errB)
				}
				if len(pkA) != a.Sizes.PublicKey || len(m1) != a.Sizes.Messages[0] || len(ssA) != a.Sizes.SharedSecret {
					t.Errorf("%s: sizes pk %d msg %d ss %d differ from the declared %+v", a.ID(), len(pkA), len(m1), len(ssA), a.Sizes)
				}
				if !bytes.Equal(ssA, ssB) {
					t.Errorf("%s × %s: A derives %x, B %x", a.ID(), b.ID(), ssA, ssB)
				}
				if want == nil {
					want = ssA
				} else if !bytes.Equal(ssA, want) {
					t.Errorf("%s × %s: secret %x, other pairs %x", a.ID(), b.ID(), ssA, want)
				}
			}
		}
	}
}

// TestRejects checks that every implementation refuses secret keys out of
// range and public keys off the curve.
func TestRejects(t *testing.T) {
	// n, the order of G (SEC 2 §2.4.1).
	n, _ := hex.DecodeString("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")
	nMinus1 := bytes.Clone(n)
	nMinus1[31]--
	offCurve := append([]byte{0x02}, bytes.Repeat([]byte{0}, 31)...) // x = 0: 7 is not a square mod p
	offCurve = append(offCurve, 0x05)
	for _, in := range available(t) {
		for _, sk := range [][]byte{make([]byte, secp256k1.ScalarSize), n, bytes.Repeat([]byte{0xff}, 32), sk31()} {
			switch in.Kind {
			case registry.KindSig:
				if _, err := in.Signature.Sign(nil, sk, []byte("m"), nil); err == nil {
					t.Errorf("%s: signed with secret key %x", in.ID(), sk)
				}
			case registry.KindKEX:
				if _, err := in.KEX.Derive(registry.PartyA, nil, sk, nil, nil, offCurve); err == nil {
					t.Errorf("%s: derived with secret key %x", in.ID(), sk)
				}
			}
		}
		if in.Kind == registry.KindKEX {
			if _, err := in.KEX.Derive(registry.PartyA, nil, nMinus1, nil, nil, offCurve); err == nil {
				t.Errorf("%s: derived with a point off the curve", in.ID())
			}
		}
		if in.Kind == registry.KindSig {
			if _, err := in.Signature.Sign(nil, nMinus1, []byte("m"), []byte("ctx")); err == nil {
				t.Errorf("%s: signed with a context string", in.ID())
			}
		}
	}
}

func sk31() []byte { return bytes.Repeat([]byte{1}, 31) }

// TestCatalog checks that every instance's declared sizes are the
// catalog's, so the host's audit compares like with like.
func TestCatalog(t *testing.T) {
	for _, in := range instances() {
		e, ok := catalog.Lookup(in.Name)
		if !ok {
			t.Errorf("%s: not in the catalog", in.ID())
			continue
		}
		if in.Unavailable != "" {
			continue
		}
		if e.Kind != in.Kind || fmt.Sprint(e.Sizes) != fmt.Sprint(in.Sizes) {
			t.Errorf("%s: declares %s %+v, catalog %s %+v", in.ID(), in.Kind, in.Sizes, e.Kind, e.Sizes)
		}
		if e.MaxSig != (in.Name == secp256k1.NameECDSA) {
			t.Errorf("%s: catalog MaxSig %v", in.ID(), e.MaxSig)
		}
	}
}

// checkLibsecpUnbuilt checks that every libsecp256k1 instance is marked
// not built, saying why (with want in it), with no implementation
// attached, and that the Go ones are all there.
func checkLibsecpUnbuilt(t *testing.T, want string) {
	t.Helper()
	n := 0
	for _, in := range instances() {
		switch {
		case in.Impl != secp256k1.ImplLibsecp && in.Unavailable != "":
			t.Errorf("%s: %s", in.ID(), in.Unavailable)
		case in.Impl == secp256k1.ImplLibsecp:
			n++
			if in.Unavailable == "" || !strings.Contains(in.Unavailable, want) || in.Signature != nil || in.KEX != nil {
				t.Errorf("%s: built, or not saying why (%q, want %q in it)", in.ID(), in.Unavailable, want)
			}
		}
	}
	if n != 5 {
		t.Errorf("%d libsecp256k1 instances, want 5", n)
	}
}
