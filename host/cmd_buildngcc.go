package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"crucible.dev/host/internal/ngcc"
	"crucible.dev/host/internal/plugin"
	"crucible.dev/host/internal/sandbox"
)

// unsandboxedBuildUsage is the --unsandboxed flag of the build commands.
const unsandboxedBuildUsage = "compile the submission with your full rights when this host cannot sandbox its build (its flags and sources then read any file you can)"

func init() {
	register("build-ngcc", "build an NGCC C submission (NICCS KEM or KEX API) into a plugin executable", cmdBuildNGCC)
}

// cmdBuildNGCC compiles a submission's C and assembly sources with its own
// flags into a library and links it with the adapter module plugins/ngcc
// into crucible-plugin-NAME. The submission's build scripts and makefiles
// are never run, and the files Crucible supplies itself (the ICCS KAT
// driver, drng.c, auxfunc.c, randombytes.c and their headers) are left out.
func cmdBuildNGCC(args []string) error {
	set := flag.NewFlagSet("build-ngcc", flag.ContinueOnError)
	kind := set.String("kind", "", "the submission's API: kem (KEM_AlgorithmInstance.h) or kex (KEX_AlgorithmInstance.h)")
	src := set.String("src", "", "the submission's directory: its C sources and headers, e.g. one parameter set's src/")
	name := set.String("name", "", "plugin name: the executable is crucible-plugin-NAME")
	out := set.String("out", "", "plugin directory to write the executable to (default <workspace>/.cache/ngcc)")
	instance := set.String("instance", "", "catalog instance name to serve it as (default NAME); the catalog's KAT digests for that name are checked")
	cflags := set.String("cflags", "", "the submission's C compiler flags, e.g. -DSECURITY_LEVEL=128, for its own files only (default: the CFLAGS of the Makefile in --src or its parent; -O2 is added when no -O level is given)")
	records := set.Int("kat-records", 10, "records of the NGCC KAT file the plugin generates (0: declare no KAT)")
	var excludes, includes listFlag
	set.Var(&excludes, "exclude", "leave out sources whose path under --src matches this glob, e.g. 'tests/*' (repeatable)")
	set.Var(&includes, "include", "compile a source the rules above leave out whose path under --src matches this glob, e.g. a randombytes.c some code still references (repeatable)")
	keep := set.Bool("keep", false, "keep the build directory and print where it is")
	unboxed := set.Bool("unsandboxed", false, unsandboxedBuildUsage)
	if err := set.Parse(args); err != nil {
		return &exitError{2, nil}
	}
	switch {
	case set.NArg() > 0:
		return usageErr("build-ngcc: unexpected arguments %q", set.Args())
	case *kind != "kem" && *kind != "kex":
		return usageErr("build-ngcc: --kind must be kem or kex")
	case *src == "":
		return usageErr("build-ngcc: --src DIR is required")
	case !ngcc.SafeName.MatchString(*name):
		return usageErr("build-ngcc: --name %q: letters, digits, '-' and '_' only", *name)
	case *records < 0:
		return usageErr("build-ngcc: --kat-records must be 0 or more")
	}
	if *instance == "" {
		*instance = *name
	}
	if !ngcc.SafeName.MatchString(*instance) {
		return usageErr("build-ngcc: --instance %q: letters, digits, '-' and '_' only", *instance)
	}
	root, err := plugin.Workspace(".")
	if err != nil {
		return usageErr("build-ngcc: %v (the adapter module plugins/ngcc is built from the workspace)", err)
	}
	if *out == "" {
		*out = filepath.Join(root, ".cache", "ngcc")
	}
	lc, err := sandbox.New(sandbox.DefaultLimits, *unboxed)
	if err != nil {
		return &exitError{2, fmt.Errorf("build-ngcc: %w", err)}
	}
	defer lc.Close()
	b := ngcc.Build{
		Root: root, Kind: *kind, Name: *name, Instance: *instance, Box: lc,
		CFlags: *cflags, Records: *records, Excludes: excludes, Includes: includes, Log: os.Stderr,
	}
	if b.Src, err = filepath.Abs(*src); err != nil {
		return usageErr("build-ngcc: %v", err)
	}
	if _, err := os.Stat(filepath.Join(root, "plugins", *name, "go.mod")); err == nil {
		fmt.Fprintf(os.Stderr, "build-ngcc: warning: plugins/%s is a workspace plugin; in a run with --plugin-dir %s this executable takes its place\n", *name, *out)
	}
	bin, err := b.Run(*out, *keep)
	if err != nil {
		return &exitError{1, fmt.Errorf("build-ngcc: %w", err)}
	}
	fmt.Printf("built %s: instance %s/ngcc-c (%s), %d sources compiled with %q (from %s)\n", bin, *instance, *kind, len(b.Files), b.CFlags, b.FlagsFrom)
	for _, r := range b.Replaced {
		fmt.Printf("  left out %s\n", r)
	}
	fmt.Printf("every compiler command: %s\n", b.LogPath)
	fmt.Printf("run it: go run ./host run --plugin-dir %s --suite %s\n", filepath.Dir(bin), *name)
	return nil
}
