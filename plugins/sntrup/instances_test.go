package main

import (
	"os"
	"strings"
	"testing"

	"crucible.dev/plugins/sntrup/sntrup"
	"crucible.dev/registry"
	"crucible.dev/registry/eval/catalog"
)

// TestDispatch checks that the environment switch is honoured and that
// the notes name the path in use.
func TestDispatch(t *testing.T) {
	if os.Getenv("CRUCIBLE_SNTRUP_PORTABLE") == "1" && sntrup.Dispatch() != "portable" {
		t.Fatalf("CRUCIBLE_SNTRUP_PORTABLE=1 but dispatch is %s", sntrup.Dispatch())
	}
	for _, in := range instances() {
		if d := in.Notes["dispatch"]; len(d) < len(sntrup.Dispatch()) || d[:len(sntrup.Dispatch())] != sntrup.Dispatch() {
			t.Errorf("%s: dispatch note %q, path in use %s", in.Name, d, sntrup.Dispatch())
		}
	}
	if os.Getenv("CRUCIBLE_SNTRUP_NOVNNI") == "1" && strings.Contains(sntrup.DispatchDetail(), "VNNI") {
		t.Fatalf("CRUCIBLE_SNTRUP_NOVNNI=1 but the detail is %q", sntrup.DispatchDetail())
	}
	t.Logf("dispatch: %s; %s", sntrup.Dispatch(), sntrup.DispatchDetail())
}

// TestInstances checks declared sizes against the catalog and the lengths
// the operations actually return, and a round trip through registry.Local.
func TestInstances(t *testing.T) {
	ins := instances()
	if len(ins) != 6 {
		t.Fatalf("%d instances, want 6", len(ins))
	}
	for _, in := range ins {
		e, ok := catalog.Lookup(in.Name)
		if !ok {
			t.Fatalf("%s: not in the catalog", in.Name)
		}
		if in.Sizes.PublicKey != e.Sizes.PublicKey || in.Sizes.SecretKey != e.Sizes.SecretKey ||
			in.Sizes.Ciphertext != e.Sizes.Ciphertext || in.Sizes.SharedSecret != e.Sizes.SharedSecret {
			t.Errorf("%s: declared %+v, catalog %+v", in.Name, in.Sizes, e.Sizes)
		}
		if len(in.KATs) != 2 {
			t.Errorf("%s: %d KAT generators, want 2", in.Name, len(in.KATs))
		}
		run := registry.Local(in)
		if _, err := run.Run("keygen", nil, nil); err == nil {
			t.Fatalf("%s: keygen without randomness succeeded", in.Name)
		}
		rnd := make([]byte, 1<<16)
		for i := range rnd {
			rnd[i] = byte(i * 7)
		}
		kp, err := run.Run("keygen", rnd, nil)
		if err != nil {
			t.Fatalf("%s: keygen: %v", in.Name, err)
		}
		enc, err := run.Run("encaps", rnd, registry.Args{registry.ArgPK: kp[registry.ArgPK]})
		if err != nil {
			t.Fatalf("%s: encaps: %v", in.Name, err)
		}
		dec, err := run.Run("decaps", nil, registry.Args{registry.ArgSK: kp[registry.ArgSK], registry.ArgCT: enc[registry.ArgCT]})
		if err != nil {
			t.Fatalf("%s: decaps: %v", in.Name, err)
		}
		lens := map[string][2]int{
			"pk": {len(kp[registry.ArgPK]), e.Sizes.PublicKey}, "sk": {len(kp[registry.ArgSK]), e.Sizes.SecretKey},
			"ct": {len(enc[registry.ArgCT]), e.Sizes.Ciphertext}, "ss": {len(enc[registry.ArgSS]), e.Sizes.SharedSecret},
		}
		for name, l := range lens {
			if l[0] != l[1] {
				t.Errorf("%s: %s is %d bytes, catalog says %d", in.Name, name, l[0], l[1])
			}
		}
		if string(dec[registry.ArgSS]) != string(enc[registry.ArgSS]) {
			t.Errorf("%s: decaps gave a different shared secret", in.Name)
		}
	}
}
