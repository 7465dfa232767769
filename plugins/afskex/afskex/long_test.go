package afskex

import (
	"errors"
	"math/rand/v2"
	"os"
	"testing"
)

// TestLongExchanges runs many honest exchanges and many tampered ones, each
// tampering a random bit of message 2 or 3. Set CRUCIBLE_LONG=1.
func TestLongExchanges(t *testing.T) {
	if os.Getenv("CRUCIBLE_LONG") != "1" {
		t.Skip("set CRUCIBLE_LONG=1")
	}
	r := rand.New(rand.NewPCG(9, 10))
	for _, p := range All {
		t.Run(p.Name, func(t *testing.T) {
			for i := 0; i < 300; i++ {
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
