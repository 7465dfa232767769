package registry

// cycles reads the time-stamp counter.
func cycles() uint64

// tscSource names the counter cycles reads.
const tscSource = "tsc"
