// Command katmodel writes the toy submissions' KAT files from a model of
// its own, independent of Crucible's code: the NIST AES-256 CTR-DRBG of
// rng.c written out again here from SP 800-90A (no derivation function),
// the toy algorithms of ../toykem and ../toysig in Go, and the .rsp layout
// of PQCgenKAT_kem.c and PQCgenKAT_sign.c. Run from plugins/nistc:
//
//	go run ./testdata/katmodel
package main

import (
	"bytes"
	"crypto/aes"
	"fmt"
	"log"
	"os"
	"path/filepath"
)

// records is how many records the fixture's files hold (PQCgenKAT writes
// 100; fewer keep the fixture small).
const records = 20

// ctrDRBG is AES-256 CTR_DRBG as NIST's rng.c implements it.
type ctrDRBG struct {
	key [32]byte
	v   [16]byte
}

func (d *ctrDRBG) incV() {
	for j := 15; j >= 0; j-- {
		d.v[j]++
		if d.v[j] != 0 {
			break
		}
	}
}

// update is AES256_CTR_DRBG_Update(provided_data, Key, V).
func (d *ctrDRBG) update(provided []byte) {
	var temp [48]byte
	c, err := aes.NewCipher(d.key[:])
	if err != nil {
		log.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		d.incV()
		c.Encrypt(temp[16*i:], d.v[:])
	}
	for i := range provided {
		temp[i] ^= provided[i]
	}
	copy(d.key[:], temp[:32])
	copy(d.v[:], temp[32:])
}

// newDRBG is randombytes_init(entropy, NULL, 256).
func newDRBG(entropy []byte) *ctrDRBG {
	d := &ctrDRBG{}
	d.update(entropy)
	return d
}

// randombytes is rng.c's randombytes(x, xlen).
func (d *ctrDRBG) randombytes(n int) []byte {
	out := make([]byte, 0, n)
	c, err := aes.NewCipher(d.key[:])
	if err != nil {
		log.Fatal(err)
	}
	var block [16]byte
	for len(out) < n {
		d.incV()
		c.Encrypt(block[:], d.v[:])
		out = append(out, block[:min(16, n-len(out))]...)
	}
	d.update(nil)
	return out
}

func toyhash(n int, in []byte) []byte {
	h := uint64(0x6a09e667f3bcc908) ^ uint64(len(in))
	for _, b := range in {
		h = (h ^ uint64(b)) * 0x100000001b3
		h ^= h >> 29
	}
	out := make([]byte, n)
	for j := range out {
		h = h*0x9e3779b97f4a7c15 + uint64(j)
		h ^= h >> 31
		out[j] = byte(h >> 24)
	}
	return out
}

func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

// keypair draws the 32-byte seed s; pk is toyhash("P"‖s) of pkLen bytes.
func keypair(r *ctrDRBG, pkLen int) (pk, sk []byte) {
	s := r.randombytes(32)
	pk = toyhash(pkLen, cat([]byte("P"), s))
	return pk, cat(s, pk)
}

func kemEnc(r *ctrDRBG, pk []byte) (ct, ss []byte) {
	m := r.randombytes(32)
	k := toyhash(32, cat([]byte("K"), pk))
	ct = make([]byte, 32)
	for i := range ct {
		ct[i] = m[i] ^ k[i]
	}
	return ct, toyhash(32, cat([]byte("S"), m, ct))
}

func sign(r *ctrDRBG, sk, msg []byte) []byte {
	l := 40 + len(msg)%9
	rr := r.randombytes(16)
	tag := toyhash(l-17, cat([]byte("V"), sk[32:], rr, msg))
	return cat([]byte{byte(l)}, rr, tag, msg)
}

// rsp prints in fprintBstr's form.
type rsp struct{ bytes.Buffer }

func (w *rsp) hex(name string, b []byte) {
	if len(b) == 0 {
		fmt.Fprintf(w, "%s = 00\n", name)
		return
	}
	fmt.Fprintf(w, "%s = %X\n", name, b)
}

func master() *ctrDRBG {
	e := make([]byte, 48)
	for i := range e {
		e[i] = byte(i)
	}
	return newDRBG(e)
}

// kemFile is the file of one ToyKEM parameter set, named algName, whose
// public key is pkLen bytes.
func kemFile(algName string, pkLen int) []byte {
	var w rsp
	fmt.Fprintf(&w, "# %s\n\n", algName)
	m := master()
	for i := 0; i < records; i++ {
		seed := m.randombytes(48)
		fmt.Fprintf(&w, "count = %d\n", i)
		w.hex("seed", seed)
		r := newDRBG(seed)
		pk, sk := keypair(r, pkLen)
		w.hex("pk", pk)
		w.hex("sk", sk)
		ct, ss := kemEnc(r, pk)
		w.hex("ct", ct)
		w.hex("ss", ss)
		w.WriteString("\n")
	}
	return w.Bytes()
}

func signFile() []byte {
	var w rsp
	fmt.Fprintf(&w, "# ToySig-48\n\n")
	m := master()
	for i := 0; i < records; i++ {
		seed := m.randombytes(48)
		msg := m.randombytes(33 * (i + 1))
		fmt.Fprintf(&w, "count = %d\n", i)
		w.hex("seed", seed)
		fmt.Fprintf(&w, "mlen = %d\n", len(msg))
		w.hex("msg", msg)
		r := newDRBG(seed)
		pk, sk := keypair(r, 32)
		w.hex("pk", pk)
		w.hex("sk", sk)
		sm := sign(r, sk, msg)
		fmt.Fprintf(&w, "smlen = %d\n", len(sm))
		w.hex("sm", sm)
		w.WriteString("\n")
	}
	return w.Bytes()
}

func main() {
	for path, data := range map[string][]byte{
		"testdata/toykem/KAT/toykem64/PQCkemKAT_64.rsp":  kemFile("ToyKEM-64", 32),
		"testdata/toykem/KAT/toykem128/PQCkemKAT_96.rsp": kemFile("ToyKEM-128", 64),
		"testdata/toysig/KAT/toysig48/PQCsignKAT_64.rsp": signFile(),
	} {
		if err := os.WriteFile(filepath.FromSlash(path), data, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}
