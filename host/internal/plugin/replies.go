package plugin

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"google.golang.org/protobuf/proto"

	"crucible.dev/registry"
	"crucible.dev/registry/pluginv1"
)

// ErrProtocol marks a reply that breaks the protocol: a count that is not
// what was asked, a number that is not finite, a name outside the allowed
// alphabet. The reply is never used and the plugin process is stopped.
var ErrProtocol = errors.New("protocol violation")

func violation(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrProtocol, fmt.Sprintf(format, args...))
}

// MaxName bounds plugin, instance, implementation, operation and KAT source
// names: they become path elements and table cells.
const MaxName = 64

// reserved are names of a run directory's own files and folders: no plugin
// may take them, so no path built from a name can be mistaken for one.
var reserved = map[string]bool{
	"campaign": true, "summary": true, "report": true, "records": true, "kat": true,
	"plugins": true, "logs": true, "profiles": true, "robust": true, "ct": true,
	"manifest": true, "index": true,
}

// CheckName accepts a name that is safe as a path element, a table cell and
// a Markdown heading: 1 to MaxName characters of [A-Za-z0-9._+-], starting
// with a letter or digit, not a reserved run-directory name.
func CheckName(what, s string) error {
	if s == "" || len(s) > MaxName {
		return fmt.Errorf("%s name %q: want 1 to %d characters", what, clip(s), MaxName)
	}
	for i, r := range s {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
		if !ok && (i == 0 || !strings.ContainsRune("._+-", r)) {
			return fmt.Errorf("%s name %q: only letters, digits and . _ + - (not first) are allowed", what, clip(s))
		}
	}
	if reserved[strings.ToLower(s)] {
		return fmt.Errorf("%s name %q is reserved for the run directory", what, s)
	}
	return nil
}

// clip shortens and quotes safely what a hostile reply may contain.
func clip(s string) string {
	if len(s) > 80 {
		s = s[:80] + "…"
	}
	return strings.ToValidUTF8(s, "?")
}

// bounded keeps free text a plugin supplied valid UTF-8 and at most
// maxText bytes.
func bounded(s string) string {
	if len(s) > maxText {
		s = s[:maxText] + "…"
	}
	return strings.ToValidUTF8(s, "?")
}

// Bounds on the free text of a description.
const (
	maxText      = 4 << 10 // one note, reason, version, dependency
	maxEntries   = 4096    // map entries, features, instances
	maxSize      = 1 << 24 // a declared size in bytes
	maxKATRecord = 1 << 20
)

func checkText(what, s string) error {
	if len(s) > maxText || !utf8.ValidString(s) {
		return violation("%s: %d bytes of text (at most %d, UTF-8)", what, len(s), maxText)
	}
	return nil
}

func checkMap(what string, m map[string]string) error {
	if len(m) > maxEntries {
		return violation("%s: %d entries", what, len(m))
	}
	for k, v := range m {
		if err := checkText(what+" key", k); err != nil {
			return err
		}
		if err := checkText(what+" "+clip(k), v); err != nil {
			return err
		}
	}
	return nil
}

// MaxDescribeBytes bounds a whole description, less its inline vector
// files: every field may be within its own bound and the total still be
// more than the evidence files made from it can hold (validate reads files
// of at most 32 MiB). An honest description is a few KiB.
const MaxDescribeBytes = 1 << 20

// maxDescribeReply is the most the host receives of a Describe reply: the
// description and the inline vector files, each at its bound.
const maxDescribeReply = MaxDescribeBytes + maxVectorFile + 64<<10

// checkDescribeSize bounds the description as a whole: at most
// MaxDescribeBytes besides the inline vector files, which are bounded
// together, over every instance, by maxVectorFile.
func checkDescribeSize(d *pluginv1.DescribeResponse) error {
	var vectors int
	for _, in := range d.Instances {
		for _, v := range in.VectorFiles {
			vectors += len(v.Data)
		}
	}
	if vectors > maxVectorFile {
		return violation("describe: %d bytes of inline vector files (at most %d in all)", vectors, maxVectorFile)
	}
	if n := proto.Size(d) - vectors; n > MaxDescribeBytes {
		return violation("describe: %d bytes besides inline vector files (at most %d)", n, MaxDescribeBytes)
	}
	return nil
}

// checkDescribe validates a description before any of it is used: its
// total size, every name, every size, every bound on free text.
func checkDescribe(d *pluginv1.DescribeResponse) error {
	if err := checkDescribeSize(d); err != nil {
		return err
	}
	for _, t := range []struct{ what, s string }{{"version", d.Version}, {"module", d.Module},
		{"go version", d.GoVersion}, {"cycle source", d.CycleSource}} {
		if err := checkText(t.what, t.s); err != nil {
			return err
		}
	}
	if err := checkMap("build", d.Build); err != nil {
		return err
	}
	if err := checkMap("deps", d.Deps); err != nil {
		return err
	}
	if len(d.CpuFeatures) > maxEntries || len(d.Instances) > maxEntries {
		return violation("%d CPU features, %d instances", len(d.CpuFeatures), len(d.Instances))
	}
	ids := map[string]bool{}
	for _, in := range d.Instances {
		if err := checkInstance(in); err != nil {
			return err
		}
		id := in.Name + "/" + in.Impl
		if ids[id] {
			return violation("instance %s described twice", id)
		}
		ids[id] = true
	}
	return nil
}

func checkInstance(in *pluginv1.Instance) error {
	if err := CheckName("instance", in.Name); err != nil {
		return violation("%v", err)
	}
	if in.Impl != "" {
		if err := CheckName("implementation", in.Impl); err != nil {
			return violation("instance %s: %v", in.Name, err)
		}
	}
	if !registry.Kind(in.Kind).Valid() {
		return violation("instance %s: unknown kind %q", in.Name, clip(in.Kind))
	}
	if err := checkText("instance "+in.Name+" unavailable", in.Unavailable); err != nil {
		return err
	}
	if err := checkMap("instance "+in.Name+" notes", in.Notes); err != nil {
		return err
	}
	if len(in.Ops) > maxEntries || len(in.Kats) > maxEntries || len(in.Profile) > maxEntries {
		return violation("instance %s: %d operations, %d KATs, %d profile groups", in.Name, len(in.Ops), len(in.Kats), len(in.Profile))
	}
	for _, op := range in.Ops {
		if err := CheckName("operation", op.Name); err != nil {
			return violation("instance %s: %v", in.Name, err)
		}
		if err := checkText("operation "+op.Name+" doc", op.Doc); err != nil {
			return err
		}
	}
	if err := checkDeclared(in); err != nil {
		return err
	}
	for _, k := range in.Kats {
		if err := CheckName("KAT source", k.Source); err != nil {
			return violation("instance %s: %v", in.Name, err)
		}
		if err := checkText("KAT format", k.Format); err != nil {
			return err
		}
		if k.Records < 0 || k.Records > maxKATRecord {
			return violation("instance %s: KAT %s declares %d records", in.Name, k.Source, k.Records)
		}
	}
	for _, g := range in.Profile {
		if err := checkText("profile group", g); err != nil {
			return err
		}
	}
	if s := in.Sizes; s != nil {
		for _, v := range append([]int32{s.Pk, s.Sk, s.Ct, s.Sig, s.Ss, s.Digest, s.Key, s.Nonce, s.Overhead}, s.Messages...) {
			if v < 0 || v > maxSize {
				return violation("instance %s: declared size %d", in.Name, v)
			}
		}
		if len(s.Messages) > 64 {
			return violation("instance %s: %d messages", in.Name, len(s.Messages))
		}
	}
	return nil
}

// finite reports whether every x is a finite, nonnegative number.
func finite(xs ...float64) bool {
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) || x < 0 {
			return false
		}
	}
	return true
}

// checkBench validates a benchmark reply against its request and the
// process the host started: every count echoes what was asked, every
// number is finite and in range, the PID is the plugin's own.
func checkBench(req *pluginv1.BenchRequest, r *pluginv1.BenchResponse, nsPID int) error {
	// A profile takes the place of the samples.
	samples := req.Samples
	if req.Profile {
		samples = 0
	}
	if int64(len(r.Ns)) != samples {
		return violation("bench %s %s: %d samples for %d asked", req.Instance, req.Op, len(r.Ns), samples)
	}
	if len(r.Cycles) != 0 && len(r.Cycles) != len(r.Ns) || len(r.CoreCycles) != 0 && len(r.CoreCycles) != len(r.Ns) {
		return violation("bench %s %s: %d cycle and %d core-cycle counts for %d samples", req.Instance, req.Op, len(r.Cycles), len(r.CoreCycles), len(r.Ns))
	}
	if r.Batch != req.Batch {
		return violation("bench %s %s: batch %d for %d asked", req.Instance, req.Op, r.Batch, req.Batch)
	}
	if nsPID > 0 && int(r.Pid) != nsPID {
		return violation("bench %s %s: reports PID %d, the host started %d", req.Instance, req.Op, r.Pid, nsPID)
	}
	for i, ns := range r.Ns {
		if ns <= 0 {
			return violation("bench %s %s: sample %d is %d ns", req.Instance, req.Op, i, ns)
		}
	}
	for _, cs := range [][]int64{r.Cycles, r.CoreCycles} {
		for i, c := range cs {
			if c < 0 {
				return violation("bench %s %s: sample %d has %d cycles", req.Instance, req.Op, i, c)
			}
		}
	}
	if !finite(r.AllocsPerOp, r.BytesPerOp) || r.RssBaselineKib < 0 || r.RssPeakKib < 0 {
		return violation("bench %s %s: allocations %v, bytes %v, RSS %d/%d KiB", req.Instance, req.Op, r.AllocsPerOp, r.BytesPerOp, r.RssBaselineKib, r.RssPeakKib)
	}
	if len(r.CallsPerOp) > maxEntries {
		return violation("bench %s %s: %d call counters", req.Instance, req.Op, len(r.CallsPerOp))
	}
	for k, v := range r.CallsPerOp {
		if !finite(v) || checkText("call counter", k) != nil {
			return violation("bench %s %s: call counter %q = %v", req.Instance, req.Op, clip(k), v)
		}
	}
	if req.Profile != (len(r.Pprof) > 0) {
		return violation("bench %s %s: profile asked %v, %d bytes of profile returned", req.Instance, req.Op, req.Profile, len(r.Pprof))
	}
	for _, t := range []string{r.CycleSource, r.CoreCyclesError} {
		if err := checkText("bench text", t); err != nil {
			return err
		}
	}
	return nil
}

// checkConstantTime validates a constant-time reply against its request:
// one cycle count and one class (0 or 1) per measurement asked.
func checkConstantTime(req *pluginv1.ConstantTimeRequest, r *pluginv1.ConstantTimeResponse) error {
	if err := checkText("constant time error", r.Error); err != nil || r.Error != "" {
		return err
	}
	if int64(len(r.Cycles)) != req.Measurements || len(r.Classes) != len(r.Cycles) || r.N != req.Measurements {
		return violation("ct %s %s: %d cycle counts, %d classes, n %d for %d measurements asked",
			req.Instance, req.Op, len(r.Cycles), len(r.Classes), r.N, req.Measurements)
	}
	for i, c := range r.Classes {
		if c > 1 || r.Cycles[i] < 0 {
			return violation("ct %s %s: measurement %d: class %d, %d cycles", req.Instance, req.Op, i, c, r.Cycles[i])
		}
	}
	return nil
}

// maxVectorFile bounds one vector file a plugin carries inline.
const maxVectorFile = 32 << 20

// checkDeclared validates the KAT material a plugin declares: its names
// become KAT source names (path elements, table cells), its text is
// bounded, and an inline file is bounded in size.
func checkDeclared(in *pluginv1.Instance) error {
	if len(in.DeclaredDigests) > maxEntries || len(in.VectorFiles) > maxEntries {
		return violation("instance %s: %d declared digests, %d vector files", in.Name, len(in.DeclaredDigests), len(in.VectorFiles))
	}
	for _, d := range in.DeclaredDigests {
		if err := CheckName("declared KAT source", d.Source); err != nil {
			return violation("instance %s: %v", in.Name, err)
		}
		if d.Records < 0 || d.Records > maxKATRecord {
			return violation("instance %s: declared digest of %d records", in.Name, d.Records)
		}
		for _, t := range []string{d.Sha256, d.Origin} {
			if err := checkText("declared digest", t); err != nil {
				return err
			}
		}
	}
	var total int
	for _, v := range in.VectorFiles {
		if err := CheckName("declared vector file", v.Name); err != nil {
			return violation("instance %s: %v", in.Name, err)
		}
		if total += len(v.Data); total > maxVectorFile {
			return violation("instance %s: more than %d bytes of inline vector files", in.Name, maxVectorFile)
		}
		for _, t := range []string{v.Format, v.Module, v.Path, v.Sha256} {
			if err := checkText("declared vector file "+v.Name, t); err != nil {
				return err
			}
		}
		if err := checkMap("declared vector file "+v.Name+" columns", v.Columns); err != nil {
			return err
		}
	}
	return nil
}
