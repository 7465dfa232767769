package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

// writeKAT writes the instance's KAT file to standard output.
func writeKAT(args []string) error {
	in := instances()[0]
	if in.Unavailable != "" {
		return fmt.Errorf("%s: %s", in.ID(), in.Unavailable)
	}
	if len(in.KATs) == 0 {
		return fmt.Errorf("%s: built without a KAT generator", in.ID())
	}
	g := in.KATs[0]
	n := g.Records
	if len(args) > 0 {
		v, err := strconv.Atoi(args[0])
		if err != nil || v < 1 {
			return fmt.Errorf("record count %q: want a positive number", args[0])
		}
		n = v
	}
	w := bufio.NewWriter(os.Stdout)
	if err := g.Generate(w, n, nil); err != nil {
		return fmt.Errorf("%s: %w", in.ID(), err)
	}
	return w.Flush()
}
