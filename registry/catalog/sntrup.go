package catalog

import (
	"fmt"

	"crucible.dev/registry"
)

// Streamlined NTRU Prime (round 3 specification, "NTRU Prime: round 3",
// 2020-10-07), all six parameter sets, with the security levels PQClean's
// META.yml files claim. Two KAT sources exist because implementations split
// their random reads differently under the same NIST DRBG: "onecall" draws
// each polynomial's 4p bytes in one call (PQClean, liboqs), "nist" draws p
// separate 4-byte words (the NIST submission, OpenSSH, Bouncy Castle).
func init() {
	const (
		onecall = "nist-rsp-onecall"
		nist    = "nist-rsp-nist"

		pqclean     = "PQClean/PQClean@6cd3167b crypto_kem/%s/META.yml nistkat-sha256"
		pqcleanNIST = "PQClean/PQClean@70543bba (the first NTRU Prime commit) crypto_kem/%s/META.yml nistkat-sha256"
		liboqs      = "liboqs tests/KATs/kem/kats.json"
		bc          = "bcgit/bc-test-data pqc/crypto/ntruprime/sntrup/%s.rsp, header removed (liboqs layout)"
	)
	type set struct {
		name                        string
		category                    int
		pk, sk, ct                  int
		single, singleNIST, allNIST string
		allOneCall                  string
	}
	sets := []set{
		{"sntrup653", 1, 994, 1518, 897,
			"0d8643f1c81a20f4de836542224c49f01a3d4498d612f98577d76710896ed7fc",
			"91dae8987131825001061f9d194bbfde53b3d17f3962f6992a3ec5fa3cf141d7",
			"64780b00a2be684092395899c2de1ca4ccfdc1ecb87ef58db4a1d56a44c91c52", ""},
		{"sntrup761", 2, 1158, 1763, 1039,
			"afc42c3a5b10f4ef69654250097ebda9b9564570f4086744b24a6daf2bd1f89a",
			"2eba10673b9077530ba9c063d22f2534e415a6da42985c333c6baee133cc0ff1",
			"497090f27b0e1d15a4a36aaee674b3131d859fdcb864a4ecbc50b184d5515461",
			"36e1e53d4e6e295e8fb804449958ad9a3719aa350e91933c65791b9117382d57"},
		{"sntrup857", 3, 1322, 1999, 1184,
			"8e58185a923122f15522eba1626f7f01f5bd5aa4503c1245df88f0e31a22d967",
			"eb63dfbd70483c57c558f00db8211a723255c0c86e395ab4ce88148a623b2d27",
			"5f1f04fe11d71997502fc8cbeaccd76532ee717bad3e722b0d2e8e4871b44930", ""},
		{"sntrup953", 4, 1505, 2254, 1349,
			"8c786712c07f62d81a1f5e3952db73d0b789d55ca72fd601ba23d20a309bf85c", "",
			"269c5b8d50f34bdeb30a7ad8ebde33c401d0629be6732297b9dd93c154354e51", ""},
		{"sntrup1013", 4, 1623, 2417, 1455,
			"bbc3d76c65da19761a671321c7a1aefa3d2abaf876c1b1d7c892c71665bf6a0e", "",
			"c1817dc8bb528ba7f6ae91a336e86d2c585dd1fd17556e20676f9482eedca4f0", ""},
		{"sntrup1277", 5, 2067, 3059, 1847,
			"d87346476ee6d70d6a8b27f811bf3cf20c1bd2b2d836f64c9c83348d5769865a", "",
			"39a479b5323e829e3bbdd5940f2f317840e7e497d0132b2cadb123d961d82648", ""},
	}
	for _, s := range sets {
		ds := []Digest{
			{Source: onecall, Records: 1, SHA256: s.single, Origin: fmt.Sprintf(pqclean, s.name)},
			{Source: nist, Records: 100, SHA256: s.allNIST, Origin: fmt.Sprintf(bc, s.name)},
		}
		if s.singleNIST != "" {
			ds = append(ds, Digest{Source: nist, Records: 1, SHA256: s.singleNIST, Origin: fmt.Sprintf(pqcleanNIST, s.name)})
		}
		if s.allOneCall != "" {
			ds = append(ds, Digest{Source: onecall, Records: 100, SHA256: s.allOneCall, Origin: liboqs})
		}
		register(Entry{
			Name: s.name, Family: "sntrup", Kind: registry.KindKEM, Category: s.category,
			Sizes:   registry.Sizes{PublicKey: s.pk, SecretKey: s.sk, Ciphertext: s.ct, SharedSecret: 32},
			Digests: ds,
			Spec:    "NTRU Prime: round 3 (2020-10-07), Streamlined NTRU Prime",
		})
	}
}
