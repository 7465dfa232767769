package kat

import (
	"fmt"
	"io"

	"crucible.dev/registry"
)

// The NGCC KEX known-answer file, as the ICCS driver KAT_KEX.c shipped with
// every NGCC key-exchange submission writes it:
//
//   - the seed DRNG is instantiated from NGCCNonce, as for KEMs; each
//     record draws an NGCCSeedLen-byte Seed from it and instantiates the
//     algorithm's DRNG from that Seed, which every step of the record reads;
//   - lines Count, Seed_Len, Seed, Pass_Num, then PKa_Len, PKa, SKa_Len,
//     SKa, Init_Sta_Len, Init_Sta (init_a) and the same for B (init_b);
//   - for each pass i of the exchange, the sender's state after it and the
//     message it sent: Pass<i>_St<a|b>_Len, Pass<i>_St<a|b>, M<i>_Len, M<i>.
//     The driver stops after the pass that reports the exchange finished,
//     so an exchange of fewer than four passes has no lines for the rest;
//   - derive_a (given the last message B sent) and derive_b (the last one
//     A sent); the driver fails unless they agree, then prints SS_Len and
//     SS, and an empty line ends every record, the last included.
//
// Byte strings are upper-case hex; an empty one prints as nothing after
// "= ". Each state is printed over the length its step reported. The driver
// names passes 1 to 4 only.
//
// In the reference API a step that sends nothing may leave the message and
// state lengths unwritten; the driver then prints its initial M_Len of 0 and
// the state length of the sender's previous step. A registry.KEX makes both
// explicit: such a step returns an empty message and its unchanged state,
// which prints the same lines (AFS-KEX's pass 4).

// ngccKEXMaxPasses is the number of passes KAT_KEX.c can drive.
const ngccKEXMaxPasses = 4

// WriteNGCCKEX writes the first n records of the NGCC KEX known-answer file
// of x. x reads all its randomness from the io.Reader it is given, one Read
// per get_random_number call of the reference.
func WriteNGCCKEX(w io.Writer, x registry.KEX, n int, seed []byte) error {
	if n < 1 {
		return fmt.Errorf("kat: ngcc kex: %d records requested", n)
	}
	if p := x.Passes(); p < 1 || p > ngccKEXMaxPasses {
		return fmt.Errorf("kat: ngcc kex: %d passes; the NGCC driver runs 1 to %d", p, ngccKEXMaxPasses)
	}
	return writeNGCC(w, "ngcc kex", n, seed, func(rw *rspWriter, rng io.Reader) error { return ngccKEXRecord(rw, x, rng) })
}

// ngccKEXRecord runs one exchange under the record's DRNG through the
// contract's exchange driver, which makes the driver's calls in its order
// (init_a, init_b, the passes, derive_a, derive_b), and prints the
// transcript's fields in that order.
func ngccKEXRecord(rw *rspWriter, x registry.KEX, rng io.Reader) error {
	rw.int("Pass_Num", x.Passes())
	t, err := registry.RunExchange(x, rng)
	if err != nil {
		return err
	}
	for _, p := range []registry.Party{registry.PartyA, registry.PartyB} {
		s := registry.PartyIndex(p)
		ngccField(rw, "PK"+p.String(), t.PK[s])
		ngccField(rw, "SK"+p.String(), t.SK[s])
		ngccField(rw, "Init_St"+p.String(), t.St[s])
	}
	for i, m := range t.Msg {
		ngccField(rw, fmt.Sprintf("Pass%d_St%s", i+1, registry.Sender(i+1)), t.StAfter[i])
		ngccField(rw, fmt.Sprintf("M%d", i+1), m)
	}
	ngccField(rw, "SS", t.SS[0])
	return nil
}

// ngccField prints name_Len and name as fprintlen and fprintstr do; unlike
// the .rsp layout, an empty string prints as nothing ("M4 = ").
func ngccField(rw *rspWriter, name string, b []byte) {
	rw.int(name+"_Len", len(b))
	if len(b) == 0 {
		rw.w.WriteString(name + " = \n")
		return
	}
	rw.bytes(name, b)
}
