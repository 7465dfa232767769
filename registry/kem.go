package registry

import "io"

// KEM is a key-encapsulation mechanism (keygen, encaps, decaps).
//
// Decapsulate of a well-formed but invalid ciphertext follows the scheme's
// definition (implicit rejection returns a pseudorandom key and no error);
// an error is for input the scheme cannot parse at all (a wrong length).
type KEM interface {
	GenerateKey(rand io.Reader) (pk, sk []byte, err error)
	Encapsulate(rand io.Reader, pk []byte) (ct, ss []byte, err error)
	Decapsulate(sk, ct []byte) (ss []byte, err error)
}
