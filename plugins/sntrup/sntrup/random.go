package sntrup

import (
	"crypto/fips140"
	cryptorand "crypto/rand"
	"encoding/binary"
	"fmt"
	"io"
	"sync"
)

// Convention is how the KEM reads its random source. The algorithm is the
// same; only the sequence of Read calls differs, which matters under a
// deterministic generator such as the NIST KAT DRBG, whose output depends
// on how requests are split.
type Convention int

const (
	// OneCall draws each short or small polynomial's 4p random bytes in
	// one Read (PQClean, liboqs).
	OneCall Convention = iota
	// PerCoefficient draws them as p separate 4-byte Reads, the
	// urandom32() loop of the NIST submission (also OpenSSH and
	// Bouncy Castle).
	PerCoefficient
)

// String names the convention as its KAT source does.
func (c Convention) String() string {
	if c == PerCoefficient {
		return "nist"
	}
	return "onecall"
}

// randomBuffers recycles the byte buffers handed to the random source:
// they escape through the io.Reader interface, so a stack array would be
// moved to the heap on every call.
var randomBuffers = sync.Pool{New: func() any { return new([4 * maxP]byte) }}

// systemRead, where the build sets it, fills a buffer from the system
// generator behind crypto/rand.Reader more cheaply for requests of
// kilobytes: a seed from it expanded by AES-256-CTR (random_expand.go)
// or, in purego builds on Linux, the getrandom(2) system call
// (random_linux.go).
var systemRead func([]byte) error

// readSystem reports whether rand is crypto/rand.Reader and, if so, fills
// buf through systemRead. Under the system generator the conventions
// draw the same distribution, so one read serves both. In FIPS 140-3
// mode crypto/rand.Reader is the module's DRBG, which must stay the
// source, so this declines.
func readSystem(rand io.Reader, buf []byte) bool {
	if rand != cryptorand.Reader || systemRead == nil || fips140.Enabled() {
		return false
	}
	return systemRead(buf) == nil
}

// randomUint32s fills L with little-endian 32-bit words from rand, under
// the convention c.
func randomUint32s(rand io.Reader, c Convention, L []uint32) error {
	b := randomBuffers.Get().(*[4 * maxP]byte)
	buf := b[:4*len(L)]
	defer func() {
		clear(buf) // the bytes determine secret polynomials
		randomBuffers.Put(b)
	}()
	switch {
	case readSystem(rand, buf):
	case c == PerCoefficient:
		for i := range L {
			if _, err := io.ReadFull(rand, buf[4*i:4*i+4]); err != nil {
				return fmt.Errorf("reading randomness: %w", err)
			}
		}
	default:
		if _, err := io.ReadFull(rand, buf); err != nil {
			return fmt.Errorf("reading randomness: %w", err)
		}
	}
	for i := range L {
		L[i] = binary.LittleEndian.Uint32(buf[4*i:])
	}
	return nil
}

// shortRandom sets out to a random element of Short, the polynomials with
// exactly w nonzero coefficients, all in {-1,1} (spec §3.5,
// Short_fromlist): w keys with low bits 0 or 2 and p-w keys with low bits
// 1 are sorted, which permutes the nonzero coefficients uniformly.
func (ps *Params) shortRandom(out []int8, rand io.Reader, c Convention) error {
	var Larr [maxP]uint32
	L := Larr[:ps.P]
	if err := randomUint32s(rand, c, L); err != nil {
		return err
	}
	for i := 0; i < ps.W; i++ {
		L[i] &^= 1
	}
	for i := ps.W; i < ps.P; i++ {
		L[i] = L[i]&^2 | 1
	}
	sortUint32(L)
	for i := range out[:ps.P] {
		out[i] = int8(L[i]&3) - 1
	}
	return nil
}

// smallRandom sets out to a random element of Small, coefficients in
// {-1,0,1} from the top two bits of 3*(L mod 2^30) (spec §3.5).
func (ps *Params) smallRandom(out []int8, rand io.Reader, c Convention) error {
	var Larr [maxP]uint32
	L := Larr[:ps.P]
	if err := randomUint32s(rand, c, L); err != nil {
		return err
	}
	for i := range out[:ps.P] {
		out[i] = int8(((L[i]&0x3fffffff)*3)>>30) - 1
	}
	return nil
}
