package afskex

import (
	"bytes"
	"crypto/rand"
	"errors"
	"io"
	"testing"

	"crucible.dev/registry"
	"crucible.dev/registry/testenv"
)

// exchange runs init and passes 1 to 3 honestly, applying tamper to the
// message of pass `at` before its receiver processes it, and returns the
// error of the receiver's next pass.
func exchange(t *testing.T, p *Params, at int, tamper func([]byte)) error {
	t.Helper()
	pka, ska, sta, err := p.Init(registry.PartyA, rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	pkb, skb, stb, err := p.Init(registry.PartyB, rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	m1, sta, err := p.Pass(1, rand.Reader, pka, ska, pkb, sta, nil)
	if err != nil {
		t.Fatal(err)
	}
	m2, stb, err := p.Pass(2, rand.Reader, pkb, skb, pka, stb, m1)
	if err != nil {
		t.Fatal(err)
	}
	if at == 2 {
		tamper(m2)
	}
	m3, sta, err := p.Pass(3, rand.Reader, pka, ska, pkb, sta, m2)
	if at == 2 {
		return err
	}
	if err != nil {
		t.Fatal(err)
	}
	if at == 3 {
		tamper(m3)
	}
	m4, stb, err := p.Pass(4, rand.Reader, pkb, skb, pka, stb, m3)
	if at == 3 {
		return err
	}
	if err != nil {
		t.Fatal(err)
	}
	if len(m4) != 0 {
		t.Fatalf("pass 4 sent %d bytes", len(m4))
	}
	ssa, err := p.Derive(registry.PartyA, pka, ska, pkb, sta, m4)
	if err != nil {
		t.Fatal(err)
	}
	ssb, err := p.Derive(registry.PartyB, pkb, skb, pka, stb, m3)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(ssa, ssb) {
		t.Fatalf("secrets differ: %x, %x", ssa, ssb)
	}
	return nil
}

// TestTamperedMessages shows each receiver rejecting a modified message as
// the reference does (§6.2): A in pass 3 when B's ciphertext or masked seed
// changed (the wrong K_A, or the wrong seed, fails B's authentication), B
// in pass 4 when A's masked seed changed.
func TestTamperedMessages(t *testing.T) {
	for _, p := range All {
		t.Run(p.Name, func(t *testing.T) {
			if err := exchange(t, p, 0, nil); err != nil {
				t.Fatalf("honest exchange: %v", err)
			}
			ct := p.ctBytes()
			cases := []struct {
				name   string
				at     int
				tamper func([]byte)
			}{
				{"M2 ciphertext", 2, func(m []byte) { m[0] ^= 1 }},
				{"M2 ciphertext end", 2, func(m []byte) { m[ct-1] ^= 0x80 }},
				{"M2 masked seed", 2, func(m []byte) { m[ct] ^= 1 }},
				{"M3 masked seed", 3, func(m []byte) { m[len(m)-1] ^= 0x40 }},
			}
			for _, c := range cases {
				err := exchange(t, p, c.at, c.tamper)
				if !errors.Is(err, ErrAuthentication) {
					t.Errorf("%s: pass %d returned %v, want %v", c.name, c.at+1, err, ErrAuthentication)
				}
			}
		})
	}
}

// TestMalformedInputs checks that inputs of the wrong length are errors,
// not panics.
func TestMalformedInputs(t *testing.T) {
	p := C128
	pk, sk, st, err := p.Init(registry.PartyA, rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 4; i++ {
		if _, _, err := p.Pass(i, rand.Reader, pk, sk, pk[:10], st, nil); err == nil {
			t.Errorf("pass %d accepted a short peer key", i)
		}
	}
	if _, _, err := p.Pass(2, rand.Reader, pk, sk, pk, st, make([]byte, 5)); err == nil {
		t.Error("pass 2 accepted a short message")
	}
	if _, err := p.Derive(registry.PartyA, pk, sk, pk, st, nil); err == nil {
		t.Error("derive accepted the init state")
	}
	if _, _, _, err := p.Init(registry.PartyA, nil); err == nil {
		t.Error("init without randomness succeeded")
	}
	if _, _, err := p.Pass(1, nil, pk, sk, pk, st, nil); err == nil {
		t.Error("pass 1 without randomness succeeded")
	}
}

// TestAllocations checks that a step allocates its outputs and nothing
// else: the randomness, polynomials and matrices stay on the stack.
func TestAllocations(t *testing.T) {
	testenv.SkipShort(t, "allocation counts")
	zeros := make([]byte, 1<<12)
	rng := func() io.Reader { return bytes.NewReader(zeros) }
	for _, p := range All {
		tr, err := registry.RunExchange(p, rng())
		if err != nil {
			t.Fatal(err)
		}
		steps := []struct {
			name string
			want float64 // the outputs: pk, sk, st; out, newSt; ...
			run  func()
		}{
			{"init", 3, func() { p.Init(registry.PartyA, rng()) }},
			{"pass1", 2, func() { p.Pass(1, rng(), tr.PK[0], tr.SK[0], tr.PK[1], tr.St[0], nil) }},
			{"pass2", 2, func() { p.Pass(2, rng(), tr.PK[1], tr.SK[1], tr.PK[0], tr.St[1], tr.Msg[0]) }},
			{"pass3", 2, func() { p.Pass(3, rng(), tr.PK[0], tr.SK[0], tr.PK[1], tr.StAfter[0], tr.Msg[1]) }},
			{"pass4", 1, func() { p.Pass(4, rng(), tr.PK[1], tr.SK[1], tr.PK[0], tr.StAfter[1], tr.Msg[2]) }},
			{"derive", 0, func() { p.Derive(registry.PartyA, tr.PK[0], tr.SK[0], tr.PK[1], tr.StAfter[2], tr.Msg[3]) }},
		}
		for _, s := range steps {
			// The reader itself is one allocation, outside the step.
			extra := 1.0
			if s.name == "derive" {
				extra = 0
			}
			if got := testing.AllocsPerRun(20, s.run); got != s.want+extra {
				t.Errorf("%s %s: %v allocations, want %v", p.Name, s.name, got, s.want+extra)
			}
		}
	}
}

// TestGarbageInputs runs every step on random bytes of the right lengths:
// keys and messages that no honest party made must give outputs or an
// authentication error, never a panic.
func TestGarbageInputs(t *testing.T) {
	for _, p := range All {
		junk := func(n int) []byte {
			b := make([]byte, n)
			rand.Read(b)
			return b
		}
		for i := 0; i < 5; i++ {
			pk, sk, peer := junk(p.PublicKeySize()), junk(p.SecretKeySize()), junk(p.PublicKeySize())
			sizes := p.MessageSizes()
			if _, _, err := p.Pass(1, rand.Reader, pk, sk, peer, junk(p.s), nil); err != nil {
				t.Errorf("%s pass1: %v", p.Name, err)
			}
			if _, _, err := p.Pass(2, rand.Reader, pk, sk, peer, junk(p.s), junk(sizes[0])); err != nil {
				t.Errorf("%s pass2: %v", p.Name, err)
			}
			if _, _, err := p.Pass(3, rand.Reader, pk, sk, peer, junk(2*p.s), junk(sizes[1])); !errors.Is(err, ErrAuthentication) {
				t.Errorf("%s pass3 on junk: %v", p.Name, err)
			}
			if _, _, err := p.Pass(4, rand.Reader, pk, sk, peer, junk(4*p.s), junk(sizes[2])); !errors.Is(err, ErrAuthentication) {
				t.Errorf("%s pass4 on junk: %v", p.Name, err)
			}
		}
	}
}
