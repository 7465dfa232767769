package main

import (
	"runtime"
	"strings"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/hoststate"
)

// runSystem is the system a run was measured on: its label, or for a run
// recorded before runs carried one, the label its CPU model gives.
func runSystem(r *evidence.Run) string {
	if r.Campaign.System != "" {
		return r.Campaign.System
	}
	if l := slug(r.Campaign.Environment.CPUModel); l != "" {
		return l
	}
	return r.Campaign.Environment.Arch
}

// systemLabel is the label a run records for the system it measured: the
// one given, or else one derived from the CPU model ("AMD EPYC 7B13 64-Core
// Processor" becomes "amd-epyc-7b13-64-core-processor"), or the
// architecture when the model is unknown.
func systemLabel(given string) string {
	if given != "" {
		return given
	}
	if l := slug(hoststate.Capture().CPUModel); l != "" {
		return l
	}
	return runtime.GOARCH
}

// slug lowercases s and joins its runs of letters and digits with '-'.
func slug(s string) string {
	s = strings.NewReplacer("(R)", " ", "(r)", " ", "(TM)", " ", "(tm)", " ").Replace(s)
	f := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	})
	return strings.Join(f, "-")
}
