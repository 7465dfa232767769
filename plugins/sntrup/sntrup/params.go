// Package sntrup implements Streamlined NTRU Prime, the key-encapsulation
// mechanism of the NTRU Prime submission to the NIST post-quantum project
// (round 3 specification, "NTRU Prime: round 3", 2020-10-07), for all six
// parameter sets, generically over the parameter table.
package sntrup

// Params is one parameter set (spec §3.3): the ring Z[x]/(x^p - x - 1) with
// p prime, the modulus q and the weight w of short polynomials.
type Params struct {
	Name    string
	P, Q, W int

	// Derived lengths (spec §3.4-3.5), computed by newParams.
	SmallBytes      int // Small encoding: four coefficients per byte
	RqBytes         int // Rq encoding, radix q
	RoundedBytes    int // Rounded encoding, radix (q+2)/3
	PublicKeySize   int // Rq encoding of h
	SecretKeySize   int // f, 1/g, pk, rho, Hash4(pk)
	CiphertextSize  int // Rounded encoding of c, then the 32-byte confirmation
	SharedSecretLen int

	q12    int32      // (q-1)/2: Fq is represented in -q12..q12
	qinv32 int64      // round(2^32/q), for Barrett reduction
	planQ  *radixPlan // the Rq encoding: p values of radix q
	planR  *radixPlan // the Rounded encoding: p values of radix (q+2)/3
}

// HashBytes is the length of every hash output the KEM uses (spec §3.5:
// the first 32 bytes of SHA-512).
const HashBytes = 32

// The six parameter sets of the round 3 specification (§3.3, Table 1).
var (
	SNTRUP653  = newParams("sntrup653", 653, 4621, 288)
	SNTRUP761  = newParams("sntrup761", 761, 4591, 286)
	SNTRUP857  = newParams("sntrup857", 857, 5167, 322)
	SNTRUP953  = newParams("sntrup953", 953, 6343, 396)
	SNTRUP1013 = newParams("sntrup1013", 1013, 7177, 448)
	SNTRUP1277 = newParams("sntrup1277", 1277, 7879, 492)
)

// All lists the parameter sets in increasing order of p.
var All = []*Params{SNTRUP653, SNTRUP761, SNTRUP857, SNTRUP953, SNTRUP1013, SNTRUP1277}

func newParams(name string, p, q, w int) *Params {
	ps := &Params{Name: name, P: p, Q: q, W: w, q12: int32((q - 1) / 2),
		qinv32: (1<<32 + int64(q)/2) / int64(q)}
	ps.planQ = newRadixPlan(p, uint32(q))
	ps.planR = newRadixPlan(p, uint32((q+2)/3))
	ps.SmallBytes = (p + 3) / 4
	ps.RqBytes = ps.planQ.size
	ps.RoundedBytes = ps.planR.size
	ps.PublicKeySize = ps.RqBytes
	ps.SecretKeySize = 2*ps.SmallBytes + ps.PublicKeySize + ps.SmallBytes + HashBytes
	ps.CiphertextSize = ps.RoundedBytes + HashBytes
	ps.SharedSecretLen = HashBytes
	return ps
}
