package campaign

import (
	"encoding/json"
	"math"
	"testing"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/registry"
	"crucible.dev/registry/eval/catalog"
)

// FuzzHashShare parses whatever a plugin returns as a CPU profile: garbage
// is an error, and a parsed share is a fraction.
func FuzzHashShare(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte("\x1f\x8b\x08\x00"))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := HashShare(b, []string{"crucible.dev/registry/iccs."})
		if err != nil {
			return
		}
		if s.Total < 0 || s.Total > 1 || math.IsNaN(s.Total) {
			t.Fatalf("share %v", s.Total)
		}
	})
}

// FuzzRecompute recomputes statistics from whatever trials a record holds:
// no panic, whatever the samples and batch sizes.
func FuzzRecompute(f *testing.F) {
	f.Add([]byte(`{"trials":[{"batch":2,"ns":[10,20,30],"cycles":[1,2,3]}],"msg_len":64}`))
	f.Add([]byte(`{"trials":[{"batch":0,"ns":[1],"cycles":[]}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var r evidence.Record
		if json.Unmarshal(b, &r) != nil {
			return
		}
		r.Recompute()
	})
}

// FuzzAudit lines up declared and returned sizes, whatever a plugin says.
func FuzzAudit(f *testing.F) {
	f.Add(784, 1712, 1047, 64, 3, 32)
	f.Fuzz(func(t *testing.T, pk, sk, ct, ss, npass, msg int) {
		if npass < 0 || npass > 64 {
			return
		}
		d := registry.Sizes{PublicKey: pk, SecretKey: sk, Ciphertext: ct, SharedSecret: ss}
		for i := 0; i < npass; i++ {
			d.Messages = append(d.Messages, msg)
		}
		e, _ := catalog.Lookup("Amoeba128")
		for _, k := range registry.Kinds {
			for _, row := range auditRows(e, d, d, k) {
				if row.OK && row.Declared != row.Actual && row.Note == "" {
					t.Fatalf("%s passes with declared %d, returned %d", row.Field, row.Declared, row.Actual)
				}
			}
		}
	})
}
