// Command host is Crucible's evaluation host: it discovers algorithm
// plugins, checks them against known answers, benchmarks them one by one in
// fresh processes, and writes the evidence and reports of a campaign.
// `host help` lists the commands (list, run, kat, bench, robust, interop,
// ct, check, report, validate, compare, baseline, gate, export, lock,
// merge, plan, build-ngcc); each command lives in its own cmd_*.go file.
//
// Exit status: 0 when every instance ran and every KAT passed, 1 when the
// run finished with findings, 2 on usage or setup errors.
package main

import (
	"errors"
	"fmt"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"

	"crucible.dev/host/internal/plugin"
	"crucible.dev/host/internal/sandbox"
)

// exitError carries an exit status out of a command.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }

func usageErr(format string, args ...any) error {
	return &exitError{2, fmt.Errorf(format, args...)}
}

// command is one subcommand; each command's file registers itself.
type command struct {
	summary string
	run     func(args []string) error
}

var commands = map[string]command{}

func register(name, summary string, run func(args []string) error) {
	commands[name] = command{summary, run}
}

func init() {
	register("run", "KAT gate then benchmarks over a suite (--suite all|<plugin>|<kind>)", func(a []string) error { return cmdRun("run", a) })
	register("kat", "the KAT gate alone; --emit DIR --suite PLUGIN writes the KAT files it generates and prints their digests", cmdKAT)
	register("bench", "the benchmarks alone", func(a []string) error { return cmdRun("bench", a) })
	register("robust", "malformed inputs to every instance: counts of errors, defined answers, crashes", func(a []string) error { return cmdRun("robust", a) })
}

func usage() string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("usage: host <command> [flags]\n\ncommands:\n")
	for _, n := range names {
		fmt.Fprintf(&b, "  %-9s %s\n", n, commands[n].summary)
	}
	b.WriteString("\nRun 'host <command> -h' for a command's flags.\n")
	return b.String()
}

func main() {
	sandbox.Main() // the host executable is also the sandbox's first step
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		s := <-sig
		plugin.KillAll()
		sandbox.CloseAll()
		fmt.Fprintf(os.Stderr, "\nhost: %v: plugins stopped; records written so far are kept (complete the run with --resume)\n", s)
		os.Exit(128 + int(s.(syscall.Signal)))
	}()
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	defer plugin.KillAll()
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(os.Stderr, usage())
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(os.Stderr, "host: unknown command %q\n\n%s", args[0], usage())
		return 2
	}
	err := cmd.run(args[1:])
	if err == nil {
		return 0
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil && ee.err.Error() != "" {
			fmt.Fprintln(os.Stderr, "host:", ee.err)
		}
		return ee.code
	}
	fmt.Fprintln(os.Stderr, "host:", err)
	return 2
}
