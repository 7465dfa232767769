package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/plugin"
	"crucible.dev/registry/eval/katcheck"
	"crucible.dev/registry/kat"
)

// cmdKAT is `host kat`: the KAT gate alone, or with --emit DIR the KAT
// files themselves (cmdKATEmit).
func cmdKAT(args []string) error {
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "-emit" || a == "--emit" || strings.HasPrefix(a, "-emit=") || strings.HasPrefix(a, "--emit=") {
			return cmdKATEmit(args)
		}
	}
	return cmdRun("kat", args)
}

// cmdKATEmit generates, through the plugin protocol and in the sandbox as a
// run does, every KAT file one plugin's instances generate, writes them to
// --emit DIR and prints their SHA-256 digests in the kat.sha256 manifest
// form (also written as DIR/kat.sha256), so a submitter can compare them
// with published files and declare them.
func cmdKATEmit(args []string) error {
	fs := flag.NewFlagSet("kat", flag.ContinueOnError)
	var c common
	c.register(fs)
	name := fs.String("suite", "", "the plugin whose KAT files to write (its name, as `host list` shows it)")
	instance := fs.String("instance", "", "only this instance (NAME or NAME/IMPL)")
	emit := fs.String("emit", "", "directory to write the KAT files and kat.sha256 to")
	records := fs.Int("records", 0, "records per file (default: as many as each generator declares)")
	if err := fs.Parse(args); err != nil {
		return &exitError{2, nil}
	}
	switch {
	case fs.NArg() > 0:
		return usageErr("kat --emit: unexpected arguments %q", fs.Args())
	case *name == "":
		return usageErr("kat --emit: --suite PLUGIN is required (one plugin's files)")
	case *emit == "":
		return usageErr("kat --emit: --emit DIR is required")
	case *records < 0:
		return usageErr("kat --emit: --records %d: at least 1, or 0 for the generator's own count", *records)
	}
	w, err := c.open()
	if err != nil {
		return err
	}
	defer w.Close()
	var src *plugin.Source
	for i := range w.srcs {
		if w.srcs[i].Name == *name {
			src = &w.srcs[i]
		}
	}
	if src == nil {
		return usageErr("kat --emit: no plugin %q (in the workspace or --plugin-dir)", *name)
	}
	if err := w.build(src); err != nil {
		return &exitError{1, fmt.Errorf("kat: building %s: %w", *name, err)}
	}
	p, err := plugin.Start(*src, w.options(-1))
	if err != nil {
		return &exitError{1, fmt.Errorf("kat: starting %s: %w", *name, err)}
	}
	defer p.Kill()
	d, err := p.Describe()
	if err != nil {
		return &exitError{1, fmt.Errorf("kat: %s: %w", *name, err)}
	}
	if err := os.MkdirAll(*emit, 0o755); err != nil {
		return &exitError{1, fmt.Errorf("kat: %w", err)}
	}
	var manifest strings.Builder
	n := 0
	for _, in := range d.Instances {
		if *instance != "" && *instance != in.Name && *instance != in.ID() {
			continue
		}
		for _, g := range in.KATs {
			line, err := emitKAT(p, in, g, *records, *emit)
			if err != nil {
				return &exitError{1, fmt.Errorf("kat: %s %s: %w", in.ID(), g.Source, err)}
			}
			fmt.Println(line)
			manifest.WriteString(line + "\n")
			n++
		}
	}
	if n == 0 {
		return &exitError{1, fmt.Errorf("kat: plugin %s has no KAT generator for %q", *name, *instance)}
	}
	mf := filepath.Join(*emit, "kat.sha256")
	if err := os.WriteFile(mf, []byte(manifest.String()), 0o644); err != nil {
		return &exitError{1, fmt.Errorf("kat: %w", err)}
	}
	fmt.Fprintf(os.Stderr, "kat: %d files in %s; their digests in %s (\"<sha256> <instance> <source> <records>\", the form a plugin declares)\n", n, *emit, mf)
	return nil
}

// emitKAT writes one generator's file to dir and returns its kat.sha256
// line: the digest of the file in its format's canonical form, as a run
// computes it.
func emitKAT(p *plugin.Process, in *plugin.Instance, g plugin.KAT, records int, dir string) (string, error) {
	if records > g.Records {
		// The plugin writes at most the records its generator declares
		// (a published digest of one record declares one); the line
		// must give the count the file has.
		fmt.Fprintf(os.Stderr, "kat: %s %s: --records %d, but the generator writes at most %d; the file holds that many\n", in.ID(), g.Source, records, g.Records)
	}
	if records == 0 || records > g.Records {
		records = g.Records
	}
	h, err := katcheck.NewHasher(g.Format)
	if err != nil {
		return "", err
	}
	ext := ".txt"
	if g.Format == kat.FormatRSP {
		ext = ".rsp"
	}
	path := filepath.Join(dir, evidence.Safe(in.ID())+"."+evidence.Safe(g.Source)+ext)
	f, err := os.Create(path)
	if err != nil {
		return "", err
	}
	err = p.GenerateKAT(in.ID(), g.Source, records, nil, io.MultiWriter(f, h))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
		return "", err
	}
	return fmt.Sprintf("%s %s %s %d", h.Sum(), in.Name, g.Source, records), nil
}
