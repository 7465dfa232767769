package plugin

import (
	"crucible.dev/registry"
	"crucible.dev/registry/pluginv1"
)

// Description is what a plugin says it serves, after the host has checked
// it (checkDescribe): the build, the CPU features and the instances.
type Description struct {
	Name, Version, Module, GoVersion string
	Build                            map[string]string // build settings (GOARCH, GOAMD64, CGO_ENABLED, -tags, ...)
	Deps                             map[string]string // dependency module path -> version
	CPUFeatures                      []string
	Instances                        []*Instance
}

// Instance is one instance a plugin serves, as it described it.
type Instance struct {
	Name, Impl      string
	Kind            registry.Kind
	Sizes           registry.Sizes // as declared
	KATs            []KAT
	Ops             []Op
	Notes           map[string]string
	Unavailable     string // why it is not built on this system; "" when it is
	Profile         []string
	DeclaredDigests []registry.DeclaredDigest
	VectorFiles     []registry.VectorFile
}

// ID is the instance's key in its plugin, as registry.Instance.ID.
func (in *Instance) ID() string {
	if in.Impl == "" {
		return in.Name
	}
	return in.Name + "/" + in.Impl
}

// KAT is a KAT file the instance generates.
type KAT struct {
	Source, Format string
	Records        int
}

// Op is one operation the instance serves.
type Op struct {
	Name   string
	Secret bool   // handles secret input
	CT     bool   // has a fixed-vs-random timing test
	Timed  bool   // can be benchmarked
	Doc    string // what an operation beyond the kind's own computes
}

// describeFromWire converts a checked description.
func describeFromWire(d *pluginv1.DescribeResponse) *Description {
	out := &Description{Name: d.Name, Version: d.Version, Module: d.Module, GoVersion: d.GoVersion,
		Build: d.Build, Deps: d.Deps, CPUFeatures: d.CpuFeatures}
	for _, w := range d.Instances {
		in := &Instance{Name: w.Name, Impl: w.Impl, Kind: registry.Kind(w.Kind), Sizes: registry.SizesFromWire(w.Sizes),
			Notes: w.Notes, Unavailable: w.Unavailable, Profile: w.Profile}
		for _, k := range w.Kats {
			in.KATs = append(in.KATs, KAT{Source: k.Source, Format: k.Format, Records: int(k.Records)})
		}
		for _, o := range w.Ops {
			in.Ops = append(in.Ops, Op{Name: o.Name, Secret: o.Secret, CT: o.Ct, Timed: o.Timed, Doc: o.Doc})
		}
		for _, g := range w.DeclaredDigests {
			in.DeclaredDigests = append(in.DeclaredDigests, registry.DeclaredDigest{Source: g.Source, Records: int(g.Records), SHA256: g.Sha256, Origin: g.Origin})
		}
		for _, v := range w.VectorFiles {
			in.VectorFiles = append(in.VectorFiles, registry.VectorFile{Name: v.Name, Format: v.Format, Data: v.Data,
				Module: v.Module, Path: v.Path, SHA256: v.Sha256, Columns: v.Columns})
		}
		out.Instances = append(out.Instances, in)
	}
	return out
}
