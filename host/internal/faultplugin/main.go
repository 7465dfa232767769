// Command faultplugin is a test fixture: a plugin that misbehaves in the one
// way its executable's name asks for (crucible-plugin-fault-<mode>), so the
// host's tests can show each fault is reported precisely and survived.
//
// It serves "Amoeba128" with a stand-in KEM of the catalog's sizes (a hash,
// not the algorithm), so that only the injected fault is a finding.
package main

import (
	"bytes"
	"crypto/sha512"
	"crypto/subtle"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"crucible.dev/registry"
	"crucible.dev/registry/kat"
)

// Sizes of Amoeba128 in the catalog.
const pkLen, skLen, ctLen, ssLen = 784, 1712, 1047, 64

// standIn is a consistent KEM with Amoeba128's sizes: pk is a prefix of sk,
// and the key is a hash of pk and ct.
type standIn struct{ mode string }

func (k standIn) GenerateKey(rand io.Reader) (pk, sk []byte, err error) {
	sk = make([]byte, skLen)
	if _, err := io.ReadFull(rand, sk); err != nil {
		return nil, nil, err
	}
	return sk[:pkLen:pkLen], sk, nil
}

func (k standIn) Encapsulate(rand io.Reader, pk []byte) (ct, ss []byte, err error) {
	n := ctLen
	switch k.mode {
	case "longct":
		n = ctLen + 1 // one byte more than declared
	case "hugeresponse":
		n = 80 << 20 // past the host's message limit
	case "alloc":
		var hog [][]byte
		for {
			hog = append(hog, make([]byte, 64<<20))
			for _, b := range hog {
				b[0]++
			}
		}
	}
	ct = make([]byte, n)
	if _, err := io.ReadFull(rand, ct[:min(n, 64)]); err != nil {
		return nil, nil, err
	}
	if k.mode == "hugeresponse" {
		// Only the size matters: hashing 80 MiB would make the reply
		// slow enough on a busy machine to be taken for a hang.
		return ct, make([]byte, ssLen), nil
	}
	h := sha512.Sum512(append(append([]byte{}, pk...), ct...))
	return ct, h[:], nil
}

func (k standIn) Decapsulate(sk, ct []byte) ([]byte, error) {
	switch k.mode {
	case "panic":
		var m map[string]int
		//lint:ignore SA5000 the fixture panics on purpose, as a real bug would
		m["decaps"]++
	case "hang":
		select {}
	case "ctcrash":
		os.Exit(5) // the process dies; its next process serves again
	}
	if len(sk) != skLen {
		return nil, fmt.Errorf("decaps: sk is %d bytes", len(sk))
	}
	h := sha512.Sum512(append(append([]byte{}, sk[:pkLen]...), ct...))
	return h[:], nil
}

// compareOp checks a guess against a secret: with an early exit (leaky) or
// with subtle.ConstantTimeCompare. Its constant-time test compares the
// secret itself (class 0, every byte matches) against random guesses
// (class 1, almost always wrong at the first byte).
func compareOp(leaky bool) registry.Op {
	eq := subtle.ConstantTimeCompare
	if leaky {
		eq = func(a, b []byte) int {
			if len(a) != len(b) {
				return 0
			}
			for i := range a {
				if a[i] != b[i] {
					return 0
				}
			}
			return 1
		}
	}
	const n = 512
	return registry.Op{Name: "compare", Doc: "key and msg in; valid \"1\" when they are equal, compared in constant time or not as the mode says", Secret: true,
		Run: func(_ io.Reader, in registry.Args) (registry.Args, error) {
			return registry.Args{registry.ArgValid: []byte{byte('0' + eq(in[registry.ArgKey], in[registry.ArgMsg]))}}, nil
		},
		Prepare: func(io.Reader, registry.BenchParams) (func() error, error) {
			a, b := make([]byte, n), make([]byte, n)
			return func() error { eq(a, b); return nil }, nil
		},
		Input: func(key, rand io.Reader, _ registry.BenchParams) (registry.Args, error) {
			a, b := make([]byte, n), make([]byte, n)
			if _, err := io.ReadFull(key, a); err != nil {
				return nil, err
			}
			if _, err := io.ReadFull(rand, b); err != nil {
				return nil, err
			}
			return registry.Args{registry.ArgKey: a, registry.ArgMsg: b}, nil
		},
		CT: func(rand io.Reader, m int) (func(int, int) error, error) {
			secret := make([]byte, n)
			if _, err := io.ReadFull(rand, secret); err != nil {
				return nil, err
			}
			var in [2][][]byte
			for j := 0; j < m; j++ {
				g := make([]byte, n)
				if _, err := io.ReadFull(rand, g); err != nil {
					return nil, err
				}
				in[0], in[1] = append(in[0], bytes.Clone(secret)), append(in[1], g)
			}
			return func(c, j int) error { eq(secret, in[c][j]); return nil }, nil
		}}
}

func main() {
	mode := strings.TrimPrefix(filepath.Base(os.Args[0]), "crucible-plugin-fault-")
	switch mode {
	case "exit":
		os.Exit(1)
	case "stdout":
		fmt.Println("hello from a plugin that prints before its handshake")
	case "slowstart":
		time.Sleep(20 * time.Second) // past any start deadline a test gives
	}
	sizes := registry.Sizes{PublicKey: pkLen, SecretKey: skLen, Ciphertext: ctLen, SharedSecret: ssLen}
	if mode == "liar" {
		sizes.PublicKey = 800 // contradicts the catalog
	}
	k := standIn{mode}
	in := &registry.Instance{
		Name: "Amoeba128", Impl: "fault-" + mode, Kind: registry.KindKEM, KEM: k, Sizes: sizes,
		KATs: []registry.KATGenerator{{Source: "ngcc", Format: kat.FormatNGCC, Records: 10,
			Generate: func(w io.Writer, n int, seed []byte) error {
				fmt.Fprintf(w, "Count = 0\nSeed_Len = 64\n")
				if mode == "katexit" {
					os.Exit(4) // mid-stream
				}
				return fmt.Errorf("a stand-in KEM has no known answers")
			}}},
	}
	if mode == "profiled" { // no fault: the hash share of its SHA-512
		in.Profile = []string{"crypto/sha512.", "crypto/internal/fips140/sha512."}
	}
	if mode == "ctleak" || mode == "ctsafe" || mode == "ctcrash" {
		in.Extra = []registry.Op{compareOp(mode == "ctleak")}
	}
	registry.Serve(&registry.Plugin{Name: "fault-" + mode, Version: "0", Instances: []*registry.Instance{in}})
}
