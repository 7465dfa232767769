package main

import (
	"bytes"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"testing"
	"time"

	"crucible.dev/plugins/mlkem/mlkem"
	"crucible.dev/registry"
	"crucible.dev/registry/drbg"
	"crucible.dev/registry/eval/catalog"
	"crucible.dev/registry/eval/katcheck"
	"crucible.dev/registry/eval/vectors"
	"crucible.dev/registry/eval/vectors/vectorstest"
	"crucible.dev/registry/testenv"
)

var long = os.Getenv("CRUCIBLE_LONG") == "1"

// TestNISTRSPDigests proves the DRBG, the .rsp writer and the
// implementations together: the bytes generated here must hash to liboqs'
// published digests, for the count-0 record and for all 100 records.
func TestNISTRSPDigests(t *testing.T) {
	generated := 0
	for _, in := range instances() {
		e, ok := catalog.Lookup(in.Name)
		if !ok {
			t.Fatalf("%s: not in the catalog", in.Name)
		}
		for _, g := range in.KATs {
			for _, n := range []int{1, g.Records} {
				want, ok := e.DigestFor(g.Source, n)
				if !ok {
					t.Errorf("%s: catalog has no %s digest over %d records", in.ID(), g.Source, n)
					continue
				}
				h, _ := katcheck.NewHasher(g.Format)
				if err := g.Generate(h, n, nil); err != nil {
					t.Fatalf("%s: %v", in.ID(), err)
				}
				if got := h.Sum(); got != want.SHA256 {
					t.Errorf("%s %s over %d records: %s, want %s", in.ID(), g.Source, n, got, want.SHA256)
				}
				generated++
			}
		}
	}
	if generated != 2*2*3 {
		t.Errorf("%d digests checked, want 12 (circl and gmsm, three sets, single and all)", generated)
	}
}

// TestVectorSources runs every vector source that applies to every
// implementation in-process, as the host does across the plugin boundary.
func TestVectorSources(t *testing.T) {
	for _, in := range instances() {
		for _, src := range vectors.For(in.Name, long) {
			t.Run(in.ID()+"/"+src.Name, func(t *testing.T) {
				vectorstest.Source(t, src, in.Name, registry.Local(in))
			})
		}
	}
	// The sources this plugin relies on must be registered.
	for name, srcs := range map[string][]string{
		"ML-KEM-512":  {"wycheproof"},
		"ML-KEM-768":  {"acvp", "wycheproof", "accumulated"},
		"ML-KEM-1024": {"acvp", "wycheproof"},
	} {
		for _, s := range srcs {
			if _, ok := vectors.Named(name, s); !ok {
				t.Errorf("%s: source %s not registered", name, s)
			}
		}
	}
}

// TestACVPSeedFormCoverage records what the ACVP source can check for a
// seed-form implementation: keyGen and encapsulation, not the decapsulation
// cases that supply only an expanded key.
func TestACVPSeedFormCoverage(t *testing.T) {
	src, ok := vectors.Named("ML-KEM-768", "acvp")
	if !ok {
		t.Fatal("acvp source not registered")
	}
	count := map[string]int{}
	for _, in := range instances() {
		if in.Name != "ML-KEM-768" {
			continue
		}
		res, err := src.Check(in.Name, registry.Local(in))
		if errors.Is(err, vectors.ErrNoVectors) {
			testenv.Skip(t, err)
		}
		if err != nil {
			t.Fatal(err)
		}
		count[in.Impl] = res.Passed
	}
	if !(count["go-std"] > 0 && count["go-std"] < count["circl"] && count["circl"] == count["gmsm"]) {
		t.Errorf("checks passed by implementation: %v", count)
	}
}

// TestSizes audits declared sizes against the catalog and the lengths the
// implementation returns.
func TestSizes(t *testing.T) {
	for _, in := range instances() {
		e, _ := catalog.Lookup(in.Name)
		s := in.Sizes
		if s.PublicKey != e.Sizes.PublicKey || s.Ciphertext != e.Sizes.Ciphertext || s.SharedSecret != e.Sizes.SharedSecret {
			t.Errorf("%s: declared %+v, catalog %+v", in.ID(), s, e.Sizes)
		}
		if s.SecretKey != e.Sizes.SecretKey && s.SecretKey != e.SeedSize {
			t.Errorf("%s: secret key %d is neither the expanded %d nor the seed %d", in.ID(), s.SecretKey, e.Sizes.SecretKey, e.SeedSize)
		}
		if in.Notes["secret-key form"] == "" {
			t.Errorf("%s: no secret-key form note", in.ID())
		}
		pk, sk, err := in.KEM.GenerateKey(rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		ct, ss, err := in.KEM.Encapsulate(rand.Reader, pk)
		if err != nil {
			t.Fatal(err)
		}
		if len(pk) != s.PublicKey || len(sk) != s.SecretKey || len(ct) != s.Ciphertext || len(ss) != s.SharedSecret {
			t.Errorf("%s: returned pk %d sk %d ct %d ss %d, declared %+v", in.ID(), len(pk), len(sk), len(ct), len(ss), s)
		}
		// Under crypto/rand.Reader go-std takes its public randomised
		// path; it must round-trip like the derandomised one.
		if ss2, err := in.KEM.Decapsulate(sk, ct); err != nil || !bytes.Equal(ss, ss2) {
			t.Errorf("%s: round trip under crypto/rand.Reader: %v", in.ID(), err)
		}
	}
}

// callRecorder records the length of every Read call.
type callRecorder struct {
	r     io.Reader
	calls []int
}

func (c *callRecorder) Read(p []byte) (int, error) {
	c.calls = append(c.calls, len(p))
	return c.r.Read(p)
}

// TestRandomnessCalls checks that every implementation reads d‖z in one
// 64-byte call and m in one 32-byte call, so one DRBG stream gives every
// implementation the same keys and ciphertexts.
func TestRandomnessCalls(t *testing.T) {
	for _, in := range instances() {
		rec := &callRecorder{r: rand.Reader}
		pk, _, err := in.KEM.GenerateKey(rec)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := in.KEM.Encapsulate(rec, pk); err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(rec.calls) != "[64 32]" {
			t.Errorf("%s: read calls %v, want [64 32]", in.ID(), rec.calls)
		}
	}
}

// TestInterop makes every implementation's keys and ciphertexts be consumed
// by every other implementation of the same parameter set. Keys from the
// same DRBG stream must be identical (the public key byte for byte, the
// secret key once brought to one form through sk_from_seed).
func TestInterop(t *testing.T) {
	byName := map[string][]*registry.Instance{}
	for _, in := range instances() {
		byName[in.Name] = append(byName[in.Name], in)
	}
	for name, ins := range byName {
		if len(ins) < 2 {
			t.Errorf("%s: %d implementations", name, len(ins))
		}
		seed := make([]byte, drbg.SeedSize)
		rand.Read(seed)
		type keys struct{ pk, sk, seed []byte }
		gen := map[string]keys{}
		for _, in := range ins {
			d, _ := drbg.NewCTR(seed, nil)
			pk, sk, err := in.KEM.GenerateKey(d)
			if err != nil {
				t.Fatal(err)
			}
			d, _ = drbg.NewCTR(seed, nil)
			dz := make([]byte, mlkem.SeedSize)
			d.Read(dz)
			gen[in.Impl] = keys{pk, sk, dz}
		}
		for _, a := range ins {
			if !bytes.Equal(gen[a.Impl].pk, gen[ins[0].Impl].pk) {
				t.Errorf("%s: %s and %s derive different public keys from one stream", name, a.Impl, ins[0].Impl)
			}
		}
		for _, enc := range ins {
			for _, dec := range ins {
				m := make([]byte, mlkem.MessageSize)
				rand.Read(m)
				ct, ss, err := enc.KEM.Encapsulate(bytes.NewReader(m), gen[dec.Impl].pk)
				if err != nil {
					t.Fatalf("%s %s encaps: %v", name, enc.Impl, err)
				}
				// The decapsulating side's key, in its form, from the
				// seed the generating side used.
				conv, err := registry.Local(dec).Run(OpSKFromSeed, nil, registry.Args{registry.ArgSK: gen[enc.Impl].seed})
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(conv[registry.ArgSK], gen[dec.Impl].sk) {
					t.Errorf("%s: %s sk_from_seed differs from its keygen", name, dec.Impl)
				}
				got, err := dec.KEM.Decapsulate(conv[registry.ArgSK], ct)
				if err != nil || !bytes.Equal(got, ss) {
					t.Errorf("%s: %s ciphertext not decapsulated by %s: %v", name, enc.Impl, dec.Impl, err)
				}
				bad := bytes.Clone(ct)
				bad[0] ^= 1
				rej, err := dec.KEM.Decapsulate(conv[registry.ArgSK], bad)
				ref, err2 := enc.KEM.Decapsulate(gen[enc.Impl].sk, bad)
				if err != nil || err2 != nil || !bytes.Equal(rej, ref) || bytes.Equal(rej, ss) {
					t.Errorf("%s: implicit rejection differs between %s and %s", name, enc.Impl, dec.Impl)
				}
			}
		}
	}
}

// TestBadInputs checks that wrong lengths are errors, never panics.
func TestBadInputs(t *testing.T) {
	for _, in := range instances() {
		pk, sk, _ := in.KEM.GenerateKey(rand.Reader)
		ct, _, _ := in.KEM.Encapsulate(rand.Reader, pk)
		if _, _, err := in.KEM.Encapsulate(rand.Reader, pk[:len(pk)-1]); err == nil {
			t.Errorf("%s: short encapsulation key accepted", in.ID())
		}
		if _, err := in.KEM.Decapsulate(sk[:len(sk)-1], ct); err == nil {
			t.Errorf("%s: short decapsulation key accepted", in.ID())
		}
		if _, err := in.KEM.Decapsulate(sk, append(ct, 0)); err == nil {
			t.Errorf("%s: long ciphertext accepted", in.ID())
		}
		if _, _, err := in.KEM.GenerateKey(bytes.NewReader(make([]byte, 63))); err == nil {
			t.Errorf("%s: keygen with 63 bytes of randomness succeeded", in.ID())
		}
		if _, err := registry.Local(in).Run("keygen", nil, nil); err == nil {
			t.Errorf("%s: keygen without randomness succeeded", in.ID())
		}
		if _, err := registry.Local(in).Run("encaps", nil, registry.Args{registry.ArgPK: pk}); err == nil {
			t.Errorf("%s: encaps without randomness succeeded", in.ID())
		}
		if _, err := registry.Local(in).Run(OpSKFromSeed, nil, registry.Args{registry.ArgSK: make([]byte, 32)}); err == nil {
			t.Errorf("%s: sk_from_seed accepted a 32-byte seed", in.ID())
		}
	}
}

// BenchmarkKEM times the standard operations as the host's in-plugin loop
// does: the operation's Prepare builds valid inputs, the body runs once per
// iteration. Besides ns/op (the mean) it reports med-ns/op, the median of
// the per-call times, which a busy shared machine disturbs far less.
func BenchmarkKEM(b *testing.B) {
	for _, in := range instances() {
		for _, op := range registry.Ops(in) {
			if op.Name == OpSKFromSeed {
				continue
			}
			b.Run(in.Name+"/"+in.Impl+"/"+op.Name, func(b *testing.B) {
				body, err := op.Prepare(rand.Reader, registry.BenchParams{})
				if err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				var samples []time.Duration
				for b.Loop() {
					t0 := time.Now()
					if err := body(); err != nil {
						b.Fatal(err)
					}
					samples = append(samples, time.Since(t0))
				}
				slices.Sort(samples)
				b.ReportMetric(float64(samples[len(samples)/2].Nanoseconds()), "med-ns/op")
			})
		}
	}
}

// TestInputChecks exercises the input checks of FIPS 203 §7.2 (modulus
// check on ek) and §7.3 (hash check on an expanded dk): each must turn
// away a malformed key of the right length.
func TestInputChecks(t *testing.T) {
	for _, in := range instances() {
		pk, sk, err := in.KEM.GenerateKey(rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		ct, _, err := in.KEM.Encapsulate(rand.Reader, pk)
		if err != nil {
			t.Fatal(err)
		}
		// A coefficient of 0xFFF ≥ q in the first ByteEncode12 slot.
		bad := bytes.Clone(pk)
		bad[0], bad[1] = 0xFF, bad[1]|0x0F
		if _, _, err := in.KEM.Encapsulate(rand.Reader, bad); err == nil {
			t.Errorf("%s: encapsulation key with a coefficient ≥ q accepted", in.ID())
		}
		if in.Sizes.SecretKey == mlkem.SeedSize {
			continue // every 64-byte string is a valid seed
		}
		// dk = dk_PKE‖ek‖H(ek)‖z: corrupt H(ek).
		bad = bytes.Clone(sk)
		bad[len(bad)-64] ^= 1
		if _, err := in.KEM.Decapsulate(bad, ct); err == nil {
			t.Errorf("%s: decapsulation key with a wrong H(ek) accepted", in.ID())
		}
	}
}
