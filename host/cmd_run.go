package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"crucible.dev/host/internal/campaign"
	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/hoststate"
	"crucible.dev/host/internal/instcount"
	"crucible.dev/host/internal/noise"
	"crucible.dev/host/internal/progress"
	"crucible.dev/host/internal/report"
)

func cmdRun(mode string, args []string) error {
	fs := flag.NewFlagSet(mode, flag.ContinueOnError)
	var c common
	c.register(fs)
	suite := fs.String("suite", "all", "what to run, comma-separated: all, a plugin name, a kind (kem, sig, kex, hash, xof, mac, kdf, aead, drbg), or PLUGIN/INSTANCE (an instance name or ID, e.g. mlkem/ML-KEM-768/go-std)")
	out := fs.String("out", "", "run directory (default results/<UTC timestamp>)")
	trials := fs.Int("trials", 5, "trials per operation, each in a fresh plugin process")
	iterations := fs.Int64("iterations", 0, "fixed timed calls per trial instead of calibrating")
	target := fs.Duration("trial-target", 20*time.Millisecond, "calibrated duration of one operation's timed loop per trial")
	minCalls := fs.Int64("min-calls", 100, "timed calls per trial at least, for operations faster than 1 ms")
	full := fs.Bool("full", false, "campaign-grade preset: --trial-target 1s, long KAT variants")
	cpu := fs.Int("cpu", -1, "pin plugin processes to this CPU")
	long := fs.Bool("long", false, "run the long KAT variants too")
	noProfile := fs.Bool("no-profile", false, "skip the hash-share CPU profiles")
	strict := fs.Bool("strict", false, "refuse to measure on a host whose timing is not fixed (see host check)")
	locked := fs.Bool("locked", false, "refuse plugins whose executables differ from crucible.lock")
	lockPath := fs.String("lock", "crucible.lock", "lock file for --locked")
	mtls := fs.Bool("mtls", false, "mutual TLS between host and plugins")
	resume := fs.Bool("resume", false, "complete an interrupted run in --out, keeping what it holds")
	system := fs.String("system", "", "label of the system measured, which reports and compare tell datasets apart by (default: from the CPU model)")
	shard := fs.String("shard", "", "run only shard K of N (K/N) of the (plugin, instance) units")
	signKey := fs.String("sign-key", "", "sign the run's manifest with this ed25519 private key (PEM, PKCS #8)")
	counter := fs.String("counter", "", "also count each operation's instructions exactly: \"instructions\" runs its loop once more under valgrind's callgrind")
	countCalls := fs.Int64("count-calls", instcount.DefaultCalls, "calls in each counted loop (--counter)")
	waitQuiet := fs.Duration("wait-quiet", 0, "before measuring, wait up to this long for the machine to settle (two seconds in a row without CPU pressure or stolen time)")
	msgLens := fs.String("msg-lens", joinInts(campaign.DefaultMsgLens), "message lengths in bytes, comma-separated, that the symmetric primitives are timed at")
	fresh := fs.Int("fresh", 3, "records of each fresh-seed KAT file, generated from a seed drawn for the run and compared byte for byte across the implementations of an instance (0: none)")
	if err := fs.Parse(args); err != nil {
		return &exitError{2, nil}
	}
	if fs.NArg() > 0 {
		return usageErr("%s: unexpected arguments %q", mode, fs.Args())
	}
	root, cache, err := c.workspace()
	if err != nil {
		return err
	}
	sh, err := parseShard(*shard)
	if err != nil {
		return usageErr("%v", err)
	}
	if *full {
		*target, *long = time.Second, true
	}
	lens, err := parseInts(*msgLens)
	if err != nil {
		return usageErr("--msg-lens: %v", err)
	}
	if *counter != "" && *counter != instcount.Instructions {
		return usageErr("--counter: %q is not a counter (instructions)", *counter)
	}
	if *out == "" {
		if *resume {
			return usageErr("--resume needs --out DIR")
		}
		*out = filepath.Join("results", time.Now().UTC().Format("20060102T150405Z"))
	}
	if *strict {
		if ps := hoststate.Problems(hoststate.Capture(), *cpu); len(ps) > 0 {
			var b strings.Builder
			for _, p := range ps {
				fmt.Fprintf(&b, "\n  %s", p)
			}
			return usageErr("--strict: this host is not fixed for measurement:%s", b.String())
		}
	}
	lc, err := c.launcher()
	if err != nil {
		return err
	}
	defer lc.Close()
	cfg := campaign.Config{
		Root: root, PluginDirs: c.pluginDirs, Cache: cache, Out: *out, Suite: *suite,
		System: systemLabel(*system), Trials: *trials, TrialTarget: *target, Iterations: *iterations, MinCalls: *minCalls,
		MsgLens: lens, CPU: *cpu, Long: *long, Profile: !*noProfile,
		KAT: mode == "run" || mode == "kat", Bench: mode == "run" || mode == "bench",
		Robust: mode == "run" || mode == "robust", Resume: *resume, Shard: sh,
		Counter: *counter, CountCalls: *countCalls,
		Fresh: *fresh, Limits: c.limits, Launcher: lc, MTLS: *mtls, Command: append([]string{"host", mode}, args...),
		Progress: progress.New(os.Stderr), Log: os.Stderr,
	}
	if *locked {
		if cfg.Lock, err = readLock(*lockPath); err != nil {
			return usageErr("--locked: %v", err)
		}
	}
	if *waitQuiet > 0 && cfg.Bench {
		fmt.Fprintf(os.Stderr, "host: waiting up to %s for the machine to settle\n", *waitQuiet)
		if !noise.WaitQuiet(*waitQuiet, func(w noise.Window) { fmt.Fprintf(os.Stderr, "host: not yet quiet: %s\n", w.Why) }) {
			fmt.Fprintf(os.Stderr, "host: warning: the machine did not settle within %s; measuring anyway, trials are checked one by one\n", *waitQuiet)
		}
	}
	srcs, err := campaign.Sources(cfg)
	if err != nil {
		return usageErr("%v", err)
	}
	camp, err := campaign.New(cfg)
	if err != nil {
		return usageErr("%v", err)
	}
	findings, err := camp.Run(srcs)
	cfg.Progress.Finish()
	if err != nil {
		return usageErr("%v", err)
	}
	sum, err := writeSummary(*out)
	if err != nil {
		return err
	}
	if *signKey != "" {
		if err := evidence.Sign(*out, *signKey); err != nil {
			return usageErr("--sign-key: %v", err)
		}
	}
	fmt.Println()
	if mode == "robust" {
		robustTable(camp.Robust())
	} else {
		report.Table(os.Stdout, sum)
	}
	fmt.Printf("\nrun directory: %s (summary.json, summary.md, report/index.html)\n", *out)
	var bad []string
	if cfg.KAT {
		bad = problems(sum)
	}
	n := report.Outcome(os.Stdout, sum, bad)
	if n == 0 {
		// Outcome counts the findings the plugins' files hold; one that
		// could not be written there still fails the run.
		for _, f := range findings {
			if f.Known == "" {
				fmt.Println("new finding: " + progress.FormatFinding(f))
				n++
			}
		}
	}
	if n > 0 {
		return &exitError{1, nil}
	}
	return nil
}

// robustTable prints the robustness counts per instance.
func robustTable(lines []campaign.RobustLine) {
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "plugin\tinstance\tcases\terrors\tdefined\tcrashes\taccepted\t")
	for _, l := range lines {
		c := l.Counts
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%d\t%d\t\n", l.Plugin, l.Instance, c.Cases, c.Errors, c.Defined, c.Crashes, c.Accepted)
	}
	tw.Flush()
}

// writeSummary rebuilds summary.json and the reports (summary.md,
// report/<plugin>.md, report/index.html) from the directory.
func writeSummary(dir string) (*evidence.Summary, error) {
	if err := evidence.Track(dir); err != nil {
		return nil, err
	}
	run, err := evidence.Load(dir)
	if err != nil {
		return nil, err
	}
	sum := evidence.Summarize(run)
	if err := evidence.WriteJSON(evidence.SummaryPath(dir), sum); err != nil {
		return nil, err
	}
	if err := evidence.WriteFiles(dir, report.Render(run, sum)); err != nil {
		return nil, err
	}
	return sum, nil
}

// problems are the instances that keep a run from a clean exit beyond the
// recorded findings: a KAT that did not pass, on an instance no new finding
// already names (so each problem is told once).
func problems(s *evidence.Summary) []string {
	named := map[string]bool{}
	for _, f := range s.Findings {
		if f.Known == "" {
			named[f.Plugin+"\x00"+f.Instance] = true
		}
	}
	var out []string
	for _, in := range s.Instances {
		switch {
		case in.KAT == evidence.KATPass, in.KAT == evidence.KATKnown, in.KAT == evidence.KATNotBuilt, named[in.Plugin+"\x00"+in.ID]:
		default:
			out = append(out, fmt.Sprintf("%s %s: KAT %s", in.Plugin, in.ID, in.KAT))
		}
	}
	return out
}
