package main

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"crucible.dev/host/internal/evidence"
)

// The NIST-API toy submissions of plugins/nistc's test data: the toy
// signature scheme built one implementation at a time, and the toy KEM as
// a whole package in one command (two parameter sets, a reference and an
// optimised implementation of each).
var nistToys = []struct {
	kind, src, name string
	ids             []string // instance/impl the command builds
}{
	{"sig", "toysig/Reference_Implementation/toysig48", "toysig-ref", []string{"ToySig-48/ref"}},
	{"sig", "toysig/Optimized_Implementation/toysig48", "toysig-opt", []string{"ToySig-48/opt"}},
	{"kem", "toykem", "toykem", []string{"ToyKEM-64/ref", "ToyKEM-64/opt", "ToyKEM-128/ref", "ToyKEM-128/opt"}},
}

const nistTestdata = "../plugins/nistc/testdata/"

// TestBuildCNIST builds the toy NIST-API KEM and signature scheme, the
// reference and the optimised (assembly) implementation of each, with
// build-c as a submitter would: sources in subfolders, their own rng.c and
// test program left out, their Makefile's -std=c99 -Wall -Wextra -Werror
// on their files only; the KEM's whole package (two parameter sets) in one
// command. Each build regenerates the shipped .rsp file byte for byte, and
// a run of the prebuilt executables reports every instance and
// implementation "pass (declared)" with its operations measured and no
// size finding (signatures shorter than CRYPTO_BYTES are within the
// declared maximum).
func TestBuildCNIST(t *testing.T) {
	dir := t.TempDir()
	for _, c := range nistToys {
		code, log := runHost(t, "build-c", "--api", "nist", "--kind", c.kind, "--src", nistTestdata+c.src, "--name", c.name, "--out", dir)
		if code != 0 {
			t.Fatalf("build-c %s: exit %d\n%s", c.name, code, log)
		}
		want := []string{"-std=c99 -Wall -Wextra -Werror", "left out rng.c"}
		for _, id := range c.ids {
			want = append(want, "instance "+id+" ")
		}
		for _, w := range want {
			if !strings.Contains(log, w) {
				t.Errorf("build-c %s: no %q in\n%s", c.name, w, log)
			}
		}
		if n := strings.Count(log, "byte for byte"); n != len(c.ids) {
			t.Errorf("build-c %s: %d KAT files reproduced byte for byte, want %d\n%s", c.name, n, len(c.ids), log)
		}
	}
	out := filepath.Join(t.TempDir(), "r")
	code, log := runHost(t, quick(dir, out)...)
	if code != 0 {
		t.Fatalf("run: exit %d\n%s", code, log)
	}
	s := readSummary(t, out)
	want := map[string][]string{}
	for _, c := range nistToys {
		ops := []string{"keygen", "encaps", "decaps"}
		if c.kind == "sig" {
			ops = []string{"keygen", "sign", "verify"}
		}
		for _, id := range c.ids {
			want[id] = ops
		}
	}
	for _, in := range s.Instances {
		if in.KAT != "pass" || in.KATFrom != "declared" {
			t.Errorf("%s: KAT %q from %q, want pass (declared)", in.ID, in.KAT, in.KATFrom)
		}
		id := in.Instance + "/" + in.Impl
		for _, op := range want[id] {
			if _, ok := in.Ops[op]; !ok {
				t.Errorf("%s: %s not measured", id, op)
			}
		}
		delete(want, id)
	}
	if len(want) > 0 {
		t.Errorf("no summary for %v\n%s", want, log)
	}
}

// TestBuildCKATBitFlip changes one bit of the toy KEM's C code (the domain
// byte of its shared secret, 'S' to 'R'): build-c must name the first
// differing record and field of the shipped .rsp file and exit 1.
func TestBuildCKATBitFlip(t *testing.T) {
	sub := filepath.Join(t.TempDir(), "toykem")
	if err := os.CopyFS(sub, os.DirFS(nistTestdata+"toykem")); err != nil {
		t.Fatal(err)
	}
	kem := filepath.Join(sub, "Reference_Implementation", "toykem64", "kem.c")
	src, err := os.ReadFile(kem)
	if err != nil {
		t.Fatal(err)
	}
	flipped := strings.Replace(string(src), "buf[0] = 'S';", "buf[0] = 'R';", 1)
	if flipped == string(src) {
		t.Fatal("kem.c no longer sets the 'S' domain byte: update the test")
	}
	if err := os.WriteFile(kem, []byte(flipped), 0o644); err != nil {
		t.Fatal(err)
	}
	plugins := t.TempDir()
	code, log := runHost(t, "build-c", "--kind", "kem", "--src", filepath.Join(sub, "Reference_Implementation", "toykem64"), "--name", "flipped", "--out", plugins)
	if code != 1 || !strings.Contains(log, "first difference at record 0, field ss") {
		t.Fatalf("exit %d, want 1 naming record 0, field ss\n%s", code, log)
	}
	// The executable was built all the same: a run fails its KAT and
	// names the same record and field, from the shipped file the plugin
	// carries (its digest checked against the declared one).
	out := filepath.Join(t.TempDir(), "r")
	code, log = runHost(t, quick(plugins, out)...)
	if code == 0 {
		t.Fatalf("run: exit 0 with a flipped KAT\n%s", log)
	}
	s := readSummary(t, out)
	if len(s.Instances) != 1 || s.Instances[0].KAT != "fail" {
		t.Fatalf("run: want one instance failing its KAT, got %+v\n%s", s.Instances, log)
	}
	rec := string(mustRead(t, evidence.KATPath(out, "flipped", "ToyKEM-64/ref")))
	if !strings.Contains(rec, "first difference from the declared file submission-rsp: record 0, field ss") {
		t.Errorf("the run's KAT record does not name record 0, field ss:\n%s\n%s", rec, log)
	}
}

func TestBuildCUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"build-c", "--api", "nist", "--kind", "kex", "--src", ".", "--name", "x"}, "no key exchange"},
		{[]string{"build-c", "--api", "pqc", "--kind", "kem", "--src", ".", "--name", "x"}, "--api must be"},
		{[]string{"build-c", "--kind", "kem", "--name", "x"}, "--src"},
		{[]string{"build-c", "--kind", "kem", "--src", "../plugins/ngcc/testdata/toykem", "--name", "x"}, "use --api niccs"},
	} {
		if code, log := runHost(t, c.args...); code != 2 || !strings.Contains(log, c.want) {
			t.Errorf("%v: exit %d, want 2 and %q\n%s", c.args, code, c.want, log)
		}
	}
}

// TestBuildCErrors checks the errors a submitter can act on: a symbol two
// of the submission's files define, named with both files, and an API
// function the submission lacks, named with the API it belongs to.
func TestBuildCErrors(t *testing.T) {
	sub := filepath.Join(t.TempDir(), "toykem")
	if err := os.CopyFS(sub, os.DirFS(nistTestdata+"toykem")); err != nil {
		t.Fatal(err)
	}
	ref := filepath.Join(sub, "Reference_Implementation", "toykem64")
	dup := filepath.Join(ref, "src", "toyhash_copy.c")
	if err := os.WriteFile(dup, mustRead(t, filepath.Join(ref, "src", "toyhash.c")), 0o644); err != nil {
		t.Fatal(err)
	}
	code, log := runHost(t, "build-c", "--kind", "kem", "--src", ref, "--name", "dup", "--out", t.TempDir())
	if code != 1 || !strings.Contains(log, "toyhash is defined in src/toyhash.c and src/toyhash_copy.c: --exclude all but one") {
		t.Errorf("duplicate: exit %d, want 1 naming both files\n%s", code, log)
	}
	os.Remove(dup)

	kem := filepath.Join(ref, "kem.c")
	src := string(mustRead(t, kem))
	i := strings.Index(src, "int crypto_kem_dec(")
	if i < 0 {
		t.Fatal("kem.c no longer defines crypto_kem_dec: update the test")
	}
	if err := os.WriteFile(kem, []byte(src[:i]), 0o644); err != nil {
		t.Fatal(err)
	}
	code, log = runHost(t, "build-c", "--kind", "kem", "--src", ref, "--name", "nodec", "--out", t.TempDir())
	if code != 1 || !strings.Contains(log, "undefined: crypto_kem_dec, the NIST PQC kem API") {
		t.Errorf("missing crypto_kem_dec: exit %d, want 1 naming the symbol and its API\n%s", code, log)
	}
}

func mustRead(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestBuildCKATSHA256 declares the toy KEM's KAT by a digest alone, in
// PQClean's form (META.yml's nistkat-sha256: the first record without the
// "# ALGNAME" header and the empty line after it), as a submitter with no
// .rsp file at hand would: the digest taken of the independent model's
// file passes at build time, a digest one hex digit off fails naming both.
func TestBuildCKATSHA256(t *testing.T) {
	shipped := string(mustRead(t, nistTestdata+"toykem/KAT/toykem64/PQCkemKAT_64.rsp"))
	_, body, _ := strings.Cut(shipped, "\n\n")
	first, _, _ := strings.Cut(body, "\n\n")
	sum := sha256.Sum256([]byte(first + "\n"))
	good := hex.EncodeToString(sum[:])
	bad := good[:63] + string("10"[map[bool]int{true: 0, false: 1}[good[63] == '0']])
	src := nistTestdata + "toykem/Reference_Implementation/toykem64"
	plugins := t.TempDir()
	code, log := runHost(t, "build-c", "--kind", "kem", "--src", src, "--name", "bydigest", "--kat-sha256", good, "--out", plugins)
	if code != 0 || !strings.Contains(log, "has the SHA-256 --kat-sha256 declares") {
		t.Fatalf("the model's digest: exit %d, want 0 and the digest matched\n%s", code, log)
	}
	out := filepath.Join(t.TempDir(), "r")
	if code, log := runHost(t, quick(plugins, out)...); code != 0 {
		t.Fatalf("run: exit %d\n%s", code, log)
	}
	if s := readSummary(t, out); len(s.Instances) != 1 || s.Instances[0].KAT != "pass" || s.Instances[0].KATFrom != "declared" {
		t.Errorf("run: want one instance, pass (declared); got %+v", s.Instances)
	}
	// The generator declares the one record the digest covers, so the
	// run's fresh-seed file (3 asked) and an emitted file (5 asked) hold
	// one, and say so.
	var k evidence.KATRecord
	if err := evidence.ReadJSON(evidence.KATPath(out, "bydigest", "ToyKEM-64/ref"), &k); err != nil {
		t.Fatal(err)
	}
	fresh := 0
	for _, r := range k.Results {
		if r.Type == "fresh-seed" {
			fresh++
			if r.Records != 1 {
				t.Errorf("the fresh-seed file of a one-record generator: %d records, want 1", r.Records)
			}
		}
	}
	if fresh != 1 {
		t.Errorf("%d fresh-seed results, want 1: %+v", fresh, k.Results)
	}
	emit := t.TempDir()
	code, log = runHost(t, "kat", "--no-source", "--plugin-dir", plugins, "--suite", "bydigest", "--emit", emit, "--records", "5")
	if line := good + " ToyKEM-64 pqclean-nistkat 1"; code != 0 || !strings.Contains(log, line) || !strings.Contains(log, "--records 5, but the generator writes at most 1") {
		t.Errorf("kat --emit --records 5: exit %d, want the line %q and a note\n%s", code, line, log)
	}
	code, log = runHost(t, "build-c", "--kind", "kem", "--src", src, "--name", "baddigest", "--kat-sha256", bad, "--out", t.TempDir())
	if code != 1 || !strings.Contains(log, "has SHA-256 "+good+", --kat-sha256 declares "+bad) {
		t.Errorf("a wrong digest: exit %d, want 1 naming both digests\n%s", code, log)
	}
}

// TestKATEmit writes the KAT file a built C submission generates with
// `host kat --emit` and checks it is the shipped file of the independent
// model byte for byte, with its SHA-256 printed and written to kat.sha256
// in the manifest form a plugin declares.
func TestKATEmit(t *testing.T) {
	plugins, emit := t.TempDir(), t.TempDir()
	src := nistTestdata + "toykem/Reference_Implementation/toykem64"
	if code, log := runHost(t, "build-c", "--kind", "kem", "--src", src, "--name", "toykem", "--out", plugins); code != 0 {
		t.Fatalf("build-c: exit %d\n%s", code, log)
	}
	code, log := runHost(t, "kat", "--no-source", "--plugin-dir", plugins, "--suite", "toykem", "--emit", emit)
	if code != 0 {
		t.Fatalf("kat: exit %d\n%s", code, log)
	}
	shipped := mustRead(t, nistTestdata+"toykem/KAT/toykem64/PQCkemKAT_64.rsp")
	if got := mustRead(t, filepath.Join(emit, "ToyKEM-64_ref.pqcgenkat.rsp")); string(got) != string(shipped) {
		t.Errorf("the emitted file is not the shipped one (%d and %d bytes)", len(got), len(shipped))
	}
	sum := sha256.Sum256(shipped)
	line := hex.EncodeToString(sum[:]) + " ToyKEM-64 pqcgenkat 20"
	if !strings.Contains(log, line) || strings.TrimSpace(string(mustRead(t, filepath.Join(emit, "kat.sha256")))) != line {
		t.Errorf("want the digest line %q printed and in kat.sha256\n%s", line, log)
	}
}
