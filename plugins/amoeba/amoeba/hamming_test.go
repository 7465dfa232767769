package amoeba

import (
	"bytes"
	"math/bits"
	"math/rand/v2"
	"testing"
)

func testMessage() []byte {
	m := make([]byte, msgLen)
	for i := range m {
		m[i] = byte(i*37 + 11)
	}
	return m
}

func TestHammingColumns(t *testing.T) {
	// The first columns and the last one (spec §6): the integers with at
	// least two bits set, in order.
	want := []uint16{3, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 17}
	for i, w := range want {
		if eccCol[i] != w {
			t.Errorf("column %d = %d, want %d", i, eccCol[i], w)
		}
	}
	if eccCol[eccL-1] != 522 {
		t.Errorf("last column = %d, want 522", eccCol[eccL-1])
	}
}

// Every single error is corrected except in the check bits 4…9, whose
// syndromes 2^i the reference maps outside its buffer (spec §6 QUIRK): the
// port reports those as failures. Check bits 2 and 3 are "corrected" at the
// wrong position, which still yields the right data.
func TestHammingSingleErrors(t *testing.T) {
	msg := testMessage()
	var c [eccN]byte
	encodeECC(&c, msg)
	got := make([]byte, msgLen)
	if decodeECC(got, &c) != 1 || !bytes.Equal(got, msg) {
		t.Fatalf("error-free word not decoded")
	}
	for pos := range eccN {
		e := c
		e[pos] ^= 1
		ok := decodeECC(got, &e) == 1
		wantOK := pos < eccL+4 || pos == eccN-1
		if ok != wantOK {
			t.Errorf("error at %d: decoded %v, want %v", pos, ok, wantOK)
		}
		if ok && !bytes.Equal(got, msg) {
			t.Errorf("error at %d: wrong message", pos)
		}
	}
}

// Two errors are detected, never silently miscorrected (status 2).
func TestHammingDoubleErrors(t *testing.T) {
	msg := testMessage()
	var c [eccN]byte
	encodeECC(&c, msg)
	got := make([]byte, msgLen)
	for _, pair := range [][2]int{{0, 1}, {5, 300}, {511, 512}, {100, 522}, {513, 520}} {
		e := c
		e[pair[0]] ^= 1
		e[pair[1]] ^= 1
		if decodeECC(got, &e) != 0 {
			t.Errorf("errors at %v: decoded", pair)
		}
	}
}

// decodeECCTable is the decoder as it was written before it was made
// constant-time: the syndrome looked up in a table of blamed positions and
// branched on. It is kept here as the model the masked decoder must match.
func decodeECCTable(msg []byte, c *[eccN]byte) bool {
	var pos [1 << eccR]int16
	for s := range pos {
		pos[s] = -1
	}
	j := 0
	for s := 1; s < 1<<eccR; s++ {
		if bits.OnesCount(uint(s)) == 1 {
			pos[s] = int16(eccL + s - 1)
		} else if j < eccL {
			pos[s] = int16(j)
			j++
		}
	}
	s, parity := syndrome(c)
	flip := -1
	if s != 0 {
		p := int(pos[s])
		if p < 0 || p >= eccN || parity == 0 {
			return false
		}
		flip = p
	}
	clear(msg)
	for j := range eccL {
		b := c[j]
		if j == flip {
			b ^= 1
		}
		msg[j>>3] |= b << (j & 7)
	}
	return true
}

// The masked decoder gives the table decoder's verdict, and its message
// whenever it succeeds, on words with up to four random errors: this
// reaches every kind of syndrome (zero, a data column, each weight-one
// syndrome, one no column has) with either parity.
func TestHammingMatchesTableDecoder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	msg := make([]byte, msgLen)
	got, want := make([]byte, msgLen), make([]byte, msgLen)
	kinds := map[string]int{}
	for trial := range 20000 {
		for i := range msg {
			msg[i] = byte(rng.Uint32())
		}
		var c [eccN]byte
		encodeECC(&c, msg)
		for range trial % 5 {
			c[rng.IntN(eccN)] ^= 1
		}
		okWant := decodeECCTable(want, &c)
		ok := decodeECC(got, &c)
		if ok != 0 && ok != 1 {
			t.Fatalf("verdict %d, want 0 or 1", ok)
		}
		if (ok == 1) != okWant {
			t.Fatalf("trial %d: verdict %d, table decoder %v", trial, ok, okWant)
		}
		if okWant && !bytes.Equal(got, want) {
			t.Fatalf("trial %d: message differs from the table decoder's", trial)
		}
		kinds[map[bool]string{true: "ok", false: "fail"}[okWant]]++
	}
	if kinds["ok"] == 0 || kinds["fail"] == 0 {
		t.Errorf("the trials reached only %v", kinds)
	}
}
