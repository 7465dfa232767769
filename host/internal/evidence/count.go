package evidence

// Instructions is an operation's exact instruction count: its timed loop
// run under valgrind's callgrind, collection on inside the loop only, the
// garbage collector held off, a fixed count of calls. The host reads the
// count from callgrind's own output file, kept beside the record.
type Instructions struct {
	PerOp float64 `json:"per_op"` // instructions per call: Total / Calls
	Total int64   `json:"total"`  // instructions in the counted loop, less Runtime
	// Runtime are the instructions the loop's thread spent in the Go
	// scheduler, stack growth and the allocator's slow paths, left out of
	// Total: how often the runtime preempts a loop depends on the wall
	// clock, and which allocation refills a span on the heap's state
	// before the loop, not on the code counted.
	Runtime int64  `json:"runtime"`
	Calls   int64  `json:"calls"` // calls in the counted loop
	Tool    string `json:"tool"`  // the counter, e.g. "valgrind-3.19.0 callgrind"
	// CPUFeatures are those the plugin saw on valgrind's virtual CPU,
	// which lacks some of the real one's (AVX-512, AVX-VNNI): dispatch
	// may take another path there than in the timed trials.
	CPUFeatures []string `json:"cpu_features"`
	// Notes are the instance's notes under the counter, its dispatch
	// path among them, as the plugin described itself there.
	Notes map[string]string `json:"notes,omitempty"`
	Dump  string            `json:"dump"` // callgrind's output file, relative to the run directory
	// Repeat is the count of a second loop over the same inputs, prepared
	// again from the same seed in the same process: equal to Total, to
	// the runtime's last few instructions, unless the implementation
	// draws randomness of its own that the contract's reader does not
	// feed: hedged ML-DSA signing does, and its rejection loop runs a
	// random number of times; verification of the signatures it made
	// then varies too (the hints and the challenge's sampling depend on
	// the signature). RepeatDump is its callgrind file.
	Repeat     int64  `json:"repeat,omitempty"`
	RepeatDump string `json:"repeat_dump,omitempty"`
}

// CountAgreement is how far apart, as a fraction, two counts of one loop
// over the same inputs may lie and still be one count: what the Go
// runtime leaves in them stays below 0.004% (two runs of the 48 ML-KEM
// operations), an implementation's own randomness moves them by percents.
const CountAgreement = 1e-4

// Varies reports whether the repeat count disagrees with the first: the
// count is then one sample of a random quantity, not the operation's.
func (c *Instructions) Varies() bool {
	if c == nil || c.Repeat == 0 {
		return false
	}
	d := c.Total - c.Repeat
	return float64(max(d, -d)) > CountAgreement*float64(c.Total)
}

// CountPath keeps callgrind's output file for one operation.
func CountPath(dir, plugin, instance, op string) string {
	return Path(dir, "counts", plugin, instance, op+".callgrind")
}

// RepeatCountPath keeps callgrind's output file for the repeat count of
// one operation.
func RepeatCountPath(dir, plugin, instance, op string) string {
	return Path(dir, "counts", plugin, instance, op+".repeat.callgrind")
}
