package iccs

import (
	"bytes"
	"encoding/hex"
	"strings"
	"testing"
)

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The check values of SM3 (GB/T 32905-2016 Appendix A) and of the ICCS
// reference auxfunc.c run on "abc"; SOURCE.md says where each comes from.
func TestCheckValues(t *testing.T) {
	abc := []byte("abc")
	s := SM3(abc)
	if want := unhex(t, "66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0"); !bytes.Equal(s[:], want) {
		t.Errorf("SM3(abc) = %x", s)
	}
	p5 := PseudoHash512(abc)
	if want := unhex(t, "9ae35811886caf801bfc6089ffb7c0a0fbeb8ebd14a5261f28474d7a5814970a865ef8ace55461c19e953e9d36a560994b126366bbb2942eb6818523e82f1e95"); !bytes.Equal(p5[:], want) {
		t.Errorf("pseudohash512(abc) = %x", p5)
	}
	p10 := PseudoHash1024(abc)
	if want := unhex(t, "7710420aa9c2dbae8520c0408bd6d65402f3db9b6737590f086693651ad279756c280980b925e2e7d2bdc76fb9b67fc55a438752faf8137250ed127a6945860fd289156c58c72a27d661a8431519562c625d2cf7288fc643549d9c02f8ac5f157805edc50d92908fbb4ca255bdb1436c21ea963fa5f278efec64361775a5415c"); !bytes.Equal(p10[:], want) {
		t.Errorf("pseudohash1024(abc) = %x", p10)
	}
	x := make([]byte, 40)
	PseudoXOF(x, abc)
	if want := unhex(t, "fe1ea80dac6f100c33537bd24619ec7c72a1e8b1ffeaefb1eb52a37791fdaf619db16c0ac7bebb47"); !bytes.Equal(x, want) {
		t.Errorf("pseudoXOF(abc, 40) = %x", x)
	}
}

func TestDRNG(t *testing.T) {
	d := NewDRNG(bytes.Repeat([]byte("seed"), 16))
	if want := unhex(t, "ca876fb92f7e49ed96704c96822e466dba0ed05ac8893fb3f82dbadfa86b797c859e6b1408a6b677b2f768ef9ac7ec32f99ebdf428603e"); !bytes.Equal(d.v[:], want) {
		t.Errorf("V = %x", d.v)
	}
	if want := unhex(t, "0766634074bc87eabe8dff1fe5bb219340ae044ddd3e4c99a7f9729f708aa42d817837de5f6e2f6c523d52a98b1e573a23ddfb466047fa"); !bytes.Equal(d.c[:], want) {
		t.Errorf("C = %x", d.c)
	}
	for i, want := range []string{
		"927f06b594798a4ddfaa4f03f92aaaf04e1d453f6ed1de19b86d3aade048a65483df4754049b5cd3f586406cf2c64875c51edb576df342b5a970f40eabc15d3c",
		"58561187cbbf6cdc0ecfb2d25965f936be05aa961542d0e23e4adfa8b6d0e3fdc043ed72ac1c28f03cf831fbb6a8bc6db9ee0475520ee8578b1970e407ee0352",
	} {
		got := make([]byte, 64)
		d.Read(got)
		if !bytes.Equal(got, unhex(t, want)) {
			t.Errorf("Generate(64) #%d = %x", i+1, got)
		}
	}
	d = NewDRNG([]byte("abc"))
	a, b := make([]byte, 40), make([]byte, 16)
	d.Read(a)
	d.Read(b)
	if !bytes.Equal(a, unhex(t, "e014b6074c416a61ead0701d8a4bd8d225c0ca255aec292e24999b38ddfc09230fe37d408e697787")) ||
		!bytes.Equal(b, unhex(t, "413ebd4d9a3889845280c178a45377a3")) {
		t.Errorf("DRNG(abc): %x %x", a, b)
	}
}

func TestCounts(t *testing.T) {
	before := ReadCounts()
	SM3(nil)
	PseudoXOF(make([]byte, 1), nil)
	if got := ReadCounts(); got.SM3 != before.SM3+1 || got.PseudoXOF != before.PseudoXOF+1 {
		t.Fatalf("counts %+v after %+v", got, before)
	}
}
