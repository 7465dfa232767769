package main

import (
	"errors"
	"path/filepath"
	"time"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/hoststate"
	"crucible.dev/host/internal/sandbox"
)

// newRunDir makes *out (by default results/<UTC timestamp>-<command>) the
// run directory of a host command that checks rather than measures (ct,
// interop): it refuses a directory that already holds a run, tracks the
// files written into it for the manifest, and writes campaign.json.
func newRunDir(out *string, command string, args []string, suite string, cpu int, lc *sandbox.Launcher) error {
	if *out == "" {
		*out = filepath.Join("results", time.Now().UTC().Format("20060102T150405Z")+"-"+command)
	}
	camp := evidence.Campaign{Tool: "crucible host", Command: append([]string{"host", command}, args...),
		Started: time.Now().UTC().Format(time.RFC3339), Suite: suite, Environment: hoststate.Capture(), Sandbox: lc.Report()}
	camp.Settings.CPU = cpu
	if err := evidence.StartRun(*out, camp); err != nil {
		if errors.Is(err, evidence.ErrRunExists) {
			return usageErr("%s already holds a run: give another --out", *out)
		}
		return &exitError{2, err}
	}
	return nil
}
