package main

import (
	"io"
	"maps"
	"runtime/debug"
	"strings"

	"crucible.dev/plugins/mldsa/mldsa"
	"crucible.dev/registry"
	"crucible.dev/registry/kat"
)

// instances is every parameter set of every implementation: what the
// plugin serves.
func instances() []*registry.Instance {
	var out []*registry.Instance
	for _, p := range mldsa.ParameterSets {
		for _, im := range mldsa.Implementations {
			out = append(out, instance(p, im))
		}
	}
	return out
}

// instance describes im's signer for p as a registry instance.
func instance(p *mldsa.Params, im mldsa.Implementation) *registry.Instance {
	s := im.New(p)
	extra := s.Extra()
	notes := map[string]string{"implementation": im.Module + " " + moduleVersion(im.Module)}
	maps.Copy(notes, im.Notes)
	var names []string
	for _, op := range extra {
		names = append(names, op.Name)
	}
	notes["extra operations"] = strings.Join(names, ", ")
	pk, sk, sig := s.Sizes()
	in := &registry.Instance{
		Name:      p.Name,
		Impl:      im.Name,
		Kind:      registry.KindSig,
		Signature: s,
		Sizes:     registry.Sizes{PublicKey: pk, SecretKey: sk, Signature: sig},
		Extra:     extra,
		Notes:     notes,
		Profile:   im.Profile,
	}
	// liboqs' kats.json digests cover hedged signing with rnd drawn from
	// the record's DRBG after keygen, and the skEncode key in the file.
	if s.Features().ExplicitRnd && sk == p.SecretKeySize {
		in.KATs = append(in.KATs, registry.KATGenerator{
			Source: "nist-rsp", Format: kat.FormatRSP, Records: 100,
			Generate: func(w io.Writer, n int, seed []byte) error {
				return kat.WriteRSPSign(w, s, n, seed, kat.RSPSignOptions{Hedged: true})
			},
		})
	} else {
		notes["nist-rsp"] = "not generated: liboqs' digests cover hedged signing with rnd from the KAT DRBG and skEncode keys, and this library cannot take a given rnd"
	}
	return in
}

// moduleVersion returns the version of mod this binary was built with.
func moduleVersion(mod string) string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == mod {
				if d.Replace != nil {
					return d.Replace.Path + " " + d.Replace.Version
				}
				return d.Version
			}
		}
	}
	return "(version not in build info)"
}
