package main

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"crucible.dev/host/internal/plugin"
	"crucible.dev/host/internal/sandbox"
	"crucible.dev/registry/eval/katcheck"
	"crucible.dev/registry/kat"
)

// The digests of the toy submissions' first ten NGCC KAT records, as
// plugins/ngcc's tests compute them from Go models of the toys written apart
// from the C code, and in one straight line each without the models or the
// KAT writer (TestToyKEMStraightLine, TestToyKEXStraightLine).
const (
	toyKEMDigest = "cb5804fa57d0e192720ca3005270c14c0a5c7758f9c226cc57ae4b69dda5b9ba"
	toyKEXDigest = "72a93be3011bef185788bb878bfa93e1548dbacf836ff6357913ca7b9eee5c4d"
)

// TestBuildNGCC builds the toy C KEM and 4-pass KEX of plugins/ngcc's test
// data with build-ngcc, then drives them as any plugin: listed, KAT files
// generated over the plugin protocol and compared with the models'
// digests, and every operation benchmarked by a run.
func TestBuildNGCC(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"--kind", "kem", "--src", "../plugins/ngcc/testdata/toykem", "--name", "toykem", "--cflags", "-DSECURITY_LEVEL=128"},
		{"--kind", "kex", "--src", "../plugins/ngcc/testdata/toykex", "--name", "toykex"},
	} {
		code, log := runHost(t, append([]string{"build-ngcc", "--out", dir}, args...)...)
		if code != 0 {
			t.Fatalf("build-ngcc %v: exit %d\n%s", args, code, log)
		}
	}

	code, log := runHost(t, "list", "--no-source", "--plugin-dir", dir)
	if code != 0 || !strings.Contains(log, "toykem") || !strings.Contains(log, "toykex") || !strings.Contains(log, "ngcc-c") {
		t.Fatalf("list: exit %d\n%s", code, log)
	}

	lc, err := sandbox.New(sandbox.DefaultLimits, false)
	if err != nil {
		t.Fatal(err)
	}
	defer lc.Close()
	for _, c := range []struct{ name, digest string }{{"toykem", toyKEMDigest}, {"toykex", toyKEXDigest}} {
		p, err := plugin.Start(plugin.Source{Name: c.name, Binary: filepath.Join(dir, plugin.BinaryPrefix+c.name)},
			plugin.Options{Limits: plugin.DefaultLimits, Launcher: lc, CPU: -1})
		if err != nil {
			t.Fatal(err)
		}
		h, _ := katcheck.NewHasher(kat.FormatNGCC)
		err = p.GenerateKAT(c.name+"/ngcc-c", "ngcc", 10, nil, h)
		p.Kill()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := h.Sum(); got != c.digest {
			t.Errorf("%s: KAT digest %s over the plugin protocol, the model's is %s", c.name, got, c.digest)
		}
	}

	// No catalog entry names the toys and they declare no digest, so the
	// run reports KAT "none" and exits 1; every operation is still measured.
	out := filepath.Join(t.TempDir(), "r")
	code, log = runHost(t, quick(dir, out)...)
	if code != 1 {
		t.Fatalf("run: exit %d, want 1 (KAT none)\n%s", code, log)
	}
	s := readSummary(t, out)
	want := map[string][]string{
		"toykem": {"decaps", "decaps_invalid", "decaps_reject", "encaps", "keygen"},
		"toykex": {"derive_a", "derive_b", "exchange", "init_a", "init_b", "pass1", "pass2", "pass3", "pass4"},
	}
	for _, in := range s.Instances {
		if in.KAT != "none" {
			t.Errorf("%s: KAT %q, want none", in.ID, in.KAT)
		}
		var ops []string
		for op := range in.Ops {
			ops = append(ops, op)
		}
		sort.Strings(ops)
		if strings.Join(ops, " ") != strings.Join(want[in.Plugin], " ") {
			t.Errorf("%s: benchmarked %v, want %v", in.ID, ops, want[in.Plugin])
		}
		delete(want, in.Plugin)
	}
	if len(want) > 0 {
		t.Errorf("no summary for %v\n%s", want, log)
	}
	// The robustness pass sends malformed input; the C code must see none
	// of it past the adapter's length checks.
	for _, name := range []string{"toykem", "toykex"} {
		b, err := os.ReadFile(filepath.Join(out, "robust", name, name+"_ngcc-c.json"))
		if err != nil || !strings.Contains(string(b), `"crashes": 0`) {
			t.Errorf("%s robustness: %s %v", name, b, err)
		}
	}
}

func TestBuildNGCCUsage(t *testing.T) {
	for _, args := range [][]string{
		{"build-ngcc", "--kind", "sig", "--src", ".", "--name", "x"},
		{"build-ngcc", "--kind", "kem", "--name", "x"},
		{"build-ngcc", "--kind", "kem", "--src", ".", "--name", "a b"},
	} {
		if code, log := runHost(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2\n%s", args, code, log)
		}
	}
}

// TestBuildNGCCLayout builds toylayout, toykem's KEM in a real
// submission's layout: its Makefile's -std=c99 -Wall -Wextra -Werror
// (which Go's runtime C files and the adapter do not survive) must reach
// its files only, its .S must be compiled, a .c another #includes must not
// be compiled on its own, and its randombytes.c and driver must be left
// out. The plugin must then write toykem's KAT file.
func TestBuildNGCCLayout(t *testing.T) {
	dir := t.TempDir()
	code, log := runHost(t, "build-ngcc", "--kind", "kem", "--src", "../plugins/ngcc/testdata/toylayout", "--name", "toylayout",
		"--instance", "toykem", "--exclude", "lib/iccs/*", "--out", dir)
	if code != 0 {
		t.Fatalf("build-ngcc: exit %d\n%s", code, log)
	}
	for _, want := range []string{
		`3 sources compiled with "-std=c99 -Wall -Wextra -Werror -O2 -Iinclude" (from toylayout/Makefile)`,
		"left out src/util/xorbytes_impl.c (#included by src/util/bytes.c",
		"left out lib/rng/randombytes.c (the submission's randomness",
		"left out test/kat_main.c (defines main",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("build-ngcc output lacks %q:\n%s", want, log)
		}
	}
	cmds, err := os.ReadFile(filepath.Join(dir, "build-toylayout.log"))
	if err != nil || !strings.Contains(string(cmds), "-Werror") || !strings.Contains(string(cmds), "src/util/cpuid.S") {
		t.Errorf("the compiler commands' file lacks the flags or the .S file (%v):\n%s", err, cmds)
	}

	lc, err := sandbox.New(sandbox.DefaultLimits, false)
	if err != nil {
		t.Fatal(err)
	}
	defer lc.Close()
	p, err := plugin.Start(plugin.Source{Name: "toylayout", Binary: filepath.Join(dir, plugin.BinaryPrefix+"toylayout")},
		plugin.Options{Limits: plugin.DefaultLimits, Launcher: lc, CPU: -1})
	if err != nil {
		t.Fatal(err)
	}
	h, _ := katcheck.NewHasher(kat.FormatNGCC)
	err = p.GenerateKAT("toykem/ngcc-c", "ngcc", 10, nil, h)
	p.Kill()
	if err != nil {
		t.Fatalf("toylayout: %v", err)
	}
	if got := h.Sum(); got != toyKEMDigest {
		t.Errorf("toylayout: KAT digest %s, toykem's model's is %s", got, toyKEMDigest)
	}
}

// TestBuildNGCCErrors checks that a failed build of toylayout names the
// submission's own file and the flag that fixes it, in a few lines.
func TestBuildNGCCErrors(t *testing.T) {
	const toylayout = "../plugins/ngcc/testdata/toylayout"
	// toylayout with its .S file moved into a KAT folder, which is never
	// compiled: the symbol it defines must be traced there.
	katLayout := filepath.Join(t.TempDir(), "toylayout")
	if err := os.CopyFS(katLayout, os.DirFS(toylayout)); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(katLayout, "KAT"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(katLayout, "src", "util", "cpuid.S"), filepath.Join(katLayout, "KAT", "cpuid.S")); err != nil {
		t.Fatal(err)
	}
	// toylayout with its .S file replaced by a C definition in a file
	// that also defines main, which the rules leave out.
	mainLayout := filepath.Join(t.TempDir(), "toylayout")
	if err := os.CopyFS(mainLayout, os.DirFS(toylayout)); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(mainLayout, "src", "util", "cpuid.S")); err != nil {
		t.Fatal(err)
	}
	bench := "int toy_cpu_ok(void);\nint toy_cpu_ok(void) { return 1; }\nint main(void) { return !toy_cpu_ok(); }\n"
	if err := os.WriteFile(filepath.Join(mainLayout, "src", "bench.c"), []byte(bench), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		src   string
		args  []string
		wants []string
	}{
		// Its lib/iccs/ copies of the ICCS helpers define what the
		// adapter's niccs.c defines.
		{"duplicate", toylayout, nil, []string{
			"lib/iccs/drng_sm3.c defines get_random_number, init_random_number, which Crucible supplies",
			"--exclude lib/iccs/drng_sm3.c",
			"lib/iccs/sm3_helpers.c defines pseudoXOF, pseudohash, sm3hash, which Crucible supplies",
			"--exclude lib/iccs/sm3_helpers.c",
		}},
		// Without its .S file, kem_keygen's call to toy_cpu_ok is
		// undefined at link time.
		{"missing", toylayout, []string{"--exclude", "lib/iccs/*", "--exclude", "src/util/*.S"}, []string{
			"undefined: toy_cpu_ok, a function of the submission's own; src/util/cpuid.S, left out by --exclude src/util/*.S, mentions it",
			"build-missing.log",
		}},
		{"kat", katLayout, []string{"--exclude", "lib/iccs/*"}, []string{
			"undefined: toy_cpu_ok, a function of the submission's own; KAT/cpuid.S, in the KAT folder, which is never compiled, mentions it",
		}},
		{"main", mainLayout, []string{"--exclude", "lib/iccs/*"}, []string{
			"undefined: toy_cpu_ok, a function of the submission's own; src/bench.c, left out because it defines main, mentions it: --include src/bench.c",
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"build-ngcc", "--kind", "kem", "--src", c.src,
				"--name", c.name, "--out", t.TempDir()}, c.args...)
			code, log := runHost(t, args...)
			if code != 1 {
				t.Fatalf("exit %d, want 1\n%s", code, log)
			}
			for _, want := range c.wants {
				if !strings.Contains(log, want) {
					t.Errorf("the error lacks %q:\n%s", want, log)
				}
			}
			// The linker's command line runs to kilobytes; the message
			// cuts it and keeps the errors readable.
			for _, line := range strings.Split(log, "\n") {
				if len(line) > 400 {
					t.Errorf("a line of %d characters in the error:\n%s", len(line), log)
				}
			}
		})
	}
}

// TestBuildNGCCFlagsConfined gives a submission the compiler flags a
// hostile Makefile could: -include of the evaluator's signing key. In the
// build box the compiler cannot read it, and the error names the file
// without quoting it; unsandboxed, gcc quotes the key's first line, which
// shows the fixture works.
func TestBuildNGCCFlagsConfined(t *testing.T) {
	secrets := t.TempDir()
	if err := os.Chmod(secrets, 0o755); err != nil {
		t.Fatal(err)
	}
	key := filepath.Join(secrets, "sign.key")
	const keyText = "crucible_signing_key_2c9e"
	if err := os.WriteFile(key, []byte(keyText+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		extra []string
		quote bool // the error quotes the key
	}{
		{"boxed", nil, false},
		{"unsandboxed", []string{"--unsandboxed"}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"build-ngcc", "--kind", "kem", "--src", "../plugins/ngcc/testdata/toylayout",
				"--name", "include", "--out", t.TempDir(), "--exclude", "lib/iccs/*",
				"--cflags", "-std=c99 -O2 -Iinclude -include " + key}, c.extra...)
			code, log := runHost(t, args...)
			if code != 1 {
				t.Fatalf("exit %d, want 1\n%s", code, log)
			}
			if got := strings.Contains(log, keyText); got != c.quote {
				t.Errorf("the error quotes the key: %v, want %v\n%s", got, c.quote, log)
			}
			if !c.quote && !strings.Contains(log, "sign.key") {
				t.Errorf("the error does not name the file it could not read:\n%s", log)
			}
		})
	}
}
