package evidence

import (
	"crucible.dev/host/internal/noise"
	"crucible.dev/host/internal/sandbox"
	"crucible.dev/host/internal/stats"
	"crucible.dev/registry"
)

// Campaign describes a run: how it was asked for and where it ran.
type Campaign struct {
	Tool        string         `json:"tool"`
	Command     []string       `json:"command"`
	Started     string         `json:"started"` // UTC, RFC 3339
	Suite       string         `json:"suite"`
	System      string         `json:"system,omitempty"` // the system label (--system) the datasets of several machines are told apart by
	Settings    Settings       `json:"settings"`
	Environment Environment    `json:"environment"`
	Sandbox     sandbox.Report `json:"sandbox"`         // how the plugins were confined
	Noise       *noise.Grade   `json:"noise,omitempty"` // how many trials the machine disturbed; written at the end of the run
}

// Settings are the measurement parameters.
type Settings struct {
	Trials         int     `json:"trials"`
	TrialTargetSec float64 `json:"trial_target_s"` // wanted duration of one operation's trial
	Iterations     int64   `json:"iterations,omitempty"`
	MinCalls       int64   `json:"min_calls"`
	CPU            int     `json:"cpu"` // pinned CPU, -1 for none
	Long           bool    `json:"long"`
	Profile        bool    `json:"profile"`
	Shard          string  `json:"shard,omitempty"`
	MsgLens        []int   `json:"msg_lens"`
	FreshRecords   int     `json:"fresh_records,omitempty"` // records of each fresh-seed KAT file
	FreshSeed      string  `json:"fresh_seed,omitempty"`    // the run's seed for them, hex

	Counter    string `json:"counter,omitempty"`     // "instructions": each operation counted under callgrind too
	CountCalls int64  `json:"count_calls,omitempty"` // calls in each counted loop
}

// Environment is the state that affects timing, recorded with every run.
type Environment struct {
	Hostname     string            `json:"hostname"`
	Kernel       string            `json:"kernel"`
	OS           string            `json:"os"`
	Arch         string            `json:"arch"`
	CPUModel     string            `json:"cpu_model"`
	CPUFlags     []string          `json:"cpu_flags"`
	CPUs         int               `json:"cpus"`
	GoVersion    string            `json:"go_version"`
	GOMAXPROCS   int               `json:"gomaxprocs"`
	Governor     string            `json:"governor"`
	Turbo        string            `json:"turbo"`
	SMT          string            `json:"smt"`
	PerfParanoid string            `json:"perf_event_paranoid"`
	Load         string            `json:"load"`
	CgroupCPU    string            `json:"cgroup_cpu_max"`
	TSCHz        float64           `json:"tsc_hz,omitempty"`
	Notes        map[string]string `json:"notes,omitempty"`
}

// PluginInfo is what a plugin described of itself, with what went wrong.
type PluginInfo struct {
	Name        string            `json:"name"`
	Source      string            `json:"source"` // module directory or executable
	Binary      string            `json:"binary"`
	Shadows     string            `json:"shadows,omitempty"` // the workspace module a prebuilt executable replaces
	BinarySHA   string            `json:"binary_sha256"`
	SourceHash  string            `json:"source_hash,omitempty"`
	Version     string            `json:"version"`
	Module      string            `json:"module"`
	GoVersion   string            `json:"go_version"`
	Build       map[string]string `json:"build,omitempty"`
	Deps        map[string]string `json:"deps,omitempty"`
	CPUFeatures []string          `json:"cpu_features,omitempty"`
	StaticBytes map[string]int64  `json:"static_bytes,omitempty"` // code+data of the algorithm's own packages, by package
	Instances   []InstanceInfo    `json:"instances"`
	Findings    []Finding         `json:"findings,omitempty"`
	Status      PluginStatus      `json:"status"`
}

// PluginStatus is how a plugin's part of a run went.
type PluginStatus string

// The plugin statuses.
const (
	PluginOK       PluginStatus = "ok"       // built, started, described and run
	PluginFindings PluginStatus = "findings" // run, with findings about it
	PluginFault    PluginStatus = "fault"    // did not build, start or describe itself
	PluginRefused  PluginStatus = "refused"  // not the executable the lock names, or it named an address the host did not create
)

// InstanceInfo is one instance as described, with its size audit.
type InstanceInfo struct {
	ID          string            `json:"id"`
	Name        string            `json:"name"`
	Impl        string            `json:"impl,omitempty"`
	Kind        registry.Kind     `json:"kind"`
	Family      string            `json:"family,omitempty"`
	Category    int               `json:"category,omitempty"`
	Declared    registry.Sizes    `json:"declared"`
	Catalog     *registry.Sizes   `json:"catalog,omitempty"`
	Actual      *registry.Sizes   `json:"actual,omitempty"`
	Audit       []AuditRow        `json:"audit,omitempty"`
	Ops         []string          `json:"ops"`
	SecretOps   []string          `json:"secret_ops,omitempty"`
	OpDocs      map[string]string `json:"op_docs,omitempty"` // what the plugin says its operations beyond the kind's own compute
	KATs        []string          `json:"kats,omitempty"`
	Notes       map[string]string `json:"notes,omitempty"`
	Unavailable string            `json:"unavailable,omitempty"`
	Profile     []string          `json:"profile,omitempty"`
}

// AuditRow compares one size three ways.
type AuditRow struct {
	Field    string `json:"field"`
	Catalog  int    `json:"catalog"`
	Declared int    `json:"declared"`
	Actual   int    `json:"actual"`
	OK       bool   `json:"ok"`
	Note     string `json:"note,omitempty"`
}

// Finding is something that went wrong, precisely located.
type Finding struct {
	Plugin   string `json:"plugin"`
	Instance string `json:"instance,omitempty"`
	Op       string `json:"op,omitempty"`
	What     string `json:"what"` // "fault", "kat", "size", "bench", "robust", "ct", "start"
	Detail   string `json:"detail"`
	// Known is the reason the catalog gives when this is a reviewed,
	// known finding; a known finding does not change the exit status.
	Known string `json:"known,omitempty"`
	Link  string `json:"link,omitempty"` // the known finding's upstream report
}

// Where names what a finding is about: the plugin, then the instance and
// the operation when it has them.
func (f Finding) Where() string {
	where := f.Plugin
	if f.Instance != "" {
		where += " " + f.Instance
	}
	if f.Op != "" {
		where += " " + f.Op
	}
	return where
}

// KATStatus is the outcome of a KAT source, or of all of an instance's.
type KATStatus string

// The KAT outcomes.
const (
	KATPass        KATStatus = "pass"
	KATFail        KATStatus = "fail"
	KATKnown       KATStatus = "known" // every failure a known finding
	KATError       KATStatus = "error" // could not run
	KATSkipped     KATStatus = "skipped"
	KATNone        KATStatus = "none"        // nothing to check it against
	KATUnsupported KATStatus = "unsupported" // the implementation cannot express the source's cases
	KATNotBuilt    KATStatus = "not built"   // a summary's instance that is not built on this system
)

// KATResult is one KAT source's outcome for one instance.
type KATResult struct {
	Source   string    `json:"source"`
	Type     string    `json:"type"` // "generated" (digest of a file the plugin wrote) or "vectors" (replayed cases)
	Status   KATStatus `json:"status"`
	Records  int       `json:"records,omitempty"`
	Digest   string    `json:"digest,omitempty"`
	Expected string    `json:"expected,omitempty"`
	Origin   string    `json:"origin,omitempty"`
	Passed   int       `json:"passed,omitempty"`
	Failed   int       `json:"failed,omitempty"`
	Detail   string    `json:"detail,omitempty"` // the first difference, or why it could not run
	Failures []string  `json:"failures,omitempty"`
	// Provenance says whose KAT material it is: "catalog" (the
	// evaluator's, independent), "declared" (shipped by the plugin) or
	// "cross-check" (another implementation's answers in the same run).
	Provenance string `json:"provenance,omitempty"`
}

// The provenances of KAT material a result can name.
const (
	ProvenanceCatalog    = "catalog"
	ProvenanceDeclared   = "declared"
	ProvenanceCrossCheck = "cross-check"
)

// KATRecord holds an instance's KAT results.
type KATRecord struct {
	Plugin   string      `json:"plugin"`
	Instance string      `json:"instance"`
	Results  []KATResult `json:"results"`
	Status   KATStatus   `json:"status"`
	// Resolved lists the known findings of the catalog that no longer
	// occur: their source ran and passed.
	Resolved []string `json:"resolved,omitempty"`
}

// Trial is one fresh plugin process's measurement of an operation.
type Trial struct {
	PID         int32              `json:"pid"`
	CPU         int32              `json:"cpu"`
	Batch       int64              `json:"batch"`
	NS          []int64            `json:"ns"`     // per sample of Batch calls
	Cycles      []int64            `json:"cycles"` // per sample of Batch calls
	CycleSource string             `json:"cycle_source"`
	CoreCycles  []int64            `json:"core_cycles,omitempty"` // per sample, from perf events
	CoreError   string             `json:"core_cycles_error,omitempty"`
	AllocsPerOp float64            `json:"allocs_per_op"`
	BytesPerOp  float64            `json:"bytes_per_op"`
	RSSBaseKiB  int64              `json:"rss_base_kib"`
	RSSPeakKiB  int64              `json:"rss_peak_kib"`
	HWMReset    bool               `json:"hwm_reset"`
	CallsPerOp  map[string]float64 `json:"calls_per_op,omitempty"`
	// What the host measured of the timed call from outside the plugin:
	// its wall-clock time, the CPU time the kernel accounted to the
	// plugin's whole box during it, and the time the plugin's and the
	// host's threads waited on a run queue (-1: unreadable). Zero in
	// records of hosts that did not measure them.
	HostWallNS int64 `json:"host_wall_ns,omitempty"`
	HostCPUNS  int64 `json:"host_cpu_ns,omitempty"`
	HostWaitNS int64 `json:"host_wait_ns,omitempty"`
	// HostSelfNS is the CPU time of the host's own threads during the
	// call (-1: unreadable; 0 in records of hosts that did not measure
	// it): time the host spent on other work of its own (its garbage
	// collector, another goroutine) while the plugin's reply waited to be
	// read, which the idle check excuses like a wait for a CPU.
	HostSelfNS int64 `json:"host_self_ns,omitempty"`
	// HostEmptyCPUNS is the box's CPU time during the same Bench call of
	// the empty loop (registry.OpEmpty) just before, in the same process:
	// the call's own cost, which the host-timed figure leaves out (0: not
	// calibrated, -1: the plugin has no empty loop).
	HostEmptyCPUNS int64 `json:"host_empty_cpu_ns,omitempty"`
	// HostMajorFaults is how many page faults the box's processes waited
	// on the disk for during the call: honest time neither running nor
	// waiting for a CPU.
	HostMajorFaults int64 `json:"host_major_faults,omitempty"`
	// HostMinorFaults is how many page faults the box's processes took
	// during the call without waiting for the disk: each one the kernel's
	// CPU time in the call, 10 to 12 µs on a paravirtualized guest
	// (docs/method.md), and a short trial of an operation that allocates
	// takes a thousand or more (ML-KEM-768 sk_from_seed of gmsm in 20 ms
	// trials: about 1,200; about 300 in trials of 200 ms).
	HostMinorFaults int64 `json:"host_minor_faults,omitempty"`
	// Noise is the machine's CPU contention around the timed call: a
	// disturbed trial was run again up to twice before it was kept.
	Noise *noise.Window `json:"noise,omitempty"`
	// Retries is how many disturbed timed calls were run before this one,
	// so the run's noise grade counts them even when the host that ran
	// them was killed before the end.
	Retries int `json:"retries,omitempty"`
	// Copy names the private copy of the executable the trial's process
	// ran: a fresh one per trial, so the trials sample where a copy's
	// pages land instead of sharing one placement (docs/method.md).
	Copy string `json:"copy,omitempty"`
}

// Calibration is how the iteration counts were chosen.
type Calibration struct {
	EstimateNS float64 `json:"estimate_ns"` // per call, from the calibration run
	Batch      int64   `json:"batch"`
	Samples    int64   `json:"samples"`
	Warmup     int64   `json:"warmup"`
	Fixed      bool    `json:"fixed,omitempty"` // set by --iterations rather than calibrated
}

// Record is one (instance, operation) benchmark with all its raw trials.
type Record struct {
	Plugin   string `json:"plugin"`
	Instance string `json:"instance"` // ID: name or name/impl
	Name     string `json:"name"`
	Impl     string `json:"impl,omitempty"`
	Kind     string `json:"kind"`
	Op       string `json:"op"`      // operation, with "@<bytes>" for a message length
	BaseOp   string `json:"base_op"` // operation without the length
	MsgLen   int    `json:"msg_len,omitempty"`
	OutLen   int    `json:"out_len,omitempty"`
	// StaticBytes is the code and data of the algorithm's own packages in
	// the plugin executable (by package in plugins/<plugin>.json).
	StaticBytes int64       `json:"static_bytes"`
	Calibration Calibration `json:"calibration"`
	Trials      []Trial     `json:"trials"`
	Stats       RecordStats `json:"stats"`
	Profile     string      `json:"profile,omitempty"` // relative path of the CPU profile
	Share       *HashShare  `json:"hash_share,omitempty"`
	State       Environment `json:"state"` // host state when measured
	Error       string      `json:"error,omitempty"`

	// Instructions is the exact count (host run --counter instructions).
	Instructions *Instructions `json:"instructions,omitempty"`
}

// RecordStats are computed from the raw trials (see Recompute).
type RecordStats struct {
	Excluded    int                `json:"excluded_trials,omitempty"` // trials outside the host's bounds, left out of every figure
	NS          stats.Summary      `json:"ns"`
	Cycles      stats.Summary      `json:"cycles"`                // time-stamp counter
	CoreCycles  *stats.Summary     `json:"core_cycles,omitempty"` // perf events, where allowed
	OpsPerSec   float64            `json:"ops_per_s"`
	MedianTrial float64            `json:"median_trial_ns"` // the median of the trials' medians
	TrialMedian []float64          `json:"trial_medians_ns"`
	AllocsPerOp float64            `json:"allocs_per_op"`
	BytesPerOp  float64            `json:"bytes_per_op"`
	RSSBaseKiB  int64              `json:"rss_base_kib"`
	RSSPeakKiB  int64              `json:"rss_peak_kib"`
	CallsPerOp  map[string]float64 `json:"calls_per_op,omitempty"`
	CyclesPerB  float64            `json:"cycles_per_byte,omitempty"`
	MBPerSec    float64            `json:"mb_per_s,omitempty"`
}

// HashShare is the share of an operation's CPU time spent in the symmetric
// helpers it calls, from a CPU profile.
type HashShare struct {
	Total   float64            `json:"total"`    // fraction of samples in any listed helper
	ByFunc  map[string]float64 `json:"by_func"`  // fraction by helper function
	Samples int64              `json:"samples"`  // profile samples of the operation
	Prefix  []string           `json:"prefixes"` // what counted as a helper
}
