package main

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/registry/testenv"
)

// TestSlurmCampaign runs a plan on a one-node Slurm cluster started on this
// machine (munged, slurmctld and slurmd as root, on loopback ports, with a
// slurm.conf and a munge key of its own) and checks that the merged shards
// equal a direct run. tools/setup.sh installs Slurm and munge; the test
// installs nothing. Where it cannot run it says why and skips, except under
// CI (testenv), where that is a failure.
func TestSlurmCampaign(t *testing.T) {
	testenv.SkipShort(t, "starts a Slurm cluster and runs a campaign")
	if why := slurmMissing(); why != "" {
		testenv.Skipf(t, "no one-node Slurm cluster here: %s (tools/setup.sh installs slurm-wlm and munge; run as root)", why)
	}
	host, x25519 := build(t)
	plugins := t.TempDir()
	if err := os.Symlink(filepath.Join(x25519, "crucible-plugin-x25519"), filepath.Join(plugins, "crucible-plugin-x25519")); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("go", "build", "-o", filepath.Join(plugins, "crucible-plugin-amoeba"), "../plugins/amoeba").CombinedOutput(); err != nil {
		t.Fatalf("build amoeba: %v\n%s", err, out)
	}
	conf := startSlurm(t)

	work := t.TempDir()
	runFlags := []string{"--no-source", "--plugin-dir", plugins, "--suite", "x25519,amoeba",
		"--trials", "2", "--trial-target", "2ms", "--min-calls", "10", "--no-profile"}
	planDir := filepath.Join(work, "plan")
	slurmCmd(t, conf, work, host, append([]string{"plan", "--engine", "slurm", "--shards", "2", "--out", planDir, "--host", host}, runFlags...)...)
	slurmCmd(t, conf, work, "sh", filepath.Join(planDir, "submit.sh"))
	jobs, err := os.ReadFile(filepath.Join(planDir, "jobs"))
	if err != nil {
		t.Fatal(err)
	}
	ids := strings.Fields(string(jobs))
	deadline := time.Now().Add(15 * time.Minute)
	for {
		q := slurmCmd(t, conf, work, "squeue", "-h", "-j", strings.Join(ids, ","), "-o", "%i %T")
		if strings.TrimSpace(q) == "" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the jobs have not ended after 15 minutes:\n%s", q)
		}
		time.Sleep(2 * time.Second)
	}
	results := filepath.Join(planDir, "results")
	logs, _ := filepath.Glob(filepath.Join(results, "logs", "*"))
	var logText strings.Builder
	for _, l := range logs {
		b, _ := os.ReadFile(l)
		fmt.Fprintf(&logText, "== %s\n%s\n", filepath.Base(l), b)
	}
	merged := filepath.Join(results, "merged")
	if _, err := os.Stat(filepath.Join(merged, "summary.json")); err != nil {
		t.Fatalf("no merged run: %v\n%s", err, logText.String())
	}
	for k := 1; k <= 2; k++ {
		var c evidence.Campaign
		if err := evidence.ReadJSON(evidence.CampaignPath(filepath.Join(results, "shards", fmt.Sprint(k))), &c); err != nil {
			t.Fatal(err)
		}
		if c.Settings.Shard != fmt.Sprintf("%d/2", k) || c.Settings.CPU < 0 {
			t.Errorf("shard %d ran as shard %q on CPU %d, want %d/2 pinned", k, c.Settings.Shard, c.Settings.CPU, k)
		}
	}

	direct := filepath.Join(work, "direct")
	if code, log := runHost(t, append([]string{"run", "--out", direct}, runFlags...)...); code != 0 {
		t.Fatalf("direct run: exit %d\n%s", code, log)
	}
	if got, want := runShape(t, merged), runShape(t, direct); !reflect.DeepEqual(got, want) {
		t.Errorf("the merged run differs from a direct run:\nmerged %v\ndirect %v\n%s", got, want, logText.String())
	}
	if code, log := runHost(t, "validate", merged); code != 0 {
		t.Errorf("validate merged: exit %d\n%s", code, log)
	}
}

// runShape is what must not depend on how a campaign was split: each
// instance's KAT verdict per source (with the digest or case counts), its
// operations, and the set of records.
func runShape(t *testing.T, dir string) []string {
	t.Helper()
	run, err := evidence.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, in := range readSummary(t, dir).Instances {
		ops := make([]string, 0, len(in.Ops))
		for op := range in.Ops {
			ops = append(ops, op)
		}
		sort.Strings(ops)
		out = append(out, fmt.Sprintf("%s/%s kat=%s ops=%s", in.Plugin, in.ID, in.KAT, strings.Join(ops, ",")))
		k, _ := run.KATFor(in.Plugin, in.ID)
		for _, r := range k.Results {
			digest := r.Digest
			if r.Type == "fresh-seed" {
				digest = "(seed of the run)" // each run draws its own
			}
			out = append(out, fmt.Sprintf("%s/%s %s %s %s digest=%s passed=%d failed=%d", in.Plugin, in.ID, r.Source, r.Type, r.Status, digest, r.Passed, r.Failed))
		}
	}
	sort.Strings(out)
	return append(out, recordSet(t, dir)...)
}

// slurmMissing says why a one-node cluster cannot be started here, or "".
func slurmMissing() string {
	if runtime.GOOS != "linux" {
		return "not Linux"
	}
	if os.Geteuid() != 0 {
		return "not root (the daemons run as root)"
	}
	for _, c := range []string{"munged", "slurmctld", "slurmd", "sbatch", "squeue", "sinfo", "scancel"} {
		if _, err := exec.LookPath(c); err != nil {
			if _, err := exec.LookPath("/usr/sbin/" + c); err != nil {
				return c + " is not installed"
			}
		}
	}
	return ""
}

// startSlurm starts munged, slurmctld and slurmd on loopback ports with
// files in a scratch directory, waits until the node is idle, and stops
// all three (after cancelling what is left of the jobs) when the test ends.
// It returns the path of slurm.conf.
func startSlurm(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "crucible-slurm")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	for _, d := range []string{"state", "spool", "munge"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o711); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod(dir, 0o711); err != nil {
		t.Fatal(err)
	}
	key := make([]byte, 128)
	if f, err := os.Open("/dev/urandom"); err != nil {
		t.Fatal(err)
	} else {
		_, err = f.Read(key)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "munge", "munge.key"), key, 0o600); err != nil {
		t.Fatal(err)
	}
	node, _ := os.Hostname()
	node, _, _ = strings.Cut(node, ".")
	sock := filepath.Join(dir, "munge", "socket")
	conf := filepath.Join(dir, "slurm.conf")
	text := fmt.Sprintf(slurmConf, node, freePort(t), freePort(t), sock, dir, runtime.NumCPU())
	if err := os.WriteFile(conf, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	daemon(t, dir, "munged", "-F", "-f", "--key-file="+filepath.Join(dir, "munge", "munge.key"), "--socket="+sock,
		"--pid-file="+filepath.Join(dir, "munge", "pid"), "--log-file="+filepath.Join(dir, "munge", "log"),
		"--seed-file="+filepath.Join(dir, "munge", "seed"))
	waitFor(t, 30*time.Second, "munged's socket", func() (bool, string) {
		_, err := os.Stat(sock)
		return err == nil, fmt.Sprint(err)
	})
	daemon(t, dir, "slurmctld", "-D", "-f", conf)
	daemon(t, dir, "slurmd", "-D", "-f", conf, "-N", node)
	t.Cleanup(func() {
		cmd := exec.Command("scancel", "--user=root")
		cmd.Env = append(os.Environ(), "SLURM_CONF="+conf)
		cmd.Run()
	})
	waitFor(t, 60*time.Second, "the node to be idle", func() (bool, string) {
		cmd := exec.Command("sinfo", "-h", "-o", "%t")
		cmd.Env = append(os.Environ(), "SLURM_CONF="+conf)
		out, err := cmd.CombinedOutput()
		return err == nil && strings.TrimSpace(string(out)) == "idle", string(out)
	})
	return conf
}

// slurmConf is a one-node cluster on loopback: the controller and the node
// daemon bind their ports to 127.0.0.1 only (NoCtldInAddrAny, NoInAddrAny),
// task/affinity binds each task to its allocated core, and nothing needs
// cgroups, accounting or a database.
const slurmConf = `ClusterName=crucible-test
SlurmctldHost=%[1]s(127.0.0.1)
SlurmctldPort=%[2]d
SlurmdPort=%[3]d
CommunicationParameters=NoCtldInAddrAny,NoInAddrAny
AuthType=auth/munge
AuthInfo=socket=%[4]s
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=%[5]s/state
SlurmdSpoolDir=%[5]s/spool
SlurmctldPidFile=%[5]s/slurmctld.pid
SlurmdPidFile=%[5]s/slurmd.pid
SlurmctldLogFile=%[5]s/slurmctld.log
SlurmdLogFile=%[5]s/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/affinity
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
ReturnToService=2
NodeName=%[1]s NodeAddr=127.0.0.1 CPUs=%[6]d State=UNKNOWN
PartitionName=crucible Nodes=%[1]s Default=YES MaxTime=INFINITE State=UP
`

// freePort is a loopback TCP port free at the time of asking.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// daemon starts a foreground daemon and stops it, by its process ID, when
// the test ends; its output goes to <dir>/<name>.out.
func daemon(t *testing.T, dir, name string, args ...string) {
	t.Helper()
	out, err := os.Create(filepath.Join(dir, name+".out"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); out.Close(); close(done) }()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
}

// waitFor polls ok until it holds or the time is up.
func waitFor(t *testing.T, limit time.Duration, what string, ok func() (bool, string)) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		done, state := ok()
		if done {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("waited %v for %s: %s", limit, what, state)
		}
		time.Sleep(300 * time.Millisecond)
	}
}

// slurmCmd runs a command against the test cluster from dir and returns
// its output, failing the test on error.
func slurmCmd(t *testing.T, conf, dir, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "SLURM_CONF="+conf)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out.String())
	}
	return out.String()
}
