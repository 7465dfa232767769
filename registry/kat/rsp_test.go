package kat

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"crucible.dev/registry/drbg"
)

// echoKEM is a stand-in KEM whose outputs are the randomness it reads, so a
// test can predict every field from the DRBG alone: keygen reads 16 bytes
// (pk = them, sk = them reversed), encaps reads 8 (ct = them, ss = SHA-256
// of ct truncated to 4 bytes), decaps recomputes ss from ct.
type echoKEM struct{ badDecaps bool }

func (echoKEM) GenerateKey(r io.Reader) ([]byte, []byte, error) {
	pk := make([]byte, 16)
	if _, err := r.Read(pk); err != nil {
		return nil, nil, err
	}
	sk := make([]byte, 16)
	for i := range sk {
		sk[i] = pk[15-i]
	}
	return pk, sk, nil
}

func (echoKEM) Encapsulate(r io.Reader, pk []byte) ([]byte, []byte, error) {
	ct := make([]byte, 8)
	if _, err := r.Read(ct); err != nil {
		return nil, nil, err
	}
	h := sha256.Sum256(ct)
	return ct, h[:4], nil
}

func (e echoKEM) Decapsulate(sk, ct []byte) ([]byte, error) {
	h := sha256.Sum256(ct)
	if e.badDecaps {
		h[0] ^= 1
	}
	return h[:4], nil
}

func upper(b []byte) string { return strings.ToUpper(hex.EncodeToString(b)) }

// expectKEM builds the expected file from the DRBG directly.
func expectKEM(n int) string {
	master, _ := drbg.NewCTR(RSPEntropy(nil), nil)
	var sb strings.Builder
	for c := 0; c < n; c++ {
		if c > 0 {
			sb.WriteString("\n")
		}
		seed := make([]byte, 48)
		master.Read(seed)
		rec, _ := drbg.NewCTR(seed, nil)
		pk, sk, _ := echoKEM{}.GenerateKey(rec)
		ct, ss, _ := echoKEM{}.Encapsulate(rec, pk)
		fmt.Fprintf(&sb, "count = %d\nseed = %s\npk = %s\nsk = %s\nct = %s\nss = %s\n",
			c, upper(seed), upper(pk), upper(sk), upper(ct), upper(ss))
	}
	return sb.String()
}

func TestWriteRSPKEMLayout(t *testing.T) {
	for _, n := range []int{1, 3} {
		var b bytes.Buffer
		if err := WriteRSPKEM(&b, echoKEM{}, n, nil); err != nil {
			t.Fatal(err)
		}
		if got, want := b.String(), expectKEM(n); got != want {
			t.Errorf("n=%d:\n got %q\nwant %q", n, got, want)
		}
	}
	var one, all bytes.Buffer
	WriteRSPKEM(&one, echoKEM{}, 1, nil)
	WriteRSPKEM(&all, echoKEM{}, 2, nil)
	if !strings.HasPrefix(all.String(), one.String()+"\ncount = 1\n") {
		t.Errorf("records are not separated by exactly one empty line")
	}
	if !strings.HasPrefix(one.String(), "count = 0\nseed = 061550234D158C5EC95595FE04EF7A25767F2E24CC2BC479D09D86DC9ABCFDE7056A8C266F9EF97ED08541DBD2E1FFA1\n") {
		t.Errorf("file does not start with the NIST count-0 record: %q", one.String()[:60])
	}
	if strings.HasSuffix(all.String(), "\n\n") {
		t.Errorf("trailing empty line after the last record")
	}
}

func TestWriteRSPKEMChecksDecaps(t *testing.T) {
	err := WriteRSPKEM(io.Discard, echoKEM{badDecaps: true}, 1, nil)
	if err == nil || !strings.Contains(err.Error(), "record 0: decaps") {
		t.Errorf("mismatching decapsulation not reported: %v", err)
	}
	if err := WriteRSPKEM(io.Discard, echoKEM{}, 0, nil); err == nil {
		t.Errorf("zero records accepted")
	}
}

// echoSig signs by echoing: sig = 4 bytes of randomness (or 4 zero bytes
// when deterministic) followed by the context; verify accepts exactly that
// form.
type echoSig struct{}

func (echoSig) GenerateKey(r io.Reader) ([]byte, []byte, error) {
	k := make([]byte, 4)
	_, err := r.Read(k)
	return k, k, err
}

func (echoSig) Sign(r io.Reader, sk, msg, ctx []byte) ([]byte, error) {
	rnd := make([]byte, 4)
	if r != nil {
		if _, err := r.Read(rnd); err != nil {
			return nil, err
		}
	}
	return append(rnd, ctx...), nil
}

func (echoSig) Verify(pk, msg, sig, ctx []byte) error {
	if len(sig) != 4+len(ctx) || !bytes.Equal(sig[4:], ctx) {
		return errors.New("bad")
	}
	return nil
}

func TestWriteRSPSign(t *testing.T) {
	for _, hedged := range []bool{false, true} {
		var b bytes.Buffer
		ctx := []byte{0xC0}
		if err := WriteRSPSign(&b, echoSig{}, 2, nil, RSPSignOptions{Hedged: hedged, Context: ctx}); err != nil {
			t.Fatal(err)
		}
		master, _ := drbg.NewCTR(RSPEntropy(nil), nil)
		var want strings.Builder
		for c := 0; c < 2; c++ {
			if c > 0 {
				want.WriteString("\n")
			}
			seed := make([]byte, 48)
			master.Read(seed)
			msg := make([]byte, 33*(c+1))
			master.Read(msg)
			rec, _ := drbg.NewCTR(seed, nil)
			pk := make([]byte, 4)
			rec.Read(pk)
			rnd := make([]byte, 4)
			if hedged {
				rec.Read(rnd)
			}
			sm := append(append(rnd, ctx...), msg...)
			fmt.Fprintf(&want, "count = %d\nseed = %s\nmlen = %d\nmsg = %s\npk = %s\nsk = %s\nsmlen = %d\nsm = %s\n",
				c, upper(seed), len(msg), upper(msg), upper(pk), upper(pk), len(sm), upper(sm))
		}
		if b.String() != want.String() {
			t.Errorf("hedged=%v:\n got %q\nwant %q", hedged, b.String(), want.String())
		}
	}
	// Custom message lengths and signed-message layout; an empty message
	// is printed as "00", as fprintBstr does.
	var b bytes.Buffer
	err := WriteRSPSign(&b, echoSig{}, 1, nil, RSPSignOptions{
		MsgLen:        func(int) int { return 0 },
		SignedMessage: func(sig, msg []byte) []byte { return append(bytes.Clone(msg), sig...) },
	})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "\nmlen = 0\nmsg = 00\n") || !strings.Contains(b.String(), "\nsmlen = 4\nsm = 00000000\n") {
		t.Errorf("empty message record: %q", b.String())
	}
}
