package audit

import (
	"strings"
	"testing"

	"crucible.dev/registry"
	"crucible.dev/registry/eval/catalog"
)

// FuzzAudit lines up declared and returned sizes, whatever a plugin says:
// a row passes only when what came back is what was declared (or, for a
// variable-length field, no longer than it), and, for an entry in the
// catalog, what was declared is the catalog's (or its seed form).
func FuzzAudit(f *testing.F) {
	f.Add(784, 1712, 1047, 64, 3, 32, 0, 0, 0, 0, false)
	f.Add(784, 1712, 1047, 64, 3, 32, 0, 1, 0, -1, false)
	// A signature of at most 72 bytes (ECDSA's DER, in the catalog or
	// declared a maximum): 71 passes and 73 must not.
	f.Add(33, 32, 72, 0, 0, 0, 0, 0, -1, 0, true)
	f.Add(33, 32, 72, 0, 0, 0, 0, 0, 1, 0, true)
	f.Fuzz(func(t *testing.T, pk, sk, ct, ss, npass, msg, dpk, dsk, dct, dss int, sigMax bool) {
		if npass < 0 || npass > 64 {
			return
		}
		d := registry.Sizes{PublicKey: pk, SecretKey: sk, Ciphertext: ct, SharedSecret: ss, Signature: ct, SignatureMax: sigMax}
		for i := 0; i < npass; i++ {
			d.Messages = append(d.Messages, msg)
		}
		a := d
		a.Messages = append([]int(nil), d.Messages...)
		a.PublicKey += dpk
		a.SecretKey += dsk
		a.Ciphertext += dct
		a.Signature += dct
		a.SharedSecret += dss
		kem, _ := catalog.Lookup("Amoeba128")
		sig, _ := catalog.Lookup("ECDSA-secp256k1-SHA256")
		for _, entry := range []*catalog.Entry{kem, sig, nil} {
			for _, k := range registry.Kinds {
				for _, row := range auditRows(entry, d, a, k) {
					if !row.OK {
						continue
					}
					if row.Actual != row.Declared && !(row.Actual > 0 && row.Actual < row.Declared && strings.Contains(row.Note, "variable length")) {
						t.Fatalf("%s passes with declared %d, returned %d (%s)", row.Field, row.Declared, row.Actual, row.Note)
					}
					if entry != nil && row.Declared != row.Catalog && row.Note != "seed form" {
						t.Fatalf("%s passes with declared %d against the catalog's %d", row.Field, row.Declared, row.Catalog)
					}
				}
			}
		}
	})
}
