package sntrup

import (
	"crypto/sha512"
	"crypto/subtle"
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"
	"unsafe"

	"crucible.dev/registry"
)

// The KEM of spec §3.5 ("Streamlined NTRU Prime Core" and the CCA
// transform): keys h = g/(3f), ciphertexts Round(h*r) plus a hash
// confirmation, and implicit rejection keyed by rho.

// hashPrefix returns the first 32 bytes of SHA-512(b || in...), the spec's
// Hash_b (§3.5): the prefix byte separates the hash's uses. The input is
// gathered into one buffer so that nothing escapes to the heap.
func hashPrefix(b byte, in ...[]byte) [HashBytes]byte {
	var buf [1 + HashBytes + maxHashInput]byte
	x := append(buf[:0], b)
	for _, y := range in {
		x = append(x, y...)
	}
	sum := sha512.Sum512(x)
	return [HashBytes]byte(sum[:HashBytes])
}

// maxHashInput bounds every hashed input but the prefix byte and one
// 32-byte hash over the parameter table (the largest is the sntrup1277
// public key, 2067 bytes).
const maxHashInput = 2080

// rqEncode appends the encoding of a canonical Rq element to out.
func (ps *Params) rqEncode(out []byte, h []int16) []byte {
	var R [maxP]uint16
	// R[i] = h[i] + (q-1)/2, with the int16 and uint16 views swapped for
	// affine16: the bits are the same.
	rs := unsafe.Slice((*int16)(unsafe.Pointer(&R[0])), ps.P)
	hs := unsafe.Slice((*uint16)(unsafe.Pointer(&h[0])), ps.P)
	affine16(rs, hs, 1, int16(ps.q12))
	n := len(out)
	out = append(out, make([]byte, ps.RqBytes)...)
	ps.planQ.encode(out[n:], R[:ps.P])
	return out
}

// rqDecode decodes any string of RqBytes into a canonical Rq element.
func (ps *Params) rqDecode(h []int16, s []byte) {
	var R [2 * maxP]uint16
	ps.planQ.decode(R[:ps.P], R[ps.P:2*ps.P], s)
	affine16(h[:ps.P], R[:ps.P], 1, -int16(ps.q12))
}

// roundedEncode appends the encoding of a rounded Rq element to out: each
// coefficient is a multiple of 3, stored as (c+(q-1)/2)/3.
func (ps *Params) roundedEncode(out []byte, c []int16) []byte {
	var R [maxP]uint16
	ps.roundedDigits(R[:ps.P], c[:ps.P])
	n := len(out)
	out = append(out, make([]byte, ps.RoundedBytes)...)
	ps.planR.encode(out[n:], R[:ps.P])
	return out
}

// roundedDecode inverts roundedEncode on any string of RoundedBytes.
func (ps *Params) roundedDecode(c []int16, s []byte) {
	var R [2 * maxP]uint16
	ps.planR.decode(R[:ps.P], R[ps.P:2*ps.P], s)
	affine16(c[:ps.P], R[:ps.P], 3, -int16(ps.q12))
}

// GenerateKey returns a key pair (spec §3.5 KeyGen'): g small and
// invertible in R3, f short, h = g/(3f) in Rq; the secret key holds f,
// 1/g, the public key, the rejection seed rho and Hash_4(pk).
func (ps *Params) GenerateKey(rand io.Reader, c Convention) (pk, sk []byte, err error) {
	if rand == nil {
		return nil, nil, fmt.Errorf("keygen %s: no random source", ps.Name)
	}
	p := ps.P
	g := make([]int8, p)
	ginv := make([]int8, p)
	for {
		if err := ps.smallRandom(g, rand, c); err != nil {
			return nil, nil, fmt.Errorf("keygen %s: %w", ps.Name, err)
		}
		// Whether g is invertible decides only whether this g is kept:
		// a rejected g is discarded, so the count of tries says nothing
		// of the g kept (public by design, as the reference's
		// crypto_declassify of R3_recip's result says).
		// The bool is declassified where it lies, before any branch on it.
		ok := r3Recip(ps, ginv, g)
		registry.Declassify(unsafe.Slice((*byte)(unsafe.Pointer(&ok)), 1))
		if ok {
			break
		}
	}
	f := make([]int8, p)
	if err := ps.shortRandom(f, rand, c); err != nil {
		return nil, nil, fmt.Errorf("keygen %s: %w", ps.Name, err)
	}
	h := make([]int16, p)
	rqRecip3(ps, h, f)
	ps.rqMulSmall(h, h, g)

	pk = ps.rqEncode(make([]byte, 0, ps.PublicKeySize), h)
	sk = make([]byte, ps.SecretKeySize)
	smallEncode(sk[:ps.SmallBytes], f)
	smallEncode(sk[ps.SmallBytes:2*ps.SmallBytes], ginv)
	off := 2 * ps.SmallBytes
	copy(sk[off:], pk)
	off += ps.PublicKeySize
	if _, err := io.ReadFull(rand, sk[off:off+ps.SmallBytes]); err != nil {
		return nil, nil, fmt.Errorf("keygen %s: reading rho: %w", ps.Name, err)
	}
	off += ps.SmallBytes
	cache := hashPrefix(4, pk)
	copy(sk[off:], cache[:])
	return pk, sk, nil
}

// hide writes the ciphertext of r under pk to ct (spec §3.5 Hide): the
// rounded product h*r, then the confirmation Hash_2(Hash_3(r) ||
// Hash_4(pk)). It returns Hash_3 of r's encoding. The caller provides ct
// so that decapsulation's re-encryption can stay on the stack.
func (ps *Params) hide(ct []byte, r []int8, pk []byte, cache []byte) (hr [HashBytes]byte) {
	var rEncArr [(maxP + 3) / 4]byte
	rEnc := rEncArr[:ps.SmallBytes]
	smallEncode(rEnc, r)
	var hArr [maxP]int16
	h := hArr[:ps.P]
	ps.rqDecode(h, pk)
	ps.rqMulSmall(h, h, r)
	round(h, h)
	ct = ct[:ps.CiphertextSize]
	ps.roundedEncode(ct[:0], h)
	hr = hashPrefix(3, rEnc)
	confirm := hashPrefix(2, hr[:], cache)
	copy(ct[ps.RoundedBytes:], confirm[:])
	return hr
}

// Encapsulate returns a ciphertext and the shared secret
// Hash_1(Hash_3(r) || ct) for a random short r (spec §3.5 Encap).
func (ps *Params) Encapsulate(rand io.Reader, c Convention, pk []byte) (ct, ss []byte, err error) {
	if len(pk) != ps.PublicKeySize {
		return nil, nil, fmt.Errorf("encaps %s: public key is %d bytes, want %d", ps.Name, len(pk), ps.PublicKeySize)
	}
	if rand == nil {
		return nil, nil, fmt.Errorf("encaps %s: no random source", ps.Name)
	}
	var rArr [maxP]int8
	r := rArr[:ps.P]
	if err := ps.shortRandom(r, rand, c); err != nil {
		return nil, nil, fmt.Errorf("encaps %s: %w", ps.Name, err)
	}
	cache := hashPrefix(4, pk)
	ct = make([]byte, ps.CiphertextSize)
	hr := ps.hide(ct, r, pk, cache[:])
	k := hashPrefix(1, hr[:], ct)
	return ct, k[:], nil
}

// Decapsulate returns the shared secret of ct (spec §3.5 Decap): it
// decrypts r, re-encrypts it, and if the ciphertexts differ returns
// Hash_0(Hash_3(rho) || ct) instead, selecting in constant time.
func (ps *Params) Decapsulate(sk, ct []byte) ([]byte, error) {
	if len(sk) != ps.SecretKeySize {
		return nil, fmt.Errorf("decaps %s: secret key is %d bytes, want %d", ps.Name, len(sk), ps.SecretKeySize)
	}
	if len(ct) != ps.CiphertextSize {
		return nil, fmt.Errorf("decaps %s: ciphertext is %d bytes, want %d", ps.Name, len(ct), ps.CiphertextSize)
	}
	p := ps.P
	sb := ps.SmallBytes
	pk := sk[2*sb : 2*sb+ps.PublicKeySize]
	rho := sk[2*sb+ps.PublicKeySize : 3*sb+ps.PublicKeySize]
	cache := sk[3*sb+ps.PublicKeySize:]

	// Decrypt (spec §3.5): e = 3*f*c mod q, lifted to R3; r = e/g,
	// forced to the all-(1,...,1,0,...,0) vector when its weight is not w.
	var cArr [maxP]int16
	var fArr, eArr, vArr, rArr [maxP]int8
	c, f, e, v, r := cArr[:p], fArr[:p], eArr[:p], vArr[:p], rArr[:p]
	ps.roundedDecode(c, ct[:ps.RoundedBytes])
	smallDecode(f, sk[:sb])
	ps.rqMulSmall(c, c, f)
	ps.lift3(e, c)
	smallDecode(v, sk[sb:2*sb])
	ps.r3Mul(r, e, v)
	ps.weightForce(r)

	// Hash_3 of r or, when the ciphertexts differ, of rho: the spec
	// selects the input of the hash, selecting its output is the same.
	var cnewArr [maxHashInput]byte // a ciphertext is hashed, so it fits
	cnew := cnewArr[:ps.CiphertextSize]
	hr := ps.hide(cnew, r, pk, cache)
	eq := ctEqual(ct, cnew) // 1 if equal
	hrho := hashPrefix(3, rho)
	subtle.ConstantTimeCopy(1-eq, hr[:], hrho[:])
	k := hashPrefix(byte(eq), hr[:], ct)
	return k[:], nil
}

// weightForce replaces r by (1,...,1,0,...,0) of weight w unless r has
// exactly w nonzero coefficients (spec §3.5 Decrypt), in constant time.
// It works on eight coefficients per 64-bit word: the low bit of each
// byte is 1 exactly for the nonzero ones, and POPCNT, like the masks,
// takes the same time for every value.
func (ps *Params) weightForce(r []int8) {
	rb := unsafe.Slice((*byte)(unsafe.Pointer(&r[0])), len(r))
	const ones = 0x0101010101010101
	weight := 0
	n := len(rb) / 8 * 8
	for i := 0; i < n; i += 8 {
		weight += bits.OnesCount64(binary.LittleEndian.Uint64(rb[i:]) & ones)
	}
	for _, x := range rb[n:] {
		weight += int(x & 1)
	}
	keep := int8(^nonzeroMask(int32(weight - ps.W))) // -1 if weight w
	keep64 := uint64(int64(keep))
	// Words below w/8 become 1s unless kept, the words above zeros; the
	// bytes around w and in the tail go one at a time.
	lo, hi := ps.W/8*8, (ps.W+7)/8*8
	for i := 0; i < lo; i += 8 {
		w := binary.LittleEndian.Uint64(rb[i:])
		binary.LittleEndian.PutUint64(rb[i:], (w^ones)&keep64^ones)
	}
	for i := lo; i < hi; i++ {
		if i < ps.W {
			r[i] = ((r[i] ^ 1) & keep) ^ 1
		} else {
			r[i] &= keep
		}
	}
	for i := hi; i < n; i += 8 {
		w := binary.LittleEndian.Uint64(rb[i:])
		binary.LittleEndian.PutUint64(rb[i:], w&keep64)
	}
	for i := max(hi, n); i < len(r); i++ {
		r[i] &= keep
	}
}

// ctEqual returns 1 if a and b, of equal lengths, are equal and 0
// otherwise, in a time that depends on the length only: it ORs the
// differences of whole 64-bit words (crypto/subtle's byte loop measured
// 0.8 us on a ciphertext).
func ctEqual(a, b []byte) int {
	b = b[:len(a)]
	var d uint64
	n := len(a) / 8 * 8
	for i := 0; i < n; i += 8 {
		d |= binary.LittleEndian.Uint64(a[i:]) ^ binary.LittleEndian.Uint64(b[i:])
	}
	for i := n; i < len(a); i++ {
		d |= uint64(a[i] ^ b[i])
	}
	return int(((d | -d) >> 63) ^ 1)
}
