package plugin

// LimitsReached says which of its box's limits the kernel enforced on
// this process and what it started (memory: processes killed; processes:
// forks refused), "" when none did or the box has no cgroup to say so.
func (p *Process) LimitsReached() string {
	if p == nil {
		return ""
	}
	return p.proc.LimitEvents()
}
