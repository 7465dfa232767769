package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"crucible.dev/host/internal/csub"
	"crucible.dev/host/internal/plugin"
	"crucible.dev/host/internal/sandbox"
	"crucible.dev/registry/eval/katcheck"
)

func init() {
	register("build-c", "build a C submission (NIST PQC API: KEM or signature; NICCS API: KEM or KEX) into a plugin executable", cmdBuildC)
}

// cmdBuildC builds a C submission as a competition receives it into
// crucible-plugin-NAME. With --api nist it compiles the submission with
// its own flags into a static library, links it into the adapter module
// plugins/nistc, declares the shipped PQCkemKAT/PQCsignKAT file and checks
// it at once through the plugin protocol, in the sandbox; with --api niccs
// it is build-ngcc.
func cmdBuildC(args []string) error {
	set := flag.NewFlagSet("build-c", flag.ContinueOnError)
	api := set.String("api", "nist", "the submission's API: nist (api.h, crypto_kem_*/crypto_sign*) or niccs (KEM_/KEX_AlgorithmInstance.h)")
	kind := set.String("kind", "", "kem or sig (nist); kem or kex (niccs)")
	src := set.String("src", "", "the submission's directory: one parameter set of one implementation (e.g. Reference_Implementation/toykem64), or the whole NIST package (every implementation of every parameter set, a plugin NAME-<set>-<impl> each)")
	name := set.String("name", "", "plugin name: the executable is crucible-plugin-NAME")
	out := set.String("out", "", "plugin directory to write the executable to (default <workspace>/.cache/c)")
	instance := set.String("instance", "", "instance name (default: api.h's CRYPTO_ALGNAME; niccs: NAME)")
	impl := set.String("impl", "", "implementation name (nist; default: ref, opt or the Additional_Implementations folder)")
	cflags := set.String("cflags", "", "the submission's C compiler flags, applied to its files only (nist default: CFLAGS of its Makefile)")
	katFile := set.String("kat", "", "the shipped PQCkemKAT_*.rsp or PQCsignKAT_*.rsp to declare (nist; default: found beside --src; none: declare none)")
	records := set.Int("kat-records", 0, "records of the KAT file: the NGCC file the plugin generates (niccs; default 10), the records --kat-sha256 covers (nist; default 1, PQClean's)")
	katSHA := set.String("kat-sha256", "", "PQClean's nistkat-sha256 (META.yml) to declare instead of a shipped .rsp file: the SHA-256 of the records without the \"# ALGNAME\" header and the last empty line (nist)")
	var excludes, includes listFlag
	set.Var(&excludes, "exclude", "leave out sources whose path under --src matches this glob (repeatable)")
	set.Var(&includes, "include", "compile a source the rules leave out whose path under --src matches this glob (repeatable)")
	keep := set.Bool("keep", false, "keep the build directory and print where it is")
	unboxed := set.Bool("unsandboxed", false, unsandboxedBuildUsage)
	if err := set.Parse(args); err != nil {
		return &exitError{2, nil}
	}
	switch *api {
	case "niccs":
		if *impl != "" || *katFile != "" || *katSHA != "" {
			return usageErr("build-c: --impl, --kat and --kat-sha256 are for --api nist")
		}
		if *records == 0 {
			*records = 10
		}
		rest := []string{"--kind", *kind, "--src", *src, "--name", *name, "--instance", *instance, "--cflags", *cflags, "--kat-records", fmt.Sprint(*records)}
		if *out != "" {
			rest = append(rest, "--out", *out)
		}
		for _, e := range excludes {
			rest = append(rest, "--exclude", e)
		}
		for _, e := range includes {
			rest = append(rest, "--include", e)
		}
		if *keep {
			rest = append(rest, "--keep")
		}
		if *unboxed {
			rest = append(rest, "--unsandboxed")
		}
		return cmdBuildNGCC(append(rest, set.Args()...))
	case "nist":
	default:
		return usageErr("build-c: --api must be nist or niccs")
	}
	switch {
	case set.NArg() > 0:
		return usageErr("build-c: unexpected arguments %q", set.Args())
	case *kind == "kex":
		return usageErr("build-c: the NIST PQC API has no key exchange: --kind kem or sig, or --api niccs for a NICCS KEX")
	case *kind != "kem" && *kind != "sig":
		return usageErr("build-c: --kind must be kem or sig")
	case *src == "":
		return usageErr("build-c: --src DIR is required")
	case !csub.SafeName.MatchString(*name):
		return usageErr("build-c: --name %q: letters, digits, '-' and '_' only", *name)
	}
	root, err := plugin.Workspace(".")
	if err != nil {
		return usageErr("build-c: %v (the adapter module plugins/nistc is built from the workspace)", err)
	}
	if *out == "" {
		*out = filepath.Join(root, ".cache", "c")
	}
	lc, err := sandbox.New(sandbox.DefaultLimits, *unboxed)
	if err != nil {
		return &exitError{2, fmt.Errorf("build-c: %w", err)}
	}
	defer lc.Close()
	b := csub.Build{
		Root: root, Kind: *kind, Box: lc, Name: *name, Instance: *instance, Impl: *impl, CFlags: *cflags, KAT: *katFile,
		Excludes: excludes, Includes: includes, Log: os.Stderr, KATSHA256: *katSHA, KATRecords: *records,
	}
	if b.KATRecords == 0 {
		b.KATRecords = 1
	}
	if b.Src, err = filepath.Abs(*src); err != nil {
		return usageErr("build-c: %v", err)
	}
	if _, err := os.Stat(filepath.Join(b.Src, "api.h")); err == nil {
		if err := buildNISTUnit(b, *out, *keep); err != nil {
			return &exitError{1, fmt.Errorf("build-c: %w", err)}
		}
		fmt.Printf("run it: go run ./host run --no-source --plugin-dir %s --suite %s\n", *out, *name)
		return nil
	}
	if hasNICCSHeader(b.Src) {
		return usageErr("build-c: %s holds a NICCS header (KEM_AlgorithmInstance.h or KEX_AlgorithmInstance.h) and no api.h: use --api niccs", *src)
	}
	units, err := csub.PackageUnits(b.Src)
	switch {
	case err != nil:
		return &exitError{1, fmt.Errorf("build-c: %w", err)}
	case units == nil:
		return &exitError{1, fmt.Errorf("build-c: %s has no api.h and is no NIST submission package (Reference_Implementation/, Optimized_Implementation/, Additional_Implementations/<name>/)", *src)}
	case *instance != "" || *impl != "" || (*katFile != "" && *katFile != "none") || *katSHA != "":
		return usageErr("build-c: --src %s is a whole NIST package: --instance, --impl, --kat FILE and --kat-sha256 name one parameter set of one implementation; give its folder as --src", *src)
	}
	return buildNISTPackage(b, units, *out, *keep)
}

// buildNISTPackage builds every parameter set of every implementation of
// a NIST submission package, each into a plugin of its own named
// NAME-<parameter set>-<implementation>: each implementation becomes an
// implementation of its parameter set's instance. It goes on after a
// failed unit, so one command reports them all.
func buildNISTPackage(b csub.Build, units []csub.Unit, out string, keep bool) error {
	fmt.Printf("NIST package %s: %d implementations of parameter sets\n", b.Src, len(units))
	var failed []string
	for _, u := range units {
		ub := b
		ub.Src, ub.Impl, ub.Name = u.Src, u.Impl, u.PluginName(b.Name)
		rel, _ := filepath.Rel(b.Src, u.Src)
		fmt.Printf("\n== %s (plugin %s)\n", rel, ub.Name)
		if err := buildNISTUnit(ub, out, keep); err != nil {
			fmt.Fprintf(os.Stderr, "build-c: %s: %v\n", rel, err)
			failed = append(failed, rel)
		}
	}
	if len(failed) > 0 {
		return &exitError{1, fmt.Errorf("build-c: %d of %d failed: %s", len(failed), len(units), strings.Join(failed, ", "))}
	}
	fmt.Printf("\nrun them: go run ./host run --no-source --plugin-dir %s\n", out)
	return nil
}

// buildNISTUnit builds one parameter set of one implementation and checks
// its shipped KAT file.
func buildNISTUnit(b csub.Build, out string, keep bool) error {
	bin, err := b.Run(out, keep)
	if err != nil {
		return err
	}
	id := b.Instance + "/" + b.Impl
	fmt.Printf("built %s: instance %s (NIST %s API), %d sources compiled with %q (from %s)\n", bin, id, b.Kind, len(b.Files), b.CFlags, b.FlagsFrom)
	for _, r := range b.Replaced {
		fmt.Printf("  left out %s\n", r)
	}
	if goarch := os.Getenv("GOARCH"); (b.KATFile != "" || b.KATSHA256 != "") && goarch != "" && goarch != runtime.GOARCH {
		fmt.Printf("KAT: not checked here: a GOARCH=%s executable does not start on this %s host\n", goarch, runtime.GOARCH)
	} else if b.KATFile != "" {
		if err := checkShippedKAT(bin, b.Name, id, b.KATFile, b.KATCount); err != nil {
			return fmt.Errorf("built %s, but %w", bin, err)
		}
	} else if b.KATSHA256 != "" {
		if err := checkKATDigest(bin, b.Name, id, b.KATSource(), b.KATSHA256, b.KATCount); err != nil {
			return fmt.Errorf("built %s, but %w", bin, err)
		}
	}
	return nil
}

// checkShippedKAT generates the instance's .rsp file through the plugin
// protocol, in the sandbox as a run would, and compares it with the shipped
// one: the same bytes give the run's "pass (declared)"; otherwise it names
// the first differing record and field.
func checkShippedKAT(bin, name, id, shipped string, records int) error {
	want, err := os.ReadFile(shipped)
	if err != nil {
		return err
	}
	got, err := generateRSP(bin, name, id, "pqcgenkat", records)
	if err != nil {
		return err
	}
	if bytes.Equal(got.Bytes(), want) {
		fmt.Printf("KAT: the generated file is %s byte for byte (%d records): a run reports pass (declared)\n", shipped, records)
		return nil
	}
	m, err := katcheck.FirstDifference(bytes.NewReader(got.Bytes()), bytes.NewReader(want))
	switch {
	case err != nil:
		return fmt.Errorf("its KAT file differs from %s (%v)", shipped, err)
	case m == nil:
		return fmt.Errorf("its KAT file differs from %s in layout only (blank lines or trailing space)", shipped)
	}
	return fmt.Errorf("its KAT file differs from %s: first difference at %s", shipped, m.Error())
}

// checkKATDigest generates the instance's KAT text of source as
// checkShippedKAT does and compares its SHA-256 with a published one
// (--kat-sha256).
func checkKATDigest(bin, name, id, source, digest string, records int) error {
	got, err := generateRSP(bin, name, id, source, records)
	if err != nil {
		return err
	}
	sum := sha256.Sum256(got.Bytes())
	if d := hex.EncodeToString(sum[:]); d != digest {
		return fmt.Errorf("its KAT text (%s, %d records) has SHA-256 %s, --kat-sha256 declares %s (no file to name the first difference: --kat FILE gives one)", source, records, d, digest)
	}
	fmt.Printf("KAT: the generated %s text of %d records has the SHA-256 --kat-sha256 declares: a run reports pass (declared)\n", source, records)
	return nil
}

// generateRSP generates the instance's .rsp file through the plugin
// protocol, in the sandbox as a run would.
func generateRSP(bin, name, id, source string, records int) (*bytes.Buffer, error) {
	lc, err := sandbox.New(sandbox.DefaultLimits, false)
	if err != nil {
		return nil, err
	}
	defer lc.Close()
	p, err := plugin.Start(plugin.Source{Name: name, Binary: bin}, plugin.Options{Limits: plugin.DefaultLimits, Launcher: lc, CPU: -1})
	if err != nil {
		return nil, err
	}
	var got bytes.Buffer
	err = p.GenerateKAT(id, source, records, nil, &got)
	p.Kill()
	if err != nil {
		return nil, fmt.Errorf("generating its KAT file: %w", err)
	}
	return &got, nil
}

// hasNICCSHeader says whether dir holds the NICCS API's headers.
func hasNICCSHeader(dir string) bool {
	found := false
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(d.Name(), "_AlgorithmInstance.h") {
			found = true
		}
		return nil
	})
	return found
}
