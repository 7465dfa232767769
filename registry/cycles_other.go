//go:build !amd64

package registry

// cycles returns 0 where no cycle counter is read.
func cycles() uint64 { return 0 }

// tscSource names the counter cycles reads.
const tscSource = "none"
