package mlkem

import (
	"crypto/rand"
	"testing"
)

// BenchmarkDecapsInputs separates the things a pool of distinct inputs
// may change in a timed decapsulation loop: where the inputs live in
// memory (64 copies of one key and ciphertext), how many distinct key
// pairs there are (2 to 64), and distinct ciphertexts under one key
// (key1ct64, what the contract's loop uses). A gap between "copies" and
// "distinct" comes from the keys' content: the branches of sampling a
// key's matrix repeat when one key repeats, and the predictor learns them.
func BenchmarkDecapsInputs(b *testing.B) {
	for _, k := range Sets() {
		if k.name != "ML-KEM-768" {
			continue
		}
		type input struct{ pk, sk, ct []byte }
		fresh := func() input {
			pk, sk, err := k.GenerateKey(rand.Reader)
			if err != nil {
				b.Fatal(err)
			}
			ct, _, err := k.Encapsulate(rand.Reader, pk)
			if err != nil {
				b.Fatal(err)
			}
			return input{pk, sk, ct}
		}
		one := fresh()
		pools := map[string][]input{"one": {one}}
		for range 64 {
			pools["copies64"] = append(pools["copies64"], input{one.pk, append([]byte(nil), one.sk...), append([]byte(nil), one.ct...)})
			pools["distinct64"] = append(pools["distinct64"], fresh())
			ct, _, err := k.Encapsulate(rand.Reader, one.pk)
			if err != nil {
				b.Fatal(err)
			}
			pools["key1ct64"] = append(pools["key1ct64"], input{one.pk, one.sk, ct})
		}
		pools["distinct2"] = pools["distinct64"][:2]
		pools["distinct8"] = pools["distinct64"][:8]
		pools["distinct16"] = pools["distinct64"][:16]
		for _, name := range []string{"one", "copies64", "distinct2", "distinct8", "distinct16", "distinct64", "key1ct64"} {
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
