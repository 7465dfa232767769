package main

import (
	"regexp"
	"strconv"
	"testing"
)

// TestCT shows the constant-time check flags an early-exit comparison, in
// its run and in the repeat, and does not flag a constant-time one.
func TestCT(t *testing.T) {
	dir := faultDir(t, "ctleak", "ctsafe")
	line := regexp.MustCompile(`(?m)^fault-(ct\w+)\s+\S+\s+compare\s+(\d+)\s+([0-9.]+)\s+(?:[0-9.]+|-)\s+(.+)$`)
	verdicts := map[string]string{}
	for _, mode := range []string{"ctleak", "ctsafe"} {
		_, out := runHost(t, "ct", "--no-source", "--plugin-dir", dir, "--suite", "fault-"+mode, "--measurements", "20000")
		for _, m := range line.FindAllStringSubmatch(out, -1) {
			n, _ := strconv.Atoi(m[2])
			if n != 20000 {
				t.Errorf("%s: %d measurements", m[1], n)
			}
			verdicts[m[1]] = m[4]
			t.Logf("%s: |t| = %s, %s", m[1], m[3], m[4])
		}
	}
	if verdicts["ctleak"] != ctLeak {
		t.Errorf("early-exit comparison: %q, want %s", verdicts["ctleak"], ctLeak)
	}
	if v := verdicts["ctsafe"]; v != ctNoLeak && v != ctUnrepeated {
		t.Errorf("constant-time comparison: %q, want %s or %s", v, ctNoLeak, ctUnrepeated)
	}
}
