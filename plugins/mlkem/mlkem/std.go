package mlkem

import (
	stdmlkem "crypto/mlkem"
	"crypto/mlkem/mlkemtest"
)

// crypto/mlkem keeps decapsulation keys in the 64-byte seed form only: it
// can neither print nor parse the expanded encoding of FIPS 203 §7.1, so
// its sk is d‖z and every decapsulation re-derives the key from it. It
// serves ML-KEM-768 and ML-KEM-1024; mlkemtest supplies the derandomised
// encapsulation (ML-KEM.Encaps_internal). mlkemtest re-parses the
// encapsulation key it is given (its matrix Â is sampled a second time), so
// under crypto/rand.Reader the adapter calls the public Encapsulate
// instead, which is what a user of crypto/mlkem runs.

type stdDecapsulationKey[E any] interface {
	Bytes() []byte
	Decapsulate(ciphertext []byte) ([]byte, error)
	EncapsulationKey() E
}

type stdEncapsulationKey interface {
	Bytes() []byte
	Encapsulate() (sharedKey, ciphertext []byte)
}

// stdInternal builds the internal algorithms from one parameter set's
// constructors.
func stdInternal[D stdDecapsulationKey[E], E stdEncapsulationKey](
	newDK func(seed []byte) (D, error),
	newEK func(ek []byte) (E, error),
	encaps func(ek E, m []byte) (k, ct []byte, err error),
) internal {
	return internal{
		keyGen: func(seed []byte) ([]byte, []byte, error) {
			dk, err := newDK(seed)
			if err != nil {
				return nil, nil, err
			}
			return dk.EncapsulationKey().Bytes(), dk.Bytes(), nil
		},
		encaps: func(ekb, m []byte) ([]byte, []byte, error) {
			ek, err := newEK(ekb)
			if err != nil {
				return nil, nil, err
			}
			k, ct, err := encaps(ek, m)
			return ct, k, err
		},
		encapsSystem: func(ekb []byte) ([]byte, []byte, error) {
			ek, err := newEK(ekb)
			if err != nil {
				return nil, nil, err
			}
			k, ct := ek.Encapsulate()
			return ct, k, nil
		},
		decaps: func(seed, ct []byte) ([]byte, error) {
			dk, err := newDK(seed)
			if err != nil {
				return nil, err
			}
			return dk.Decapsulate(ct)
		},
	}
}

// stdSets are the parameter sets crypto/mlkem implements, with its own
// size constants.
var stdSets = []*KEM{
	{name: "ML-KEM-768", impl: "go-std", skIsSeed: true,
		pk: stdmlkem.EncapsulationKeySize768, sk: stdmlkem.SeedSize, ct: stdmlkem.CiphertextSize768,
		in: stdInternal(stdmlkem.NewDecapsulationKey768, stdmlkem.NewEncapsulationKey768, mlkemtest.Encapsulate768)},
	{name: "ML-KEM-1024", impl: "go-std", skIsSeed: true,
		pk: stdmlkem.EncapsulationKeySize1024, sk: stdmlkem.SeedSize, ct: stdmlkem.CiphertextSize1024,
		in: stdInternal(stdmlkem.NewDecapsulationKey1024, stdmlkem.NewEncapsulationKey1024, mlkemtest.Encapsulate1024)},
}
