package mlkem

import (
	"crypto/rand"
	"testing"
)

// BenchmarkDecapsInputs separates the two things a pool of distinct
// inputs changes in a timed decapsulation loop: where the inputs live in
// memory (64 copies of one key and ciphertext) and what they are (2 or 64
// distinct keys). A gap between "copies" and "distinct" comes from the
// inputs' content: the branch history of rejection sampling and of the
// other data-dependent loops repeats exactly when one input repeats.
func BenchmarkDecapsInputs(b *testing.B) {
	for _, k := range Sets() {
		if k.name != "ML-KEM-768" {
			continue
		}
		type input struct{ sk, ct []byte }
		fresh := func() input {
			pk, sk, err := k.GenerateKey(rand.Reader)
			if err != nil {
				b.Fatal(err)
			}
			ct, _, err := k.Encapsulate(rand.Reader, pk)
			if err != nil {
				b.Fatal(err)
			}
			return input{sk, ct}
		}
		one := fresh()
		pools := map[string][]input{"one": {one}, "copies64": nil, "distinct2": {fresh(), fresh()}, "distinct64": nil}
		for range 64 {
			pools["copies64"] = append(pools["copies64"], input{append([]byte(nil), one.sk...), append([]byte(nil), one.ct...)})
			pools["distinct64"] = append(pools["distinct64"], fresh())
		}
		for _, name := range []string{"one", "copies64", "distinct2", "distinct64"} {
			pool := pools[name]
			b.Run(k.impl+"/"+name, func(b *testing.B) {
				for i := 0; b.Loop(); i++ {
					in := pool[i%len(pool)]
					if _, err := k.Decapsulate(in.sk, in.ct); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
