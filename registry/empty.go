package registry

import (
	"fmt"
	"io"
)

// OpEmpty is the timed loop with nothing in it, which every plugin serving
// through Serve answers for every instance. The host times it in the same
// process just before a trial, with the trial's samples and batch, and
// takes the CPU time the kernel accounted to the plugin during that call
// as what a Bench call costs outside the operation itself (the request,
// the memory statistics around the loop, the reply): the host-timed
// figure of the trial is the CPU time of its call less this.
const OpEmpty = "crucible.empty"

// emptyOp is OpEmpty's operation: timed only, its body does nothing.
var emptyOp = Op{
	Name: OpEmpty,
	Doc:  "the empty timed loop the host calibrates a Bench call's own cost with",
	Run: func(io.Reader, Args) (Args, error) {
		return nil, withKind(fmt.Errorf("%s is a timed loop only", OpEmpty), ErrUnknown)
	},
	Prepare: func(io.Reader, BenchParams) (func() error, error) {
		return func() error { return nil }, nil
	},
}
