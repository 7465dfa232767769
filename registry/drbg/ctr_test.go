package drbg

import (
	"bytes"
	"encoding/hex"
	"io"
	"strings"
	"testing"

	"crucible.dev/registry"
)

// katEntropy is the entropy input of every NIST PQC KAT generator: 00..2F.
func katEntropy() []byte {
	e := make([]byte, SeedSize)
	for i := range e {
		e[i] = byte(i)
	}
	return e
}

// The per-record seeds at the head of every NIST PQC .rsp file (count 0,
// 1 and 2), drawn one 48-byte call at a time from the master generator.
var katSeeds = []string{
	"061550234D158C5EC95595FE04EF7A25767F2E24CC2BC479D09D86DC9ABCFDE7056A8C266F9EF97ED08541DBD2E1FFA1",
	"D81C4D8D734FCBFBEADE3D3F8A039FAA2A2C9957E835AD55B22E75BF57BB556AC81ADDE6AEEB4A5A875C3BFCADFA958F",
	"64335BF29E5DE62842C941766BA129B0643B5E7121CA26CFC190EC7DC3543830557FDD5C03CF123A456D48EFEA43C868",
}

func TestCTRKnownSeeds(t *testing.T) {
	d, err := NewCTR(katEntropy(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range katSeeds {
		got := make([]byte, 48)
		if n, err := d.Read(got); n != 48 || err != nil {
			t.Fatalf("count %d: Read = %d, %v", i, n, err)
		}
		if g := strings.ToUpper(hex.EncodeToString(got)); g != want {
			t.Errorf("count %d seed:\n got %s\nwant %s", i, g, want)
		}
	}
}

// TestCTRCallBoundaries checks that the state update follows every call:
// two 24-byte reads share their first 24 bytes with one 48-byte read (the
// same counter blocks) and then diverge, because the second read starts
// from the updated state.
func TestCTRCallBoundaries(t *testing.T) {
	a, _ := NewCTR(katEntropy(), nil)
	b, _ := NewCTR(katEntropy(), nil)
	one := make([]byte, 48)
	a.Read(one)
	two := make([]byte, 48)
	b.Read(two[:24])
	b.Read(two[24:])
	if !bytes.Equal(one[:24], two[:24]) {
		t.Errorf("first 24 bytes differ: %x vs %x", one[:24], two[:24])
	}
	if bytes.Equal(one[24:], two[24:]) {
		t.Errorf("split read equals single read: the update after each call is missing")
	}
}

func TestCTRPersonalization(t *testing.T) {
	// XORing the personalization into the entropy is all instantiation
	// does with it, so entropy e with personalization p equals entropy
	// e^p with none.
	e, p := katEntropy(), bytes.Repeat([]byte{0xA5}, SeedSize)
	x := make([]byte, SeedSize)
	for i := range x {
		x[i] = e[i] ^ p[i]
	}
	d1, _ := NewCTR(e, p)
	d2, _ := NewCTR(x, nil)
	o1, o2 := make([]byte, 64), make([]byte, 64)
	d1.Read(o1)
	d2.Read(o2)
	if !bytes.Equal(o1, o2) {
		t.Errorf("personalization not applied as XOR of seed material")
	}
	d3, _ := NewCTR(e, nil)
	o3 := make([]byte, 64)
	d3.Read(o3)
	if bytes.Equal(o1, o3) {
		t.Errorf("personalization has no effect")
	}
}

func TestCTRBadInput(t *testing.T) {
	if _, err := NewCTR(make([]byte, 32), nil); err == nil {
		t.Error("32-byte entropy accepted")
	}
	if _, err := NewCTR(katEntropy(), make([]byte, 10)); err == nil {
		t.Error("10-byte personalization accepted")
	}
	if _, err := (CTRDRBG{}).New(katEntropy(), []byte{1}, nil); err == nil {
		t.Error("nonce accepted")
	}
}

func TestCTRDRBGInstance(t *testing.T) {
	var g registry.DRBG = CTRDRBG{}
	if g.SeedSize() != 48 {
		t.Fatalf("SeedSize = %d", g.SeedSize())
	}
	inst := &registry.Instance{Name: "CTR-DRBG-AES-256-PQC", Kind: registry.KindDRBG, DRBG: g}
	out, err := registry.Local(inst).Run("generate", nil, registry.Args{registry.ArgKey: katEntropy(), registry.ArgLength: []byte("48")})
	if err != nil {
		t.Fatal(err)
	}
	if g := strings.ToUpper(hex.EncodeToString(out[registry.ArgOut])); g != katSeeds[0] {
		t.Errorf("generate = %s, want %s", g, katSeeds[0])
	}
	r, _ := g.New(katEntropy(), nil, nil)
	buf := make([]byte, 48)
	if _, err := io.ReadFull(r, buf); err != nil || strings.ToUpper(hex.EncodeToString(buf)) != katSeeds[0] {
		t.Errorf("New().Read = %x, %v", buf, err)
	}
}

func BenchmarkCTRRead32(b *testing.B) {
	d, _ := NewCTR(katEntropy(), nil)
	p := make([]byte, 32)
	b.SetBytes(32)
	for b.Loop() {
		d.Read(p)
	}
}
