package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"crucible.dev/host/internal/evidence"
)

// fakeShard writes a run directory holding only what merge reads: the
// campaign, one plugin description and one KAT record.
func fakeShard(t *testing.T, dir, shard string, edit func(*evidence.Campaign, *evidence.PluginInfo)) string {
	t.Helper()
	camp := evidence.Campaign{
		Tool: "crucible host", Suite: "x25519", System: "x86_1",
		Settings:    evidence.Settings{Trials: 2, TrialTargetSec: 0.005, MinCalls: 100, CPU: 0, Shard: shard, MsgLens: []int{16}},
		Environment: evidence.Environment{Hostname: "node1", Arch: "amd64", CPUModel: "Test CPU", GoVersion: "go1.26"},
	}
	p := evidence.PluginInfo{Name: "x25519", SourceHash: "aaaa", BinarySHA: "bbbb", Version: "v1", GoVersion: "go1.26", Status: "ok",
		Instances: []evidence.InstanceInfo{{ID: "x25519-" + strings.ReplaceAll(shard, "/", "of")}}}
	if edit != nil {
		edit(&camp, &p)
	}
	if err := evidence.WriteJSON(evidence.CampaignPath(dir), camp); err != nil {
		t.Fatal(err)
	}
	if err := evidence.WriteJSON(evidence.PluginPath(dir, p.Name), p); err != nil {
		t.Fatal(err)
	}
	return dir
}

// mergeErr runs host merge over the shards and returns its error.
func mergeErr(t *testing.T, shards ...string) (string, error) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "merged")
	err := cmdMerge(append([]string{"--out", out}, shards...))
	return out, err
}

func TestMergeRefuses(t *testing.T) {
	cases := []struct {
		name  string
		edit  func(*evidence.Campaign, *evidence.PluginInfo)
		shard string // the second run's shard
		want  []string
	}{
		{"settings", func(c *evidence.Campaign, _ *evidence.PluginInfo) { c.Settings.Trials = 5 }, "2/2", []string{"setting trials (2 vs 5)"}},
		{"suite", func(c *evidence.Campaign, _ *evidence.PluginInfo) { c.Suite = "all" }, "2/2", []string{"suite (x25519 vs all)"}},
		{"source hash", func(_ *evidence.Campaign, p *evidence.PluginInfo) { p.SourceHash = "cccc" }, "2/2", []string{"plugin x25519 has another source hash", "(cccc)", "(aaaa)"}},
		{"executable", func(_ *evidence.Campaign, p *evidence.PluginInfo) { p.BinarySHA = "dddd" }, "2/2", []string{"another executable SHA-256"}},
		{"system", func(c *evidence.Campaign, _ *evidence.PluginInfo) { c.System = "arm_1" }, "2/2", []string{"system (x86_1 vs arm_1)"}},
		{"cpu model", func(c *evidence.Campaign, _ *evidence.PluginInfo) { c.Environment.CPUModel = "Other CPU" }, "2/2", []string{"CPU model (Test CPU vs Other CPU)"}},
		{"shard count", nil, "2/3", []string{"is shard 2/3", "one of 2 shards"}},
		{"twice", nil, "1/2", []string{"shard 1/2 given twice", "shard 2/2 missing"}},
		{"unsharded", nil, "", []string{"not a shard"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tmp := t.TempDir()
			a := fakeShard(t, filepath.Join(tmp, "a"), "1/2", nil)
			b := fakeShard(t, filepath.Join(tmp, "b"), c.shard, c.edit)
			out, err := mergeErr(t, a, b)
			var ee *exitError
			if !errors.As(err, &ee) || ee.code != 2 {
				t.Fatalf("merge: %v, want a refusal (exit 2)", err)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("the refusal does not name %q:\n%v", w, err)
				}
			}
			if _, err := os.Stat(out); err == nil {
				t.Error("a refused merge wrote its output directory")
			}
		})
	}
}

// TestMergeMissingShard gives two of three shards: merge names the third.
func TestMergeMissingShard(t *testing.T) {
	tmp := t.TempDir()
	a := fakeShard(t, filepath.Join(tmp, "a"), "1/3", nil)
	c := fakeShard(t, filepath.Join(tmp, "c"), "3/3", nil)
	_, err := mergeErr(t, a, c)
	if err == nil || !strings.Contains(err.Error(), "shard 2/3 missing") {
		t.Fatalf("merge of shards 1 and 3 of 3: %v, want shard 2/3 reported missing", err)
	}
}

// TestMergeShardsOnTheirCores merges shards pinned to different cores (as
// a scheduler allocates them): accepted, and the merged campaign says
// where each ran instead of claiming one core.
func TestMergeShardsOnTheirCores(t *testing.T) {
	tmp := t.TempDir()
	a := fakeShard(t, filepath.Join(tmp, "a"), "1/2", nil)
	b := fakeShard(t, filepath.Join(tmp, "b"), "2/2", func(c *evidence.Campaign, _ *evidence.PluginInfo) {
		c.Settings.CPU = 1
		c.Environment.Hostname = "node2"
	})
	out, err := mergeErr(t, a, b)
	if err != nil {
		t.Fatalf("merge: %v", err)
	}
	var camp evidence.Campaign
	if err := evidence.ReadJSON(evidence.CampaignPath(out), &camp); err != nil {
		t.Fatal(err)
	}
	if camp.Settings.CPU != -1 || camp.Settings.Shard != "" || camp.System != "x86_1" {
		t.Errorf("merged campaign: cpu %d, shard %q, system %q; want -1, none, x86_1", camp.Settings.CPU, camp.Settings.Shard, camp.System)
	}
	if got, want := camp.Environment.Notes["shards"], "1/2 on node1, CPU 0; 2/2 on node2, CPU 1"; got != want {
		t.Errorf("merged notes say %q, want %q", got, want)
	}
}
