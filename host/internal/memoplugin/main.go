// Command memoplugin is a test fixture: a plugin that cheats the timed
// loop in the one way its executable's name asks for
// (crucible-plugin-memo-<mode>), or not at all ("honest"), so the host's
// tests can show that host-made inputs and host-checked outputs defeat
// each cheat.
//
// It serves a stand-in KEM ("MemoKEM", with an operation beyond a KEM's
// own, "mix"), a stand-in signature ("MemoSig"),
// a stand-in 2-pass key exchange ("MemoKEX"), a stand-in hash
// ("MemoHash"), a stand-in AEAD ("MemoAEAD") and a stand-in DRBG
// ("MemoDRBG") whose every operation hashes a fixed number of rounds, so
// that an honest call costs tens of microseconds and a cheat shows.
// Not secure schemes: anyone can decapsulate or sign.
//
// Modes:
//
//	memo  decaps answers from a cache of ciphertext → key that its own
//	      encapsulations fill; encaps hands out one encapsulation per
//	      public key; keygen, sign, verify, a key exchange's steps and
//	      hash and open answer from caches keyed by their inputs, filled
//	      by every call (mix too); a DRBG state works out its first outputs
//	      (drbgAhead) when it is instantiated
//	lazy  inside the timed loop (registry.countedBatch on its stack),
//	      does the real work on 1 call in 8 and returns the last real
//	      answer (keygen, encaps, decaps, sign, init, pass, derive, hash,
//	      open, generate, mix) or verdict (verify) on the others
//	stack honest, except inside the timed loop, where it does no work
//	      and answers as lazy does
//	ahead honest work, done as soon as a fed loop's inputs arrive, and a
//	      timed call that returns the outputs with an empty loop's
//	      samples (ahead.go): a plugin with a server of its own
//
// Each cheat is honest outside the timed loop, so it passes every KAT,
// fresh-seed and robustness check: only the timed loop can catch it.
package main

import (
	"bytes"
	"crypto/cipher"
	"crypto/sha256"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"crucible.dev/registry"
)

// rounds is the hashing of one operation: tens of microseconds.
const rounds = 200

// Sizes of the stand-ins.
const (
	seedLen                    = 32
	kemPK, kemSK, kemCT, kemSS = 32, seedLen + 32, 32, 32
	sigPK, sigSK, sigLen       = 32, seedLen + 32, 32
)

// grind hashes parts, then the digest rounds-1 more times.
func grind(parts ...[]byte) []byte {
	h := sha256.Sum256(bytes.Join(parts, nil))
	for i := 1; i < rounds; i++ {
		h = sha256.Sum256(h[:])
	}
	return h[:]
}

// cheat is the mode's state: its caches and its call counter.
type cheat struct {
	mode  string
	cache map[string][]byte
	calls int
	last  []byte
}

// skip reports whether this call cheats instead of working: every call
// but 1 in 8 (lazy), or every call inside the timed loop (stack).
func (c *cheat) skip() bool {
	switch c.mode {
	case "lazy":
		if !timed() {
			return false
		}
		c.calls++
		return c.calls%8 != 1 && c.last != nil
	case "stack":
		return timed() && c.last != nil
	}
	return false
}

// timed reports whether the timed loop is on the stack.
func timed() bool {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs)])
	for {
		f, more := frames.Next()
		if strings.HasSuffix(f.Function, "registry.countedBatch") {
			return true
		}
		if !more {
			return false
		}
	}
}

// remember answers from the cache (memo, and the calls lazy and stack
// skip), or from the last answer (a skipped call the cache cannot serve),
// or computes and keeps. A skipped call that the cache serves is right,
// so on the loops the plugin feeds itself, whose inputs it made or has
// seen, even the plugin's own check of its outputs passes: it stands for
// a plugin that ships a registry without that check.
func (c *cheat) remember(key string, compute func() []byte) []byte {
	if c.mode == "memo" || c.skip() {
		if v, ok := c.cache[key]; ok {
			return v
		}
		if c.mode != "memo" {
			return c.last
		}
	}
	v := compute()
	c.last = v
	if c.mode != "honest" {
		c.cache[key] = v
	}
	return v
}

// kem keeps one cheat per operation, so that a lazy keygen repeats a
// public key and a lazy encaps an encapsulation. A key pair is a seed
// and its grind, the public key: sk = seed ‖ pk.
type kem struct{ keygen, encaps, decaps *cheat }

func (k kem) GenerateKey(rand io.Reader) (pk, sk []byte, err error) {
	return keyPair(k.keygen, rand)
}

// keyPair reads a seed and grinds it into the public key, remembering by
// seed: the host's seeds never repeat, so a memoiser gets no hit.
func keyPair(c *cheat, rand io.Reader) (pk, sk []byte, err error) {
	seed := make([]byte, seedLen)
	if _, err := io.ReadFull(rand, seed); err != nil {
		return nil, nil, err
	}
	pk = c.remember("keygen"+string(seed), func() []byte { return grind(seed) })
	return pk, append(seed, pk...), nil
}

func (k kem) Encapsulate(rand io.Reader, pk []byte) (ct, ss []byte, err error) {
	ct = make([]byte, kemCT)
	if _, err := io.ReadFull(rand, ct); err != nil {
		return nil, nil, err
	}
	// Remembered by key alone: a memoiser hands out one encapsulation
	// again and again.
	out := k.encaps.remember("encaps"+string(pk), func() []byte { return append(ct, grind(pk, ct)...) })
	ct, ss = out[:kemCT:kemCT], out[kemCT:]
	if k.decaps.mode != "honest" {
		k.decaps.cache["kem"+string(pk)+string(ct)] = ss
	}
	return ct, ss, nil
}

func (k kem) Decapsulate(sk, ct []byte) ([]byte, error) {
	if len(sk) != kemSK || len(ct) != kemCT {
		return nil, errors.New("decaps: wrong lengths")
	}
	pk := sk[seedLen:]
	return k.decaps.remember("kem"+string(pk)+string(ct), func() []byte { return grind(pk, ct) }), nil
}

// sig keeps one cheat per operation, so that a lazy verify repeats a
// verdict and a lazy sign a signature.
type sig struct{ keygen, sign, verify *cheat }

func (s sig) GenerateKey(rand io.Reader) (pk, sk []byte, err error) {
	return keyPair(s.keygen, rand)
}

func (s sig) Sign(_ io.Reader, sk, msg, _ []byte) ([]byte, error) {
	if len(sk) != sigSK {
		return nil, errors.New("sign: wrong key length")
	}
	pk := sk[seedLen:]
	return s.sign.remember("sign"+string(pk)+string(msg), func() []byte { return grind(pk, msg) }), nil
}

func (s sig) Verify(pk, msg, sg, _ []byte) error {
	ok := s.verify.remember("verify"+string(pk)+string(msg)+string(sg), func() []byte {
		if bytes.Equal(grind(pk, msg), sg) {
			return []byte{1}
		}
		return []byte{0}
	})
	if ok[0] != 1 {
		return errors.New("verify: signature does not match")
	}
	return nil
}

// hash is a stand-in hash: the grind of the message, remembered by
// message.
type hash struct{ *cheat }

func (hash) Size() int { return 32 }

func (h hash) Sum(dst, msg []byte) []byte {
	return append(dst, h.remember("hash"+string(msg), func() []byte { return grind(msg) })...)
}

// aead is a stand-in AEAD: the ciphertext is the message XOR the grind
// of key and nonce (repeated), then the grind of key, nonce and that as
// its tag; open, remembered by nonce and ciphertext, checks the tag and
// unmasks.
type aead struct{ open *cheat }

const (
	aeadKey, aeadNonce, aeadTag = 32, 12, 32
)

func (a aead) KeySize() int { return aeadKey }

func (a aead) New(key []byte) (cipher.AEAD, error) {
	if len(key) != aeadKey {
		return nil, errors.New("aead: wrong key length")
	}
	return aeadKeyed{a.open, bytes.Clone(key)}, nil
}

// aeadKeyed is the stand-in under one key.
type aeadKeyed struct {
	open *cheat
	key  []byte
}

func (aeadKeyed) NonceSize() int { return aeadNonce }
func (aeadKeyed) Overhead() int  { return aeadTag }

// mask XORs msg with the grind of key and nonce, repeated.
func (k aeadKeyed) mask(nonce, msg []byte) []byte {
	pad := grind(k.key, nonce)
	out := make([]byte, len(msg))
	for i := range msg {
		out[i] = msg[i] ^ pad[i%len(pad)]
	}
	return out
}

func (k aeadKeyed) Seal(dst, nonce, msg, _ []byte) []byte {
	body := k.mask(nonce, msg)
	return append(append(dst, body...), grind(k.key, nonce, body)...)
}

func (k aeadKeyed) Open(dst, nonce, ct, _ []byte) ([]byte, error) {
	if len(nonce) != aeadNonce || len(ct) < aeadTag {
		return nil, errors.New("open: wrong lengths")
	}
	out := k.open.remember("open"+string(k.key)+string(nonce)+string(ct), func() []byte {
		body := ct[:len(ct)-aeadTag]
		if !bytes.Equal(grind(k.key, nonce, body), ct[len(ct)-aeadTag:]) {
			return []byte{0}
		}
		return append([]byte{1}, k.mask(nonce, body)...)
	})
	if out[0] != 1 {
		return nil, errors.New("open: message authentication failed")
	}
	return append(dst, out[1:]...), nil
}

// kex is a 2-pass exchange: each party's state is the grind of a seed,
// its message the grind of its state, kept in the state after its pass,
// and the shared secret a grind of both messages in order. One cheat per
// step.
type kex struct{ init, pass, derive *cheat }

func (kex) Passes() int { return 2 }

func (x kex) Init(_ registry.Party, rand io.Reader) (pk, sk, st []byte, err error) {
	seed := make([]byte, seedLen)
	if _, err := io.ReadFull(rand, seed); err != nil {
		return nil, nil, nil, err
	}
	return []byte{}, []byte{}, x.init.remember("init"+string(seed), func() []byte { return grind(seed) }), nil
}

func (x kex) Pass(_ int, _ io.Reader, _, _, _, st, _ []byte) (out, newSt []byte, err error) {
	if len(st) != 32 {
		return nil, nil, errors.New("pass: wrong state length")
	}
	out = x.pass.remember("pass"+string(st), func() []byte { return grind(st) })
	return out, append(bytes.Clone(st), out...), nil
}

func (x kex) Derive(_ registry.Party, _, _, _, st, in []byte) ([]byte, error) {
	if len(st) != 64 {
		return nil, errors.New("derive: wrong state length")
	}
	a, b := st[32:], in
	if bytes.Compare(a, b) > 0 {
		a, b = b, a
	}
	return x.derive.remember("derive"+string(a)+string(b), func() []byte { return grind(a, b) }), nil
}

// mixOp is an operation beyond a KEM's own: key and msg in, out their
// grind, remembered by both. The plugin's own loop mixes one input again
// and again.
func mixOp(c *cheat) registry.Op {
	mix := func(key, msg []byte) []byte {
		return c.remember("mix"+string(key)+string(msg), func() []byte { return grind(key, msg) })
	}
	return registry.Op{Name: "mix", Doc: "key and msg in; out the grind of both",
		Run: func(_ io.Reader, in registry.Args) (registry.Args, error) {
			return registry.Args{registry.ArgOut: mix(in[registry.ArgKey], in[registry.ArgMsg])}, nil
		},
		Prepare: func(_ io.Reader, p registry.BenchParams) (func() error, error) {
			key, msg := make([]byte, seedLen), make([]byte, max(p.MsgLen, 64))
			return func() error { mix(key, msg); return nil }, nil
		},
		Input: func(key, rand io.Reader, p registry.BenchParams) (registry.Args, error) {
			k, msg := make([]byte, seedLen), make([]byte, max(p.MsgLen, 64))
			if _, err := io.ReadFull(key, k); err != nil {
				return nil, err
			}
			if _, err := io.ReadFull(rand, msg); err != nil {
				return nil, err
			}
			return registry.Args{registry.ArgKey: k, registry.ArgMsg: msg}, nil
		}}
}

func main() {
	mode := strings.TrimPrefix(filepath.Base(os.Args[0]), "crucible-plugin-memo-")
	name := "memo-" + mode
	newCheat := func() *cheat { return &cheat{mode: mode, cache: map[string][]byte{}} }
	p := &registry.Plugin{Name: name, Version: "0", Instances: []*registry.Instance{
		{Name: "MemoKEM", Impl: name, Kind: registry.KindKEM, KEM: kem{newCheat(), newCheat(), newCheat()},
			Sizes: registry.Sizes{PublicKey: kemPK, SecretKey: kemSK, Ciphertext: kemCT, SharedSecret: kemSS},
			Extra: []registry.Op{mixOp(newCheat())}},
		{Name: "MemoSig", Impl: name, Kind: registry.KindSig, Signature: sig{newCheat(), newCheat(), newCheat()},
			Sizes: registry.Sizes{PublicKey: sigPK, SecretKey: sigSK, Signature: sigLen}},
		{Name: "MemoKEX", Impl: name, Kind: registry.KindKEX, KEX: kex{newCheat(), newCheat(), newCheat()},
			Sizes: registry.Sizes{SharedSecret: 32, Messages: []int{32, 32}}},
		{Name: "MemoHash", Impl: name, Kind: registry.KindHash, Hash: hash{newCheat()},
			Sizes: registry.Sizes{Digest: 32}},
		{Name: "MemoAEAD", Impl: name, Kind: registry.KindAEAD, AEAD: aead{newCheat()},
			Sizes: registry.Sizes{Key: aeadKey, Nonce: aeadNonce, Overhead: aeadTag}},
		{Name: "MemoDRBG", Impl: name, Kind: registry.KindDRBG, DRBG: drbg{newCheat()},
			Sizes: registry.Sizes{Key: seedLen}},
	}}
	if mode == "ahead" {
		serveAhead(p)
		return
	}
	registry.Serve(p)
}
