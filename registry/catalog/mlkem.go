package catalog

import "crucible.dev/registry"

// mlkemSet is one ML-KEM parameter set of FIPS 203 §8 (Table 2): the module
// rank k and the compression widths du, dv fix every size.
type mlkemSet struct {
	name     string
	k        int
	du, dv   int
	category int
	// rspSingle and rspAll are liboqs' digests of the NIST .rsp file
	// (count-0 record only, and 100 records).
	rspSingle, rspAll string
}

var mlkemSets = []mlkemSet{
	{"ML-KEM-512", 2, 10, 4, 1,
		"c70041a761e01cd6426fa60e9fd6a4412c2be817386c8d0f3334898082512782",
		"74b470e797cbdbd589a31d387d36c72aad5033446ab5159bf4014c24652b1173"},
	{"ML-KEM-768", 3, 10, 4, 3,
		"5352539586b6c3df58be6158a6250aeff402bd73060b0a3de68850ac074c17c3",
		"e5d6911117c708d8342702db222f66bef5ac5b0314fb8bc36eb22a536c9b34fb"},
	{"ML-KEM-1024", 4, 11, 5, 5,
		"f580d851e5fb27e6876e5e203fa18be4cdbfd49e05d48fec3d3992c8f43a13e6",
		"81d1ae0468f62154885b6f2a293c0eb48f9339645357a88bbbc186c57ab0ace0"},
}

// mlkemKATOrigin is where the .rsp digests are published.
const mlkemKATOrigin = "open-quantum-safe/liboqs tests/KATs/kem/kats.json (b6689666b934)"

func init() {
	for _, s := range mlkemSets {
		register(Entry{
			Name: s.name, Family: "ML-KEM", Kind: registry.KindKEM, Category: s.category,
			// FIPS 203 §7: ek = 384k+32 bytes, dk = 768k+96 (expanded),
			// c = 32(du·k+dv), K = 32; the seed form of dk is d‖z.
			Sizes: registry.Sizes{
				PublicKey:    384*s.k + 32,
				SecretKey:    768*s.k + 96,
				Ciphertext:   32 * (s.du*s.k + s.dv),
				SharedSecret: 32,
			},
			SeedSize: 64,
			Digests: []Digest{
				{Source: "nist-rsp", Records: 1, SHA256: s.rspSingle, Origin: mlkemKATOrigin + ` "single"`},
				{Source: "nist-rsp", Records: 100, SHA256: s.rspAll, Origin: mlkemKATOrigin + ` "all"`},
			},
			Spec: "FIPS 203",
		})
	}
}
