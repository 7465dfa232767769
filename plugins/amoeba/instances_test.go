package main

import (
	"bytes"
	"errors"
	"reflect"
	"testing"

	"crucible.dev/plugins/amoeba/amoeba"
	"crucible.dev/registry"
	"crucible.dev/registry/eval/catalog"
	"crucible.dev/registry/eval/katcheck"
	"crucible.dev/registry/eval/katcheck/reference"
)

func generate(t *testing.T, in *registry.Instance) []byte {
	t.Helper()
	if len(in.KATs) != 1 || in.KATs[0].Source != "ngcc" {
		t.Fatalf("%s: KAT generators %+v", in.ID(), in.KATs)
	}
	g := in.KATs[0]
	var b bytes.Buffer
	if err := g.Generate(&b, g.Records, nil); err != nil {
		t.Fatalf("%s: %v", in.ID(), err)
	}
	return b.Bytes()
}

// Each instance's generated KAT file hashes to the digest the NGCC harness
// publishes, and the declared sizes agree with the catalog.
func TestKATDigestsMatchCatalog(t *testing.T) {
	ins := instances()
	if len(ins) != 5 {
		t.Fatalf("%d instances, want 5", len(ins))
	}
	for _, in := range ins {
		e, ok := catalog.Lookup(in.Name)
		if !ok {
			t.Errorf("%s: not in the catalog", in.Name)
			continue
		}
		if !reflect.DeepEqual(in.Sizes, e.Sizes) {
			t.Errorf("%s: declares %+v, catalog %+v", in.Name, in.Sizes, e.Sizes)
		}
		g := in.KATs[0]
		want, ok := e.DigestFor(g.Source, g.Records)
		if !ok {
			t.Errorf("%s: no catalog digest for %s/%d", in.Name, g.Source, g.Records)
			continue
		}
		got, err := katcheck.Digest(g.Format, bytes.NewReader(generate(t, in)))
		if err != nil {
			t.Fatal(err)
		}
		if got != want.SHA256 {
			t.Errorf("%s: KAT digest %s, want %s", in.Name, got, want.SHA256)
		}
	}
}

// Field by field against the reference files, so a regression names its
// first differing record and field.
func TestKATAgainstReferenceFiles(t *testing.T) {
	for _, in := range instances() {
		want, err := reference.ReadFile("amoeba/KAT_KEM_" + in.Name + ".txt")
		if err != nil {
			t.Errorf("%s: %v", in.Name, err)
			continue
		}
		m, err := katcheck.FirstDifference(bytes.NewReader(generate(t, in)), bytes.NewReader(want))
		if err != nil || m != nil {
			t.Errorf("%s: %v %v", in.Name, m, err)
		}
	}
}

// The standard operations work in-process, and the benchmark's
// decaps_invalid input (one bit flipped in the middle of ct) gives what the
// reference gives: an implicit-rejection key, or, where the message code
// cannot decode it, the all-zero key kem_dec writes when it returns -1.
func TestOps(t *testing.T) {
	for _, in := range instances() {
		r := registry.Local(in)
		rand := bytes.Repeat([]byte{0x5a, 0xc3, 0x17}, 200)
		kg, err := r.Run("keygen", rand[:128], nil)
		if err != nil {
			t.Fatalf("%s keygen: %v", in.Name, err)
		}
		enc, err := r.Run("encaps", rand[128:192], registry.Args{registry.ArgPK: kg[registry.ArgPK]})
		if err != nil {
			t.Fatalf("%s encaps: %v", in.Name, err)
		}
		sk, ct := kg[registry.ArgSK], enc[registry.ArgCT]
		dec, err := r.Run("decaps", nil, registry.Args{registry.ArgSK: sk, registry.ArgCT: ct})
		if err != nil || !bytes.Equal(dec[registry.ArgSS], enc[registry.ArgSS]) {
			t.Errorf("%s decaps: %X, %v; want %X", in.Name, dec[registry.ArgSS], err, enc[registry.ArgSS])
		}
		bad := bytes.Clone(ct)
		bad[len(bad)/2] ^= 1
		got, err := r.Run("decaps_invalid", nil, registry.Args{registry.ArgSK: sk, registry.ArgCT: bad})
		if err != nil {
			t.Fatalf("%s decaps_invalid: %v", in.Name, err)
		}
		want, checkErr := in.KEM.(*amoeba.KEM).DecapsulateChecked(sk, bad)
		switch {
		case errors.Is(checkErr, amoeba.ErrDecryptionFailure):
			want = make([]byte, 64)
		case checkErr != nil:
			t.Fatalf("%s: %v", in.Name, checkErr)
		case bytes.Equal(want, enc[registry.ArgSS]):
			t.Errorf("%s decaps_invalid: the flipped bit was accepted", in.Name)
		}
		if !bytes.Equal(got[registry.ArgSS], want) {
			t.Errorf("%s decaps_invalid: key %X, want %X", in.Name, got[registry.ArgSS], want)
		}
		t.Logf("%s decaps_invalid: decoding failure %v", in.Name, checkErr != nil)
	}
}
