package main

import (
	"bytes"
	"fmt"
	"io"

	"crucible.dev/registry"
	"crucible.dev/registry/iccs"
)

// Independent Go models of the test submissions in testdata/toykem and
// testdata/toykex, written from their README.md. The adapter's KAT files
// must equal the models' byte for byte: that checks the DRNG plumbing
// (every get_random_number is one Read of the record's ICCS DRNG, in
// order), the helpers and the record format at once.

// toyKEM models testdata/toykem.
type toyKEM struct{}

func read(r io.Reader, n int) ([]byte, error) {
	b := make([]byte, n)
	_, err := io.ReadFull(r, b)
	return b, err
}

func (toyKEM) GenerateKey(rand io.Reader) (pk, sk []byte, err error) {
	s, err := read(rand, 32)
	if err != nil {
		return nil, nil, err
	}
	z, err := read(rand, 16)
	if err != nil {
		return nil, nil, err
	}
	h := iccs.PseudoHash512(s)
	pk = h[:]
	return pk, bytes.Join([][]byte{s, z, pk}, nil), nil
}

// seal is ct = (m ⊕ pseudoXOF32(pk)) ‖ SM3(m ‖ pk), ss = pseudoXOF48(m ‖ ct).
func (toyKEM) seal(pk, m []byte) (ct, ss []byte) {
	ct = make([]byte, 32, 64)
	iccs.PseudoXOF(ct, pk)
	for i := range ct {
		ct[i] ^= m[i]
	}
	t := iccs.SM3(append(bytes.Clone(m), pk...))
	ct = append(ct, t[:]...)
	ss = make([]byte, 48)
	iccs.PseudoXOF(ss, append(bytes.Clone(m), ct...))
	return ct, ss
}

func (k toyKEM) Encapsulate(rand io.Reader, pk []byte) (ct, ss []byte, err error) {
	m, err := read(rand, 32)
	if err != nil {
		return nil, nil, err
	}
	ct, ss = k.seal(pk, m)
	return ct, ss, nil
}

func (k toyKEM) Decapsulate(sk, ct []byte) ([]byte, error) {
	z, pk := sk[32:48], sk[48:]
	m := make([]byte, 32)
	iccs.PseudoXOF(m, pk)
	for i := range m {
		m[i] ^= ct[i]
	}
	ct2, ss := k.seal(pk, m)
	if bytes.Equal(ct2, ct) {
		return ss, nil
	}
	iccs.PseudoXOF(ss, append(bytes.Clone(z), ct...))
	return ss, nil
}

// toyKEX models testdata/toykex.
type toyKEX struct{}

func (toyKEX) Passes() int { return 4 }

func (toyKEX) Init(_ registry.Party, rand io.Reader) (pk, sk, st []byte, err error) {
	if sk, err = read(rand, 32); err != nil {
		return nil, nil, nil, err
	}
	h := iccs.SM3(sk)
	return h[:], sk, h[:], nil
}

// session is k = pseudoXOF64(na ‖ nb ‖ pkA ‖ pkB).
func session(na, nb, pka, pkb []byte) []byte {
	k := make([]byte, 64)
	iccs.PseudoXOF(k, bytes.Join([][]byte{na, nb, pka, pkb}, nil))
	return k
}

func tagA(k []byte) []byte {
	t := iccs.SM3(append(bytes.Clone(k), 'A'))
	return t[:]
}

func tagB(k []byte) []byte {
	t := iccs.PseudoHash512(append(bytes.Clone(k), 'B'))
	return t[:32]
}

func (toyKEX) Pass(i int, rand io.Reader, _, _, peerPK, st, in []byte) (out, newSt []byte, err error) {
	switch i {
	case 1:
		na, err := read(rand, 32)
		if err != nil {
			return nil, nil, err
		}
		return na, append(bytes.Clone(st), na...), nil
	case 2:
		nb, err := read(rand, 32)
		if err != nil {
			return nil, nil, err
		}
		k := session(in, nb, peerPK, st)
		return append(bytes.Clone(nb), tagB(k)...), bytes.Join([][]byte{st, in, nb}, nil), nil
	case 3:
		k := session(st[32:], in[:32], st[:32], peerPK)
		if !bytes.Equal(tagB(k), in[32:]) {
			return nil, nil, fmt.Errorf("pass 3: B's tag")
		}
		return tagA(k), k, nil
	case 4:
		k := session(st[32:64], st[64:], peerPK, st[:32])
		if !bytes.Equal(tagA(k), in) {
			return nil, nil, fmt.Errorf("pass 4: A's tag")
		}
		return []byte{}, st, nil
	}
	return nil, nil, fmt.Errorf("no pass %d", i)
}

func (toyKEX) Derive(p registry.Party, _, _, peerPK, st, _ []byte) ([]byte, error) {
	k := st
	if p == registry.PartyB {
		k = session(st[32:64], st[64:], peerPK, st[:32])
	}
	ss := make([]byte, 32)
	iccs.PseudoXOF(ss, append(bytes.Clone(k), 's', 's'))
	return ss, nil
}
