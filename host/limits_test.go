package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/sandbox"
	"crucible.dev/registry/testenv"
)

// needCgroup skips when the host could bound no box with a cgroup here
// (an ordinary user without a delegated cgroup v2 subtree), except where
// under CI (testenv), whose machine offers one.
func needCgroup(t *testing.T, c evidence.Campaign) {
	t.Helper()
	if c.Sandbox.LimitedBy == sandbox.LimitedByCgroupV1 || c.Sandbox.LimitedBy == sandbox.LimitedByCgroupV2 {
		return
	}
	why := fmt.Sprintf("no cgroup bounds the box here (limited by %q: %s)", c.Sandbox.LimitedBy, strings.Join(c.Sandbox.Missing, "; "))
	testenv.Skip(t, why)
}

// TestBoxLimits reaches for the box's limits through children: three of
// 200 MiB each under --mem-limit 400 (each within its own RLIMIT_DATA,
// 600 MiB together), and a fork bomb. Only a limit on the whole box stops
// the first; the host survives both, names what the kernel enforced in a
// finding, and measures the plugin beside them.
func TestBoxLimits(t *testing.T) {
	dir := hostileDir(t, "memchildren", "forkbomb")
	out := filepath.Join(t.TempDir(), "r")
	code, log := runHost(t, quick(dir, out, "--suite", "all", "--mem-limit", "400")...)
	var c evidence.Campaign
	if err := evidence.ReadJSON(evidence.CampaignPath(out), &c); err != nil {
		t.Fatalf("campaign.json: %v\n%s", err, log)
	}
	needCgroup(t, c)
	if code != 1 {
		t.Fatalf("exit %d, want 1 (the stand-in has no known answers)\n%s", code, log)
	}
	var held, mib int
	b := breaches(t, out, "memchildren")
	t.Logf("memchildren: %s", b)
	if _, err := fmt.Sscanf(b, "%d children held %d MiB each at once", &held, &mib); err != nil || held*mib > 400 {
		t.Errorf("memchildren: %q: more than the box's 400 MiB held at once", b)
	}
	var forked int
	b = breaches(t, out, "forkbomb")
	t.Logf("forkbomb: %s", b)
	if _, err := fmt.Sscanf(b, "forked %d processes", &forked); err != nil || forked >= sandbox.DefaultLimits.Procs {
		t.Errorf("forkbomb: %q: want fewer than %d", b, sandbox.DefaultLimits.Procs)
	}
	s := readSummary(t, out)
	if !hasFinding(s.Findings, "hostile-memchildren", "memory limit reached") {
		t.Errorf("no finding says the memory limit was reached:\n%s", findingsOf(s.Findings, "hostile-memchildren"))
	}
	if !hasFinding(s.Findings, "hostile-forkbomb", "process limit reached") {
		t.Errorf("no finding says the process limit was reached:\n%s", findingsOf(s.Findings, "hostile-forkbomb"))
	}
	for _, in := range s.Instances {
		if in.Plugin == "x25519" && (in.KAT != "pass" || len(in.Ops) == 0) {
			t.Errorf("x25519 beside the hostile plugins: KAT %s, %d ops", in.KAT, len(in.Ops))
		}
	}
	if p, err := os.ReadFile(filepath.Join(out, "report", "index.html")); err != nil || !strings.Contains(string(p), "limits: "+string(c.Sandbox.LimitedBy)) {
		t.Errorf("the report's index does not say what limits the box (%v)", err)
	}
}

// TestPluginBudget runs a plugin whose every call takes half a second,
// well within --call-timeout, under --plugin-budget 10s: the host kills it
// once its budget is spent, says so in one finding, and measures the
// plugin after it.
func TestPluginBudget(t *testing.T) {
	dir := hostileDir(t, "slowcalls")
	out := filepath.Join(t.TempDir(), "r")
	start := time.Now()
	// Without the budget the slow plugin is still running after four minutes.
	code, log := runHostWithin(t, 4*time.Minute, quick(dir, out, "--suite", "all", "--call-timeout", "5s", "--plugin-budget", "10s")...)
	took := time.Since(start)
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s", code, log)
	}
	s := readSummary(t, out)
	if !hasFinding(s.Findings, "hostile-slowcalls", "--plugin-budget 10s") {
		t.Errorf("no finding says the budget ran out:\n%s", findingsOf(s.Findings, "hostile-slowcalls"))
	}
	x := false
	for _, in := range s.Instances {
		if in.Plugin == "x25519" {
			x = in.KAT == "pass" && len(in.Ops) > 0
		}
	}
	if !x {
		t.Errorf("x25519 after the slow plugin was not measured\n%s", log)
	}
	var pi evidence.PluginInfo
	if err := evidence.ReadJSON(evidence.PluginPath(out, "hostile-slowcalls"), &pi); err != nil || !hasFinding(pi.Findings, "hostile-slowcalls", "--plugin-budget") {
		t.Errorf("plugins/hostile-slowcalls.json does not name the budget finding (%v): %+v", err, pi.Findings)
	}
	t.Logf("the campaign took %v", took.Round(time.Second))
}
