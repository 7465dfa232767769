package afskex

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// TestLongExchanges runs many honest exchanges and many tampered ones, each
// tampering a random bit of message 2 or 3: 300 of each a parameter set.
func TestLongExchanges(t *testing.T) {
	const n = 300
	r := rand.New(rand.NewPCG(9, 10))
	for _, p := range All {
		t.Run(p.Name, func(t *testing.T) {
			for i := range n {
				if err := exchange(t, p, 0, nil); err != nil {
					t.Fatalf("honest exchange %d: %v", i, err)
				}
				at := 2 + r.IntN(2)
				bit := r.IntN(8 * p.MessageSizes()[at-1])
				err := exchange(t, p, at, func(m []byte) { m[bit/8] ^= 1 << (bit % 8) })
				if !errors.Is(err, ErrAuthentication) {
					t.Fatalf("M%d bit %d flipped: pass %d returned %v", at, bit, at+1, err)
				}
			}
		})
	}
}
