// Package audit records what a plugin says of itself (its build, its
// instances, the static size of its algorithm's code) and audits the
// sizes each instance declares against the catalog's and against what its
// operations return.
package audit

import (
	"bytes"
	"crypto/rand"
	"fmt"
	"path/filepath"
	"sort"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/plugin"
	"crucible.dev/registry"
	"crucible.dev/registry/eval/catalog"
	"crucible.dev/registry/eval/vectors"
)

// Plugin records a plugin and the instances of it that this run covers:
// an instance outside the suite or the shard is left out, so that it is
// neither reported nor counted as one without a KAT. root is the
// workspace the plugin's source directory is named relative to; the
// findings are what the description contradicts.
func Plugin(root string, s *plugin.Source, p *plugin.Process, d *plugin.Description, insts []*plugin.Instance) (evidence.PluginInfo, []evidence.Finding) {
	var fs []evidence.Finding
	info := evidence.PluginInfo{
		Name: s.Name, Source: s.Dir, Binary: s.Binary, BinarySHA: p.SHA256, SourceHash: s.Hash, Shadows: s.Shadows,
		Version: d.Version, Module: d.Module, GoVersion: d.GoVersion,
		Build: d.Build, Deps: d.Deps, CPUFeatures: d.CPUFeatures, Status: evidence.PluginOK,
	}
	if s.Dir != "" {
		info.Source, _ = filepath.Rel(root, s.Dir)
	}
	info.StaticBytes = staticSize(s.Binary, d)
	if d.Name != s.Name {
		fs = append(fs, evidence.Finding{Plugin: s.Name, What: "describe",
			Detail: fmt.Sprintf("plugin calls itself %q but is installed as %q", d.Name, s.Name)})
	}
	for _, in := range insts {
		info.Instances = append(info.Instances, describeInstance(in))
	}
	sort.Slice(info.Instances, func(i, j int) bool { return info.Instances[i].ID < info.Instances[j].ID })
	return info, fs
}

// describeInstance is what the run records of one instance.
func describeInstance(in *plugin.Instance) evidence.InstanceInfo {
	ii := evidence.InstanceInfo{
		ID: in.ID(), Name: in.Name, Impl: in.Impl, Kind: in.Kind,
		Declared: in.Sizes, Notes: in.Notes,
		Unavailable: in.Unavailable, Profile: in.Profile,
	}
	for _, op := range in.Ops {
		ii.Ops = append(ii.Ops, op.Name)
		if op.Secret {
			ii.SecretOps = append(ii.SecretOps, op.Name)
		}
		if op.Doc != "" {
			if ii.OpDocs == nil {
				ii.OpDocs = map[string]string{}
			}
			ii.OpDocs[op.Name] = op.Doc
		}
	}
	ii.KATs = KATSources(in)
	if e, ok := catalog.Lookup(in.Name); ok {
		ii.Family, ii.Category = e.Family, e.Category
		cs := e.Sizes
		ii.Catalog = &cs
	}
	return ii
}

// randomness is enough explicit randomness for any single operation.
func randomness() []byte { return registry.FreshRand(1 << 16) }

// actualSizes runs the instance's operations once on fresh randomness and
// measures what they return, checking on the way that the scheme works
// (decapsulation recovers the key, a signature verifies, both parties of an
// exchange agree).
func actualSizes(r registry.Runner, kind registry.Kind, declared registry.Sizes) (registry.Sizes, error) {
	var a registry.Sizes
	msg := bytes.Repeat([]byte{0x5a}, 64)
	switch kind {
	case registry.KindKEM:
		k, err := r.Run(registry.OpKeygen, randomness(), nil)
		if err != nil {
			return a, fmt.Errorf("keygen: %w", err)
		}
		e, err := r.Run(registry.OpEncaps, randomness(), registry.Args{registry.ArgPK: k[registry.ArgPK]})
		if err != nil {
			return a, fmt.Errorf("encaps: %w", err)
		}
		d, err := r.Run(registry.OpDecaps, nil, registry.Args{registry.ArgSK: k[registry.ArgSK], registry.ArgCT: e[registry.ArgCT]})
		if err != nil {
			return a, fmt.Errorf("decaps: %w", err)
		}
		a.PublicKey, a.SecretKey, a.Ciphertext, a.SharedSecret = len(k[registry.ArgPK]), len(k[registry.ArgSK]), len(e[registry.ArgCT]), len(e[registry.ArgSS])
		if !bytes.Equal(d[registry.ArgSS], e[registry.ArgSS]) {
			return a, fmt.Errorf("decapsulation does not recover the encapsulated key")
		}
	case registry.KindSig:
		k, err := r.Run(registry.OpKeygen, randomness(), nil)
		if err != nil {
			return a, fmt.Errorf("keygen: %w", err)
		}
		s, err := r.Run(registry.OpSign, randomness(), registry.Args{registry.ArgSK: k[registry.ArgSK], registry.ArgMsg: msg})
		if err != nil {
			return a, fmt.Errorf("sign: %w", err)
		}
		v, err := r.Run(registry.OpVerify, nil, registry.Args{registry.ArgPK: k[registry.ArgPK], registry.ArgMsg: msg, registry.ArgSig: s[registry.ArgSig]})
		if err != nil {
			return a, fmt.Errorf("verify: %w", err)
		}
		a.PublicKey, a.SecretKey, a.Signature = len(k[registry.ArgPK]), len(k[registry.ArgSK]), len(s[registry.ArgSig])
		if string(v[registry.ArgValid]) != "1" {
			return a, fmt.Errorf("a fresh signature does not verify: %s", v["error"])
		}
	case registry.KindKEX:
		t, err := exchange(r, len(declared.Messages))
		if err != nil {
			return a, err
		}
		a.PublicKey, a.SecretKey, a.SharedSecret = len(t.PK[0]), len(t.SK[0]), len(t.SS[0])
		for _, m := range t.Msg {
			a.Messages = append(a.Messages, len(m))
		}
	case registry.KindHash:
		h, err := r.Run(registry.OpHash, nil, registry.Args{registry.ArgMsg: msg})
		if err != nil {
			return a, fmt.Errorf("hash: %w", err)
		}
		a.Digest = len(h[registry.ArgOut])
	case registry.KindMAC:
		h, err := r.Run(registry.OpMAC, nil, registry.Args{registry.ArgKey: make([]byte, max(declared.Key, 16)), registry.ArgMsg: msg})
		if err != nil {
			return a, fmt.Errorf("mac: %w", err)
		}
		a.Digest, a.Key = len(h[registry.ArgOut]), max(declared.Key, 16)
	case registry.KindAEAD:
		s, err := r.Run(registry.OpSeal, nil, registry.Args{registry.ArgKey: make([]byte, declared.Key),
			registry.ArgNonce: make([]byte, declared.Nonce), registry.ArgMsg: msg})
		if err != nil {
			return a, fmt.Errorf("seal: %w", err)
		}
		a.Key, a.Nonce, a.Overhead = declared.Key, declared.Nonce, len(s[registry.ArgCT])-len(msg)
	}
	return a, nil
}

// exchange drives a whole key exchange of one implementation with itself
// through the contract's driver.
func exchange(r registry.Runner, n int) (*registry.Transcript, error) {
	return registry.RunExchange(registry.RemoteKEX(r, r, n), rand.Reader)
}

// Sizes compares catalog, declared and actual sizes of an instance into
// its entry in info, and returns the mismatches as findings.
func Sizes(p *plugin.Process, pluginName string, in *plugin.Instance, info *evidence.PluginInfo) []evidence.Finding {
	var fs []evidence.Finding
	id := in.ID()
	var ii *evidence.InstanceInfo
	for i := range info.Instances {
		if info.Instances[i].ID == id {
			ii = &info.Instances[i]
		}
	}
	if ii == nil {
		return nil
	}
	// An instance the catalog does not know is audited against what it
	// returns alone (the rows say "not in the catalog"); its KAT gate
	// then rests on the material it declares, reported as such.
	entry, _ := catalog.Lookup(in.Name)
	actual, err := actualSizes(p.Runner(id), ii.Kind, ii.Declared)
	if err != nil {
		// Sizes the check never reached are not measured, not wrong.
		fs = append(fs, evidence.Finding{Plugin: pluginName, Instance: id, What: "fault", Detail: "functional check: " + err.Error()})
		ii.Audit = auditRows(entry, ii.Declared, ii.Declared, ii.Kind)
		for i := range ii.Audit {
			ii.Audit[i].Actual = -1
		}
	} else {
		ii.Actual = &actual
		ii.Audit = auditRows(entry, ii.Declared, actual, ii.Kind)
	}
	for _, row := range ii.Audit {
		if !row.OK {
			fs = append(fs, evidence.Finding{Plugin: pluginName, Instance: id, What: "size",
				Detail: fmt.Sprintf("%s: catalog %d, declared %d, returned %d%s", row.Field, row.Catalog, row.Declared, row.Actual, noteSuffix(row.Note))})
		}
	}
	return fs
}

// noteSuffix is a row's note in parentheses, or "" without one.
func noteSuffix(n string) string {
	if n == "" {
		return ""
	}
	return " (" + n + ")"
}

// auditRows lines up each size the kind has.
func auditRows(e *catalog.Entry, d, a registry.Sizes, kind registry.Kind) []evidence.AuditRow {
	var cat registry.Sizes
	if e != nil {
		cat = e.Sizes
	}
	var rows []evidence.AuditRow
	add := func(field string, c, dv, av int, alt int, maxOK bool) {
		r := evidence.AuditRow{Field: field, Catalog: c, Declared: dv, Actual: av}
		switch {
		case e == nil && maxOK && av <= dv && av > 0:
			r.OK, r.Note = true, "not in the catalog; variable length, at most the declared size"
		case e == nil:
			r.OK = dv == av
			r.Note = "not in the catalog"
		case dv == c && av == dv:
			r.OK = true
		case alt > 0 && dv == alt && av == alt:
			r.OK, r.Note = true, "seed form"
		case maxOK && dv == c && av <= dv && av > 0:
			r.OK, r.Note = true, "variable length, at most the declared size"
		case av != dv:
			r.Note = "returned length differs from the declared one"
		default:
			r.Note = "declared length contradicts the catalog"
		}
		rows = append(rows, r)
	}
	seed := 0
	maxSig := false
	if e != nil {
		seed, maxSig = e.SeedSize, e.MaxSig
	}
	// A plugin may declare its signature size a maximum (the NIST API's
	// CRYPTO_BYTES); against a catalog entry the catalog's size still rules.
	maxSig = maxSig || d.SignatureMax
	switch kind {
	case registry.KindKEM:
		add("pk", cat.PublicKey, d.PublicKey, a.PublicKey, 0, false)
		add("sk", cat.SecretKey, d.SecretKey, a.SecretKey, seed, false)
		add("ct", cat.Ciphertext, d.Ciphertext, a.Ciphertext, 0, false)
		add("ss", cat.SharedSecret, d.SharedSecret, a.SharedSecret, 0, false)
	case registry.KindSig:
		add("pk", cat.PublicKey, d.PublicKey, a.PublicKey, 0, false)
		add("sk", cat.SecretKey, d.SecretKey, a.SecretKey, seed, false)
		add("sig", cat.Signature, d.Signature, a.Signature, 0, maxSig)
	case registry.KindKEX:
		add("pk", cat.PublicKey, d.PublicKey, a.PublicKey, 0, false)
		add("sk", cat.SecretKey, d.SecretKey, a.SecretKey, 0, false)
		n := max(len(cat.Messages), len(d.Messages), len(a.Messages))
		for i := 0; i < n; i++ {
			add(fmt.Sprintf("pass%d", i+1), at(cat.Messages, i), at(d.Messages, i), at(a.Messages, i), 0, false)
		}
		add("ss", cat.SharedSecret, d.SharedSecret, a.SharedSecret, 0, false)
	case registry.KindHash:
		add("digest", cat.Digest, d.Digest, a.Digest, 0, false)
	case registry.KindMAC:
		add("tag", cat.Digest, d.Digest, a.Digest, 0, false)
	case registry.KindAEAD:
		add("overhead", cat.Overhead, d.Overhead, a.Overhead, 0, false)
	}
	return rows
}

// at is xs[i], or -1 past its end.
func at(xs []int, i int) int {
	if i < len(xs) {
		return xs[i]
	}
	return -1
}

// KATSources names every KAT source that applies to an instance: the files
// it generates, the catalog's vector sources for its name, and the vector
// files it declares (marked so).
func KATSources(in *plugin.Instance) []string {
	var out []string
	for _, k := range in.KATs {
		out = append(out, k.Source)
	}
	for _, src := range vectors.For(in.Name, false) {
		out = append(out, src.Name)
	}
	for _, v := range in.VectorFiles {
		out = append(out, v.Name+" (declared)")
	}
	return out
}
