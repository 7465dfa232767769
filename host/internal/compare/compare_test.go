package compare

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	"crucible.dev/host/internal/evidence/evidencetest"
)

// TestSlowdown: a run against itself changes nothing; a run 20% slower
// in every sample is significantly slower in every operation.
func TestSlowdown(t *testing.T) {
	or, sr := evidencetest.Slower(t, 1.2)

	same := Runs(or, or, 0)
	if len(same) != len(or.Records) {
		t.Fatalf("compare of a run with itself has %d rows, want %d", len(same), len(or.Records))
	}
	for _, d := range same {
		if d.Significant() || d.Change() != 0 || d.P < 0.5 {
			t.Errorf("%s %s: a run against itself changed %+.2f%%, p=%v", d.Instance, d.Op, 100*d.Change(), d.P)
		}
		if !(d.MDE > 0 && d.MDE < 0.2) {
			t.Errorf("%s %s: five trials with 2%% noise cannot detect less than %v", d.Instance, d.Op, d.MDE)
		}
	}
	var out bytes.Buffer
	Write(&out, same)
	if !strings.Contains(out.String(), "0 significantly slower, 0 significantly faster") || !strings.Contains(out.String(), "over the trials' medians") ||
		!strings.Contains(out.String(), fmt.Sprintf("%d of %d with each run's median inside the other's", len(same), len(same))) {
		t.Errorf("self comparison output:\n%s", out.String())
	}

	slower := Runs(or, sr, 0)
	out.Reset()
	Write(&out, slower)
	if !strings.Contains(out.String(), fmt.Sprintf("0 of %d with each run's median inside", len(slower))) {
		t.Errorf("a 20%% slower run repeats the first:\n%s", out.String())
	}
	for _, d := range slower {
		// Five trials against five, every one slower: the smallest p the
		// U test can give for 5+5, 2/252.
		if !d.Significant() || d.Old.N != 5 || d.New.N != 5 || math.Abs(d.P-2.0/252) > 1e-9 {
			t.Errorf("%s %s: 20%% slowdown over trial medians %+v, want p=0.008 n=5", d.Instance, d.Op, d.Shift)
		}
		// Rounding the scaled samples to whole ns moves the 5 ns pass1 a little.
		if math.Abs(d.Change()-0.2) > 0.02 {
			t.Errorf("%s %s: change %+.2f%%, want +20%%", d.Instance, d.Op, 100*d.Change())
		}
	}
}
