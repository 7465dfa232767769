package main

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"crucible.dev/host/internal/evidence"
)

func init() {
	register("merge", "join run directories (shards of one campaign) into one: host merge --out DIR RUN...", cmdMerge)
}

// cmdMerge joins run directories into one dataset: the records, KAT
// results, profiles and logs of each, and the plugins' descriptions and
// findings combined; then the summary is rebuilt from the result.
func cmdMerge(args []string) error {
	fset := flag.NewFlagSet("merge", flag.ContinueOnError)
	out := fset.String("out", "", "the merged run directory (new)")
	if err := fset.Parse(args); err != nil {
		return &exitError{2, nil}
	}
	if *out == "" || fset.NArg() == 0 {
		return usageErr("usage: host merge --out DIR RUN...")
	}
	if _, err := os.Stat(*out); err == nil {
		return usageErr("%s exists: merge into a new directory", *out)
	}
	var runs []*evidence.Run
	for _, dir := range fset.Args() {
		run, err := evidence.Load(dir)
		if err != nil {
			return usageErr("%v", err)
		}
		runs = append(runs, run)
	}
	if err := checkShards(runs); err != nil {
		return usageErr("merge: %v", err)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return &exitError{1, err}
	}
	// The merged directory gets a manifest of its own, of what merge wrote.
	if err := evidence.Track(*out); err != nil {
		return &exitError{1, err}
	}
	camp := runs[0].Campaign
	camp.Settings.Shard = ""
	camp.Command = append([]string{"host", "merge"}, args...)
	camp.Environment.Notes = mergedNotes(camp.Environment.Notes, runs)
	for _, run := range runs {
		if run.Campaign.Settings.CPU != camp.Settings.CPU {
			camp.Settings.CPU = -1 // each shard pinned its own core; the notes say which
		}
		if run.Campaign.Settings.FreshSeed != camp.Settings.FreshSeed {
			camp.Settings.FreshSeed = "" // each shard drew its own; its records say so
		}
	}
	plugins := map[string]*evidence.PluginInfo{}
	for _, run := range runs {
		for _, p := range run.Plugins {
			if have, ok := plugins[p.Name]; ok {
				mergePlugin(have, &p)
			} else {
				plugins[p.Name] = &p
			}
		}
		for _, sub := range []string{"records", "kat", "profiles", "logs"} {
			if err := copyTree(filepath.Join(run.Dir, sub), filepath.Join(*out, sub)); err != nil {
				return &exitError{1, err}
			}
		}
	}
	if err := evidence.WriteJSON(evidence.CampaignPath(*out), camp); err != nil {
		return &exitError{1, err}
	}
	for _, p := range plugins {
		if err := evidence.WriteJSON(evidence.PluginPath(*out, p.Name), p); err != nil {
			return &exitError{1, err}
		}
	}
	if _, err := writeSummary(*out); err != nil {
		return &exitError{1, err}
	}
	fmt.Printf("merged %d run directories into %s\n", fset.NArg(), *out)
	return nil
}

// mergedNotes records where each shard ran: its host and pinned core.
func mergedNotes(notes map[string]string, runs []*evidence.Run) map[string]string {
	out := map[string]string{}
	for k, v := range notes {
		out[k] = v
	}
	where := make([]string, len(runs))
	for i, r := range runs {
		where[i] = fmt.Sprintf("%s on %s, CPU %d", r.Campaign.Settings.Shard, r.Campaign.Environment.Hostname, r.Campaign.Settings.CPU)
	}
	out["shards"] = strings.Join(where, "; ")
	return out
}

// mergePlugin adds b's instances (each shard records only its own) and
// findings to a.
func mergePlugin(a, b *evidence.PluginInfo) {
	seen := map[string]bool{}
	for _, f := range a.Findings {
		seen[f.Instance+"\x00"+f.Op+"\x00"+f.Detail] = true
	}
	for _, f := range b.Findings {
		if !seen[f.Instance+"\x00"+f.Op+"\x00"+f.Detail] {
			a.Findings = append(a.Findings, f)
		}
	}
	at := map[string]int{}
	for i, in := range a.Instances {
		at[in.ID] = i
	}
	for _, bin := range b.Instances {
		i, ok := at[bin.ID]
		switch {
		case !ok:
			a.Instances = append(a.Instances, bin)
		case a.Instances[i].Actual == nil && bin.Actual != nil:
			a.Instances[i] = bin
		}
	}
	sort.Slice(a.Instances, func(i, j int) bool { return a.Instances[i].ID < a.Instances[j].ID })
	if a.Status == evidence.PluginOK {
		a.Status = b.Status
	}
}

// copyTree copies files, refusing to overwrite one shard's file with
// another's: shards never measure the same unit twice.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) && p == src {
				return nil
			}
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := evidence.ReadIn(src, rel)
		if err != nil {
			return err
		}
		if old, err := os.ReadFile(target); err == nil {
			if string(old) == string(b) || strings.HasSuffix(p, ".log") {
				if strings.HasSuffix(p, ".log") {
					b = append(old, b...)
				} else {
					return nil
				}
			} else {
				return fmt.Errorf("merge: %s is in two run directories with different contents", rel)
			}
		}
		return evidence.WriteFile(target, b)
	})
}
