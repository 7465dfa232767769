// Command benchgap measures what the harness adds to an honest figure:
// the host-timed median that `host bench` publishes for an operation,
// beside `go test -bench` of the same operation's own loop in its
// plugin's module (at GOMAXPROCS=1, as a plugin runs), round after round
// on this machine, the two sides alternating which goes first. It prints
// every round's pair and, per operation, the medians and the ratio of the
// medians: host inputs, returned outputs and the host's clock must leave
// an honest figure where go test puts it. With several trial targets, each
// round runs host bench at each of them, so the table shows what a timed
// call's length does to the gap, measured side by side.
//
//	go run ./tools/benchgap [-rounds 5] [-trials 5] [-targets 20ms,100ms]
//
// The operations are X25519's scalarmult, ML-KEM-768's decaps
// (crypto/mlkem) and SHA-256 at 1 KiB.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"crucible.dev/registry/workspace"
)

// A pair is one operation measured both ways.
type pair struct {
	name   string // what the table calls it
	module string // the plugin's module directory
	bench  string // its go test benchmark
	suite  string // host bench's --suite for the instance
	id     string // the instance's ID in summary.json
	op     string // the operation's key in summary.json
}

var pairs = []pair{
	{"X25519 scalarmult", "plugins/x25519", "BenchmarkScalarMult", "x25519/X25519/go-std", "X25519/go-std", "scalarmult"},
	{"ML-KEM-768 decaps (crypto/mlkem)", "plugins/mlkem", "BenchmarkKEM/ML-KEM-768/go-std/decaps", "mlkem/ML-KEM-768/go-std", "ML-KEM-768/go-std", "decaps"},
	{"SHA-256 1 KiB", "plugins/symmetric", "BenchmarkOps/SHA-256/go-std/hash/1024", "symmetric/SHA-256/go-std", "SHA-256/go-std", "hash@1024"},
}

func main() {
	rounds := flag.Int("rounds", 5, "rounds of both sides")
	trials := flag.Int("trials", 5, "host bench --trials")
	targets := flag.String("targets", "20ms", "host bench --trial-target, comma-separated")
	flag.Parse()
	if err := run(*rounds, *trials, strings.Split(*targets, ",")); err != nil {
		fmt.Fprintln(os.Stderr, "benchgap:", err)
		os.Exit(1)
	}
}

func run(rounds, trials int, targets []string) error {
	root, err := workspace.Root(".")
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "benchgap-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	host := filepath.Join(tmp, "host")
	if err := command(root, "go", "build", "-o", host, "./host").Run(); err != nil {
		return fmt.Errorf("building the host: %w", err)
	}
	tests := map[string]string{}
	for _, p := range pairs {
		if _, ok := tests[p.module]; ok {
			continue
		}
		bin := filepath.Join(tmp, filepath.Base(p.module)+".test")
		if err := command(filepath.Join(root, p.module), "go", "test", "-c", "-o", bin, ".").Run(); err != nil {
			return fmt.Errorf("building %s's tests: %w", p.module, err)
		}
		tests[p.module] = bin
	}
	var suites []string
	for _, p := range pairs {
		suites = append(suites, p.suite)
	}
	goTest := make([][]float64, len(pairs))
	// [target][pair][round]: the host-timed figure, and the plugin's own
	// samples' median per call (the loop on the host's inputs, outputs
	// returned, without the call around it).
	hostNS := make([][][]float64, len(targets))
	ownNS := make([][][]float64, len(targets))
	for t := range targets {
		hostNS[t] = make([][]float64, len(pairs))
		ownNS[t] = make([][]float64, len(pairs))
	}
	for r := range rounds {
		side := func(first bool) error {
			if first == (r%2 == 0) {
				for i, p := range pairs {
					ns, err := benchNS(tests[p.module], p.bench)
					if err != nil {
						return err
					}
					goTest[i] = append(goTest[i], ns)
				}
				return nil
			}
			for k := range targets {
				t := k
				if r%2 == 1 { // each target goes first in turn
					t = len(targets) - 1 - k
				}
				target := targets[t]
				out := filepath.Join(tmp, "run"+strconv.Itoa(r)+"-"+target)
				cmd := exec.Command(host, "bench", "--suite", strings.Join(suites, ","), "--msg-lens", "1024",
					"--no-profile", "--trials", strconv.Itoa(trials), "--trial-target", target, "--out", out)
				cmd.Dir = root
				if b, err := cmd.CombinedOutput(); err != nil {
					return fmt.Errorf("host bench: %w\n%s", err, b)
				}
				for i, p := range pairs {
					ns, err := summaryNS(out, p.id, p.op)
					if err != nil {
						return err
					}
					own, err := ownMedianNS(out, p)
					if err != nil {
						return err
					}
					hostNS[t][i] = append(hostNS[t][i], ns)
					ownNS[t][i] = append(ownNS[t][i], own)
				}
			}
			return nil
		}
		if err := side(true); err != nil {
			return err
		}
		if err := side(false); err != nil {
			return err
		}
		for i, p := range pairs {
			fmt.Printf("round %d  %-34s go test %10.1f ns", r+1, p.name, goTest[i][r])
			for t, target := range targets {
				h, o := hostNS[t][i][r], ownNS[t][i][r]
				fmt.Printf("  @%s host %.1f ns %+.1f%%, own %.1f ns %+.1f%%", target, h, 100*(h/goTest[i][r]-1), o, 100*(o/goTest[i][r]-1))
			}
			fmt.Println()
		}
	}
	fmt.Printf("\nmedians of the rounds; own: the plugin's samples' median per call\n%-34s %14s", "operation", "go test -bench")
	for _, target := range targets {
		fmt.Printf(" %14s %8s %14s %8s", "host@"+target, "host/go", "own@"+target, "own/go")
	}
	fmt.Println()
	for i, p := range pairs {
		g := median(goTest[i])
		fmt.Printf("%-34s %11.1f ns", p.name, g)
		for t := range targets {
			h, o := median(hostNS[t][i]), median(ownNS[t][i])
			fmt.Printf(" %11.1f ns %+7.1f%% %11.1f ns %+7.1f%%", h, 100*(h/g-1), o, 100*(o/g-1))
		}
		fmt.Println()
	}
	return nil
}

func command(dir, name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Stderr = os.Stderr
	return cmd
}

// nsPerOp finds a benchmark line's ns/op.
var nsPerOp = regexp.MustCompile(`^(Benchmark\S*)\s+\d+\s+([0-9.]+) ns/op`)

// benchNS runs one benchmark of a test binary for a second at
// GOMAXPROCS=1 and returns its ns/op.
func benchNS(bin, name string) (float64, error) {
	pattern := "^" + strings.ReplaceAll(regexp.QuoteMeta(name), "/", "$/^") + "$"
	cmd := exec.Command(bin, "-test.run", "^$", "-test.bench", pattern, "-test.cpu", "1", "-test.benchtime", "1s")
	cmd.Dir = filepath.Dir(bin)
	out, err := cmd.Output()
	if err != nil {
		return 0, fmt.Errorf("%s %s: %w\n%s", filepath.Base(bin), name, err, out)
	}
	s := bufio.NewScanner(bytes.NewReader(out))
	for s.Scan() {
		if m := nsPerOp.FindStringSubmatch(s.Text()); m != nil && m[1] == name {
			return strconv.ParseFloat(m[2], 64)
		}
	}
	return 0, fmt.Errorf("%s: no ns/op for %s in\n%s", filepath.Base(bin), name, out)
}

// summaryNS reads an operation's host-timed median from a run's
// summary.json.
func summaryNS(run, id, op string) (float64, error) {
	b, err := os.ReadFile(filepath.Join(run, "summary.json"))
	if err != nil {
		return 0, err
	}
	var s struct {
		Instances []struct {
			ID  string `json:"id"`
			Ops map[string]struct {
				Median    float64 `json:"median_ns"`
				HostTimed bool    `json:"host_timed"`
			} `json:"ops"`
		} `json:"instances"`
	}
	if err := json.Unmarshal(b, &s); err != nil {
		return 0, fmt.Errorf("%s: %w", run, err)
	}
	for _, in := range s.Instances {
		if o, ok := in.Ops[op]; ok && in.ID == id {
			if !o.HostTimed || o.Median <= 0 {
				return 0, fmt.Errorf("%s %s %s: no host-timed median", run, id, op)
			}
			return o.Median, nil
		}
	}
	return 0, fmt.Errorf("%s: no %s %s", run, id, op)
}

// ownMedianNS reads the median of an operation's trials' own sample
// medians per call from its record.
func ownMedianNS(run string, p pair) (float64, error) {
	plugin, _, _ := strings.Cut(p.suite, "/")
	path := filepath.Join(run, "records", plugin, strings.ReplaceAll(p.id, "/", "_"), p.op+".json")
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	var r struct {
		Stats struct {
			MedianTrial float64 `json:"median_trial_ns"`
		} `json:"stats"`
	}
	if err := json.Unmarshal(b, &r); err != nil {
		return 0, fmt.Errorf("%s: %w", path, err)
	}
	if r.Stats.MedianTrial <= 0 {
		return 0, fmt.Errorf("%s: no median of the trials' samples", path)
	}
	return r.Stats.MedianTrial, nil
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
