package afskex

import (
	"crypto/subtle"
	"errors"
	"fmt"
	"io"

	"crucible.dev/registry"
	"crucible.dev/registry/iccs"
)

// ErrAuthentication reports that a peer's revealed ephemeral seed does not
// turn its composite public key back into its static one (§6.2 passes 3
// and 4): the reference returns −1.
var ErrAuthentication = errors.New("peer authentication failed")

// errNoRandomness reports a step that draws randomness called without any.
var errNoRandomness = errors.New("no randomness given")

// AFS-KEX (§6) as a registry.KEX. A party's public key is cpk ‖ pk, its
// secret key csk ‖ sk: the composite key (static plus ephemeral) and the
// static BW-KEM key. States are seed_U after init, seed_A ‖ K_B after
// pass 1, and seed_U ‖ K_sess ‖ K_enc^B ‖ K_enc^A after the key schedule.

// Passes is 4: A → B, B → A, A → B, and B's final check, which sends nothing.
func (p *Params) Passes() int { return 4 }

// Init is kex_init_a and kex_init_b, which are the same (§6.1): a static
// BW-KEM key from 2S random bytes, an ephemeral key from S more on the same
// matrix, and the composite key that is their sum.
func (p *Params) Init(_ registry.Party, rand io.Reader) (pk, sk, st []byte, err error) {
	s, pvb, pkb, skb := p.s, p.polyVecBytes(), p.kemPKBytes(), p.kemSKBytes()
	pk = make([]byte, 2*pkb)
	sk = make([]byte, 2*skb)
	st = make([]byte, s)
	// The draws land in the outputs (sk is overwritten below), so that no
	// buffer escapes to the heap through the io.Reader.
	var coins [2 * maxS]byte
	if err := draw(coins[:2*s], sk, rand); err != nil {
		return nil, nil, nil, fmt.Errorf("%s init: %w", p.Name, err)
	}
	if err := draw(st, st, rand); err != nil {
		return nil, nil, nil, fmt.Errorf("%s init: %w", p.Name, err)
	}
	cpk, spk := pk[:pkb], pk[pkb:]
	csk, ssk := sk[:skb], sk[skb:]

	var static, eph cpaKey
	var a [maxK]polyVec
	p.kemKeyGen(spk, ssk, &static, &a, coins[:2*s])
	// EKeyGen on the party's own ρ: the same matrix, σ = seed_U (§6.1 step 2).
	p.keyFromMatrix(&eph, &a, st)

	// Composite key (§6.1 steps 3–4). The sums are taken on the reduced
	// polynomials; only their residues reach the encoding, as in the
	// reference's decode–add–reduce.
	for i := 0; i < p.k; i++ {
		polyAdd(eph.t[i][:p.n], eph.t[i][:p.n], static.t[i][:p.n])
		polyReduce(eph.t[i][:p.n])
		polyAdd(eph.s[i][:p.n], eph.s[i][:p.n], static.s[i][:p.n])
		polyReduce(eph.s[i][:p.n])
	}
	p.encodeVec(cpk, &eph.t)
	copy(cpk[pvb:], spk[pvb:pkb]) // ρ_U
	p.encodeVec(csk, &eph.s)
	p.completeSecretKey(csk, cpk, coins[s:2*s])
	return pk, sk, st, nil
}

// Pass computes pass i (§6.2).
func (p *Params) Pass(i int, rand io.Reader, pk, sk, peerPK, st, in []byte) (out, newSt []byte, err error) {
	if err := p.checkKeys(pk, sk, peerPK); err != nil {
		return nil, nil, fmt.Errorf("%s pass%d: %w", p.Name, i, err)
	}
	switch i {
	case 1:
		out, newSt, err = p.pass1(rand, peerPK, st)
	case 2:
		out, newSt, err = p.pass2(rand, sk, peerPK, st, in)
	case 3:
		out, newSt, err = p.pass3(sk, peerPK, st, in)
	case 4:
		out, newSt, err = p.pass4(peerPK, st, in)
	default:
		err = fmt.Errorf("no pass %d", i)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("%s pass%d: %w", p.Name, i, err)
	}
	return out, newSt, nil
}

func (p *Params) checkKeys(pk, sk, peerPK []byte) error {
	switch {
	case len(pk) != p.PublicKeySize():
		return fmt.Errorf("public key of %d bytes, want %d", len(pk), p.PublicKeySize())
	case len(sk) != p.SecretKeySize():
		return fmt.Errorf("secret key of %d bytes, want %d", len(sk), p.SecretKeySize())
	case len(peerPK) != p.PublicKeySize():
		return fmt.Errorf("peer public key of %d bytes, want %d", len(peerPK), p.PublicKeySize())
	}
	return nil
}

// draw reads len(dst) random bytes in one Read (one DRNG call of the
// reference) through scratch, an output buffer the caller overwrites later,
// so that dst can stay on the stack.
func draw(dst, scratch []byte, rand io.Reader) error {
	if rand == nil {
		return errNoRandomness
	}
	b := scratch[:len(dst)]
	if _, err := io.ReadFull(rand, b); err != nil {
		return err
	}
	copy(dst, b)
	return nil
}

func checkLen(what string, b []byte, want int) error {
	if len(b) != want {
		return fmt.Errorf("%s of %d bytes, want %d", what, len(b), want)
	}
	return nil
}

// pass1: A encapsulates K_B to B's composite key; state seed_A ‖ K_B.
func (p *Params) pass1(rand io.Reader, peerPK, st []byte) (out, newSt []byte, err error) {
	s := p.s
	if err := checkLen("state", st, p.InitStateSize()); err != nil {
		return nil, nil, err
	}
	out = make([]byte, p.ctBytes())
	var m [maxS]byte
	if err := draw(m[:s], out, rand); err != nil {
		return nil, nil, err
	}
	newSt = make([]byte, 2*s)
	copy(newSt, st)
	p.kemEncaps(out, newSt[s:], peerPK[:p.kemPKBytes()], m[:s])
	return out, newSt, nil
}

// pass2: B decapsulates K_B, encapsulates K_A to A's composite key, runs
// the key schedule pseudoXOF(K_B ‖ K_A) = K_sess ‖ K_enc^B ‖ K_enc^A and
// sends ct_A ‖ (K_enc^B ⊕ seed_B).
func (p *Params) pass2(rand io.Reader, sk, peerPK, st, in []byte) (out, newSt []byte, err error) {
	s, ctb := p.s, p.ctBytes()
	if err := checkLen("state", st, p.InitStateSize()); err != nil {
		return nil, nil, err
	}
	if err := checkLen("message 1", in, ctb); err != nil {
		return nil, nil, err
	}
	var kk [2 * maxS]byte // K_B ‖ K_A
	p.kemDecaps(kk[:s], sk[:p.kemSKBytes()], in)
	out = make([]byte, ctb+s)
	var m [maxS]byte
	if err := draw(m[:s], out, rand); err != nil {
		return nil, nil, err
	}
	p.kemEncaps(out[:ctb], kk[s:2*s], peerPK[:p.kemPKBytes()], m[:s])
	newSt = make([]byte, 4*s)
	copy(newSt, st)
	iccs.PseudoXOF(newSt[s:4*s], kk[:2*s])
	subtle.XORBytes(out[ctb:], newSt[2*s:3*s], st)
	return out, newSt, nil
}

// pass3: A decapsulates K_A, runs the key schedule, sends K_enc^A ⊕ seed_A
// and authenticates B by its revealed seed_B.
func (p *Params) pass3(sk, peerPK, st, in []byte) (out, newSt []byte, err error) {
	s, ctb := p.s, p.ctBytes()
	if err := checkLen("state", st, 2*s); err != nil {
		return nil, nil, err
	}
	if err := checkLen("message 2", in, ctb+s); err != nil {
		return nil, nil, err
	}
	var kk [2 * maxS]byte // K_B ‖ K_A
	copy(kk[:s], st[s:2*s])
	p.kemDecaps(kk[s:2*s], sk[:p.kemSKBytes()], in[:ctb])
	newSt = make([]byte, 4*s)
	copy(newSt, st[:s])
	iccs.PseudoXOF(newSt[s:4*s], kk[:2*s])
	out = make([]byte, s)
	subtle.XORBytes(out, newSt[3*s:4*s], st[:s])

	var seed [maxS]byte
	subtle.XORBytes(seed[:s], newSt[2*s:3*s], in[ctb:ctb+s])
	if !p.authenticate(peerPK, seed[:s]) {
		return nil, nil, ErrAuthentication
	}
	return out, newSt, nil
}

// pass4: B authenticates A by its revealed seed_A. It sends nothing and
// keeps its state.
func (p *Params) pass4(peerPK, st, in []byte) (out, newSt []byte, err error) {
	s := p.s
	if err := checkLen("state", st, p.StateSize()); err != nil {
		return nil, nil, err
	}
	if err := checkLen("message 3", in, s); err != nil {
		return nil, nil, err
	}
	var seed [maxS]byte
	subtle.XORBytes(seed[:s], st[3*s:4*s], in)
	if !p.authenticate(peerPK, seed[:s]) {
		return nil, nil, ErrAuthentication
	}
	return []byte{}, append([]byte(nil), st...), nil
}

// authenticate reports whether removing the ephemeral public key made from
// seed on the peer's matrix turns the peer's composite key into its static
// key (§6.2 pass 3 steps 4–5).
func (p *Params) authenticate(peerPK, seed []byte) bool {
	n, pvb, pkb := p.n, p.polyVecBytes(), p.kemPKBytes()
	cpk, spk := peerPK[:pkb], peerPK[pkb:]
	var a [maxK]polyVec
	var eph cpaKey
	var c polyVec
	p.genMatrix(&a, cpk[pvb:pkb], false)
	p.keyFromMatrix(&eph, &a, seed)
	p.decodeVec(&c, cpk)
	for i := 0; i < p.k; i++ {
		polySub(c[i][:n], c[i][:n], eph.t[i][:n])
		polyReduce(c[i][:n])
	}
	var enc [3072]byte // the largest packed vector, C512's
	p.encodeVec(enc[:pvb], &c)
	ok := []byte{byte(subtle.ConstantTimeCompare(enc[:pvb], spk[:pvb]) &
		subtle.ConstantTimeCompare(cpk[pvb:pkb], spk[pvb:pkb]))}
	// Whether the peer authenticated is public by design: the exchange
	// aborts in the open when it did not. The compares themselves are
	// constant time; only their verdict is declared public.
	registry.Declassify(ok)
	return ok[0] == 1
}

// Derive returns K_sess = st[S:2S] (§6.2 derive). Both parties' states have
// the key-schedule form by then. Like the reference, which copies those
// bytes out, it computes nothing: the secret it returns shares st's storage
// (capacity-limited, so appending to it cannot touch the state).
func (p *Params) Derive(pt registry.Party, pk, sk, peerPK, st, in []byte) ([]byte, error) {
	if err := checkLen("state", st, p.StateSize()); err != nil {
		return nil, fmt.Errorf("%s derive_%s: %w", p.Name, pt, err)
	}
	return st[p.s : 2*p.s : 2*p.s], nil
}
