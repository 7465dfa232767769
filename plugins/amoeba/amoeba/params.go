// Package amoeba implements Amoeba, the NGCC round-1 key-encapsulation
// candidate kem-02, bit for bit as its submitters' reference code computes
// it (the NGCC known-answer files follow the code, so the code is the
// specification here, quirks included).
package amoeba

// Constants shared by every parameter set (spec §1).
const (
	q       = 3457 // modulus
	n       = 288  // length of one NTT block; the ring splits into K such blocks
	seedLen = 64   // ρ, σ, the coins and z
	msgLen  = 64   // the encrypted message m
	ssLen   = 64   // the shared secret
	idLen   = 64   // ID(pk), the bytes of pk bound into G
	eccL    = 512  // message bits
	eccR    = 10   // Hamming check bits
	eccN    = eccL + eccR + 1
	skBits  = 12 // the CPA secret key packs NTT values with 12 bits each
)

// Params is one parameter set of Amoeba (spec §1, table "set").
type Params struct {
	Name  string // instance name, "Amoeba" + security level
	Level int    // SECURITY_LEVEL of the reference build
	K     int    // number of Nussbaumer blocks; the ring dimension is K·288
	Eta1  int    // CBD parameter of s and r
	Eta2  int    // CBD parameter of e, e1 and e2
	D0    int    // bits per coefficient of b in the public key
	D1    int    // bits per coefficient of u in the ciphertext
	D2    int    // bits per coefficient of v in the ciphertext
}

// The five parameter sets, as params.h defines them for each SECURITY_LEVEL.
var (
	Amoeba128 = &Params{Name: "Amoeba128", Level: 128, K: 2, Eta1: 2, Eta2: 2, D0: 10, D1: 10, D2: 5}
	Amoeba192 = &Params{Name: "Amoeba192", Level: 192, K: 3, Eta1: 1, Eta2: 2, D0: 10, D1: 11, D2: 6}
	Amoeba256 = &Params{Name: "Amoeba256", Level: 256, K: 4, Eta1: 1, Eta2: 1, D0: 11, D1: 10, D2: 6}
	Amoeba384 = &Params{Name: "Amoeba384", Level: 384, K: 6, Eta1: 1, Eta2: 1, D0: 11, D1: 11, D2: 6}
	Amoeba512 = &Params{Name: "Amoeba512", Level: 512, K: 8, Eta1: 1, Eta2: 1, D0: 12, D1: 12, D2: 7}
)

// All lists every parameter set in increasing security level.
var All = []*Params{Amoeba128, Amoeba192, Amoeba256, Amoeba384, Amoeba512}

// maxK is the largest K of any set; scratch space is sized for it.
const maxK = 8

// kn is the ring dimension K·288.
func (p *Params) kn() int { return p.K * n }

// cpaSKSize is the packed NTT-domain secret ŝ, 12 bits per coefficient.
func (p *Params) cpaSKSize() int { return p.kn() * skBits / 8 }

// uSize is the packed, compressed u of the ciphertext.
func (p *Params) uSize() int { return p.kn() * p.D1 / 8 }

// vSize is the packed, compressed first 523 coefficients of v.
func (p *Params) vSize() int { return (eccN*p.D2 + 7) / 8 }

// PublicKeySize is |pk| = ρ ‖ packed b.
func (p *Params) PublicKeySize() int { return seedLen + p.kn()*p.D0/8 }

// SecretKeySize is |sk| = ŝ ‖ pk ‖ z.
func (p *Params) SecretKeySize() int { return p.cpaSKSize() + p.PublicKeySize() + seedLen }

// CiphertextSize is |ct| = packed u ‖ packed v.
func (p *Params) CiphertextSize() int { return p.uSize() + p.vSize() }

// SharedSecretSize is |ss|.
func (p *Params) SharedSecretSize() int { return ssLen }
