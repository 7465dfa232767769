package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"crucible.dev/host/internal/evidence"
)

func TestSystemLabel(t *testing.T) {
	if got := systemLabel("x86_1"); got != "x86_1" {
		t.Errorf("a given label became %q", got)
	}
	if got, want := slug("Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz"), "intel-xeon-platinum-8375c-cpu-2-90ghz"; got != want {
		t.Errorf("slug: %q, want %q", got, want)
	}
	if systemLabel("") == "" {
		t.Error("no default label")
	}
}

// TestCompareRefusesOtherSystems compares runs labelled as two systems:
// refused with both named, unless --cross-system.
func TestCompareRefusesOtherSystems(t *testing.T) {
	tmp := t.TempDir()
	a := fakeShard(t, filepath.Join(tmp, "a"), "", nil)
	b := fakeShard(t, filepath.Join(tmp, "b"), "", func(c *evidence.Campaign, _ *evidence.PluginInfo) { c.System = "x86_1-noavx" })
	err := cmdCompare([]string{a, b})
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != 2 || !strings.Contains(err.Error(), `"x86_1"`) || !strings.Contains(err.Error(), `"x86_1-noavx"`) {
		t.Fatalf("compare across systems: %v, want a refusal naming both", err)
	}
	if err := cmdCompare([]string{"--cross-system", a, b}); err != nil {
		t.Fatalf("compare --cross-system: %v", err)
	}
	if err := cmdCompare([]string{a, a}); err != nil {
		t.Fatalf("compare of one system: %v", err)
	}
}

// TestReportSystems builds one site over runs of two systems, and refuses
// two runs of one system, which would otherwise share a column.
func TestReportSystems(t *testing.T) {
	tmp := t.TempDir()
	a := fakeShard(t, filepath.Join(tmp, "a"), "", nil)
	b := fakeShard(t, filepath.Join(tmp, "b"), "", func(c *evidence.Campaign, _ *evidence.PluginInfo) { c.System = "x86_1-noavx" })
	site := filepath.Join(tmp, "site")
	if err := cmdReport([]string{"--out", site, a, b}); err != nil {
		t.Fatalf("report --out: %v", err)
	}
	page, err := os.ReadFile(filepath.Join(site, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), `<th class="s0">x86_1</th><th class="s1">x86_1-noavx</th>`) {
		t.Errorf("the site does not show both systems side by side:\n%s", page)
	}
	err = cmdReport([]string{"--out", filepath.Join(tmp, "site2"), a, a})
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != 2 || !strings.Contains(err.Error(), `both of system "x86_1"`) {
		t.Fatalf("report over two runs of one system: %v, want a refusal", err)
	}
}
