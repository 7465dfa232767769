package mlkem

import (
	"github.com/cloudflare/circl/kem"
	"github.com/cloudflare/circl/kem/mlkem/mlkem1024"
	"github.com/cloudflare/circl/kem/mlkem/mlkem512"
	"github.com/cloudflare/circl/kem/mlkem/mlkem768"
)

// circl keeps decapsulation keys expanded (FIPS 203 §7.1 dk =
// dk_PKE‖ek‖H(ek)‖z); it checks H(ek) when parsing one and the modulus of
// ek (§7.2) when parsing an encapsulation key. Its kem.Scheme interface is
// the same for the three parameter sets.

// circlInternal builds the internal algorithms from a circl scheme.
func circlInternal(s kem.Scheme) internal {
	return internal{
		keyGen: func(seed []byte) ([]byte, []byte, error) {
			pk, sk := s.DeriveKeyPair(seed)
			ek, err := pk.MarshalBinary()
			if err != nil {
				return nil, nil, err
			}
			dk, err := sk.MarshalBinary()
			return ek, dk, err
		},
		encaps: func(ekb, m []byte) ([]byte, []byte, error) {
			pk, err := s.UnmarshalBinaryPublicKey(ekb)
			if err != nil {
				return nil, nil, err
			}
			return s.EncapsulateDeterministically(pk, m)
		},
		decaps: func(dkb, ct []byte) ([]byte, error) {
			sk, err := s.UnmarshalBinaryPrivateKey(dkb)
			if err != nil {
				return nil, err
			}
			return s.Decapsulate(sk, ct)
		},
	}
}

// circlSets are circl's three parameter sets, with its own size constants.
var circlSets = []*KEM{
	{name: "ML-KEM-512", impl: "circl",
		pk: mlkem512.PublicKeySize, sk: mlkem512.PrivateKeySize, ct: mlkem512.CiphertextSize,
		in: circlInternal(mlkem512.Scheme())},
	{name: "ML-KEM-768", impl: "circl",
		pk: mlkem768.PublicKeySize, sk: mlkem768.PrivateKeySize, ct: mlkem768.CiphertextSize,
		in: circlInternal(mlkem768.Scheme())},
	{name: "ML-KEM-1024", impl: "circl",
		pk: mlkem1024.PublicKeySize, sk: mlkem1024.PrivateKeySize, ct: mlkem1024.CiphertextSize,
		in: circlInternal(mlkem1024.Scheme())},
}
