// Command taintplugin is a test fixture of the taint check (host ct
// --method taint): a plugin whose operations leak their secret key in the
// three ways memcheck sees (a branch on a secret bit, a table lookup by a
// secret byte, a loop bound from a secret), in Go and in C through cgo,
// beside operations that do not leak. Each leaking line carries a comment
// "taint: <kind>" that the host's tests find, so a test checks the report
// names that very line.
//
// It serves a stand-in KEM ("TaintKEM", not a secure scheme: the key is
// the secret key's hash) whose standard operations do not branch on
// secrets, and the fixture's own operations on a secret key as Extra ones;
// and a stand-in key exchange ("TaintKEX") whose derive branches on the
// party's state.
package main

import (
	"crypto/sha256"
	"io"

	"crucible.dev/registry"
)

// Sizes of the stand-in KEM.
const keyLen = 32

// taintKEM is a stand-in KEM whose operations are branch-free in secrets.
type taintKEM struct{}

func (taintKEM) GenerateKey(r io.Reader) (pk, sk []byte, err error) {
	sk = make([]byte, keyLen)
	if _, err := io.ReadFull(r, sk); err != nil {
		return nil, nil, err
	}
	h := sha256.Sum256(sk)
	return h[:], sk, nil
}

func (taintKEM) Encapsulate(r io.Reader, pk []byte) (ct, ss []byte, err error) {
	ct = make([]byte, keyLen)
	if _, err := io.ReadFull(r, ct); err != nil {
		return nil, nil, err
	}
	return ct, xor(ct, pk), nil
}

func (taintKEM) Decapsulate(sk, ct []byte) ([]byte, error) {
	h := sha256.Sum256(sk)
	return xor(ct, h[:]), nil
}

func xor(a, b []byte) []byte {
	out := make([]byte, len(a))
	for i := range a {
		out[i] = a[i] ^ b[i%len(b)]
	}
	return out
}

// skOp is an Extra operation computing one byte from the secret key.
func skOp(name, doc string, f func(sk []byte) byte) registry.Op {
	return registry.Op{Name: name, Doc: doc, Secret: true,
		Run: func(_ io.Reader, in registry.Args) (registry.Args, error) {
			sk, ok := in[registry.ArgSK]
			if !ok || len(sk) < keyLen {
				return nil, &registry.MissingArgError{Op: name, Arg: registry.ArgSK}
			}
			return registry.Args{registry.ArgOut: {f(sk)}}, nil
		}}
}

func main() {
	registry.Serve(&registry.Plugin{Name: "taint", Version: "0", Instances: []*registry.Instance{{
		Name: "TaintKEM", Kind: registry.KindKEM, KEM: taintKEM{},
		Sizes: registry.Sizes{PublicKey: keyLen, SecretKey: keyLen, Ciphertext: keyLen, SharedSecret: keyLen},
		Extra: append([]registry.Op{
			skOp("leak_branch", "out: 1 byte; branches on the secret key's low bit (leaks)", leakBranch),
			skOp("leak_table", "out: 1 byte; looks up a table at the secret key's first byte (leaks)", leakTable),
			skOp("leak_loop", "out: 1 byte; loops as often as the secret key's first byte says (leaks)", leakLoop),
			skOp("leak_callback", "out: 1 byte; branches on a secret bit in a function the runtime calls back into while it panics (leaks)", leakCallback),
			skOp("clean", "out: 1 byte; the XOR of the secret key's bytes (does not leak)", clean),
			skOp("declassify", "out: 1 byte; declassifies the key's hash and branches on it (declared public, so clean)", declassify),
		}, cOps()...),
	}, {
		Name: "TaintKEX", Kind: registry.KindKEX, KEX: taintKEX{},
		Sizes: registry.Sizes{PublicKey: keyLen, SecretKey: keyLen, Messages: []int{keyLen, keyLen}, SharedSecret: keyLen},
	}}})
}
