package mldsa

import (
	"fmt"
	"io"

	"crucible.dev/registry"
)

// Extra returns the operations beyond the signature kind's own: "features",
// which tells the vector checks what the implementation's API can express,
// and signing through the internal interface on an external μ (FIPS 204,
// Algorithm 7; RFC 9881's "external μ") where the library has it. None of
// the three libraries exposes verification on an external μ.
func (s Signer) Extra() []registry.Op {
	ops := []registry.Op{featuresOp(s)}
	if s.b.signMu != nil {
		ops = append(ops, signMuOp(s))
	}
	return ops
}

// The operations beyond the signature kind's own, and the argument and
// feature names they use. They are this plugin's to declare, each with its
// one-line Doc; the evaluator's catalog binds the roles its vector formats
// need (ACVP's external μ, the features query) to these names.
const (
	// OpFeatures reports, "1" or "0" per feature name below, what the
	// implementation's API can express.
	OpFeatures = "features"
	// OpSignMu is ML-DSA.Sign_internal (FIPS 204, Algorithm 7) on an
	// external μ (ArgMu).
	OpSignMu = "sign_mu"
	// OpVerifyMu is ML-DSA.Verify_internal (Algorithm 8) on an external μ;
	// none of the three libraries has it, so no instance serves it.
	OpVerifyMu = "verify_mu"
	// ArgMu is the 64-byte message representative μ.
	ArgMu = "mu"
)

// The features OpFeatures reports.
const (
	FeatureExplicitRnd  = "explicit_rnd"  // hedged sign takes its 32-byte rnd from the given randomness
	FeatureSeedKey      = "sk_seed"       // sign accepts the 32-byte seed ξ as secret key
	FeatureExpandedKey  = "sk_expanded"   // sign accepts the skEncode form (Algorithm 24)
	FeatureEmptyMessage = "empty_message" // the empty message can be signed and verified
	FeatureSignMu       = OpSignMu        // OpSignMu is available
	FeatureVerifyMu     = OpVerifyMu      // OpVerifyMu is available
)

func flag(b bool) []byte {
	if b {
		return []byte("1")
	}
	return []byte("0")
}

// FeatureArgs returns f as the "features" operation reports it.
func FeatureArgs(f Features) registry.Args {
	return registry.Args{
		FeatureExplicitRnd:  flag(f.ExplicitRnd),
		FeatureSeedKey:      flag(f.SeedKey),
		FeatureExpandedKey:  flag(f.ExpandedKey),
		FeatureEmptyMessage: flag(f.EmptyMessage),
		FeatureSignMu:       flag(f.SignMu),
		FeatureVerifyMu:     flag(f.VerifyMu),
	}
}

func featuresOp(s Signer) registry.Op {
	return registry.Op{Name: OpFeatures,
		Doc: "no input; per feature name, \"1\" or \"0\": what the implementation's API can express (empty message, skEncode keys, external μ, signing randomness)",
		// A query of the implementation, not an operation: not timed.
		Run: func(io.Reader, registry.Args) (registry.Args, error) {
			return FeatureArgs(s.b.features), nil
		}}
}

// benchMu is the μ signed in benchmarks: any 64 bytes will do.
func benchMu() []byte {
	mu := make([]byte, MuSize)
	for i := range mu {
		mu[i] = byte(i)
	}
	return mu
}

func signMuOp(s Signer) registry.Op {
	sign := func(r io.Reader, sk, mu []byte) ([]byte, error) {
		rnd, err := s.rnd(r)
		if err != nil {
			return nil, err
		}
		if len(mu) != MuSize {
			return nil, fmt.Errorf("μ is %d bytes, want %d", len(mu), MuSize)
		}
		return s.b.signMu(sk, mu, rnd)
	}
	op := registry.Op{Name: OpSignMu, Doc: "sk and mu (the 64-byte μ) in, randomness as for sign; sig out: ML-DSA.Sign_internal of FIPS 204 Algorithm 7 on an external μ", Secret: true,
		Run: func(r io.Reader, in registry.Args) (registry.Args, error) {
			sk, mu := in[registry.ArgSK], in[ArgMu]
			sig, err := sign(r, sk, mu)
			if err != nil {
				return nil, fmt.Errorf("%s %s/%s: %w", OpSignMu, s.p.Name, s.b.impl, err)
			}
			return registry.Args{registry.ArgSig: sig}, nil
		},
		Prepare: func(r io.Reader, _ registry.BenchParams) (func() error, error) {
			_, sk, err := s.GenerateKey(r)
			if err != nil {
				return nil, err
			}
			mu := benchMu()
			return func() error { _, err := sign(r, sk, mu); return err }, nil
		},
		// The key is the loop's, μ each call's own.
		Input: func(key, rand io.Reader, _ registry.BenchParams) (registry.Args, error) {
			_, sk, err := s.GenerateKey(key)
			if err != nil {
				return nil, err
			}
			mu := make([]byte, MuSize)
			if _, err := io.ReadFull(rand, mu); err != nil {
				return nil, err
			}
			return registry.Args{registry.ArgSK: sk, ArgMu: mu}, nil
		}}
	if !s.b.features.ExplicitRnd {
		// The host checks a timed call by replaying it on the same
		// randomness, and no library verifies on an external μ: a
		// library that draws its signing randomness itself (filippo's)
		// leaves nothing to check its outputs by, so it is not timed.
		op.Prepare, op.Input = nil, nil
	}
	return op
}
