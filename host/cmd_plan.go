package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"crucible.dev/host/internal/plan"
)

func init() {
	register("plan", "write a campaign for a cluster scheduler: host plan --engine slurm|kubernetes --shards N --out DIR [run flags]", cmdPlan)
}

// planFlags are the flags plan keeps for itself; every other argument is a
// run flag passed to each shard's `host run`.
var planFlags = map[string]bool{
	"engine": true, "shards": true, "out": true, "host": true, "chdir": true,
	"results": true, "image": true, "name": true, "partition": true, "time": true,
}

// runFlagsPlanned are run flags the plan sets itself for each shard (--out
// is plan's own: where the plan goes; each shard's run directory is under
// --results).
var runFlagsPlanned = map[string]string{
	"shard": "the plan sets --shard i/N", "cpu": "the plan pins each shard to its allocated core",
	"resume": "resubmit a shard's task instead",
}

// cmdPlan writes the batch files that run a campaign as N shards on a
// scheduler and merge them once all have ended.
func cmdPlan(args []string) error {
	own, runArgs, err := splitPlanArgs(args)
	if err != nil {
		return usageErr("plan: %v", err)
	}
	fs := flag.NewFlagSet("plan", flag.ContinueOnError)
	engine := fs.String("engine", "", "scheduler: slurm or kubernetes")
	shards := fs.Int("shards", 0, "number of shards (array tasks or completion indexes)")
	out := fs.String("out", "", "directory the plan's files are written to (new or empty)")
	hostBin := fs.String("host", "", "the host executable the jobs run (default: this one; with kubernetes: host, in the image)")
	chdir := fs.String("chdir", "", "working directory of the jobs, the workspace root (default: the current directory)")
	results := fs.String("results", "", "where the shards' run directories and the merged run go (default: <out>/results; with kubernetes: /results)")
	image := fs.String("image", "", "kubernetes: the container image holding host and the plugins")
	name := fs.String("name", "crucible", "job name")
	partition := fs.String("partition", "", "slurm: partition (default: the cluster's)")
	limit := fs.String("time", "", "slurm: time limit of each task (sbatch --time)")
	if err := fs.Parse(own); err != nil {
		return &exitError{2, nil}
	}
	if *engine == "" || *shards < 1 || *out == "" {
		return usageErr("usage: host plan --engine slurm|kubernetes --shards N --out DIR [run flags]")
	}
	p := plan.Plan{Name: *name, Shards: *shards, RunArgs: runArgs, Host: *hostBin, Dir: *chdir, Results: *results,
		Image: *image, Partition: *partition, Time: *limit}
	var files map[string]string
	switch *engine {
	case "slurm":
		if p.Host == "" {
			if p.Host, err = os.Executable(); err != nil {
				return usageErr("plan: --host: %v", err)
			}
			if strings.Contains(p.Host, string(filepath.Separator)+"go-build") {
				return usageErr("plan: this host is a temporary go run build the jobs would not find: go build -o bin/host ./host, then bin/host plan, or give --host")
			}
		}
		if p.Dir == "" {
			if p.Dir, err = os.Getwd(); err != nil {
				return usageErr("plan: %v", err)
			}
		}
		if p.Results == "" {
			if p.Results, err = filepath.Abs(filepath.Join(*out, "results")); err != nil {
				return usageErr("plan: %v", err)
			}
		}
		files, err = plan.Slurm(p)
	case "kubernetes":
		files, err = plan.Kubernetes(p)
	default:
		return usageErr("plan: --engine %q: want slurm or kubernetes", *engine)
	}
	if err != nil {
		return usageErr("plan: %v", err)
	}
	if err := plan.Write(*out, files); err != nil {
		return &exitError{1, err}
	}
	names := plan.Names(files)
	fmt.Printf("wrote %s: %s\nsubmit with: sh %s\n", *out, strings.Join(names, ", "), filepath.Join(*out, "submit.sh"))
	return nil
}

// splitPlanArgs separates plan's own flags from the run flags, refusing run
// flags the plan sets itself.
func splitPlanArgs(args []string) (own, run []string, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") {
			return nil, nil, fmt.Errorf("unexpected argument %q", a)
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if why, ok := runFlagsPlanned[name]; ok {
			return nil, nil, fmt.Errorf("--%s: %s", name, why)
		}
		dst := &run
		if planFlags[name] {
			dst = &own
		}
		*dst = append(*dst, a)
		if !hasValue && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
			i++
			*dst = append(*dst, args[i])
		}
	}
	return own, run, nil
}
