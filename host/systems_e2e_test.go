package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/cpu"

	"crucible.dev/registry/testenv"
)

// TestSystemsSiteEndToEnd measures Amoeba twice, as system x86_1 and as
// x86_1-noavx with the portable NTT forced, builds one site over both and
// opens it in headless Chromium: both systems head the tables and each
// dispatch cell names the path that system ran.
func TestSystemsSiteEndToEnd(t *testing.T) {
	host, _ := build(t)
	bin := ""
	for _, name := range []string{"chromium", "/usr/bin/chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			bin = p
			break
		}
	}
	if bin == "" {
		testenv.Skip(t, "chromium not installed: run tools/setup.sh")
	}
	plugins := t.TempDir()
	if out, err := exec.Command("go", "build", "-o", filepath.Join(plugins, "crucible-plugin-amoeba"), "../plugins/amoeba").CombinedOutput(); err != nil {
		t.Fatalf("build amoeba: %v\n%s", err, out)
	}
	tmp := t.TempDir()
	for _, sys := range []struct{ label, env string }{{"x86_1", ""}, {"x86_1-noavx", "CRUCIBLE_AMOEBA_PORTABLE=1"}} {
		args := quick(plugins, filepath.Join(tmp, sys.label), "--system", sys.label, "--suite", "amoeba")
		args[0] = "bench" // the site needs medians and dispatch notes, not the KAT gate again
		cmd := exec.Command(host, args...)
		cmd.Env = append(os.Environ(), sys.env)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("run %s: %v\n%s", sys.label, err, out)
		}
	}
	site := filepath.Join(tmp, "site")
	if code, log := runHost(t, "report", "--out", site, filepath.Join(tmp, "x86_1"), filepath.Join(tmp, "x86_1-noavx")); code != 0 {
		t.Fatalf("report --out: exit %d\n%s", code, log)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	dom, err := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--disable-background-networking", "--user-data-dir="+t.TempDir(), "--dump-dom",
		"file://"+filepath.ToSlash(filepath.Join(site, "index.html"))).Output()
	if err != nil {
		t.Fatalf("chromium: %v", err)
	}
	d := string(dom)
	if n := strings.Count(d, `<th class="s0">x86_1</th><th class="s1">x86_1-noavx</th>`); n < 4 {
		t.Errorf("%d tables show both systems side by side, want every one (at least 4)", n)
	}
	if !strings.Contains(d, `<td class="s1">NTT: portable Go;`) {
		t.Error("the second system's dispatch cell does not name the portable NTT")
	}
	if cpu.X86.HasAVX2 && !strings.Contains(d, `<td class="s0">NTT: AVX2`) {
		t.Error("the first system's dispatch cell does not name the AVX2 NTT this CPU has")
	}
}
