package campaign

import (
	"encoding/json"
	"testing"

	"crucible.dev/host/internal/evidence"
)

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
