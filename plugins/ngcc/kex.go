//go:build ngcc_kex

package main

/*
// The NICCS KEX API (KEX_AlgorithmInstance.h), which the submission's
// sources implement, for exchanges of up to four passes: the number the
// ICCS KAT driver runs.
unsigned long long kex_get_passes_num();
unsigned long long kex_get_pk_len_bytes();
unsigned long long kex_get_sk_len_bytes();
unsigned long long kex_get_sta_len_bytes();
unsigned long long kex_get_stb_len_bytes();
unsigned long long kex_get_ss_len_bytes();
unsigned long long kex_get_total_msg_len_bytes();
int kex_init_a(unsigned char *pka, unsigned long long *pka_len_bytes, unsigned char *ska, unsigned long long *ska_len_bytes, unsigned char *sta, unsigned long long *sta_len_bytes);
int kex_init_b(unsigned char *pkb, unsigned long long *pkb_len_bytes, unsigned char *skb, unsigned long long *skb_len_bytes, unsigned char *stb, unsigned long long *stb_len_bytes);
int kex_generate_pass1_msg_a(unsigned char *ska, unsigned long long ska_len_bytes, unsigned char *pkb, unsigned long long pkb_len_bytes, unsigned char *sta, unsigned long long *sta_len_bytes, unsigned char *m1, unsigned long long *m1_len_bytes);
int kex_derive_ss_a(unsigned char *ska, unsigned long long ska_len_bytes, unsigned char *pkb, unsigned long long pkb_len_bytes, unsigned char *mb, unsigned long long mb_len_bytes, unsigned char *sta, unsigned long long sta_len_bytes, unsigned char *ssa, unsigned long long *ssa_len_bytes);
int kex_derive_ss_b(unsigned char *skb, unsigned long long skb_len_bytes, unsigned char *pka, unsigned long long pka_len_bytes, unsigned char *ma, unsigned long long ma_len_bytes, unsigned char *stb, unsigned long long stb_len_bytes, unsigned char *ssb, unsigned long long *ssb_len_bytes);

// Passes 2 to 4 exist only in exchanges that long: weak references, so a
// 2-pass submission links without the rest.
#pragma weak kex_generate_pass2_msg_b
#pragma weak kex_generate_pass3_msg_a
#pragma weak kex_generate_pass4_msg_b
int kex_generate_pass2_msg_b(unsigned char *skb, unsigned long long skb_len_bytes, unsigned char *pka, unsigned long long pka_len_bytes, unsigned char *m1, unsigned long long m1_len_bytes, unsigned char *stb, unsigned long long *stb_len_bytes, unsigned char *m2, unsigned long long *m2_len_bytes);
int kex_generate_pass3_msg_a(unsigned char *ska, unsigned long long ska_len_bytes, unsigned char *pkb, unsigned long long pkb_len_bytes, unsigned char *m2, unsigned long long m2_len_bytes, unsigned char *sta, unsigned long long *sta_len_bytes, unsigned char *m3, unsigned long long *m3_len_bytes);
int kex_generate_pass4_msg_b(unsigned char *skb, unsigned long long skb_len_bytes, unsigned char *pka, unsigned long long pka_len_bytes, unsigned char *m3, unsigned long long m3_len_bytes, unsigned char *stb, unsigned long long *stb_len_bytes, unsigned char *m4, unsigned long long *m4_len_bytes);

// pass calls pass i (2 to 4) of the later passes, or returns -100 when the
// submission does not define it.
static int pass(int i, unsigned char *sk, unsigned long long skl, unsigned char *peer, unsigned long long peerl,
	unsigned char *in, unsigned long long inl, unsigned char *st, unsigned long long *stl,
	unsigned char *out, unsigned long long *outl) {
	switch (i) {
	case 2:
		if (!kex_generate_pass2_msg_b) return -100;
		return kex_generate_pass2_msg_b(sk, skl, peer, peerl, in, inl, st, stl, out, outl);
	case 3:
		if (!kex_generate_pass3_msg_a) return -100;
		return kex_generate_pass3_msg_a(sk, skl, peer, peerl, in, inl, st, stl, out, outl);
	case 4:
		if (!kex_generate_pass4_msg_b) return -100;
		return kex_generate_pass4_msg_b(sk, skl, peer, peerl, in, inl, st, stl, out, outl);
	}
	return -100;
}
*/
import "C"

import (
	"bytes"
	"fmt"
	"io"

	"crucible.dev/registry"
	"crucible.dev/registry/iccs"
	"crucible.dev/registry/kat"
)

// kexMaxPasses is the longest exchange the ICCS KAT driver runs.
const kexMaxPasses = 4

// kex is a submission's key exchange behind registry.KEX. Buffers are
// sized by the submission's claims: keys and secret by their lengths,
// states by the per-party maxima, each message by the claimed total of all
// messages (the API claims no per-pass length).
type kex struct {
	passes        int
	pk, sk, ss    int
	sta, stb, msg int
}

func newKEX() (*kex, error) {
	x := &kex{
		passes: int(C.kex_get_passes_num()),
		pk:     int(C.kex_get_pk_len_bytes()),
		sk:     int(C.kex_get_sk_len_bytes()),
		ss:     int(C.kex_get_ss_len_bytes()),
		sta:    int(C.kex_get_sta_len_bytes()),
		stb:    int(C.kex_get_stb_len_bytes()),
		msg:    int(C.kex_get_total_msg_len_bytes()),
	}
	if x.passes < 1 || x.passes > kexMaxPasses {
		return nil, fmt.Errorf("kex_get_passes_num: %d passes; the ICCS driver runs 1 to %d", x.passes, kexMaxPasses)
	}
	return x, nil
}

func (x *kex) Passes() int { return x.passes }

// stateMax is the state buffer of party p.
func (x *kex) stateMax(p registry.Party) int {
	if p == registry.PartyA {
		return x.sta
	}
	return x.stb
}

func (x *kex) Init(p registry.Party, rand io.Reader) (pk, sk, st []byte, err error) {
	pk, sk, st = make([]byte, x.pk), make([]byte, x.sk), make([]byte, x.stateMax(p))
	pl, sl, tl := C.ulonglong(len(pk)), C.ulonglong(len(sk)), C.ulonglong(len(st))
	name := "kex_init_" + p.String()
	if _, err := call(name, rand, func() C.int {
		if p == registry.PartyA {
			return C.kex_init_a(ptr(pk), &pl, ptr(sk), &sl, ptr(st), &tl)
		}
		return C.kex_init_b(ptr(pk), &pl, ptr(sk), &sl, ptr(st), &tl)
	}); err != nil {
		return nil, nil, nil, err
	}
	if pk, err = claimed(name+": pk", pk, pl); err != nil {
		return nil, nil, nil, err
	}
	if sk, err = claimed(name+": sk", sk, sl); err != nil {
		return nil, nil, nil, err
	}
	if st, err = claimed(name+": state", st, tl); err != nil {
		return nil, nil, nil, err
	}
	return pk, sk, st, nil
}

// Pass runs kex_generate_pass<i>_msg_<sender>. The message length starts
// at 0 and the state length at the state's, as the driver's variables hold
// them, so a pass that writes neither sends nothing and keeps its state.
// Every input is copied: the API's pointers are not const and some
// submissions write to their inputs.
func (x *kex) Pass(i int, rand io.Reader, _, sk, peerPK, st, in []byte) (out, newSt []byte, err error) {
	if i < 1 || i > x.passes {
		return nil, nil, fmt.Errorf("kex: no pass %d in a %d-pass exchange", i, x.passes)
	}
	p := registry.Sender(i)
	name := fmt.Sprintf("kex_generate_pass%d_msg_%s", i, p)
	if err := x.checkInputs(name, p, sk, peerPK, st, in); err != nil {
		return nil, nil, err
	}
	skc, peer, inc := bytes.Clone(sk), bytes.Clone(peerPK), bytes.Clone(in)
	newSt = make([]byte, x.stateMax(p))
	copy(newSt, st)
	out = make([]byte, x.msg)
	tl, ol := C.ulonglong(len(st)), C.ulonglong(0)
	rc, err := call(name, rand, func() C.int {
		if i == 1 {
			return C.kex_generate_pass1_msg_a(ptr(skc), C.ulonglong(len(skc)), ptr(peer), C.ulonglong(len(peer)), ptr(newSt), &tl, ptr(out), &ol)
		}
		return C.pass(C.int(i), ptr(skc), C.ulonglong(len(skc)), ptr(peer), C.ulonglong(len(peer)), ptr(inc), C.ulonglong(len(inc)), ptr(newSt), &tl, ptr(out), &ol)
	})
	if rc == -100 {
		return nil, nil, fmt.Errorf("%s: the submission does not define it but claims %d passes", name, x.passes)
	}
	if err != nil {
		return nil, nil, err
	}
	// The driver stops at the pass that returns 1 (finished).
	if rc == 1 && i < x.passes {
		return nil, nil, fmt.Errorf("%s: finished the exchange at pass %d of the claimed %d", name, i, x.passes)
	}
	if out, err = claimed(name+": message", out, ol); err != nil {
		return nil, nil, err
	}
	if newSt, err = claimed(name+": state", newSt, tl); err != nil {
		return nil, nil, err
	}
	return out, newSt, nil
}

func (x *kex) Derive(p registry.Party, _, sk, peerPK, st, in []byte) ([]byte, error) {
	name := "kex_derive_ss_" + p.String()
	if err := x.checkInputs(name, p, sk, peerPK, st, in); err != nil {
		return nil, err
	}
	skc, peer, stc, inc := bytes.Clone(sk), bytes.Clone(peerPK), bytes.Clone(st), bytes.Clone(in)
	ss := make([]byte, x.ss)
	sl := C.ulonglong(len(ss))
	if _, err := call(name, nil, func() C.int {
		if p == registry.PartyA {
			return C.kex_derive_ss_a(ptr(skc), C.ulonglong(len(skc)), ptr(peer), C.ulonglong(len(peer)), ptr(inc), C.ulonglong(len(inc)), ptr(stc), C.ulonglong(len(stc)), ptr(ss), &sl)
		}
		return C.kex_derive_ss_b(ptr(skc), C.ulonglong(len(skc)), ptr(peer), C.ulonglong(len(peer)), ptr(inc), C.ulonglong(len(inc)), ptr(stc), C.ulonglong(len(stc)), ptr(ss), &sl)
	}); err != nil {
		return nil, err
	}
	return claimed(name+": ss", ss, sl)
}

// checkInputs refuses inputs longer than the buffers the submission
// claims, which C code would read past (the host's robustness checks send
// such input on purpose).
func (x *kex) checkInputs(name string, p registry.Party, sk, peerPK, st, in []byte) error {
	switch {
	case len(sk) != x.sk:
		return fmt.Errorf("%s: secret key is %d bytes, the submission claims %d", name, len(sk), x.sk)
	case len(peerPK) != x.pk:
		return fmt.Errorf("%s: peer public key is %d bytes, the submission claims %d", name, len(peerPK), x.pk)
	case len(st) > x.stateMax(p):
		return fmt.Errorf("%s: state is %d bytes, the submission's buffer %d", name, len(st), x.stateMax(p))
	case len(in) > x.msg:
		return fmt.Errorf("%s: message is %d bytes, more than the claimed %d of all messages", name, len(in), x.msg)
	}
	return nil
}

// submissionInstance is the exchange with the sizes it claims. The API
// claims only the total of all messages, so each pass's length is measured
// on one exchange under the ICCS DRNG (the KAT file's first seed) and
// checked against that total.
func submissionInstance() (*registry.Instance, error) {
	x, err := newKEX()
	if err != nil {
		return nil, err
	}
	msgs, err := measureMessages(x)
	if err != nil {
		return nil, fmt.Errorf("measuring the message lengths: %w", err)
	}
	total := 0
	for _, m := range msgs {
		total += m
	}
	if total != x.msg {
		return nil, fmt.Errorf("messages of %v bytes total %d; kex_get_total_msg_len_bytes claims %d", msgs, total, x.msg)
	}
	return &registry.Instance{
		Kind: registry.KindKEX,
		KEX:  x,
		Sizes: registry.Sizes{
			PublicKey: x.pk, SecretKey: x.sk, SharedSecret: x.ss, Messages: msgs,
		},
		KATs: katGenerator(func(w io.Writer, n int, seed []byte) error { return kat.WriteNGCCKEX(w, x, n, seed) }),
	}, nil
}

// measureMessages runs one exchange and returns each pass's message length.
func measureMessages(x *kex) ([]int, error) {
	rng := iccs.NewDRNG(kat.NGCCNonce(nil))
	var pk, sk, st [2][]byte
	for i, p := range []registry.Party{registry.PartyA, registry.PartyB} {
		var err error
		if pk[i], sk[i], st[i], err = x.Init(p, rng); err != nil {
			return nil, err
		}
	}
	var msgs []int
	var in []byte
	for i := 1; i <= x.passes; i++ {
		s := 0
		if registry.Sender(i) == registry.PartyB {
			s = 1
		}
		out, nst, err := x.Pass(i, rng, pk[s], sk[s], pk[1-s], st[s], in)
		if err != nil {
			return nil, err
		}
		st[s], in = nst, out
		msgs = append(msgs, len(out))
	}
	return msgs, nil
}
