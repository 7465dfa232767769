// Package plan writes the files that run a campaign on a cluster scheduler:
// N shards of `host run --shard i/N`, each in its own run directory and
// pinned to the core the scheduler allocated, then one `host merge` and
// `host report` over all of them once every shard has ended. The engines
// are existing schedulers (Slurm job arrays, Kubernetes Indexed Jobs); the
// plan only writes their input.
package plan

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Plan is one campaign split into shards.
type Plan struct {
	Name      string   // job name
	Shards    int      // N
	RunArgs   []string // flags of each shard's host run (suite, trials, ...)
	Host      string   // the host executable as the job sees it
	Dir       string   // working directory of the jobs (the workspace root)
	Results   string   // shards/<i>, merged and logs go here
	Image     string   // kubernetes: container image
	Partition string   // slurm: partition, "" for the default
	Time      string   // slurm: time limit of a task, "" for the default
}

func (p Plan) check() error {
	if p.Shards < 1 {
		return fmt.Errorf("--shards %d: want at least 1", p.Shards)
	}
	if p.Name == "" || strings.ContainsAny(p.Name, " \t\n'\"/") {
		return fmt.Errorf("--name %q: want a plain job name", p.Name)
	}
	return nil
}

// shardDir is shard i's run directory (1-based, as --shard counts).
func (p Plan) shardDir(i string) string { return p.Results + "/shards/" + i }

// mergedDir is the merged run directory.
func (p Plan) mergedDir() string { return p.Results + "/merged" }

// pinnedCPU is shell that sets cpu to the first core this process may run
// on: the core Slurm's task/affinity (or task/cgroup) plugin or the
// kubelet's static CPU manager allocated to the task.
const pinnedCPU = `cpu=$(awk '/^Cpus_allowed_list/ {split($2, a, /[,-]/); print a[1]}' /proc/self/status)`

// shardCommand is the shell that runs shard "$i" of the campaign, resuming
// it when the scheduler runs the task again after an interruption.
func (p Plan) shardCommand() string {
	dir := p.shardDir(`"$i"`)
	return strings.Join([]string{
		pinnedCPU,
		`resume=""`,
		`if [ -e ` + quote(p.Results) + `/shards/"$i"/campaign.json ]; then resume=--resume; fi`,
		`exec ` + quote(p.Host) + ` run --shard "$i/` + fmt.Sprint(p.Shards) + `" --cpu "$cpu" --out ` + quoteExceptVar(dir) + ` $resume ` + quoteAll(p.RunArgs),
	}, "\n")
}

// mergeCommand is the shell that merges every shard and renders the report.
func (p Plan) mergeCommand() string {
	dirs := make([]string, p.Shards)
	for i := range dirs {
		dirs[i] = quote(p.shardDir(fmt.Sprint(i + 1)))
	}
	return quote(p.Host) + " merge --out " + quote(p.mergedDir()) + " " + strings.Join(dirs, " ") + "\n" +
		quote(p.Host) + " report " + quote(p.mergedDir())
}

// Write puts the files into dir, which must not hold a plan already.
func Write(dir string, files map[string]string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, name := range Names(files) {
		path := filepath.Join(dir, name)
		if _, err := os.Stat(path); err == nil {
			return fmt.Errorf("%s exists: write the plan into a new directory", path)
		}
		mode := os.FileMode(0o644)
		if strings.HasSuffix(name, ".sh") || strings.HasSuffix(name, ".sbatch") {
			mode = 0o755
		}
		if err := os.WriteFile(path, []byte(files[name]), mode); err != nil {
			return err
		}
	}
	return nil
}

// Names lists the files of a plan in order.
func Names(files map[string]string) []string {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// quote makes s one shell word.
func quote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=:,@%+", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// quoteExceptVar quotes s around an already quoted "$i".
func quoteExceptVar(s string) string {
	a, b, _ := strings.Cut(s, `"$i"`)
	return quote(a) + `"$i"` + b
}

// quoteAll quotes each argument.
func quoteAll(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = quote(a)
	}
	return strings.Join(q, " ")
}
