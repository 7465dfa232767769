package plugin

import "context"

// LimitsReached says which of its box's limits the kernel enforced on
// this process and what it started (memory: processes killed; processes:
// forks refused), "" when none did or the box has no cgroup to say so.
func (p *Process) LimitsReached() string {
	if p == nil {
		return ""
	}
	return p.proc.LimitEvents()
}

// KillBox ends the plugin's process and everything it started, leaving
// the rest (its log, the host's side of the connection) to Kill: another
// goroutine (a budget's timer) may call it while the process is in use.
func (p *Process) KillBox() {
	if p != nil && p.proc != nil {
		p.proc.Kill(context.Background())
	}
}
