package registry

import (
	"fmt"
	"io"
)

// taintSecretArgs are the inputs the contract marks secret for a taint
// check: an own secret key, a symmetric key and a key-exchange party's
// state (a pass or derive run alone: the state carries the party's
// ephemeral secrets from one step to the next). The randomness an
// operation reads is marked too (keygen, encaps, sign and a party's init
// draw their secrets from it). A state mixes public values with the
// secret ones: uses of those are public by design, for the plugin to
// Declassify or the catalog to review.
var taintSecretArgs = []string{ArgSK, ArgKey, ArgSt}

// runTainted performs op with its secret inputs marked for memcheck, and
// marks everything it returns public: outputs leave the plugin, and from
// there on the host decides what is secret. Outside a build with the
// valgrind tag the marks do nothing.
func runTainted(instance string, op Op, rand []byte, in Args) (Args, error) {
	if taintBuild {
		taintLog(vgPrintfValist, fmt.Sprintf("%s begin %s %s", OpTag, instance, op.Name))
		defer taintLog(vgPrintfValist, OpTag+" end")
	}
	for _, name := range taintSecretArgs {
		MarkSecret(in[name])
	}
	MarkSecret(rand)
	var r io.Reader = RandReader(rand)
	out, err := op.Run(r, in)
	for _, v := range out {
		MarkPublic(v)
	}
	// The inputs too: the response does not carry them, but the request
	// is the RPC layer's memory, and it must not be reported there.
	for _, v := range in {
		MarkPublic(v)
	}
	MarkPublic(rand)
	return out, err
}
