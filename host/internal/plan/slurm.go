package plan

import (
	"fmt"
	"strings"
)

// Slurm writes a job array (shard.sbatch: task i runs shard i/N), a job
// that merges the shards and renders the report (merge.sbatch), and
// submit.sh, which submits the array and the merge job with a dependency
// on the whole array. The dependency is afterany, not afterok: a shard
// that ends with findings (exit 1) still holds its evidence, and a shard
// that never ran is reported by host merge as missing.
func Slurm(p Plan) (map[string]string, error) {
	if err := p.check(); err != nil {
		return nil, err
	}
	if p.Host == "" || p.Dir == "" || p.Results == "" {
		return nil, fmt.Errorf("slurm: the host executable, working directory and results directory must be known")
	}
	if strings.ContainsAny(p.Dir+p.Results, " \t\n") {
		return nil, fmt.Errorf("slurm: %q, %q: #SBATCH lines take no paths with spaces", p.Dir, p.Results)
	}
	head := func(name, output string, extra ...string) string {
		var b strings.Builder
		b.WriteString("#!/bin/bash\n")
		fmt.Fprintf(&b, "#SBATCH --job-name=%s\n", name)
		for _, e := range extra {
			fmt.Fprintf(&b, "#SBATCH %s\n", e)
		}
		b.WriteString("#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n")
		fmt.Fprintf(&b, "#SBATCH --chdir=%s\n", p.Dir)
		fmt.Fprintf(&b, "#SBATCH --output=%s\n", p.Results+"/logs/"+output)
		if p.Partition != "" {
			fmt.Fprintf(&b, "#SBATCH --partition=%s\n", p.Partition)
		}
		if p.Time != "" {
			fmt.Fprintf(&b, "#SBATCH --time=%s\n", p.Time)
		}
		b.WriteString("set -euo pipefail\n")
		return b.String()
	}
	files := map[string]string{
		"shard.sbatch": head(p.Name, "shard-%a.out", fmt.Sprintf("--array=1-%d", p.Shards)) +
			"# Array task i measures shard i/N into its own run directory, pinned to\n" +
			"# the first core Slurm allocated to it (with TaskPlugin=task/affinity or\n" +
			"# task/cgroup, the only one in its mask).\n" +
			`i=${SLURM_ARRAY_TASK_ID:?not started as a Slurm array task}` + "\n" +
			p.shardCommand() + "\n",
		"merge.sbatch": head(p.Name+"-merge", "merge.out") +
			"# Runs after every array task has ended; host merge refuses a missing\n" +
			"# or mismatched shard and names it.\n" +
			p.mergeCommand() + "\n",
		"submit.sh": "#!/bin/sh\n# Submits the shards and, after all of them, the merge.\nset -eu\n" +
			`plan=$(cd "$(dirname "$0")" && pwd)` + "\n" +
			"mkdir -p " + quote(p.Results+"/logs") + " " + quote(p.Results+"/shards") + "\n" +
			p.prebuild() +
			`array=$(sbatch --parsable "$plan/shard.sbatch")` + "\n" +
			`array=${array%%;*}` + "\n" +
			`merge=$(sbatch --parsable --dependency="afterany:$array" "$plan/merge.sbatch")` + "\n" +
			`merge=${merge%%;*}` + "\n" +
			`echo "shards: job $array; merge: job $merge; merged run: "` + quote(p.mergedDir()) + "\n" +
			`echo "$array $merge" > "$plan/jobs"` + "\n",
	}
	return files, nil
}

// prebuild is the shell that builds the source plugins once before the
// tasks start (host list builds what it lists), unless the run uses only
// prebuilt ones: tasks that start together would otherwise each build the
// same plugins into one cache.
func (p Plan) prebuild() string {
	var common []string
	for i, a := range p.RunArgs {
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch {
		case name == "no-source":
			return ""
		case name == "cache" || name == "plugin-dir":
			common = append(common, a)
			if !hasValue && i+1 < len(p.RunArgs) {
				common = append(common, p.RunArgs[i+1])
			}
		}
	}
	return "# Build the plugins once, before the tasks start.\n" +
		"(cd " + quote(p.Dir) + " && " + strings.TrimSpace(quote(p.Host)+" list "+quoteAll(common)) + " >/dev/null)\n"
}
