package gate

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"crucible.dev/host/internal/evidence/evidencetest"
)

var must = evidencetest.Must

// TestSlowdown: a run passes its own baseline, a run 20% slower fails
// a 10% tolerance and passes a 25% one, and an operation no longer
// measured fails unless allowed.
func TestSlowdown(t *testing.T) {
	or, sr := evidencetest.Slower(t, 1.2)

	b := MakeBaseline(or, DefaultTolerance)
	if len(b.Floors) != len(or.Records) {
		t.Fatalf("baseline has %d floors, want %d", len(b.Floors), len(or.Records))
	}
	// The baseline survives its JSON form.
	raw, err := json.Marshal(b)
	must(t, err)
	var back Baseline
	must(t, json.Unmarshal(raw, &back))
	for _, v := range Check(&back, or, false) {
		if v.Fails() {
			t.Errorf("baseline run fails its own gate: %s", v)
		}
	}
	for _, v := range Check(&back, sr, false) {
		if !v.Fails() || v.Status != "slower" {
			t.Errorf("20%% slower %s %s passes the 10%% gate: %s", v.Instance, v.Op, v)
		}
	}
	// With a 25% tolerance the same slowdown passes.
	for i := range back.Floors {
		back.Floors[i].Tolerance = 0.25
	}
	for _, v := range Check(&back, sr, false) {
		if v.Fails() {
			t.Errorf("20%% slowdown fails a 25%% tolerance: %s", v)
		}
	}
	// An operation the run no longer measures fails unless allowed.
	must(t, os.Remove(filepath.Join(sr.Dir, "records/toykex/ToyKEX/pass1.json")))
	sr = evidencetest.Load(t, sr.Dir)
	var missing int
	for _, v := range Check(&back, sr, false) {
		if v.Status == "missing" {
			missing++
			if v.Op != "pass1" {
				t.Errorf("missing verdict for %s", v.Op)
			}
		}
	}
	if missing != 1 {
		t.Errorf("%d missing verdicts, want 1", missing)
	}
	for _, v := range Check(&back, sr, true) {
		if v.Fails() {
			t.Errorf("--allow-missing still fails: %s", v)
		}
	}
}
