package main

import (
	"flag"
	"fmt"
	"strings"

	"crucible.dev/host/internal/hoststate"
)

func init() {
	register("check", "report what on this machine affects timing (--strict fails on problems)", cmdCheck)
}

func cmdCheck(args []string) error {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	strict := fs.Bool("strict", false, "exit non-zero when the host is not fixed for measurement")
	cpu := fs.Int("cpu", -1, "the CPU a run would be pinned to")
	if err := fs.Parse(args); err != nil {
		return &exitError{2, nil}
	}
	e := hoststate.Capture()
	fmt.Printf("CPU model            %s (%d logical CPUs, GOMAXPROCS %d)\n", e.CPUModel, e.CPUs, e.GOMAXPROCS)
	fmt.Printf("CPU flags            %s\n", strings.Join(e.CPUFlags, " "))
	fmt.Printf("kernel               %s %s/%s\n", e.Kernel, e.OS, e.Arch)
	fmt.Printf("Go                   %s\n", e.GoVersion)
	fmt.Printf("frequency governor   %s\n", e.Governor)
	fmt.Printf("turbo                %s\n", e.Turbo)
	fmt.Printf("SMT                  %s\n", e.SMT)
	fmt.Printf("perf_event_paranoid  %s\n", e.PerfParanoid)
	fmt.Printf("load average         %s\n", e.Load)
	fmt.Printf("cgroup cpu.max       %s\n", e.CgroupCPU)
	ps := hoststate.Problems(e, *cpu)
	if len(ps) == 0 {
		fmt.Println("\nthis host is fixed for measurement")
		return nil
	}
	fmt.Println("\nnot fixed for measurement:")
	for _, p := range ps {
		fmt.Println("  " + p.String())
	}
	if *strict {
		return &exitError{1, fmt.Errorf("--strict: refusing to measure on this host (%d problem(s) above)", len(ps))}
	}
	return nil
}
