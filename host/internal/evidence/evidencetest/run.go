// Package evidencetest writes synthetic run directories for the tests of
// the packages that read them (the renderer, compare, the gate,
// validation, export), as net/http/httptest gives handlers' tests a
// server: the evidence files are written directly, as a campaign would
// write them, so a test needs no plugin process and runs in milliseconds,
// and the samples come from a seeded generator, so the same test always
// sees the same run.
package evidencetest

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/registry"
)

// The operations the synthetic KEM and key exchange are measured in.
var (
	kemOps = []string{registry.OpKeygen, registry.OpEncaps, registry.OpDecaps}
	kexOps = []string{registry.OpInit(registry.PartyA), registry.OpPass(1), registry.OpExchange}
)

// synthOp is one operation to synthesise, with its per-call time in ns.
type synthOp struct {
	op     string
	base   string
	msgLen int
	ns     float64
}

// Run writes a run directory with three plugins: a KEM family with
// two parameter sets and two implementations, a two-pass key exchange, and
// a hash measured over a ladder of message lengths with profiles' hash
// shares.
func Run(t testing.TB, dir string) {
	t.Helper()
	camp := evidence.Campaign{Tool: "crucible host", Command: []string{"host", "run", "--suite", "all"}, Started: "2026-01-02T03:04:05Z", Suite: "all",
		Settings: evidence.Settings{Trials: 5, TrialTargetSec: 0.02, MinCalls: 100, CPU: -1, Profile: true, MsgLens: []int{16, 1024, 65536}},
		Environment: evidence.Environment{Hostname: "h", Kernel: "6.1", OS: "linux", Arch: "amd64", CPUModel: "Test CPU", CPUs: 2, GoVersion: "go1.26.8",
			GOMAXPROCS: 2, Governor: "performance", Turbo: "off", SMT: "off", PerfParanoid: "1", Load: "0.10 0.20 0.30", CgroupCPU: "max"}}
	Must(t, evidence.WriteJSON(evidence.CampaignPath(dir), camp))

	rng := rand.New(rand.NewPCG(1, 2))
	kem := evidence.PluginInfo{Name: "toykem", Source: "plugins/toykem", Version: "0.1.0", Module: "crucible.dev/plugins/toykem", GoVersion: "go1.26.8",
		BinarySHA: "ab", Deps: map[string]string{"example.org/lib": "v1.2.3"}, StaticBytes: map[string]int64{"crucible.dev/plugins/toykem/toy": 12345}, Status: "ok"}
	for _, set := range []struct {
		name string
		cat  int
		pk   int
		f    float64
	}{{"Toy-512", 1, 800, 1}, {"Toy-1024", 5, 1568, 2}} {
		for _, impl := range []string{"fast", "slow"} {
			id := set.name + "/" + impl
			sz := registry.Sizes{PublicKey: set.pk, SecretKey: 2 * set.pk, Ciphertext: set.pk - 32, SharedSecret: 32}
			kem.Instances = append(kem.Instances, evidence.InstanceInfo{ID: id, Name: set.name, Impl: impl, Kind: registry.KindKEM, Family: "Toy", Category: set.cat,
				Declared: sz, Catalog: &sz, Actual: &sz, Ops: kemOps, KATs: []string{"nist-rsp"},
				Audit: []evidence.AuditRow{{Field: "pk", Catalog: set.pk, Declared: set.pk, Actual: set.pk, OK: true}},
				Notes: map[string]string{"library": impl + " v1"}})
			speed := set.f
			if impl == "slow" {
				speed *= 3
			}
			for i, op := range kemOps {
				synthRecord(t, dir, rng, "toykem", id, set.name, impl, registry.KindKEM, synthOp{op: op, base: op, ns: speed * float64(20000+5000*i)}, nil)
			}
			status := evidence.KATPass
			kr := evidence.KATRecord{Plugin: "toykem", Instance: id, Status: status, Results: []evidence.KATResult{
				{Source: "nist-rsp", Type: "generated", Status: "pass", Records: 100, Digest: "00112233445566778899aabbccddeeff", Expected: "00112233445566778899aabbccddeeff", Origin: "test"},
			}}
			Must(t, evidence.WriteJSON(evidence.KATPath(dir, "toykem", id), kr))
		}
	}
	Must(t, evidence.WriteJSON(evidence.PluginPath(dir, "toykem"), kem))

	kexSz := registry.Sizes{PublicKey: 32, SecretKey: 32, SharedSecret: 32, Messages: []int{32, 48}}
	kex := evidence.PluginInfo{Name: "toykex", Source: "plugins/toykex", Version: "0.2.0", Module: "crucible.dev/plugins/toykex", Status: "ok",
		Instances: []evidence.InstanceInfo{{ID: "ToyKEX", Name: "ToyKEX", Kind: registry.KindKEX, Family: "ToyKEX", Category: 1, Declared: kexSz, Actual: &kexSz,
			Ops: kexOps}},
		Findings: []evidence.Finding{{Plugin: "toykex", Instance: "ToyKEX", What: "size", Detail: "a finding for the page"}}}
	Must(t, evidence.WriteJSON(evidence.PluginPath(dir, "toykex"), kex))
	for i, op := range kexOps {
		// pass1 is four orders of magnitude faster: the bar chart goes log.
		ns := []float64{30000, 5, 90000}[i]
		synthRecord(t, dir, rng, "toykex", "ToyKEX", "ToyKEX", "", registry.KindKEX, synthOp{op: op, base: op, ns: ns}, nil)
	}
	Must(t, evidence.WriteJSON(evidence.KATPath(dir, "toykex", "ToyKEX"), evidence.KATRecord{Plugin: "toykex", Instance: "ToyKEX", Status: "fail",
		Results: []evidence.KATResult{{Source: "rfc", Type: "vectors", Status: "fail", Passed: 7, Failed: 1, Failures: []string{"case 3: wrong shared secret"}}}}))

	hashSz := registry.Sizes{Digest: 32}
	sym := evidence.PluginInfo{Name: "toyhash", Source: "plugins/toyhash", Version: "1.0.0", Module: "crucible.dev/plugins/toyhash", Status: "ok",
		Instances: []evidence.InstanceInfo{{ID: "ToyHash", Name: "ToyHash", Kind: registry.KindHash, Family: "ToyHash", Declared: hashSz, Actual: &hashSz,
			Ops: []string{registry.OpHash}, Profile: []string{"toy.compress"}}}}
	Must(t, evidence.WriteJSON(evidence.PluginPath(dir, "toyhash"), sym))
	for _, l := range []int{16, 1024, 65536} {
		share := &evidence.HashShare{Total: 0.8, ByFunc: map[string]float64{"toy.compress": 0.8}, Samples: 100, Prefix: []string{"toy.compress"}}
		synthRecord(t, dir, rng, "toyhash", "ToyHash", "ToyHash", "", registry.KindHash,
			synthOp{op: registry.Point{Op: registry.OpHash, MsgLen: l}.String(), base: registry.OpHash, msgLen: l, ns: 50 + 1.5*float64(l)}, share)
	}
	// Evidence of a step the pages do not index by instance.
	Must(t, os.MkdirAll(filepath.Join(dir, "robust", "toykex"), 0o755))
	Must(t, os.WriteFile(filepath.Join(dir, "robust", "toykex", "ToyKEX.json"), []byte("{}\n"), 0o644))
	Must(t, os.MkdirAll(filepath.Join(dir, "logs"), 0o755))
	Must(t, os.WriteFile(evidence.LogPath(dir, "toykem"), []byte("log\n"), 0o644))
}

// synthRecord writes one record: five trials of 40 samples around ns
// with a little multiplicative noise and a rare outlier.
func synthRecord(t testing.TB, dir string, rng *rand.Rand, plugin, id, name, impl string, kind registry.Kind, o synthOp, share *evidence.HashShare) {
	t.Helper()
	r := &evidence.Record{Plugin: plugin, Instance: id, Name: name, Impl: impl, Kind: string(kind), Op: o.op, BaseOp: o.base, MsgLen: o.msgLen,
		Calibration: evidence.Calibration{EstimateNS: o.ns, Batch: 4, Samples: 40}, Share: share,
		State: evidence.Environment{Governor: "performance", Turbo: "off", SMT: "off", Load: "0.5 0.4 0.3", GOMAXPROCS: 2, CPUModel: "Test CPU", Kernel: "6.1"}}
	batch := int64(math.Max(1, 2000/o.ns))
	for tr := 0; tr < 5; tr++ {
		trial := evidence.Trial{PID: int32(100 + tr), CPU: int32(tr % 2), Batch: batch, CycleSource: "rdtsc", AllocsPerOp: 2, BytesPerOp: 64, RSSBaseKiB: 10000, RSSPeakKiB: 10400}
		for s := 0; s < 40; s++ {
			f := 1 + 0.02*rng.NormFloat64()
			if rng.IntN(50) == 0 {
				f *= 3
			}
			ns := int64(math.Round(o.ns * f * float64(batch)))
			trial.NS = append(trial.NS, ns)
			trial.Cycles = append(trial.Cycles, 3*ns)
		}
		if share != nil {
			trial.CallsPerOp = map[string]float64{"toy.compress": float64(o.msgLen/64 + 1)}
		}
		r.Trials = append(r.Trials, trial)
	}
	if share != nil {
		r.Profile = filepath.ToSlash(filepath.Join("profiles", plugin, evidence.Safe(id), evidence.Safe(o.op)+".pprof"))
		// The profile the share follows from: 80 of 100 samples in the helper.
		Must(t, evidence.WriteFile(filepath.Join(dir, filepath.FromSlash(r.Profile)), Profile(t, "toy.compress", 80, 20)))
	}
	r.Stats = r.Recompute()
	Must(t, evidence.WriteJSON(evidence.RecordPath(dir, plugin, id, o.op), r))
}
