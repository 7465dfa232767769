package kat

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"crucible.dev/registry"
)

// toyKEX is a 2-pass exchange whose messages and states expose what the
// writer passed in: each party's init draws 2 bytes (its pk) and sends it;
// the secret is the xor of both; derive checks it was given the peer's
// message.
type toyKEX struct{ passes int }

func (x toyKEX) Passes() int { return x.passes }

func (toyKEX) Init(p registry.Party, r io.Reader) (pk, sk, st []byte, err error) {
	pk = make([]byte, 2)
	if _, err := io.ReadFull(r, pk); err != nil {
		return nil, nil, nil, err
	}
	return pk, []byte{byte(p)}, nil, nil
}

func (toyKEX) Pass(i int, r io.Reader, pk, sk, peerPK, st, in []byte) (out, newSt []byte, err error) {
	if i == 1 && in != nil || i > 1 && len(in) != 2 {
		return nil, nil, fmt.Errorf("pass %d got message %x", i, in)
	}
	return append([]byte(nil), pk...), append([]byte{byte(i)}, st...), nil
}

func (toyKEX) Derive(p registry.Party, pk, sk, peerPK, st, in []byte) ([]byte, error) {
	if !bytes.Equal(in, peerPK) {
		return nil, fmt.Errorf("derive_%s given %x, not the peer's message %x", p, in, peerPK)
	}
	return []byte{pk[0] ^ peerPK[0], pk[1] ^ peerPK[1]}, nil
}

func TestWriteNGCCKEXTwoPass(t *testing.T) {
	var b bytes.Buffer
	if err := WriteNGCCKEX(&b, toyKEX{2}, 2, nil); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, l := range strings.Split(b.String(), "\n") {
		if k, _, ok := strings.Cut(l, " = "); ok {
			names = append(names, k)
		} else if l != "" {
			t.Fatalf("line %q", l)
		}
	}
	want := "Count Seed_Len Seed Pass_Num PKa_Len PKa SKa_Len SKa Init_Sta_Len Init_Sta " +
		"PKb_Len PKb SKb_Len SKb Init_Stb_Len Init_Stb Pass1_Sta_Len Pass1_Sta M1_Len M1 " +
		"Pass2_Stb_Len Pass2_Stb M2_Len M2 SS_Len SS"
	if got := strings.Join(names[:len(names)/2], " "); got != want {
		t.Fatalf("record fields\n%s\nwant\n%s", got, want)
	}
	if !strings.Contains(b.String(), "Init_Sta_Len = 0\nInit_Sta = \n") {
		t.Error("an empty state is not printed as an empty value")
	}
	if !strings.HasSuffix(b.String(), "\n\n") || strings.Count(b.String(), "\n\n") != 2 {
		t.Error("records are not each followed by one empty line")
	}
	// Record 0's Seed is the first 64-byte draw of the seed DRNG, the same
	// for every NGCC KAT file (reference/afskex/SOURCE.md).
	if !strings.Contains(b.String(), "Seed = 927F06B5") {
		t.Error("record 0 seed is not the NGCC driver's")
	}
}

func TestWriteNGCCKEXPassCount(t *testing.T) {
	if err := WriteNGCCKEX(io.Discard, toyKEX{5}, 1, nil); err == nil {
		t.Error("a 5-pass exchange was accepted; the driver names 4 passes")
	}
}
