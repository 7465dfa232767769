// Package validate checks a run directory against its own raw evidence
// (host validate): it re-derives every statistic of every record from the
// raw trials, every hash share from its profile, every instruction count
// from callgrind's file, every KAT status from its sources, every
// constant-time verdict and interoperability matrix from its runs, then
// summary.json and every report byte for byte from a fresh rendering
// (package report), and names each file that does not follow.
package validate

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"sort"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/profile"
	"crucible.dev/host/internal/report"
)

// Problem is one place where a run directory disagrees with its own raw
// evidence.
type Problem struct {
	Path string // relative to the run directory
	What string
}

// String names the file first, as the commands print it.
func (p Problem) String() string { return p.Path + ": " + p.What }

// Dir checks that everything derived in dir follows from its raw
// evidence: every record's statistics from its raw trials and its hash
// share from its profile, every constant-time
// verdict from its measurements, every interoperability matrix whole,
// summary.json from the records, and every report byte for byte from a fresh rendering. Problems
// come in that order, so the first names the file that was altered rather
// than a report that merely shows the alteration.
func Dir(dir string) ([]Problem, error) {
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
		if r.Share != nil {
			probs = append(probs, checkShare(dir, path, r)...)
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

	probs = append(probs, checkTaint(dir)...)

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
	for _, f := range report.Render(run, sum) {
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

// checkShare recomputes a record's hash share from the profile it names.
func checkShare(dir, path string, r *evidence.Record) []Problem {
	if r.Profile == "" {
		return []Problem{{path, "hash share without a profile"}}
	}
	b, err := evidence.ReadIn(dir, filepath.FromSlash(r.Profile))
	if err != nil {
		return []Problem{{path, fmt.Sprintf("hash share: %v", err)}}
	}
	hs, err := profile.HashShare(b, r.Share.Prefix)
	if err != nil {
		return []Problem{{r.Profile, fmt.Sprintf("profile: %v", err)}}
	}
	if d := jsonDiff(r.Share, hs); d != "" {
		return []Problem{{path, "hash share does not follow from " + r.Profile + ": " + d}}
	}
	return nil
}
