// Command workplugin is a test fixture for the instruction counter: a toy
// signature scheme whose every operation does a fixed amount of hashing,
// and a knob that adds to it. CRUCIBLE_WORK_EXTRA=P (a percentage) makes
// each operation hash P% more rounds, the regression the instruction gate
// must catch every time. Not a secure scheme: pk = H(sk), and the
// signature is a hash anyone can compute from pk and the message.
// Keygen hashes once over, sign twice (the key, then the signature),
// verify once. CRUCIBLE_WORK_OWNRAND=1 makes signing also spin for a
// number of steps it draws from crypto/rand itself, as a hedged signature
// draws randomness the contract's reader does not feed: its instruction
// count then varies from loop to loop over the same inputs.
package main

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"io"
	"os"
	"strconv"

	"crucible.dev/registry"
)

// baseRounds is the hashing every operation does without the knob.
const baseRounds = 2000

// EnvExtra is the knob: a percentage of extra rounds.
const EnvExtra = "CRUCIBLE_WORK_EXTRA"

// EnvOwnRand is the knob that makes signing draw randomness of its own.
const EnvOwnRand = "CRUCIBLE_WORK_OWNRAND"

type work struct {
	rounds  int
	ownRand bool
}

// spin runs 2^k cheap steps for a k drawn from the system's randomness
// (up to about a million): a spread so wide that two loops of 32 calls
// all but never do the same work.
func spin() uint64 {
	var b [1]byte
	rand.Read(b[:])
	x := uint64(b[0]) | 1
	for i := 0; i < 1<<(b[0]%21); i++ {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
	}
	return x
}

// grind hashes seed rounds times.
func (w work) grind(seed []byte) [32]byte {
	h := sha256.Sum256(seed)
	for i := 1; i < w.rounds; i++ {
		h = sha256.Sum256(h[:])
	}
	return h
}

func (w work) GenerateKey(r io.Reader) (pk, sk []byte, err error) {
	sk = make([]byte, 32)
	if _, err := io.ReadFull(r, sk); err != nil {
		return nil, nil, err
	}
	h := w.grind(sk)
	return h[:], sk, nil
}

func (w work) sig(pk, msg []byte) []byte {
	h := w.grind(append(bytes.Clone(pk), msg...))
	return h[:]
}

func (w work) Sign(_ io.Reader, sk, msg, _ []byte) ([]byte, error) {
	pk := w.grind(sk)
	if w.ownRand {
		spin()
	}
	return w.sig(pk[:], msg), nil
}

func (w work) Verify(pk, msg, sig, _ []byte) error {
	if !bytes.Equal(w.sig(pk, msg), sig) {
		return registry.ErrInvalidSignature
	}
	return nil
}

func main() {
	rounds := baseRounds
	if p, err := strconv.Atoi(os.Getenv(EnvExtra)); err == nil && p > 0 {
		rounds += baseRounds * p / 100
	}
	registry.Serve(&registry.Plugin{Name: "work", Version: "0", Instances: []*registry.Instance{{
		Name: "Work", Kind: registry.KindSig, Signature: work{rounds, os.Getenv(EnvOwnRand) == "1"},
		Sizes: registry.Sizes{PublicKey: 32, SecretKey: 32, Signature: 32},
		Notes: map[string]string{"rounds": strconv.Itoa(rounds)},
	}}})
}
