package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"text/tabwriter"

	"crucible.dev/host/internal/audit"
	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/session"
	"crucible.dev/registry"
)

func init() { register("list", "list plugins, their instances, kinds and sizes", cmdList) }

func cmdList(args []string) error {
	fs := flag.NewFlagSet("list", flag.ContinueOnError)
	var c common
	c.register(fs)
	if err := fs.Parse(args); err != nil {
		return &exitError{2, nil}
	}
	w, err := c.open()
	if err != nil {
		return err
	}
	defer w.Close()
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "plugin\tinstance\timpl\tkind\tsizes\tKAT sources")
	failed := false
	for i := range w.srcs {
		s := &w.srcs[i]
		if err := w.build(s); err != nil {
			fmt.Fprintf(tw, "%s\t(build failed: %s)\t\t\t\t\n", s.Name, evidence.FirstLine(err.Error()))
			failed = true
			continue
		}
		sess, err := session.Start(s, session.Options(w.options(-1)))
		if err != nil {
			fmt.Fprintf(tw, "%s\t(does not start: %s)\t\t\t\t\n", s.Name, evidence.FirstLine(err.Error()))
			failed = true
			continue
		}
		d, err := sess.Describe()
		sess.Stop()
		if err != nil {
			fmt.Fprintf(tw, "%s\t(describe failed: %s)\t\t\t\t\n", s.Name, evidence.FirstLine(err.Error()))
			failed = true
			continue
		}
		if s.Shadows != "" {
			fmt.Fprintf(tw, "%s\t(prebuilt %s, shadows the workspace plugin %s)\t\t\t\t\n", s.Name, s.Binary, s.Shadows)
		}
		for _, in := range d.Instances {
			sz := sizes(in.Sizes)
			if in.Unavailable != "" {
				sz = "not built: " + in.Unavailable
			}
			kats := audit.KATSources(in)
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", s.Name, in.Name, in.Impl, in.Kind, sz, strings.Join(kats, ", "))
		}
	}
	tw.Flush()
	fmt.Printf("\nsuites: %s\n", strings.Join(session.Suites(w.srcs), ", "))
	if failed {
		return &exitError{1, nil}
	}
	return nil
}

// sizes formats the non-zero sizes.
func sizes(s registry.Sizes) string {
	var p []string
	add := func(name string, v int) {
		if v > 0 {
			p = append(p, fmt.Sprintf("%s=%d", name, v))
		}
	}
	add("pk", s.PublicKey)
	add("sk", s.SecretKey)
	add("ct", s.Ciphertext)
	add("sig", s.Signature)
	add("ss", s.SharedSecret)
	for i, m := range s.Messages {
		add(fmt.Sprintf("m%d", i+1), m)
		if m == 0 {
			p = append(p, fmt.Sprintf("m%d=0", i+1))
		}
	}
	add("digest", s.Digest)
	add("key", s.Key)
	add("nonce", s.Nonce)
	add("tag", s.Overhead)
	return strings.Join(p, " ")
}
