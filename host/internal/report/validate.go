package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/format"
)

// Problem is one place where a run directory disagrees with its own raw
// evidence.
type Problem struct {
	Path string // relative to the run directory
	What string
}

// String names the file first, as the commands print it.
func (p Problem) String() string { return p.Path + ": " + p.What }

// ShareFunc recomputes a hash share from a CPU profile (the campaign's
// HashShare; passed in so this package does not depend on the campaign).
type ShareFunc func(pprof []byte, prefixes []string) (*evidence.HashShare, error)

// Validate checks that everything derived in dir follows from its raw
// evidence: every record's statistics from its raw trials (and its hash
// share from its profile, when share is not nil), every constant-time
// verdict from its measurements, every interoperability matrix whole,
// summary.json from the records, and every report byte for byte from a fresh rendering. Problems
// come in that order, so the first names the file that was altered rather
// than a report that merely shows the alteration.
func Validate(dir string, share ShareFunc) ([]Problem, error) {
	run, err := evidence.Load(dir)
	if err != nil {
		return nil, err
	}
	var probs []Problem
	for _, r := range run.Records {
		path := run.Paths[r]
		if want := evidence.Rel(dir, evidence.RecordPath(dir, r.Plugin, r.Instance, r.Op)); want != path {
			probs = append(probs, Problem{path, fmt.Sprintf("holds %s %s %s, which belongs in %s", r.Plugin, r.Instance, r.Op, want)})
		}
		if d := jsonDiff(r.Stats, r.Recompute()); d != "" {
			probs = append(probs, Problem{path, "statistics do not follow from the raw trials: " + d})
		}
		if share != nil && r.Share != nil {
			probs = append(probs, checkShare(dir, path, r, share)...)
		}
		probs = append(probs, checkCount(dir, path, r)...)
	}

	for _, k := range slices.Sorted(maps.Keys(run.KATs)) {
		kr := run.KATs[k]
		path := evidence.Rel(dir, evidence.KATPath(dir, kr.Plugin, kr.Instance))
		if d := katConsistent(kr); d != "" {
			probs = append(probs, Problem{path, d})
		}
	}

	for _, c := range run.CT {
		path := run.CTPaths[c]
		for i := range c.Runs {
			if d := jsonDiff(c.Runs[i].Result, c.Runs[i].Analyze()); d != "" {
				probs = append(probs, Problem{path, fmt.Sprintf("run %d: the statistic does not follow from its measurements: %s", i+1, d)})
			}
		}
		if v := c.Judge(); v != c.Verdict {
			probs = append(probs, Problem{path, fmt.Sprintf("verdict %q, the runs give %q", c.Verdict, v)})
		}
	}

	for _, m := range run.Interop {
		path := run.InteropPaths[m]
		if want := evidence.Rel(dir, evidence.InteropPath(dir, m.Instance)); want != path {
			probs = append(probs, Problem{path, fmt.Sprintf("holds the matrix of %s, which belongs in %s", m.Instance, want)})
		}
		if d := m.Check(); d != "" {
			probs = append(probs, Problem{path, d})
		}
	}

	sum := evidence.Summarize(run)
	want, err := json.MarshalIndent(sum, "", "  ")
	if err != nil {
		return nil, err
	}
	probs = append(probs, compareFile(dir, "summary.json", append(want, '\n'))...)

	rendered := map[string]bool{}
	for _, f := range Render(run, sum) {
		rendered[f.Path] = true
		probs = append(probs, compareFile(dir, f.Path, f.Data)...)
	}
	// A page no rendering produces (a plugin removed from the evidence,
	// a page added by hand) is as wrong as an altered one.
	var extra []string
	filepath.WalkDir(filepath.Join(dir, "report"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if rel := evidence.Rel(dir, p); !rendered[rel] {
				extra = append(extra, rel)
			}
		}
		return nil
	})
	sort.Strings(extra)
	for _, e := range extra {
		probs = append(probs, Problem{e, "not produced by rendering the evidence"})
	}
	return probs, nil
}

func checkShare(dir, path string, r *evidence.Record, share ShareFunc) []Problem {
	if r.Profile == "" {
		return []Problem{{path, "hash share without a profile"}}
	}
	b, err := evidence.ReadIn(dir, filepath.FromSlash(r.Profile))
	if err != nil {
		return []Problem{{path, fmt.Sprintf("hash share: %v", err)}}
	}
	hs, err := share(b, r.Share.Prefix)
	if err != nil {
		return []Problem{{r.Profile, fmt.Sprintf("profile: %v", err)}}
	}
	if d := jsonDiff(r.Share, hs); d != "" {
		return []Problem{{path, "hash share does not follow from " + r.Profile + ": " + d}}
	}
	return nil
}

func compareFile(dir, rel string, want []byte) []Problem {
	got, err := evidence.ReadIn(dir, filepath.FromSlash(rel))
	switch {
	case os.IsNotExist(err):
		return []Problem{{rel, "missing (render it with host report)"}}
	case err != nil:
		return []Problem{{rel, err.Error()}}
	case !bytes.Equal(got, want):
		return []Problem{{rel, "differs from a fresh rendering of the evidence at " + firstDiff(got, want)}}
	}
	return nil
}

// firstDiff locates the first differing line.
func firstDiff(got, want []byte) string {
	gl, wl := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
	for i := 0; i < len(gl) || i < len(wl); i++ {
		var g, w []byte
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if !bytes.Equal(g, w) {
			return fmt.Sprintf("line %d: has %q, evidence gives %q", i+1, format.Clip(string(g), 80), format.Clip(string(w), 80))
		}
	}
	return "the end of the file"
}

// jsonDiff compares two values as JSON, which is how they are stored, and
// names the first field that differs ("" when none does).
func jsonDiff(stored, recomputed any) string {
	a, err1 := json.Marshal(stored)
	b, err2 := json.Marshal(recomputed)
	if err1 != nil || err2 != nil {
		return fmt.Sprintf("cannot encode: %v %v", err1, err2)
	}
	if bytes.Equal(a, b) {
		return ""
	}
	var ma, mb any
	json.Unmarshal(a, &ma)
	json.Unmarshal(b, &mb)
	return diffValue("", ma, mb)
}

func diffValue(path string, a, b any) string {
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	if aok && bok {
		keys := map[string]bool{}
		for k := range am {
			keys[k] = true
		}
		for k := range bm {
			keys[k] = true
		}
		for _, k := range slices.Sorted(maps.Keys(keys)) {
			p := k
			if path != "" {
				p = path + "." + k
			}
			if d := diffValue(p, am[k], bm[k]); d != "" {
				return d
			}
		}
		return ""
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if bytes.Equal(ja, jb) {
		return ""
	}
	return fmt.Sprintf("%s is %s, recomputed %s", path, format.Clip(string(ja), 60), format.Clip(string(jb), 60))
}

// katConsistent checks what a KAT record derives from its own figures: a
// generated source passes exactly when its digest is the published one, a
// vectors source passes only with cases passed and none failed, and the
// instance passes only when no source failed or erred and one passed.
func katConsistent(k evidence.KATRecord) string {
	var pass, fail, errs int
	for _, r := range k.Results {
		switch r.Status {
		case "pass":
			pass++
		case "fail":
			fail++
		case "error":
			errs++
		}
		switch {
		case r.Type == "generated" && r.Digest != "" && r.Expected != "" && (r.Status == evidence.KATPass) != (r.Digest == r.Expected):
			return fmt.Sprintf("source %s: status %s with digest %s and published %s", r.Source, r.Status, r.Digest, r.Expected)
		case r.Type == "vectors" && r.Status == evidence.KATPass && (r.Failed > 0 || r.Passed == 0):
			return fmt.Sprintf("source %s: status pass with %d passed, %d failed", r.Source, r.Passed, r.Failed)
		case r.Type == "vectors" && r.Status == evidence.KATFail && r.Failed == 0:
			return fmt.Sprintf("source %s: status fail with no failed case", r.Source)
		}
	}
	switch {
	case k.Status == evidence.KATPass && (fail > 0 || errs > 0 || pass == 0),
		k.Status == evidence.KATFail && fail == 0,
		k.Status != evidence.KATFail && fail > 0:
		return fmt.Sprintf("status %s does not follow from its sources (%d passed, %d failed, %d erred)", k.Status, pass, fail, errs)
	}
	return ""
}
