package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestWireConfined: the protocol's generated package is imported by the
// contract's server and by the host's plugin client, and by nothing else
// the host is built from, so wire types never reach the campaign, the
// evidence or the reports.
func TestWireConfined(t *testing.T) {
	const wire = "crucible.dev/registry/pluginv1"
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	allowed := map[string]bool{"crucible.dev/registry": true, "crucible.dev/host/internal/plugin": true}
	var importers []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		for _, imp := range f[1:] {
			if imp == wire {
				importers = append(importers, f[0])
				if !allowed[f[0]] {
					t.Errorf("%s imports %s", f[0], wire)
				}
			}
		}
	}
	if len(importers) != len(allowed) {
		t.Errorf("importers of %s: %v, want exactly the server and the client", wire, importers)
	}
}
