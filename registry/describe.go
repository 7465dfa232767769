package registry

import (
	"os"
	"runtime"
	"runtime/debug"
	"sort"
	"strconv"

	"golang.org/x/sys/cpu"

	"crucible.dev/registry/pluginv1"
)

func describe(p *Plugin) *pluginv1.DescribeResponse {
	d := &pluginv1.DescribeResponse{
		Name:        p.Name,
		Version:     p.Version,
		GoVersion:   runtime.Version(),
		Build:       map[string]string{"GOOS": runtime.GOOS, "GOARCH": runtime.GOARCH, "GOMAXPROCS": strconv.Itoa(runtime.GOMAXPROCS(0))},
		Deps:        map[string]string{},
		CpuFeatures: cpuFeatures(),
		Pid:         int32(os.Getpid()),
		CycleSource: tscSource,
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		d.Module = bi.Main.Path
		for _, s := range bi.Settings {
			d.Build[s.Key] = s.Value
		}
		for _, m := range bi.Deps {
			v := m.Version
			if m.Replace != nil {
				v = "=> " + m.Replace.Path + " " + m.Replace.Version
			}
			d.Deps[m.Path] = v
		}
	}
	for _, in := range p.Instances {
		pi := &pluginv1.Instance{
			Name: in.Name, Impl: in.Impl, Kind: string(in.Kind),
			Sizes:       sizesToWire(in.Sizes),
			Notes:       in.Notes,
			Unavailable: in.Unavailable,
			Profile:     in.Profile,
		}
		for _, k := range in.KATs {
			pi.Kats = append(pi.Kats, &pluginv1.KAT{Source: k.Source, Format: k.Format, Records: int32(k.Records)})
		}
		for _, d := range in.Declared {
			pi.DeclaredDigests = append(pi.DeclaredDigests, &pluginv1.DeclaredDigest{Source: d.Source, Records: int32(d.Records), Sha256: d.SHA256, Origin: d.Origin})
		}
		for _, v := range in.Vectors {
			pi.VectorFiles = append(pi.VectorFiles, &pluginv1.VectorFile{Name: v.Name, Format: v.Format, Data: v.Data, Module: v.Module, Path: v.Path, Sha256: v.SHA256, Columns: v.Columns})
		}
		if in.Unavailable == "" {
			for _, op := range Ops(in) {
				pi.Ops = append(pi.Ops, &pluginv1.Op{Name: op.Name, Doc: op.Doc, Secret: op.Secret, Ct: op.CT != nil, Timed: op.Prepare != nil})
			}
		}
		d.Instances = append(d.Instances, pi)
	}
	return d
}

// cpuFeatures lists the instruction-set extensions implementations dispatch
// on, as golang.org/x/sys/cpu sees them.
func cpuFeatures() []string {
	var f []string
	add := func(name string, ok bool) {
		if ok {
			f = append(f, name)
		}
	}
	add("aes", cpu.X86.HasAES)
	add("pclmulqdq", cpu.X86.HasPCLMULQDQ)
	add("avx", cpu.X86.HasAVX)
	add("avx2", cpu.X86.HasAVX2)
	add("bmi1", cpu.X86.HasBMI1)
	add("bmi2", cpu.X86.HasBMI2)
	add("adx", cpu.X86.HasADX)
	add("avx512f", cpu.X86.HasAVX512F)
	add("avx512bw", cpu.X86.HasAVX512BW)
	add("avx512vl", cpu.X86.HasAVX512VL)
	add("avx512vaes", cpu.X86.HasAVX512VAES)
	add("gfni", cpu.X86.HasAVX512GFNI)
	add("asimd", cpu.ARM64.HasASIMD)
	add("arm64-aes", cpu.ARM64.HasAES)
	add("arm64-sha2", cpu.ARM64.HasSHA2)
	add("arm64-sha3", cpu.ARM64.HasSHA3)
	sort.Strings(f)
	return f
}

func sizesToWire(s Sizes) *pluginv1.Sizes {
	w := &pluginv1.Sizes{
		Pk: int32(s.PublicKey), Sk: int32(s.SecretKey), Ct: int32(s.Ciphertext),
		Sig: int32(s.Signature), Ss: int32(s.SharedSecret), Digest: int32(s.Digest),
		Key: int32(s.Key), Nonce: int32(s.Nonce), Overhead: int32(s.Overhead),
		SigMax: s.SignatureMax,
	}
	for _, m := range s.Messages {
		w.Messages = append(w.Messages, int32(m))
	}
	return w
}

// SizesFromWire converts declared sizes back from the wire form.
func SizesFromWire(w *pluginv1.Sizes) Sizes {
	if w == nil {
		return Sizes{}
	}
	s := Sizes{
		PublicKey: int(w.Pk), SecretKey: int(w.Sk), Ciphertext: int(w.Ct),
		Signature: int(w.Sig), SharedSecret: int(w.Ss), Digest: int(w.Digest),
		Key: int(w.Key), Nonce: int(w.Nonce), Overhead: int(w.Overhead),
		SignatureMax: w.SigMax,
	}
	for _, m := range w.Messages {
		s.Messages = append(s.Messages, int(m))
	}
	return s
}
