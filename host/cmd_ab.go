package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"crucible.dev/host/internal/campaign"
	"crucible.dev/host/internal/interleave"
)

func init() {
	register("ab", "interleaved A/B: two plugin directories measured in alternating rounds of one session; a signed-rank test over the rounds' ratios", cmdAB)
}

// cmdAB measures OLD and NEW, two directories of prebuilt plugin
// executables (two builds), in interleaved rounds and prints, per
// operation, the median ratio with its interval and the verdict. Like
// compare it only informs: it exits 0 whatever changed.
func cmdAB(args []string) error {
	fs := flag.NewFlagSet("ab", flag.ContinueOnError)
	var c common
	c.register(fs)
	suite := fs.String("suite", "all", "what to run: all, a plugin name, or a kind")
	// Twenty rounds: on this project's 2-CPU machines under a load of
	// 11-28, ten found a 10% slowdown in 62.5% of sessions and twenty in
	// all (tools/abrates.sh), at the same false-positive rate.
	rounds := fs.Int("rounds", 20, "interleaved rounds; each measures one fresh-process trial of every operation on each side")
	// 200 ms a trial: these machines change speed in spells of 50 ms to
	// 0.6 s (docs/method.md); a 20 ms trial sits inside one, so its
	// fastest sample is as slow as the spell. In one hour here a 10%
	// slowdown was found in 3 of 16 tests at 20 ms, 11 of 16 at 200 ms.
	target := fs.Duration("trial-target", 200*time.Millisecond, "calibrated duration of one operation's timed loop per trial")
	minCalls := fs.Int64("min-calls", 100, "timed calls per trial at least, for operations faster than 1 ms")
	cpu := fs.Int("cpu", -1, "pin plugin processes to this CPU")
	alpha := fs.Float64("alpha", 0.05, "significance level of the signed-rank test")
	unit := fs.String("unit", "min", "what each round compares of a side's trial: min (its fastest per-call sample: load only adds time) or median")
	out := fs.String("out", "", "session directory (default results/ab-<UTC timestamp>)")
	var oldEnv, newEnv listFlag
	fs.Var(&oldEnv, "old-env", "CRUCIBLE_NAME=VALUE set while OLD's plugins run (repeatable)")
	fs.Var(&newEnv, "new-env", "CRUCIBLE_NAME=VALUE set while NEW's plugins run (repeatable)")
	if err := fs.Parse(args); err != nil {
		return &exitError{2, nil}
	}
	if fs.NArg() != 2 || *alpha <= 0 || *alpha >= 1 || len(c.pluginDirs) > 0 {
		return usageErr("usage: host ab [--rounds N] [--suite S] [--old-env K=V] [--new-env K=V] [--out DIR] OLD_PLUGIN_DIR NEW_PLUGIN_DIR")
	}
	if *out == "" {
		*out = filepath.Join("results", "ab-"+time.Now().UTC().Format("20060102T150405Z"))
	}
	if _, err := os.Stat(filepath.Join(*out, "ab.json")); err == nil {
		return usageErr("ab: %s already holds a session", *out)
	}
	lc, err := c.launcher()
	if err != nil {
		return err
	}
	defer lc.Close()
	res, err := interleave.Run(interleave.Config{
		Old:    interleave.Side{Label: "old", PluginDirs: []string{fs.Arg(0)}, Env: oldEnv},
		New:    interleave.Side{Label: "new", PluginDirs: []string{fs.Arg(1)}, Env: newEnv},
		Rounds: *rounds, Alpha: *alpha, Unit: *unit, Out: *out, Log: os.Stderr,
		Base: campaign.Config{Suite: *suite, System: systemLabel(""), TrialTarget: *target, MinCalls: *minCalls,
			MsgLens: campaign.DefaultMsgLens, CPU: *cpu, Limits: c.limits, Launcher: lc, Command: append([]string{"host", "ab"}, args...)},
	})
	if err != nil {
		return usageErr("%v", err)
	}
	interleave.Write(os.Stdout, res)
	fmt.Printf("\nsession directory: %s (ab.json; each side's rounds as run directories)\n", *out)
	return nil
}
