package amoeba

import (
	"bytes"
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
	if !decodeECC(got, &c) || !bytes.Equal(got, msg) {
		t.Fatalf("error-free word not decoded")
	}
	for pos := range eccN {
		e := c
		e[pos] ^= 1
		ok := decodeECC(got, &e)
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
		if decodeECC(got, &e) {
			t.Errorf("errors at %v: decoded", pair)
		}
	}
}
