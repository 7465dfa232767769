// Package afskex implements AFS-KEX, the four-pass authenticated key
// exchange of NGCC round 1 (kex-02), bit-exact with the submitters'
// reference code, and the BW-KEM key encapsulation it is built on.
//
// The specification followed is the reference code's behaviour as
// ../shared/specs/afskex.md documents it; section numbers (§) refer to it.
package afskex

// q is the modulus of the ring R_q = Z_q[X]/(X^N+1) (§1).
const q = 3329

// maxN and maxK bound the ring degree and module rank of every parameter
// set, so polynomials live in fixed arrays on the stack.
const (
	maxN = 512
	maxK = 4
	maxS = 64
)

// codeKind names the message code of a parameter set (§4.4).
type codeKind int

const (
	codeBW8  codeKind = iota // RM(1,3) in BW8, 4 bits per 8 coefficients (C128)
	codeBW32                 // Barnes–Wall BW32, 32 bits per 32 coefficients
)

// hashG names the function G of a parameter set (§1, §2).
type hashG int

const (
	gSM3            hashG = iota // sm3hash(256): 32 bytes
	gPseudoHash512               // pseudohash(512): 64 bytes
	gPseudoHash1024              // pseudohash(1024): 128 bytes
)

// Params is one AFS-KEX parameter set (§1).
type Params struct {
	Name string
	n    int // ring degree N
	k    int // module rank
	s    int // symmetric length S in bytes: seeds, keys, message, secret

	etaS, etaR, etaE1, etaE2 int // centred binomial widths (KeyGen s and e; Enc r, e1, e2)
	du, dv                   int // bits per compressed u and v coefficient
	code                     codeKind
	g                        hashG
}

// The three instances of kex-02, as the table of §1 gives them.
var (
	C128 = &Params{Name: "AFS_KEX_C128", n: 256, k: 2, s: 16, etaS: 6, etaR: 6, etaE1: 6, etaE2: 5, du: 10, dv: 4, code: codeBW8, g: gSM3}
	C256 = &Params{Name: "AFS_KEX_C256", n: 256, k: 4, s: 32, etaS: 3, etaR: 3, etaE1: 3, etaE2: 3, du: 10, dv: 5, code: codeBW32, g: gPseudoHash512}
	C512 = &Params{Name: "AFS_KEX_C512", n: 512, k: 4, s: 64, etaS: 2, etaR: 2, etaE1: 2, etaE2: 2, du: 10, dv: 6, code: codeBW32, g: gPseudoHash1024}
)

// All lists the parameter sets in order of strength.
var All = []*Params{C128, C256, C512}

// Byte sizes of §1, derived from the parameters.

func (p *Params) polyBytes() int    { return 12 * p.n / 8 }
func (p *Params) polyVecBytes() int { return p.k * p.polyBytes() }
func (p *Params) kemPKBytes() int   { return p.polyVecBytes() + p.s }
func (p *Params) kemSKBytes() int   { return p.polyVecBytes() + p.kemPKBytes() + (p.s + 1) + p.s }
func (p *Params) uBytes() int       { return p.k * p.n * p.du / 8 }
func (p *Params) vBytes() int       { return p.n * p.dv / 8 }
func (p *Params) ctBytes() int      { return p.uBytes() + p.vBytes() }
func (p *Params) idBytes() int      { return p.s + 1 }

// PublicKeySize is the length of a party's KEX public key: cpk ‖ pk.
func (p *Params) PublicKeySize() int { return 2 * p.kemPKBytes() }

// SecretKeySize is the length of a party's KEX secret key: csk ‖ sk.
func (p *Params) SecretKeySize() int { return 2 * p.kemSKBytes() }

// SharedSecretSize is the length of the agreed key, S.
func (p *Params) SharedSecretSize() int { return p.s }

// InitStateSize is the length of the state Init returns (seed_U).
func (p *Params) InitStateSize() int { return p.s }

// StateSize is the length of the state after a party's key schedule (4S).
func (p *Params) StateSize() int { return 4 * p.s }

// MessageSizes are the lengths of the messages of passes 1 to 4:
// CT, CT+S, S and 0 (§6.2).
func (p *Params) MessageSizes() []int { return []int{p.ctBytes(), p.ctBytes() + p.s, p.s, 0} }
