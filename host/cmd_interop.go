package main

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"text/tabwriter"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/interop"
	"crucible.dev/host/internal/session"
	"crucible.dev/registry"
)

func init() {
	register("interop", "every implementation's keys, ciphertexts and signatures consumed by every other: a matrix per instance", cmdInterop)
}

// cmdInterop makes every implementation of an instance consume what every
// other produces: for a KEM, Y encapsulates to X's public key and X
// decapsulates; for a signature, X signs and Y verifies under X's public
// key; for a key exchange, X is party A and Y party B. The keys cross in
// their standard encodings, so secret-key forms never need converting.
// Each matrix is written into a run directory, where the reports show it
// and validate checks it is whole.
func cmdInterop(args []string) error {
	fs := flag.NewFlagSet("interop", flag.ContinueOnError)
	var c common
	c.register(fs)
	suite := fs.String("suite", "all", "what to check: all, a plugin name, or a kind")
	rounds := fs.Int("rounds", 3, "fresh keys per pair")
	out := fs.String("out", "", "run directory (default results/<UTC timestamp>-interop)")
	if err := fs.Parse(args); err != nil {
		return &exitError{2, nil}
	}
	w, err := c.open()
	if err != nil {
		return err
	}
	defer w.Close()
	byName := map[string][]interop.Impl{}
	for i := range w.srcs {
		s := &w.srcs[i]
		if !session.SelectPlugin(*suite, s.Name) {
			continue
		}
		if err := w.build(s); err != nil {
			return &exitError{1, err}
		}
		sess, err := session.Start(s, session.Options(w.options(-1)))
		if err != nil {
			return &exitError{1, err}
		}
		defer sess.Stop()
		if _, err := sess.Describe(); err != nil {
			return &exitError{1, err}
		}
		for _, in := range sess.Select(*suite, session.Shard{}) {
			if in.Unavailable == "" {
				id := in.ID()
				byName[in.Name] = append(byName[in.Name], interop.Impl{Plugin: s.Name, ID: id, Kind: registry.Kind(in.Kind),
					Passes: len(in.Sizes.Messages), KeySize: int(in.Sizes.Key), R: sess.Process().Runner(id)})
			}
		}
	}
	var names []string
	for n, impls := range byName {
		if len(impls) > 1 {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	if len(names) == 0 {
		return usageErr("suite %q has no instance with more than one implementation", *suite)
	}
	if err := newRunDir(out, "interop", args, *suite, -1, w.lc); err != nil {
		return err
	}
	failures := 0
	for _, name := range names {
		impls := byName[name]
		rec := &evidence.InteropRecord{Instance: name, Kind: string(impls[0].Kind), Rounds: *rounds}
		for _, x := range impls {
			rec.Impls = append(rec.Impls, x.Label())
		}
		fmt.Printf("\n%s (%s): row produces, column consumes\n", name, impls[0].Kind)
		tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
		fmt.Fprint(tw, "\t")
		for _, y := range impls {
			fmt.Fprintf(tw, "%s\t", y.Label())
		}
		fmt.Fprintln(tw)
		var notes []string
		for _, x := range impls {
			fmt.Fprintf(tw, "%s\t", x.Label())
			for _, y := range impls {
				err := interop.Pair(x, y, *rounds)
				c := evidence.InteropCell{Producer: x.Label(), Consumer: y.Label()}
				cell := "ok"
				if err != nil {
					cell, c.Error = "FAIL", err.Error()
					failures++
					notes = append(notes, fmt.Sprintf("  %s -> %s: %v", x.Label(), y.Label(), err))
				}
				rec.Cells = append(rec.Cells, c)
				fmt.Fprintf(tw, "%s\t", cell)
			}
			fmt.Fprintln(tw)
		}
		tw.Flush()
		for _, n := range notes {
			fmt.Println(n)
		}
		if err := evidence.WriteJSON(evidence.InteropPath(*out, name), rec); err != nil {
			return &exitError{2, err}
		}
	}
	if _, err := writeSummary(*out); err != nil {
		return err
	}
	fmt.Printf("\nmatrices in %s\n", *out)
	if failures > 0 {
		return &exitError{1, fmt.Errorf("%d interop failures", failures)}
	}
	fmt.Println("\nno interop failure")
	return nil
}
