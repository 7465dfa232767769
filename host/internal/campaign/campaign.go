// Package campaign runs Crucible's method over a suite of plugins, one
// plugin process at a time: describe and audit, the KAT gate, calibration,
// then a fixed number of trials each in a fresh plugin process, writing
// every result to the run directory as it is obtained.
package campaign

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"crucible.dev/host/internal/audit"
	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/hoststate"
	"crucible.dev/host/internal/instcount"
	"crucible.dev/host/internal/katgate"
	"crucible.dev/host/internal/plugin"
	"crucible.dev/host/internal/progress"
	"crucible.dev/host/internal/robust"
	"crucible.dev/host/internal/sandbox"
	"crucible.dev/host/internal/session"
)

// Config is one campaign.
type Config struct {
	Root        string   // workspace root; "" when only prebuilt plugins are used
	PluginDirs  []string // directories of prebuilt crucible-plugin-* executables
	Cache       string   // where source plugins are built
	Out         string   // run directory
	Suite       string
	System      string // label of the system measured (--system)
	Trials      int
	TrialTarget time.Duration // wanted duration of one operation's timed loop in one trial
	Iterations  int64         // fixed calls per trial instead of calibrating; 0 to calibrate
	MinCalls    int64         // timed calls per trial at least, for fast operations
	MsgLens     []int         // message-length ladder for symmetric primitives
	CPU         int           // pin plugins to this CPU; -1 for none
	Long        bool          // long KAT variants
	Profile     bool          // hash-share profiles for instances that ask for them
	KAT, Bench  bool          // which steps to run
	Robust      bool          // send malformed inputs to every instance
	Resume      bool          // keep what the directory already holds
	Shard       session.Shard
	Counter     string            // instcount.Instructions to count each operation's instructions too; "" for none
	CountCalls  int64             // calls in each counted loop (instcount.DefaultCalls when 0)
	Fresh       int               // records of each fresh-seed KAT file, compared across implementations; 0 for none
	FreshSeed   string            // the run's seed for them, hex; drawn by New when empty
	Lock        map[string]string // plugin name -> executable SHA-256 (--locked)
	Limits      plugin.Limits
	Launcher    *sandbox.Launcher // starts every plugin process: sealed, and sandboxed unless the user said otherwise
	MTLS        bool
	Command     []string
	Progress    *progress.Progress
	Log         io.Writer // build messages and plugin logs go to files; this is for the user
}

// DefaultMsgLens is the ladder symmetric primitives are timed at.
var DefaultMsgLens = []int{16, 64, 256, 1024, 4096, 16384, 65536}

// BulkLen is added to the ladder of bulk primitives (hashes, MACs, AEADs).
const BulkLen = 1 << 20

// Campaign is a run in progress.
type Campaign struct {
	cfg          Config
	env          evidence.Environment
	findings     []evidence.Finding
	robustCounts []RobustLine
	kat          *katgate.Gate               // made by Run, once the settings are final
	noise        noiseCount                  // trials, disturbed ones, retries
	early        map[string]*evidence.Record // points calibrated in the plugin's first process, by pointKey
	builds       map[*plugin.Source]*build   // plugin builds started, by source
	budget       *budget                     // of the plugin being evaluated; nil for none
}

// RobustLine is one instance's robustness counts.
type RobustLine struct {
	Plugin, Instance string
	Counts           robust.Counts
}

// Robust returns the robustness counts of the run so far.
func (c *Campaign) Robust() []RobustLine { return c.robustCounts }

// New prepares the run directory.
func New(cfg Config) (*Campaign, error) {
	if cfg.Trials < 1 {
		return nil, fmt.Errorf("--trials must be at least 1")
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard // a caller that wants no messages, such as one A/B round
	}
	if cfg.Progress == nil {
		cfg.Progress = progress.New(io.Discard)
	}
	if cfg.Fresh > 0 && cfg.FreshSeed == "" {
		var err error
		if cfg.FreshSeed, err = katgate.NewFreshSeed(); err != nil {
			return nil, err
		}
	}
	c := &Campaign{cfg: cfg, env: hoststate.Capture()}
	if cfg.Resume {
		// What a kill left half-done is settled before anything is
		// added, so the manifest accounts for every file again.
		did, err := evidence.Reconcile(cfg.Out)
		if err != nil {
			return nil, fmt.Errorf("--resume: %w", err)
		}
		for _, d := range did {
			fmt.Fprintf(cfg.Log, "host: --resume: %s\n", d)
		}
		if err := evidence.Track(cfg.Out); err != nil {
			return nil, err
		}
	}
	camp := evidence.Campaign{
		Tool:    "crucible host",
		Command: cfg.Command,
		Started: time.Now().UTC().Format(time.RFC3339),
		Suite:   cfg.Suite,
		System:  cfg.System,
		Settings: evidence.Settings{
			Trials: cfg.Trials, TrialTargetSec: cfg.TrialTarget.Seconds(), Iterations: cfg.Iterations,
			MinCalls: cfg.MinCalls, CPU: cfg.CPU, Long: cfg.Long, Profile: cfg.Profile,
			Shard: cfg.Shard.String(), MsgLens: cfg.MsgLens,
			FreshRecords: cfg.Fresh, FreshSeed: cfg.FreshSeed,
			Counter: cfg.Counter, CountCalls: instcount.Calls(cfg.Counter, cfg.CountCalls),
		},
		Environment: c.env,
	}
	if cfg.Launcher != nil {
		camp.Sandbox = cfg.Launcher.Report()
	}
	path := evidence.CampaignPath(cfg.Out)
	if cfg.Resume {
		var old evidence.Campaign
		if err := evidence.ReadJSON(path, &old); err != nil {
			return nil, fmt.Errorf("--resume: %w", err)
		}
		// The resumed run keeps its original settings, so its records
		// stay comparable with each other.
		c.cfg.Trials = old.Settings.Trials
		c.cfg.TrialTarget = time.Duration(old.Settings.TrialTargetSec * float64(time.Second))
		c.cfg.Iterations = old.Settings.Iterations
		c.cfg.MinCalls = old.Settings.MinCalls
		c.cfg.MsgLens = old.Settings.MsgLens
		c.cfg.Long = old.Settings.Long
		c.cfg.Profile = old.Settings.Profile
		c.cfg.Fresh, c.cfg.FreshSeed = old.Settings.FreshRecords, old.Settings.FreshSeed
		c.cfg.Counter, c.cfg.CountCalls = old.Settings.Counter, old.Settings.CountCalls
		c.cfg.Suite = old.Suite
		return c, nil
	}
	if err := evidence.StartRun(cfg.Out, camp); err != nil {
		if errors.Is(err, evidence.ErrRunExists) {
			return nil, fmt.Errorf("%s already holds a run: use --resume to complete it, or another --out", cfg.Out)
		}
		return nil, err
	}
	return c, nil
}

// Sources discovers the plugins: the workspace's and the prebuilt ones; each
// is built when the campaign reaches it.
func Sources(cfg Config) ([]plugin.Source, error) {
	srcs, err := plugin.Discover(cfg.Root, cfg.PluginDirs)
	if err != nil {
		return nil, err
	}
	return srcs, nil
}

// Run runs the campaign over every selected plugin and writes the summary.
// It returns the findings; a plugin that fails never stops the others.
func (c *Campaign) Run(srcs []plugin.Source) ([]evidence.Finding, error) {
	n := 0
	for _, s := range srcs {
		if session.SelectPlugin(c.cfg.Suite, s.Name) {
			n++
		}
	}
	c.cfg.Progress.Plugins(n)
	c.kat = c.newGate()
	var order []*plugin.Source
	for _, i := range katgate.ReferencesFirst(srcs) {
		if session.SelectPlugin(c.cfg.Suite, srcs[i].Name) {
			order = append(order, &srcs[i])
		}
	}
	if len(order) == 0 {
		return nil, fmt.Errorf("suite %q matches no plugin (suites: %s)", c.cfg.Suite, strings.Join(session.Suites(srcs), ", "))
	}
	c.planAhead(order)
	for k, s := range order {
		if err := c.awaitBuild(s); err != nil {
			c.finding(evidence.Finding{Plugin: s.Name, What: "build", Detail: err.Error()})
			c.writePluginFailure(s, evidence.PluginFault)
			continue
		}
		var next *plugin.Source
		if k+1 < len(order) {
			next = order[k+1]
		}
		c.runPlugin(s, next)
	}
	c.rewriteJudged()
	c.gradeNoise()
	c.dropAllPartial()
	return c.findings, nil
}

// start runs a fresh process of the plugin, logging to the run directory.
func (c *Campaign) start(s *plugin.Source) (*plugin.Process, func(), error) {
	return c.startWith(s, nil, false)
}

// startTrial is start with a fresh copy of the executable, so that each
// trial samples where the copy's pages land (sandbox.Launcher.Reseal) and
// the trials' spread covers it.
func (c *Campaign) startTrial(s *plugin.Source) (*plugin.Process, func(), error) {
	return c.startWith(s, nil, true)
}

// startCounted is start with the process under an instruction counter.
func (c *Campaign) startCounted(s *plugin.Source, cnt *sandbox.Counter) (*plugin.Process, func(), error) {
	return c.startWith(s, cnt, false)
}

func (c *Campaign) startWith(s *plugin.Source, cnt *sandbox.Counter, fresh bool) (*plugin.Process, func(), error) {
	lp := evidence.LogPath(c.cfg.Out, s.Name)
	if err := os.MkdirAll(filepath.Dir(lp), 0o755); err != nil {
		return nil, nil, err
	}
	lf, err := os.OpenFile(lp, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, nil, err
	}
	o := plugin.Options{Limits: c.cfg.Limits, Launcher: c.cfg.Launcher, CPU: c.cfg.CPU, MTLS: c.cfg.MTLS, Log: lf, Fresh: fresh}
	if cnt != nil {
		o.Counter, o.Limits = cnt, instcount.Limits(o.Limits)
	}
	if c.cfg.Lock != nil {
		sum, ok := c.cfg.Lock[s.Name]
		if !ok {
			lf.Close()
			return nil, nil, fmt.Errorf("plugin %s is not in the lock file: %w", s.Name, plugin.ErrChecksum)
		}
		o.Checksum = sum
	}
	p, err := c.budget.start(*s, o)
	if err != nil {
		lf.Close()
		return nil, nil, err
	}
	return p, func() {
		c.stop(s.Name, p)
		lf.Close()
		evidence.Note(lp) // the log as the host wrote it, for the manifest
	}, nil
}

// runPlugin takes one plugin through the whole method; the next plugin
// is built while this one's untimed steps run.
func (c *Campaign) runPlugin(s *plugin.Source, next *plugin.Source) {
	c.cfg.Progress.Plugin(s.Name)
	defer c.startBudget(s.Name)()
	c.startBuild(next)
	sess, err := session.Start(s, c.start)
	if err != nil {
		status := evidence.PluginFault
		if errors.Is(err, plugin.ErrChecksum) || errors.Is(err, plugin.ErrForeignAddress) {
			status = evidence.PluginRefused
		}
		c.finding(evidence.Finding{Plugin: s.Name, What: "start", Detail: err.Error()})
		c.writePluginFailure(s, status)
		return
	}
	d, err := sess.Describe()
	if err != nil {
		c.finding(evidence.Finding{Plugin: s.Name, What: "fault", Detail: err.Error()})
		c.writePluginFailure(s, evidence.PluginFault)
		return
	}
	insts := sess.Select(c.cfg.Suite, c.cfg.Shard)
	if bad := session.Unmatched(c.cfg.Suite, s.Name, d.Instances); len(bad) > 0 {
		var ids []string
		for _, in := range d.Instances {
			ids = append(ids, in.ID())
		}
		c.finding(evidence.Finding{Plugin: s.Name, What: "suite", Detail: fmt.Sprintf("%s names no instance of %s (instances: %s)", strings.Join(bad, ", "), s.Name, strings.Join(ids, ", "))})
	}
	sort.SliceStable(insts, func(i, j int) bool {
		return katgate.IsReference(s.Name, insts[i]) && !katgate.IsReference(s.Name, insts[j])
	})
	if len(insts) == 0 && len(d.Instances) > 0 {
		sess.Stop() // none of its instances is in the suite or this shard
		return
	}
	info, fs := audit.Plugin(c.cfg.Root, s, sess.Process(), d, insts)
	c.raise(fs)
	// Describe, audit, the KAT gate and the robustness step share the first
	// process; one that dies is replaced, so a fault costs only its step.
	var p *plugin.Process
	dead := false // no process could be started: said once
	alive := func(id string) bool {
		if p, err = sess.Alive(); err != nil {
			c.finding(evidence.Finding{Plugin: s.Name, Instance: id, What: "start", Detail: err.Error()})
			dead = true
			return false
		}
		return true
	}
	gate := map[string]evidence.KATStatus{}
	var calibrate []*plugin.Instance
	for _, in := range insts {
		id := in.ID()
		if in.Unavailable != "" {
			gate[id] = evidence.KATNotBuilt
			continue
		}
		if !alive(id) {
			break
		}
		c.raise(audit.Sizes(p, s.Name, in, &info))
		if !alive(id) {
			break
		}
		if c.cfg.KAT {
			gate[id] = c.kat.Check(p, s.Name, in)
		} else {
			gate[id] = evidence.KATSkipped
		}
		if c.cfg.Robust {
			if !alive(id) {
				break
			}
			c.cfg.Progress.Step(s.Name, id, "robustness", "")
			counts, fs := robust.Check(p, s.Name, in)
			c.raise(fs)
			if err := evidence.WriteJSON(evidence.RobustPath(c.cfg.Out, s.Name, id), counts); err != nil {
				fmt.Fprintln(c.cfg.Log, "host:", err)
			}
			c.robustCounts = append(c.robustCounts, RobustLine{Plugin: s.Name, Instance: id, Counts: counts})
		}
		if c.cfg.Bench && benchable(gate[id]) {
			calibrate = append(calibrate, in)
		}
	}
	expect := 0 // the trials to come, for the estimate of the time left
	for _, in := range calibrate {
		expect += len(c.points(in)) * c.cfg.Trials
	}
	c.cfg.Progress.Expect(expect, len(insts))
	// Calibration is timed: it runs after every untimed step, once the
	// next plugin's build is done, still in this process.
	c.settle()
	for _, in := range calibrate {
		if dead || !alive(in.ID()) {
			break
		}
		c.calibrateEarly(s, sess, in, staticTotal(info))
	}
	sess.Stop()
	c.writePlugin(&info)
	if !c.cfg.Bench {
		return
	}
	var bench []*plugin.Instance
	for _, in := range insts {
		if benchable(gate[in.ID()]) {
			bench = append(bench, in)
		}
	}
	c.bench(s, bench, staticTotal(info))
	// Findings of the benchmark step belong in the plugin's file too.
	c.writePlugin(&info)
}
