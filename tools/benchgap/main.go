// Command benchgap measures what the harness adds to an honest figure:
// the host-timed median that `host bench` publishes for an operation,
// beside `go test -bench` of the same operation's own loop in its
// plugin's module (at GOMAXPROCS=1, as a plugin runs), round after round
// on this machine, the two sides alternating which goes first. It prints
// every round's pair and, per operation, the medians and the ratio of the
// medians: host inputs, returned outputs and the host's clock must leave
// an honest figure where go test puts it.
//
//	go run ./tools/benchgap [-rounds 5] [-trials 5]
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
	flag.Parse()
	if err := run(*rounds, *trials); err != nil {
		fmt.Fprintln(os.Stderr, "benchgap:", err)
		os.Exit(1)
	}
}

func run(rounds, trials int) error {
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
	hostNS := make([][]float64, len(pairs))
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
			out := filepath.Join(tmp, "run"+strconv.Itoa(r))
			cmd := exec.Command(host, "bench", "--suite", strings.Join(suites, ","), "--msg-lens", "1024",
				"--no-profile", "--trials", strconv.Itoa(trials), "--out", out)
			cmd.Dir = root
			if b, err := cmd.CombinedOutput(); err != nil {
				return fmt.Errorf("host bench: %w\n%s", err, b)
			}
			for i, p := range pairs {
				ns, err := summaryNS(out, p.id, p.op)
				if err != nil {
					return err
				}
				hostNS[i] = append(hostNS[i], ns)
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
			fmt.Printf("round %d  %-34s go test %10.1f ns  host %10.1f ns  %+6.1f%%\n", r+1, p.name, goTest[i][r], hostNS[i][r], 100*(hostNS[i][r]/goTest[i][r]-1))
		}
	}
	fmt.Printf("\n%-34s %14s %14s %8s\n", "operation (medians)", "go test -bench", "host-timed", "host/go")
	for i, p := range pairs {
		g, h := median(goTest[i]), median(hostNS[i])
		fmt.Printf("%-34s %11.1f ns %11.1f ns %+7.1f%%\n", p.name, g, h, 100*(h/g-1))
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
