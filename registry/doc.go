// Package registry is Crucible's plugin contract: the interfaces an algorithm
// implements by kind, the description of the instances a plugin serves, and
// the single Serve call a plugin's main makes.
//
// Everything crosses a process boundary, so the interfaces are byte-oriented:
// keys, ciphertexts, signatures, protocol messages and protocol states are
// byte strings. Randomness always enters as an io.Reader, so the same code
// runs under crypto/rand in a benchmark and under a seeded DRBG in a KAT.
package registry
