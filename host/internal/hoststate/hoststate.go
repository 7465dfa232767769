// Package hoststate reads what affects timing on this machine: CPU model,
// frequency governor, turbo, SMT, perf_event_paranoid, load and cgroup CPU
// quota. Every run records it, and --strict refuses a host that is not fixed.
package hoststate

import (
	"fmt"
	"os"
	"runtime"
	"strings"

	"golang.org/x/sys/unix"

	"crucible.dev/host/internal/evidence"
)

func read(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return "unreadable"
	}
	return strings.TrimSpace(string(b))
}

// Capture reads the host state now.
func Capture() evidence.Environment {
	e := evidence.Environment{
		OS:         runtime.GOOS,
		Arch:       runtime.GOARCH,
		CPUs:       runtime.NumCPU(),
		GoVersion:  runtime.Version(),
		GOMAXPROCS: runtime.GOMAXPROCS(0),
		CPUFlags:   cpuFlags(),
	}
	e.Hostname, _ = os.Hostname()
	var u unix.Utsname
	if unix.Uname(&u) == nil {
		e.Kernel = unix.ByteSliceToString(u.Release[:])
	}
	e.CPUModel = cpuModel()
	e.Governor = read("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")
	switch {
	case exists("/sys/devices/system/cpu/intel_pstate/no_turbo"):
		if read("/sys/devices/system/cpu/intel_pstate/no_turbo") == "1" {
			e.Turbo = "off"
		} else {
			e.Turbo = "on"
		}
	case exists("/sys/devices/system/cpu/cpufreq/boost"):
		if read("/sys/devices/system/cpu/cpufreq/boost") == "0" {
			e.Turbo = "off"
		} else {
			e.Turbo = "on"
		}
	default:
		e.Turbo = "unreadable"
	}
	e.SMT = read("/sys/devices/system/cpu/smt/control")
	e.PerfParanoid = read("/proc/sys/kernel/perf_event_paranoid")
	if l := strings.Fields(read("/proc/loadavg")); len(l) >= 3 {
		e.Load = strings.Join(l[:3], " ")
	}
	e.CgroupCPU = read("/sys/fs/cgroup/cpu.max")
	return e
}

func exists(p string) bool { _, err := os.Stat(p); return err == nil }

func cpuModel() string {
	for _, l := range strings.Split(read("/proc/cpuinfo"), "\n") {
		if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}

// cpuFlags are the /proc/cpuinfo flags that matter to cryptographic code.
func cpuFlags() []string {
	want := map[string]bool{"aes": true, "pclmulqdq": true, "avx": true, "avx2": true, "bmi1": true,
		"bmi2": true, "adx": true, "sha_ni": true, "avx512f": true, "avx512bw": true, "avx512vl": true,
		"avx512ifma": true, "vaes": true, "vpclmulqdq": true, "gfni": true, "constant_tsc": true,
		"nonstop_tsc": true, "hypervisor": true}
	var out []string
	for _, l := range strings.Split(read("/proc/cpuinfo"), "\n") {
		if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "flags" {
			for _, f := range strings.Fields(v) {
				if want[f] {
					out = append(out, f)
				}
			}
			break
		}
	}
	return out
}

// Problem is a host setting that makes timings less repeatable.
type Problem struct {
	Setting, Value, Want string
}

func (p Problem) String() string {
	return fmt.Sprintf("%s is %q: want %s", p.Setting, p.Value, p.Want)
}

// Problems lists what keeps this host from being a fixed measurement
// machine. pinned is the CPU the run is pinned to, or -1.
func Problems(e evidence.Environment, pinned int) []Problem {
	var ps []Problem
	if e.Governor != "performance" {
		ps = append(ps, Problem{"frequency governor", e.Governor, `"performance"`})
	}
	if e.Turbo != "off" {
		ps = append(ps, Problem{"turbo", e.Turbo, `"off"`})
	}
	if e.SMT != "off" && e.SMT != "notsupported" {
		ps = append(ps, Problem{"SMT", e.SMT, `"off" (or one thread per core pinned)`})
	}
	if pinned < 0 {
		ps = append(ps, Problem{"CPU pinning", "none", "--cpu N"})
	}
	for _, f := range e.CPUFlags {
		if f == "hypervisor" {
			ps = append(ps, Problem{"virtualisation", "hypervisor present", "bare metal (a VM's clock and frequency are not under the host's control)"})
		}
	}
	if e.CgroupCPU != "unreadable" && !strings.HasPrefix(e.CgroupCPU, "max") {
		ps = append(ps, Problem{"cgroup CPU quota", e.CgroupCPU, "no quota (max)"})
	}
	return ps
}
