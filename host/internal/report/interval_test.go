package report

import (
	"strings"
	"testing"

	"crucible.dev/host/internal/evidence"
)

// TestKeptOverheadNote: the run's table and summary say how many
// host-timed figures keep more than 2% of their timed call's own cost,
// and nothing when none does.
func TestKeptOverheadNote(t *testing.T) {
	s := &evidence.Summary{Settings: evidence.Settings{TrialTargetSec: 0.02}}
	s.Instances = []evidence.InstanceSummary{{Plugin: "p", ID: "A", Kind: "hash", Ops: map[string]evidence.OpSummary{
		"hash@1024": {MedianNS: 750, HostTimed: true, KeptOverhead: 0.12},
		"hash@64":   {MedianNS: 130, HostTimed: true, KeptOverhead: 0.01},
		"hash@16":   {MedianNS: 110, HostTimed: true, KeptOverhead: 0.30},
		"hash@4096": {MedianNS: 3000, KeptOverhead: 0.5}, // an older host's: not host-timed
	}}}
	note := keptOverheadNote(s)
	for _, want := range []string{"2 of 3 host-timed figures", "most 30.0%", "0.02 s"} {
		if !strings.Contains(note, want) {
			t.Errorf("note %q lacks %q", note, want)
		}
	}
	var b strings.Builder
	Table(&b, s)
	if !strings.Contains(b.String(), note) {
		t.Errorf("the table does not say it:\n%s", b.String())
	}
	if md := string(SummaryMarkdown(s)); !strings.Contains(md, "2 of 3 host-timed figures") {
		t.Errorf("summary.md does not say it")
	}
	for _, in := range s.Instances {
		for op, o := range in.Ops {
			o.KeptOverhead = 0.01
			in.Ops[op] = o
		}
	}
	if note := keptOverheadNote(s); note != "" {
		t.Errorf("no figure over 2%%: note %q", note)
	}
}
