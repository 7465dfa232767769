package main

import (
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"crucible.dev/host/internal/evidence"
)

// fileSet lists a run directory's files, relative and sorted.
func fileSet(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			r, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(r))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// partialTrials reads the trials an interrupted run kept in partial/, by
// operation: the PIDs of their processes in order.
func partialTrials(t *testing.T, dir string) map[string][]int32 {
	t.Helper()
	out := map[string][]int32{}
	paths, _ := filepath.Glob(filepath.Join(dir, "partial", "*", "*", "*.json"))
	for _, p := range paths {
		if strings.HasPrefix(filepath.Base(p), ".") {
			continue
		}
		var rec evidence.Record
		if err := evidence.ReadJSON(p, &rec); err != nil {
			t.Fatalf("a partial record left by a kill does not read: %v", err)
		}
		out[rec.Instance+" "+rec.Op] = pids(rec.Trials)
	}
	return out
}

// TestKilledRun kills a run with SIGKILL five times at random moments and
// resumes it each time: the run completes with every operation's trials
// each present once, in a process of its own; the trials a kill left in
// partial/ are kept, not taken again; the directory has the files an
// uninterrupted run's has, and validate passes. Each kill comes at a
// random moment within about one trial after the attempt kept a trial
// of its own, so that every attempt makes progress and the run still
// has work left for the next kill, however fast the machine.
func TestKilledRun(t *testing.T) {
	host, plugins := build(t)
	const trials = 10 // enough work left after each kill for five kills
	args := func(out string, more ...string) []string {
		return quick(plugins, out, append([]string{"--suite", "x25519", "--trials", strconv.Itoa(trials)}, more...)...)
	}
	tmp := t.TempDir()
	whole := filepath.Join(tmp, "whole")
	began := time.Now()
	if code, log := runHost(t, args(whole)...); code != 0 {
		t.Fatalf("uninterrupted run: exit %d\n%s", code, log)
	}
	span := time.Since(began)
	wholeRun, err := evidence.Load(whole)
	if err != nil {
		t.Fatal(err)
	}
	// About one trial's share of the whole run's time.
	perTrial := span / time.Duration(len(wholeRun.Records)*trials)
	if len(wholeRun.Records)*trials < 20 {
		t.Fatalf("%d trials in a whole run: too few for five kills", len(wholeRun.Records)*trials)
	}

	cut := filepath.Join(tmp, "cut")
	// Not t.TempDir, whose mode keeps the sandbox's user out.
	sandboxTmp, err := os.MkdirTemp("", "crucible-killed")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(sandboxTmp) })
	if err := os.Chmod(sandboxTmp, 0o755); err != nil {
		t.Fatal(err)
	}
	kept := map[string][]int32{} // trials seen in partial/ after a kill
	killed := 0
	for i := 1; killed < 5; i++ {
		var more []string
		if _, err := os.Stat(filepath.Join(cut, "campaign.json")); err == nil {
			more = append(more, "--resume")
		}
		cmd := exec.Command(host, args(cut, more...)...)
		cmd.Env = append(os.Environ(), "TMPDIR="+sandboxTmp) // a killed host leaves its sandbox directory
		var log strings.Builder
		cmd.Stdout, cmd.Stderr = &log, &log
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		// A moment at random within about one trial after this attempt
		// kept a trial of its own.
		var err error
		ended := false
		before := trialCount(partialTrials(t, cut))
		for deadline := time.Now().Add(2 * span); !ended && trialCount(partialTrials(t, cut)) == before; {
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				t.Fatalf("attempt %d kept no trial in %v", i, 2*span)
			}
			select {
			case err = <-done:
				ended = true
			case <-time.After(5 * time.Millisecond):
			}
		}
		if !ended {
			wait := rand.N(perTrial)
			select {
			case err = <-done:
				ended = true
			case <-time.After(wait):
				cmd.Process.Signal(syscall.SIGKILL)
				err = <-done
				var ee *exec.ExitError
				if errors.As(err, &ee) && ee.Sys().(syscall.WaitStatus).Signaled() {
					killed++
					err = nil
					t.Logf("attempt %d: killed %v after its first new trial", i, wait.Round(time.Millisecond))
				}
			}
		}
		if ended && err == nil {
			t.Fatalf("attempt %d completed the run after only %d kills\n%s", i, killed, log.String())
		}
		if err != nil {
			t.Fatalf("attempt %d: %v\n%s", i, err, log.String())
		}
		for op, ps := range partialTrials(t, cut) {
			if prev := kept[op]; len(ps) < len(prev) || !slices.Equal(ps[:len(prev)], prev) {
				t.Errorf("%s: the trials kept after attempt %d, %v, do not continue those kept before, %v", op, i, ps, prev)
			}
			kept[op] = ps
		}
	}
	code, log := runHost(t, args(cut, "--resume")...)
	var run *evidence.Run
	if code != 0 {
		t.Fatalf("last resume: exit %d\n%s", code, log)
	}

	if _, err := os.Stat(filepath.Join(cut, "partial")); !os.IsNotExist(err) {
		t.Errorf("partial/ is still there after the run completed (%v)", err)
	}
	if got, want := fileSet(t, cut), fileSet(t, whole); !slices.Equal(got, want) {
		t.Errorf("files of the killed and resumed run:\n%v\nof an uninterrupted one:\n%v", got, want)
	}
	run, err = evidence.Load(cut)
	if err != nil {
		t.Fatal(err)
	}
	if len(run.Records) == 0 {
		t.Fatal("no records")
	}
	for _, r := range run.Records {
		ps := pids(r.Trials)
		if len(ps) != trials || r.Error != "" {
			t.Errorf("%s %s: %d trials (want %d), error %q", r.Instance, r.Op, len(ps), trials, r.Error)
		}
		seen := map[int32]bool{}
		for _, p := range ps {
			if seen[p] {
				t.Errorf("%s %s: two trials in process %d: %v", r.Instance, r.Op, p, ps)
			}
			seen[p] = true
		}
		if k := kept[r.Instance+" "+r.Op]; len(k) > len(ps) || !slices.Equal(ps[:len(k)], k) {
			t.Errorf("%s %s: trials %v, but %v were kept before a kill: taken again", r.Instance, r.Op, ps, k)
		}
	}
	if run.Campaign.Noise == nil || run.Campaign.Noise.Trials != len(run.Records)*trials {
		t.Errorf("noise grade %+v: want it over the %d trials of the records", run.Campaign.Noise, len(run.Records)*trials)
	}
	if code, log := runHost(t, "validate", cut); code != 0 {
		t.Fatalf("validate: exit %d\n%s", code, log)
	}
	t.Logf("trials of %d operations were kept across a kill", len(kept))
}

// trialCount is the number of trials the partial records hold.
func trialCount(kept map[string][]int32) int {
	n := 0
	for _, ps := range kept {
		n += len(ps)
	}
	return n
}
