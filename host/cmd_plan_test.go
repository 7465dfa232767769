package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSplitPlanArgs(t *testing.T) {
	own, run, err := splitPlanArgs([]string{"--engine", "slurm", "--suite", "x25519", "--shards=4", "--long", "--trials", "2", "--out", "p"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(own, " "), "--engine slurm --shards=4 --out p"; got != want {
		t.Errorf("plan's flags %q, want %q", got, want)
	}
	if got, want := strings.Join(run, " "), "--suite x25519 --long --trials 2"; got != want {
		t.Errorf("run flags %q, want %q", got, want)
	}
	for _, f := range []string{"--shard", "--cpu", "--resume", "-cpu=3"} {
		if _, _, err := splitPlanArgs([]string{"--engine", "slurm", f, "1"}); err == nil {
			t.Errorf("%s passed to the shards, which the plan sets itself", f)
		}
	}
}

// TestPlanWrites writes a Kubernetes plan and refuses to overwrite it.
func TestPlanWrites(t *testing.T) {
	out := filepath.Join(t.TempDir(), "plan")
	args := []string{"--engine", "kubernetes", "--image", "crucible:1", "--shards", "2", "--out", out, "--suite", "x25519"}
	if err := cmdPlan(args); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"shards.json", "merge.json", "submit.sh"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("no %s: %v", f, err)
		}
	}
	if err := cmdPlan(args); err == nil {
		t.Error("a second plan overwrote the first")
	}
}
