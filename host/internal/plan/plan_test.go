package plan

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"

	"crucible.dev/registry/testenv"
)

var sample = Plan{Name: "crucible", Shards: 3, Host: "/opt/crucible/host", Dir: "/srv/crucible",
	Results: "/shared/o'brien", RunArgs: []string{"--suite", "x25519,amoeba", "--trials", "2"}}

// shellSyntax checks a script with sh -n (and bash -n for sbatch files).
func shellSyntax(t *testing.T, name, script string) {
	t.Helper()
	sh := "sh"
	if strings.HasSuffix(name, ".sbatch") {
		sh = "bash"
	}
	cmd := exec.Command(sh, "-n")
	cmd.Stdin = strings.NewReader(script)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("%s: %s -n: %v\n%s\n%s", name, sh, err, out, script)
	}
}

func TestSlurm(t *testing.T) {
	files, err := Slurm(sample)
	if err != nil {
		t.Fatal(err)
	}
	spaced := sample
	spaced.Results = "/shared/run 1"
	if _, err := Slurm(spaced); err == nil {
		t.Error("a results path with a space was accepted for #SBATCH --output")
	}
	for name, text := range files {
		shellSyntax(t, name, text)
	}
	for _, want := range []string{
		"#SBATCH --array=1-3\n",
		"#SBATCH --cpus-per-task=1\n",
		`exec /opt/crucible/host run --shard "$i/3" --cpu "$cpu" --out '/shared/o'\''brien/shards/'"$i" $resume --suite x25519,amoeba --trials 2`,
	} {
		if !strings.Contains(files["shard.sbatch"], want) {
			t.Errorf("shard.sbatch lacks %q:\n%s", want, files["shard.sbatch"])
		}
	}
	if want := `/opt/crucible/host merge --out '/shared/o'\''brien/merged' '/shared/o'\''brien/shards/1' '/shared/o'\''brien/shards/2' '/shared/o'\''brien/shards/3'` + "\n" + `/opt/crucible/host report '/shared/o'\''brien/merged'` + "\n"; !strings.HasSuffix(files["merge.sbatch"], want) {
		t.Errorf("merge.sbatch does not end in %q:\n%s", want, files["merge.sbatch"])
	}
	if !strings.Contains(files["submit.sh"], "(cd /srv/crucible && /opt/crucible/host list >/dev/null)\n") {
		t.Errorf("submit.sh does not build the plugins before the tasks start:\n%s", files["submit.sh"])
	}
	prebuilt := sample
	prebuilt.RunArgs = []string{"--no-source", "--plugin-dir", "/opt/plugins"}
	if f, _ := Slurm(prebuilt); strings.Contains(f["submit.sh"], " list ") {
		t.Errorf("submit.sh builds plugins for a run of prebuilt ones:\n%s", f["submit.sh"])
	}
	if !strings.Contains(files["submit.sh"], `--dependency="afterany:$array"`) {
		t.Errorf("submit.sh does not make the merge wait for every shard:\n%s", files["submit.sh"])
	}
}

// TestShardCommandPinsTheAllocatedCore runs the shard script's core lookup
// here: it must name a core this process may run on.
func TestShardCommandPinsTheAllocatedCore(t *testing.T) {
	out, err := exec.Command("sh", "-c", pinnedCPU+`; echo "$cpu"`).Output()
	if err != nil {
		testenv.Skipf(t, "no /proc here: %v", err)
	}
	if cpu := strings.TrimSpace(string(out)); cpu == "" || strings.Trim(cpu, "0123456789") != "" {
		t.Fatalf("the allocated core is %q, want a CPU number", cpu)
	}
}

func TestKubernetes(t *testing.T) {
	p := sample
	p.Image = "registry.example/crucible:1"
	p.Host, p.Results = "", ""
	files, err := Kubernetes(p)
	if err != nil {
		t.Fatal(err)
	}
	shellSyntax(t, "submit.sh", files["submit.sh"])
	var job struct {
		Kind string
		Spec struct {
			CompletionMode string
			Completions    int
			Template       struct {
				Spec struct {
					RestartPolicy string
					Containers    []struct {
						Image     string
						Command   []string
						Resources struct{ Requests, Limits map[string]string }
					}
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(files["shards.json"]), &job); err != nil {
		t.Fatal(err)
	}
	if job.Kind != "Job" || job.Spec.CompletionMode != "Indexed" || job.Spec.Completions != 3 {
		t.Fatalf("shards.json: kind %q, completion mode %q, %d completions; want an Indexed Job of 3", job.Kind, job.Spec.CompletionMode, job.Spec.Completions)
	}
	c := job.Spec.Template.Spec.Containers[0]
	script := c.Command[len(c.Command)-1]
	shellSyntax(t, "shard script", script)
	for _, want := range []string{"i=$((JOB_COMPLETION_INDEX + 1))", `exec host run --shard "$i/3" --cpu "$cpu" --out /results/shards/"$i"`} {
		if !strings.Contains(script, want) {
			t.Errorf("the shard script lacks %q:\n%s", want, script)
		}
	}
	if c.Image != p.Image || c.Resources.Requests["cpu"] != "1" || c.Resources.Limits["cpu"] != "1" {
		t.Errorf("container: image %q, cpu request %q limit %q; want one whole CPU (Guaranteed QoS)", c.Image, c.Resources.Requests["cpu"], c.Resources.Limits["cpu"])
	}
	if !strings.Contains(files["merge.json"], `host merge --out /results/merged /results/shards/1 /results/shards/2 /results/shards/3`) {
		t.Errorf("merge.json does not merge the three shards:\n%s", files["merge.json"])
	}
	if _, err := Kubernetes(Plan{Name: "c", Shards: 2}); err == nil {
		t.Error("a Kubernetes plan without an image was accepted")
	}
}
