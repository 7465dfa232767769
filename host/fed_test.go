package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"crucible.dev/host/internal/evidence"
)

// memoDir makes a plugin directory holding the memo fixture under the
// given modes' names.
func memoDir(t *testing.T, modes ...string) string {
	build(t)
	dir := t.TempDir()
	for _, m := range modes {
		if err := os.Symlink(filepath.Join(binDir, "memo", "crucible-plugin-memo"), filepath.Join(dir, "crucible-plugin-memo-"+m)); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// memoFed names the memo fixture's fed operations, by instance.
var memoFed = map[string][]string{"MemoKEM": {"keygen", "encaps", "decaps", "decaps_reject", "decaps_invalid", "mix"}, "MemoSig": {"keygen", "sign", "verify"}, "MemoKEX": {"init_a", "pass1", "derive_a", "derive_b", "exchange"}, "MemoHash": {"hash@64"}, "MemoAEAD": {"open@64"}, "MemoDRBG": {"generate>64"}}

// beaten is how much faster than its honest twin a cheat must read to
// have won: the cheats the tests defeat read a hundred times faster
// without the defence, while one trial of a few milliseconds can sit in
// one of the machine's slow spells (up to twice as slow, docs/method.md)
// and a memoiser's whole exchange still answers derive_b from derive_a's
// work (a CI run read 55.3 µs against its honest twin's 117.3 µs).
const beaten = 4

// memoMedians returns the headline, host-timed figure of every record of
// run out, by plugin, instance name and operation (the figure a report
// publishes, which the plugin's samples cannot lower; 0 for a record with
// no trial in bounds), and fails t where the honest twin has an error.
func memoMedians(t *testing.T, out string) map[string]float64 {
	t.Helper()
	run, err := evidence.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	median := map[string]float64{}
	for _, r := range run.Records {
		if r.Plugin == "memo-honest" && r.Error != "" {
			t.Errorf("honest %s %s: %s", r.Instance, r.Op, r.Error)
		}
		ns, _ := r.Headline()
		median[r.Plugin+" "+r.Name+" "+r.Op] = ns.Median
	}
	return median
}

// TestHostFedTrials runs plugins that cheat the timed loop beside an
// honest twin: one that answers key generations, decapsulations,
// signatures, verifications and derivations from memory (and hands out
// one encapsulation per key again and again), one that works on 1 call in 8 of the timed
// loop, and one that works everywhere but in the timed loop. Each cheat
// passes every check outside the loop. The host's inputs, which no process
// of the timed plugin made and none repeats, leave the memoiser no hit
// (or, where its calibration on its own cached inputs plans a call too
// fast for a fed trial, the fed check beside its own loop finds the
// host's inputs far dearer than its own); the host's check of the outputs
// finds the two others, naming the plugin, the operation and the call.
func TestHostFedTrials(t *testing.T) {
	dir := memoDir(t, "honest", "memo", "lazy", "stack")
	out := filepath.Join(t.TempDir(), "r")
	code, log := runHost(t, quick(dir, out, "--trial-target", "5ms", "--trials", "1", "--msg-lens", "64")...)
	if code != 1 {
		t.Fatalf("exit %d, want 1 (findings)\n%s", code, log)
	}
	for _, mode := range []string{"lazy", "stack"} {
		for name, ops := range memoFed {
			for _, op := range ops {
				// A whole exchange whose steps cheat may disagree with
				// itself before the host sees an output.
				finding := "memo-" + mode + " " + name + "/memo-" + mode + " " + op + " (bench): trial 1: "
				if !strings.Contains(log, finding+"wrong output under timing: call ") && !(op == "exchange" && strings.Contains(log, finding) && strings.Contains(log, "exchange: the parties' shared secrets differ")) {
					t.Errorf("no finding %q\n%s", finding+"wrong output under timing: call ", log)
				}
			}
		}
	}
	median := memoMedians(t, out)
	// The memoiser is defeated or caught. Where its calibration, on its
	// own cached inputs, plans a call fast enough that a fed trial cannot
	// hold it, the fed check beside its own loop finds the host's inputs
	// far dearer than its own (fedCheck); otherwise its fed trials leave
	// it no hit, and its figure is its honest twin's. Its encapsulations,
	// one per key handed out again and again, repeat in the timed loop's
	// outputs and, made by its producer for a decapsulation loop (of valid,
	// rejected or malformed ciphertexts), among the host's inputs. Its
	// DRBG works out its outputs when the state is instantiated, on the
	// host's seed inside the timed call: the work is on the host's clock,
	// in its first sample, which the distribution check flags.
	memoCaught := func(line string) bool {
		return strings.Contains(line, "wrong output under timing: the host's inputs cost ") ||
			strings.Contains(line, "MemoDRBG/memo-memo generate>64 (bench): trial 1: reported timings inconsistent with host measurement: ") ||
			strings.Contains(line, "MemoKEM/memo-memo encaps (bench): trial 1: wrong output under timing: call ") ||
			strings.Contains(line, "MemoKEM/memo-memo decaps") && strings.Contains(line, "(bench): trial 1: input producer: decaps") && strings.Contains(line, " repeats input ")
	}
	for name, ops := range memoFed {
		for _, op := range ops {
			caught := false
			for _, line := range strings.Split(log, "\n") {
				caught = caught || strings.Contains(line, "memo-memo "+name+"/memo-memo "+op+" (bench)") && memoCaught(line)
			}
			honest, memo := median["memo-honest "+name+" "+op], median["memo-memo "+name+" "+op]
			if !caught && (honest <= 0 || memo < honest/beaten) {
				t.Errorf("%s %s: the memoiser was neither caught nor defeated: %.0f ns against its honest twin's %.0f ns (more than %dx faster)\n%s", name, op, memo, honest, beaten, log)
			}
		}
	}
	for _, line := range strings.Split(log, "\n") {
		if strings.Contains(line, "(bench)") {
			if strings.Contains(line, "memo-honest") || strings.Contains(line, "memo-memo") && !memoCaught(line) {
				t.Errorf("finding against an honest or defeated plugin: %s", line)
			}
		}
	}
}

// TestHostFedAhead runs a plugin with a server of its own that works on a
// fed loop's inputs as soon as they arrive and answers the timed call
// with the outputs and an empty loop's samples, beside its honest twin.
// The inputs come with the timed call, so the work is on the host's
// clock: its figures are its twin's, or its samples, which say the call
// did nothing, are flagged against the CPU time the host measured. Were
// the inputs sent with the preparation, it would publish the cost of an
// empty loop.
func TestHostFedAhead(t *testing.T) {
	dir := memoDir(t, "honest", "ahead")
	out := filepath.Join(t.TempDir(), "r")
	code, log := runHost(t, quick(dir, out, "--trial-target", "5ms", "--trials", "1", "--msg-lens", "64")...)
	if code != 0 && code != 1 {
		t.Fatalf("exit %d\n%s", code, log)
	}
	median := memoMedians(t, out)
	for name, ops := range memoFed {
		for _, op := range ops {
			caught := strings.Contains(log, "memo-ahead "+name+"/memo-ahead "+op+" (bench): trial 1: reported timings inconsistent with host measurement: ")
			honest, ahead := median["memo-honest "+name+" "+op], median["memo-ahead "+name+" "+op]
			t.Logf("%s %s: %.0f ns, honest twin %.0f ns, caught %v", name, op, ahead, honest, caught)
			if honest <= 0 || !caught && ahead < honest/beaten {
				t.Errorf("%s %s: the plugin that works ahead was neither caught nor defeated: %.0f ns against its honest twin's %.0f ns\n%s", name, op, ahead, honest, log)
			}
			if strings.Contains(log, "memo-honest "+name+"/memo-honest "+op+" (bench)") {
				t.Errorf("%s %s: a finding against the honest twin\n%s", name, op, log)
			}
		}
	}
}
