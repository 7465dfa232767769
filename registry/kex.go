package registry

import "io"

// Party is one side of a key exchange.
type Party byte

// The two parties. A sends the odd passes, B the even ones.
const (
	PartyA Party = 'a'
	PartyB Party = 'b'
)

// String returns "a" or "b", the suffix of the init and derive operations.
func (p Party) String() string { return string(rune(p)) }

// Sender returns the party that sends pass i (1-based): A for odd, B for even.
func Sender(i int) Party {
	if i%2 == 1 {
		return PartyA
	}
	return PartyB
}

// Peer returns the other party.
func (p Party) Peer() Party {
	if p == PartyA {
		return PartyB
	}
	return PartyA
}

// KEX is an n-pass key exchange between parties A and B.
//
// The host drives it as init_a, init_b, pass 1..Passes() alternately
// (A sends odd passes, B even ones; pass i consumes message i-1, nil for
// pass 1), then derive_a and derive_b, and checks the secrets agree. Every
// step is a function of explicit byte strings, so any step can be replayed,
// timed alone, or run across implementations. X25519 is the 2-pass case with
// empty long-term keys; AFS-KEX the 4-pass one.
type KEX interface {
	// Passes is the number of protocol messages.
	Passes() int
	// Init makes party p's key pair and initial state (init_a, init_b).
	Init(p Party, rand io.Reader) (pk, sk, st []byte, err error)
	// Pass computes pass i for its sender: from the sender's own keys, the
	// peer's public key, its state and the message it received last (nil
	// for pass 1), the message it sends (possibly empty) and its new state.
	// A failed check (authentication) is an error.
	Pass(i int, rand io.Reader, pk, sk, peerPK, st, in []byte) (out, newSt []byte, err error)
	// Derive gives party p's shared secret from its keys, the peer's public
	// key, its state and the last message it received.
	Derive(p Party, pk, sk, peerPK, st, in []byte) (ss []byte, err error)
}
