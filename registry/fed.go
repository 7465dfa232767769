package registry

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"runtime"
)

// A timed loop on host-supplied inputs ("fed"): the plugin process is
// untrusted, so inputs it made itself (ciphertexts from its own
// encapsulations, messages it chose) could be answered from a cache it
// filled while making them, and outputs it checked itself could be
// stored answers on every call it did not check. For a fed loop the host
// makes the loop's key and every timed input in another process, sends
// one distinct input per call, and checks the outputs the loop returns.

// FedCall performs an operation once on the parts of one host-supplied
// input and returns the output the host checks.
type FedCall func(parts [][]byte) ([]byte, error)

// The parts of a fed operation's setup and inputs, and its output.
//
//	keygen: no setup;  input seed;     output JoinParts(pk) (the
//	        randomness is SeedRand(seed), so the host can replay the call)
//	encaps: no setup;  input pk;       output JoinParts(ct, ss) (the
//	        key, one a loop, travels sealed with the inputs: known
//	        before the timed call, it would let a plugin encapsulate
//	        ahead with randomness of its own)
//	decaps: setup sk;  input ct;       output ss
//	decaps_reject, decaps_invalid: setup sk; input ct (one the key
//	        rejects, made by OpRejectInput; one with a bit flipped);
//	        output ss, or nothing where the scheme answers an error
//	sign:   setup sk;  input msg;      output sig
//	verify: setup pk;  input msg, sig; output "1" (accepted) or "0"
//	init:   no setup;  input seed;     output JoinParts(pk, sk, st)
//	pass:   no setup;  input pk, sk, peer_pk, st, in (the sender's
//	        inputs of one exchange), seed; output JoinParts(out, st)
//	derive: no setup;  input pk, sk, peer_pk, st, in (the party's
//	        derive inputs of one exchange); output ss
//	exchange: no setup; input seed;    output JoinParts(ss) (both
//	        parties' every step, the randomness SeedRand(seed))
//	open:   setup key; input nonce, ct; output OpenOutput (the
//	        plaintext's Fold, or the rejection of a forged ciphertext)
const (
	VerifyAccepted = "1"
	VerifyRejected = "0"
)

// errFedInput marks host-supplied inputs that do not fit the operation.
var errFedInput = errors.New("host-supplied input does not fit the operation")

// fedParts returns an input's n parts, or an error naming the operation.
func fedParts(op string, parts [][]byte, n int) ([][]byte, error) {
	if len(parts) != n {
		return nil, fmt.Errorf("%s: %d parts, want %d: %w", op, len(parts), n, errFedInput)
	}
	return parts, nil
}

// PrepareFed prepares op's loop on the host's setup and runs s.Warmup
// calls cycling through the host's warm-up inputs, returning the call
// that Bench times on the host's timed inputs.
func PrepareFed(in *Instance, op Op, s BenchSpec) (FedCall, error) {
	if op.Fed == nil {
		return nil, fmt.Errorf("bench %s %s: the operation takes no host-supplied inputs", in.ID(), op.Name)
	}
	rnd := benchRand(rand.Reader)
	if in.Rand != nil {
		rnd = in.Rand()
	}
	call, err := op.Fed(rnd, s.Params, s.Setup)
	if err != nil {
		return nil, fmt.Errorf("bench %s %s: prepare: %w", in.ID(), op.Name, err)
	}
	if s.Warmup > 0 && len(s.Inputs) == 0 {
		return nil, fmt.Errorf("bench %s %s: warm-up without inputs: %w", in.ID(), op.Name, errFedInput)
	}
	for i := int64(0); i < s.Warmup; i++ {
		if _, err := call(s.Inputs[i%int64(len(s.Inputs))]); err != nil {
			return nil, fmt.Errorf("bench %s %s: warm-up: %w", in.ID(), op.Name, err)
		}
	}
	// As PrepareBench does: the timed loop starts on a clean heap.
	runtime.GC()
	return call, nil
}

// fedBody returns a loop body that performs call once on each input in
// turn, and the slice it records the outputs in.
func fedBody(call FedCall, inputs [][][]byte) (func() error, [][]byte) {
	outs := make([][]byte, len(inputs))
	i := 0
	return func() error {
		if i >= len(inputs) {
			return fmt.Errorf("more calls than the %d inputs: %w", len(inputs), errFedInput)
		}
		out, err := call(inputs[i])
		outs[i] = out
		i++
		return err
	}, outs
}

// SeedSize is the length of a fed keygen's seed.
const SeedSize = 32

// SeedRand is the randomness a fed call reads for seed: the ChaCha8
// stream of C2SP chacha8rand (math/rand/v2), as cheap to draw as the
// system's randomness, and one the host can replay byte for byte. The
// generator is keyed on the first read, so a call that draws nothing (a
// key exchange's pass that forwards a value) pays nothing for it.
func SeedRand(seed []byte) io.Reader { return &seedReader{seed: seed} }

// seedReader is SeedRand's reader.
type seedReader struct {
	seed []byte
	c    *mrand.ChaCha8
}

func (r *seedReader) Read(p []byte) (int, error) {
	if r.c == nil {
		r.c = mrand.NewChaCha8([SeedSize]byte(r.seed))
	}
	return r.c.Read(p)
}

// keygenFed is key generation from the host's seeds: a keygen whose
// randomness the host did not choose could be made ahead of the timed
// call. The public key is the output: it is what the rest of the key's
// work goes into, and what a later call would check.
func keygenFed(gen func(io.Reader) (pk, sk []byte, err error)) func(io.Reader, BenchParams, [][]byte) (FedCall, error) {
	return func(io.Reader, BenchParams, [][]byte) (FedCall, error) {
		return func(parts [][]byte) ([]byte, error) {
			if len(parts) != 1 || len(parts[0]) != SeedSize {
				return nil, fmt.Errorf("%s: %w", OpKeygen, errFedInput)
			}
			pk, _, err := gen(SeedRand(parts[0]))
			if err != nil {
				return nil, err
			}
			return JoinParts(pk), nil
		}, nil
	}
}

// encapsFed is encapsulation to the host's public key, with the
// randomness the plugin's own loop uses (a derandomised encapsulation can
// take another path: crypto/mlkem's re-parses the key, +74%). The key
// comes sealed, in every input, so no ciphertext can be made before the
// timed call; the host checks that none repeats and decapsulates a sample.
func encapsFed(k KEM) func(io.Reader, BenchParams, [][]byte) (FedCall, error) {
	return func(r io.Reader, _ BenchParams, _ [][]byte) (FedCall, error) {
		return func(parts [][]byte) ([]byte, error) {
			if len(parts) != 1 {
				return nil, fmt.Errorf("%s: %w", OpEncaps, errFedInput)
			}
			ct, ss, err := k.Encapsulate(r, parts[0])
			if err != nil {
				return nil, err
			}
			return JoinParts(ct, ss), nil
		}, nil
	}
}

// JoinParts is a fed output of several parts: each part's length
// (uvarint), then the part.
func JoinParts(parts ...[]byte) []byte {
	n := 0
	for _, p := range parts {
		n += binary.MaxVarintLen64 + len(p)
	}
	out := make([]byte, 0, n)
	for _, p := range parts {
		out = binary.AppendUvarint(out, uint64(len(p)))
		out = append(out, p...)
	}
	return out
}

// SplitParts returns the n parts JoinParts joined into out.
func SplitParts(out []byte, n int) ([][]byte, error) {
	parts := make([][]byte, n)
	for i := range parts {
		l, k := binary.Uvarint(out)
		if k <= 0 || l > uint64(len(out)-k) {
			return nil, fmt.Errorf("output part %d of %d: no length: %w", i+1, n, errFedInput)
		}
		parts[i], out = out[k:k+int(l)], out[k+int(l):]
	}
	if len(out) != 0 {
		return nil, fmt.Errorf("%d bytes after the output's %d parts: %w", len(out), n, errFedInput)
	}
	return parts, nil
}

// initFed is party p's key exchange setup from the host's seeds, as
// keygenFed is key generation.
func initFed(x KEX, p Party) func(io.Reader, BenchParams, [][]byte) (FedCall, error) {
	name := OpInit(p)
	return func(io.Reader, BenchParams, [][]byte) (FedCall, error) {
		return func(parts [][]byte) ([]byte, error) {
			if len(parts) != 1 || len(parts[0]) != SeedSize {
				return nil, fmt.Errorf("%s: %w", name, errFedInput)
			}
			pk, sk, st, err := x.Init(p, SeedRand(parts[0]))
			if err != nil {
				return nil, err
			}
			return JoinParts(pk, sk, st), nil
		}, nil
	}
}

// exchangeFed is one whole exchange from the host's seed: every step of
// both parties, its randomness the seed's stream, so that the host can
// replay it.
func exchangeFed(x KEX) func(io.Reader, BenchParams, [][]byte) (FedCall, error) {
	return func(io.Reader, BenchParams, [][]byte) (FedCall, error) {
		return func(parts [][]byte) ([]byte, error) {
			if len(parts) != 1 || len(parts[0]) != SeedSize {
				return nil, fmt.Errorf("%s: %w", OpExchange, errFedInput)
			}
			t, err := RunExchange(x, SeedRand(parts[0]))
			if err != nil {
				return nil, err
			}
			return JoinParts(t.SS[0]), nil
		}, nil
	}
}

// PassInputs are the parts of a fed pass i input: what its sender works
// on in the transcript's exchange, and the seed of its randomness last.
func (t *Transcript) PassInputs(i int, seed []byte) [][]byte {
	a := t.passInputs(i)
	return [][]byte{a.pk, a.sk, a.peer, a.st, a.in, seed}
}

// passFed is pass i on the host's exchanges, its randomness from the
// host's seed, so that the host can replay the call.
func passFed(x KEX, i int) func(io.Reader, BenchParams, [][]byte) (FedCall, error) {
	name := OpPass(i)
	return func(io.Reader, BenchParams, [][]byte) (FedCall, error) {
		return func(parts [][]byte) ([]byte, error) {
			if len(parts) != 6 || len(parts[5]) != SeedSize {
				return nil, fmt.Errorf("%s: %w", name, errFedInput)
			}
			out, st, err := x.Pass(i, SeedRand(parts[5]), parts[0], parts[1], parts[2], parts[3], parts[4])
			if err != nil {
				return nil, err
			}
			return JoinParts(out, st), nil
		}, nil
	}
}

// kemFed is decapsulation on the host's ciphertexts under the host's key.
// For a wrong ciphertext (rejected or malformed), a scheme that answers
// with an error rather than a rejection key defines that answer: the call
// returns it as an empty output, which the host expects where its
// producer got the error too.
func kemFed(k KEM, name string, wrong bool) func(io.Reader, BenchParams, [][]byte) (FedCall, error) {
	return func(_ io.Reader, _ BenchParams, setup [][]byte) (FedCall, error) {
		s, err := fedParts(name+" setup", setup, 1)
		if err != nil {
			return nil, err
		}
		sk := s[0]
		return func(parts [][]byte) ([]byte, error) {
			if len(parts) != 1 {
				return nil, fmt.Errorf("%s: %w", name, errFedInput)
			}
			ss, err := k.Decapsulate(sk, parts[0])
			if err != nil && wrong {
				return []byte{}, nil
			}
			return ss, err
		}, nil
	}
}

// OpenOutput is a fed open's output: "0" for a ciphertext the key
// rejects, else "1" and the plaintext's Fold (8 bytes, little-endian):
// every byte of the plaintext counts, and a reply of 2048 calls stays
// small whatever the message length.
func OpenOutput(pt []byte, ok bool) []byte {
	if !ok {
		return []byte(VerifyRejected)
	}
	return binary.LittleEndian.AppendUint64([]byte(VerifyAccepted), Fold(pt))
}

// openFed is opening the host's ciphertexts, some forged, under the
// host's key: a rejection is an answer, not an error.
func openFed(a AEAD) func(io.Reader, BenchParams, [][]byte) (FedCall, error) {
	return func(_ io.Reader, _ BenchParams, setup [][]byte) (FedCall, error) {
		s, err := fedParts(OpOpen+" setup", setup, 1)
		if err != nil {
			return nil, err
		}
		c, err := a.New(s[0])
		if err != nil {
			return nil, err
		}
		var dst []byte
		return func(parts [][]byte) ([]byte, error) {
			if len(parts) != 2 || len(parts[0]) != c.NonceSize() {
				return nil, fmt.Errorf("%s: %w", OpOpen, errFedInput)
			}
			pt, err := c.Open(dst[:0], parts[0], parts[1], nil)
			dst = pt
			return OpenOutput(pt, err == nil), nil
		}, nil
	}
}

// signFed is signing the host's messages under the host's key.
func signFed(sg Signature) func(io.Reader, BenchParams, [][]byte) (FedCall, error) {
	return func(r io.Reader, _ BenchParams, setup [][]byte) (FedCall, error) {
		s, err := fedParts(OpSign+" setup", setup, 1)
		if err != nil {
			return nil, err
		}
		sk := s[0]
		return func(parts [][]byte) ([]byte, error) {
			if len(parts) != 1 {
				return nil, fmt.Errorf("%s: %w", OpSign, errFedInput)
			}
			return sg.Sign(r, sk, parts[0], nil)
		}, nil
	}
}

// verifyFed is verification of the host's signed messages, some forged,
// under the host's public key: a rejection is an answer, not an error.
func verifyFed(sg Signature) func(io.Reader, BenchParams, [][]byte) (FedCall, error) {
	accepted, rejected := []byte(VerifyAccepted), []byte(VerifyRejected)
	return func(_ io.Reader, _ BenchParams, setup [][]byte) (FedCall, error) {
		s, err := fedParts(OpVerify+" setup", setup, 1)
		if err != nil {
			return nil, err
		}
		pk := s[0]
		return func(parts [][]byte) ([]byte, error) {
			if len(parts) != 2 {
				return nil, fmt.Errorf("%s: %w", OpVerify, errFedInput)
			}
			if sg.Verify(pk, parts[0], parts[1], nil) != nil {
				return rejected, nil
			}
			return accepted, nil
		}, nil
	}
}

// DeriveInputs are the parts of a fed derive input for party p: what p
// derives the shared secret from in the transcript's exchange.
func (t *Transcript) DeriveInputs(p Party) [][]byte {
	a := t.deriveInputs(p)
	return [][]byte{a.pk, a.sk, a.peer, a.st, a.in}
}

// deriveFed is party p's derivation on the host's exchanges, one whole
// exchange a call: a key exchange is ephemeral.
func deriveFed(x KEX, p Party) func(io.Reader, BenchParams, [][]byte) (FedCall, error) {
	name := OpDerive(p)
	return func(io.Reader, BenchParams, [][]byte) (FedCall, error) {
		return func(parts [][]byte) ([]byte, error) {
			if len(parts) != 5 {
				return nil, fmt.Errorf("%s: %w", name, errFedInput)
			}
			return x.Derive(p, parts[0], parts[1], parts[2], parts[3], parts[4])
		}, nil
	}
}
