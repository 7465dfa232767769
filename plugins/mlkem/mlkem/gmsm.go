package mlkem

import (
	gmsm "github.com/emmansun/gmsm/mlkem"
)

// gmsm holds both forms of a decapsulation key; it is served in the
// expanded form (FIPS 203 §7.1 dk) that the NIST KAT files record. Its own
// GenerateKey reads d and z with two separate calls, so keygen goes
// through the seed constructor instead, fed by KEM.GenerateKey's single
// 64-byte read.

type gmsmDecapsulationKey[E any] interface {
	Bytes() []byte
	Decapsulate(ciphertext []byte) ([]byte, error)
	EncapsulationKey() E
}

type gmsmEncapsulationKey interface {
	Bytes() []byte
	EncapsulateInternal(m *[32]byte) (sharedKey, ciphertext []byte)
}

// gmsmInternal builds the internal algorithms from one parameter set's
// constructors.
func gmsmInternal[D gmsmDecapsulationKey[E], E gmsmEncapsulationKey](
	fromSeed, fromExpanded func([]byte) (D, error),
	newEK func([]byte) (E, error),
) internal {
	return internal{
		keyGen: func(seed []byte) ([]byte, []byte, error) {
			dk, err := fromSeed(seed)
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
			k, ct := ek.EncapsulateInternal((*[32]byte)(m))
			return ct, k, nil
		},
		decaps: func(dkb, ct []byte) ([]byte, error) {
			dk, err := fromExpanded(dkb)
			if err != nil {
				return nil, err
			}
			return dk.Decapsulate(ct)
		},
	}
}

// gmsmSets are gmsm's three parameter sets, with its own size constants.
var gmsmSets = []*KEM{
	{name: "ML-KEM-512", impl: "gmsm",
		pk: gmsm.EncapsulationKeySize512, sk: gmsm.DecapsulationKeySize512, ct: gmsm.CiphertextSize512,
		in: gmsmInternal(gmsm.NewDecapsulationKeyFromSeed512, gmsm.NewDecapsulationKey512, gmsm.NewEncapsulationKey512)},
	{name: "ML-KEM-768", impl: "gmsm",
		pk: gmsm.EncapsulationKeySize768, sk: gmsm.DecapsulationKeySize768, ct: gmsm.CiphertextSize768,
		in: gmsmInternal(gmsm.NewDecapsulationKeyFromSeed768, gmsm.NewDecapsulationKey768, gmsm.NewEncapsulationKey768)},
	{name: "ML-KEM-1024", impl: "gmsm",
		pk: gmsm.EncapsulationKeySize1024, sk: gmsm.DecapsulationKeySize1024, ct: gmsm.CiphertextSize1024,
		in: gmsmInternal(gmsm.NewDecapsulationKeyFromSeed1024, gmsm.NewDecapsulationKey1024, gmsm.NewEncapsulationKey1024)},
}
