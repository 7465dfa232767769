package plugin

import (
	"math"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"crucible.dev/registry/pluginv1"
)

// FuzzCheckBench feeds arbitrary Bench replies to the check: it never
// panics, and a reply it accepts holds exactly what was asked, in numbers
// the statistics can use.
func FuzzCheckBench(f *testing.F) {
	good, _ := proto.Marshal(&pluginv1.BenchResponse{Ns: []int64{10, 11, 12}, Batch: 4, Pid: 2})
	f.Add(good, int64(3), int64(4))
	f.Add([]byte{}, int64(0), int64(1))
	f.Fuzz(func(t *testing.T, wire []byte, samples, batch int64) {
		var r pluginv1.BenchResponse
		if proto.Unmarshal(wire, &r) != nil {
			return
		}
		req := &pluginv1.BenchRequest{Instance: "I", Op: "op", Samples: samples, Batch: batch}
		if checkBench(req, &r, 2) != nil {
			return
		}
		if int64(len(r.Ns)) != samples || r.Batch != batch || r.Pid != 2 {
			t.Fatalf("accepted %d samples of batch %d from pid %d for %d of %d", len(r.Ns), r.Batch, r.Pid, samples, batch)
		}
		for _, ns := range r.Ns {
			if ns <= 0 {
				t.Fatalf("accepted a sample of %d ns", ns)
			}
		}
		if math.IsNaN(r.AllocsPerOp) || math.IsInf(r.BytesPerOp, 0) || r.AllocsPerOp < 0 {
			t.Fatalf("accepted allocations %v, bytes %v", r.AllocsPerOp, r.BytesPerOp)
		}
	})
}

// FuzzCheckDescribe feeds arbitrary descriptions to the check: it never
// panics, and every name it accepts is a safe path element.
func FuzzCheckDescribe(f *testing.F) {
	good, _ := proto.Marshal(&pluginv1.DescribeResponse{Name: "p", Instances: []*pluginv1.Instance{
		{Name: "ML-KEM-768", Impl: "go-std", Kind: "kem", Ops: []*pluginv1.Op{{Name: "keygen"}}}}})
	f.Add(good)
	bad, _ := proto.Marshal(&pluginv1.DescribeResponse{Name: "p", Instances: []*pluginv1.Instance{{Name: "..", Kind: "kem"}}})
	f.Add(bad)
	f.Fuzz(func(t *testing.T, wire []byte) {
		var d pluginv1.DescribeResponse
		if proto.Unmarshal(wire, &d) != nil || checkDescribe(&d) != nil {
			return
		}
		for _, in := range d.Instances {
			names := []string{in.Name, in.Impl}
			for _, op := range in.Ops {
				names = append(names, op.Name)
			}
			for _, n := range names {
				if n == "." || n == ".." || strings.ContainsAny(n, "/\\\x00\n`#|") || len(n) > MaxName {
					t.Fatalf("accepted the name %q", n)
				}
			}
		}
	})
}

// TestCheckNameRefuses lists names that must never become path elements.
func TestCheckNameRefuses(t *testing.T) {
	for _, n := range []string{"", ".", "..", "../x", "a/b", "campaign", "Summary", ".hidden", "-flag", "a b", "x\x1b[2J", strings.Repeat("n", MaxName+1)} {
		if CheckName("instance", n) == nil {
			t.Errorf("CheckName accepted %q", n)
		}
	}
	for _, n := range []string{"ML-KEM-768", "AFS_KEX_C128", "go-std", "sntrup761", "decaps_invalid", "ECDSA-secp256k1-SHA256-compact"} {
		if err := CheckName("instance", n); err != nil {
			t.Errorf("CheckName refused %q: %v", n, err)
		}
	}
}

// TestCheckDeclared refuses declared KAT material whose names would
// become unsafe source names, or whose inline files are unbounded.
func TestCheckDeclared(t *testing.T) {
	ok := &pluginv1.Instance{Name: "Ed25519", Kind: "sig",
		VectorFiles:     []*pluginv1.VectorFile{{Name: "rfc8032", Format: "wycheproof", Data: []byte("{}")}},
		DeclaredDigests: []*pluginv1.DeclaredDigest{{Source: "ngcc", Records: 10, Sha256: "ab"}}}
	if err := checkInstance(ok); err != nil {
		t.Fatalf("an honest declaration: %v", err)
	}
	for name, in := range map[string]*pluginv1.Instance{
		"vector file named ..": {Name: "X", Kind: "sig", VectorFiles: []*pluginv1.VectorFile{{Name: ".."}}},
		"huge inline file":     {Name: "X", Kind: "sig", VectorFiles: []*pluginv1.VectorFile{{Name: "v", Data: make([]byte, maxVectorFile+1)}}},
		"digest source a/b":    {Name: "X", Kind: "sig", DeclaredDigests: []*pluginv1.DeclaredDigest{{Source: "a/b"}}},
		"long doc":             {Name: "X", Kind: "sig", Ops: []*pluginv1.Op{{Name: "op", Doc: strings.Repeat("d", maxText+1)}}},
	} {
		if err := checkInstance(in); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// TestCheckBenchProfile: a profile comes instead of samples, and only
// when asked for.
func TestCheckBenchProfile(t *testing.T) {
	req := &pluginv1.BenchRequest{Instance: "I", Op: "op", Samples: 1, Batch: 100, Profile: true}
	if err := checkBench(req, &pluginv1.BenchResponse{Batch: 100, Pid: 2, Pprof: []byte{1}}, 2); err != nil {
		t.Errorf("a profile: %v", err)
	}
	if err := checkBench(req, &pluginv1.BenchResponse{Batch: 100, Pid: 2}, 2); err == nil {
		t.Errorf("a profile request answered without one was accepted")
	}
	req.Profile = false
	if err := checkBench(req, &pluginv1.BenchResponse{Batch: 100, Pid: 2, Ns: []int64{5}, Pprof: []byte{1}}, 2); err == nil {
		t.Errorf("a profile nobody asked for was accepted")
	}
}
