package afskex

import (
	"crypto/subtle"

	"crucible.dev/registry/iccs"
)

// BW-KEM (§5): the CPA scheme under the Fujisaki–Okamoto transform with
// implicit rejection. A secret key is sk_cpa ‖ pk ‖ ID(pk) ‖ z, where ID(pk)
// is the raw prefix pk[0 : S+1].

// kemKeyGen is KEM.KeyGen(coins) with 2S bytes of coins, writing pk and sk.
// It returns the CPA key and matrix for init's ephemeral key.
func (p *Params) kemKeyGen(pk, sk []byte, key *cpaKey, a *[maxK]polyVec, coins []byte) {
	s, pvb, pkb := p.s, p.polyVecBytes(), p.kemPKBytes()
	p.cpaKeyGen(key, a, pk[pvb:pkb], coins[:s])
	p.encodeVec(pk, &key.t)
	p.encodeVec(sk, &key.s)
	p.completeSecretKey(sk, pk, coins[s:2*s])
}

// completeSecretKey appends pk ‖ ID(pk) ‖ z to the CPA secret key in sk.
func (p *Params) completeSecretKey(sk, pk, z []byte) {
	pvb, pkb := p.polyVecBytes(), p.kemPKBytes()
	copy(sk[pvb:], pk[:pkb])
	copy(sk[pvb+pkb:], pk[:p.idBytes()])
	copy(sk[pvb+pkb+p.idBytes():], z)
}

// kemEncaps is Encaps(pk, m) (§5): (K ‖ r) = G(m ‖ ID(pk)),
// ct = CPA.Enc(pk, m, r). It writes ct and the S-byte key K.
func (p *Params) kemEncaps(ct, key, pk, m []byte) {
	s := p.s
	var in [2*maxS + 1]byte
	var kr [2 * maxS]byte
	copy(in[:], m[:s])
	copy(in[s:], pk[:p.idBytes()])
	p.hashG(kr[:2*s], in[:2*s+1])
	p.cpaEnc(ct, pk, m, kr[s:2*s])
	copy(key, kr[:s])
}

// kemDecaps is Decaps(sk, ct) (§5): re-encrypt the decrypted message and
// return K, or pseudoXOF(z ‖ ct) when the ciphertexts differ, selected in
// constant time.
func (p *Params) kemDecaps(key, sk, ct []byte) {
	s, pvb, pkb, ctb := p.s, p.polyVecBytes(), p.kemPKBytes(), p.ctBytes()
	skb := p.kemSKBytes()
	var in [2*maxS + 1]byte
	var kr [2 * maxS]byte
	p.cpaDec(in[:s], sk[:pvb], ct)
	copy(in[s:], sk[skb-2*s-1:skb-s]) // the stored ID
	p.hashG(kr[:2*s], in[:2*s+1])

	var ct2 [2944]byte // the largest ciphertext, C512's
	p.cpaEnc(ct2[:ctb], sk[pvb:pvb+pkb], in[:s], kr[s:2*s])

	var zct [maxS + 2944]byte
	copy(zct[:], sk[skb-s:skb])
	copy(zct[s:], ct[:ctb])
	iccs.PseudoXOF(key[:s], zct[:s+ctb])
	subtle.ConstantTimeCopy(subtle.ConstantTimeCompare(ct[:ctb], ct2[:ctb]), key[:s], kr[:s])
}
