package main

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"crucible.dev/host/internal/evidence"
)

// checkShards refuses run directories that are not the complete set of
// shards of one campaign: every run must carry --shard K/N with the same N,
// each K present once, and the runs must agree on the settings, the suite,
// the system and the code they measured. The error names every difference
// and every missing shard.
func checkShards(runs []*evidence.Run) error {
	var problems []string
	first := runs[0]
	n := 0
	have := map[int]string{}
	for _, r := range runs {
		k, rn, err := shardOf(r.Campaign.Settings.Shard)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", r.Dir, err))
			continue
		}
		if n == 0 {
			n = rn
		}
		switch {
		case rn != n:
			problems = append(problems, fmt.Sprintf("%s is shard %d/%d, %s one of %d shards", r.Dir, k, rn, first.Dir, n))
		case have[k] != "":
			problems = append(problems, fmt.Sprintf("shard %d/%d given twice: %s and %s", k, n, have[k], r.Dir))
		default:
			have[k] = r.Dir
		}
	}
	if n > 0 {
		var missing []string
		for k := 1; k <= n; k++ {
			if have[k] == "" {
				missing = append(missing, fmt.Sprintf("%d/%d", k, n))
			}
		}
		if len(missing) > 0 {
			problems = append(problems, fmt.Sprintf("shard %s missing: a merge of %d of %d shards would silently leave out the rest", strings.Join(missing, ", "), len(have), n))
		}
	}
	for _, r := range runs[1:] {
		for _, d := range campaignDiffs(first, r) {
			problems = append(problems, fmt.Sprintf("%s and %s differ in %s", first.Dir, r.Dir, d))
		}
	}
	problems = append(problems, codeDiffs(runs)...)
	if len(problems) > 0 {
		return fmt.Errorf("not the shards of one campaign:\n  %s", strings.Join(problems, "\n  "))
	}
	return nil
}

// shardOf reads a run's "K/N"; a run without one is not a shard.
func shardOf(s string) (k, n int, err error) {
	ks, ns, ok := strings.Cut(s, "/")
	k, err1 := strconv.Atoi(ks)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 1 || k > n {
		return 0, 0, fmt.Errorf("not a shard (run without --shard K/N)")
	}
	return k, n, nil
}

// campaignDiffs names what two shards must share and do not: the suite,
// every measurement setting but the shard, the pinned core and the
// fresh-seed KATs' seed (each shard has its own, and compares the
// implementations it runs with it), and the system (label, architecture, CPU model, the host's
// Go version).
func campaignDiffs(a, b *evidence.Run) []string {
	var out []string
	add := func(what, x, y string) {
		if x != y {
			out = append(out, fmt.Sprintf("%s (%s vs %s)", what, x, y))
		}
	}
	add("suite", a.Campaign.Suite, b.Campaign.Suite)
	sa, sb := fields(a.Campaign.Settings), fields(b.Campaign.Settings)
	both := maps.Clone(sa)
	maps.Copy(both, sb)
	for _, k := range slices.Sorted(maps.Keys(both)) {
		if k != "shard" && k != "cpu" && k != "fresh_seed" {
			add("setting "+k, sa[k], sb[k])
		}
	}
	add("system", a.Campaign.System, b.Campaign.System)
	ea, eb := a.Campaign.Environment, b.Campaign.Environment
	add("architecture", ea.Arch, eb.Arch)
	add("CPU model", ea.CPUModel, eb.CPUModel)
	add("host Go version", ea.GoVersion, eb.GoVersion)
	return out
}

// codeDiffs names plugins measured from different code in different shards:
// another source hash, executable, version or Go version.
func codeDiffs(runs []*evidence.Run) []string {
	var out []string
	seen := map[string]*evidence.PluginInfo{}
	from := map[string]string{}
	for _, r := range runs {
		for i := range r.Plugins {
			p := &r.Plugins[i]
			q, ok := seen[p.Name]
			if !ok {
				seen[p.Name], from[p.Name] = p, r.Dir
				continue
			}
			for _, d := range [][3]string{
				{"source hash", q.SourceHash, p.SourceHash},
				{"executable SHA-256", q.BinarySHA, p.BinarySHA},
				{"version", q.Version, p.Version},
				{"Go version", q.GoVersion, p.GoVersion},
			} {
				if d[1] != d[2] {
					out = append(out, fmt.Sprintf("plugin %s has another %s in %s (%s) than in %s (%s)", p.Name, d[0], r.Dir, d[2], from[p.Name], d[1]))
				}
			}
		}
	}
	return out
}

// fields maps a value's JSON fields to their encodings, so that a
// difference is named as the evidence spells it.
func fields(v any) map[string]string {
	b, _ := json.Marshal(v)
	var m map[string]json.RawMessage
	_ = json.Unmarshal(b, &m)
	out := map[string]string{}
	for k, raw := range m {
		out[k] = string(raw)
	}
	return out
}
