package campaign

import (
	"time"

	"bytes"
	"crypto/rand"
	"fmt"
	"math/big"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/noise"
	"crucible.dev/host/internal/plugin"
	"crucible.dev/host/internal/session"
	"crucible.dev/registry"
)

// The timed process is untrusted: inputs it made itself could be answered
// from a cache it filled while making them, and outputs it checked itself
// could be stored answers on every call it did not check. So a trial of
// an operation with a fed loop (registry/fed.go) runs on a key and inputs
// the host had another process of the plugin make (the producer, one per
// instance), one input per call and none repeated, and the host checks
// the outputs: every decapsulated key and every verification verdict, and
// a sample of signatures it picks after the loop, verified by the
// producer.

// fedWarm is how many distinct inputs the warm-up calls cycle through.
const fedWarm = 8

// signChecks is how many signatures of a trial the host verifies: a
// plugin that signs for real on 1 call in 8 passes them all with
// probability (1/8)^32, never.
const signChecks = 32

// forgedEvery is the share of forged signatures among a verify loop's
// inputs (at least one a trial): few enough that an honest verifier's
// faster rejections barely move its figures.
const forgedEvery = 32

// maxFedCalls bounds a fed trial's calls, each an input the producer
// makes: calibration runs on the plugin's own inputs, which a memoising
// plugin answers from memory, so its estimate can be a hundred times too
// fast and its plan a hundred times too long, each call an input (a
// whole exchange for a derive) the producer makes. An honest fed
// operation of 10 us a call or more never reaches it at the default
// 20 ms trial; a faster one gets a shorter trial, not a different call.
const maxFedCalls = 2048

// fedFits reports whether the calibration's plan fits in a fed trial, so
// the fed trial times as many calls as the plugin's own loop would: a call
// of about 10 µs or more at the default 20 ms trial. A faster call's fed
// trial would be shorter than the timed call's own overhead (a millisecond
// or more for returning the outputs and the empty loop's spread), and its
// host-timed figure mostly that overhead.
func fedFits(cal evidence.Calibration) bool { return cal.Samples*cal.Batch <= maxFedCalls }

// fedCheckSlackNS is what a fed check allows the timed call beyond its
// empty loop for an honest fast operation: the overhead of returning every
// output and the spread of the empty loop's own cost.
const fedCheckSlackNS = 3 * int64(time.Millisecond)

// fedCheck runs a fed trial beside a trial of the plugin's own loop for an
// operation too fast for a fed trial to time: every output is checked as
// in any fed trial, and the fed trial's CPU time a call, beyond its empty
// loop and fedCheckSlackNS, must not exceed four times the own loop's
// host-timed figure and 2 µs (an honest AFS-KEX derive of about 35 ns
// spent up to 4.3 ms beyond its empty loop in a fed trial of 2048 calls
// at load 4: 1.3 µs a call at most here). A plugin that answers its own
// inputs from memory and does the work on the host's (a memoiser whose
// calibration ran on its cache) is caught here; an honest fast operation
// spends next to nothing beyond the slack.
func (c *Campaign) fedCheck(p *plugin.Process, prod *producer, pt *point, own evidence.Trial) (string, error) {
	fed, wrong, err := c.fedTrial(p, prod, pt, maxFedCheckCalls)
	if wrong != "" || err != nil {
		return wrong, err
	}
	n := int64(len(fed.NS)) * fed.Batch
	if n <= 0 || fed.HostCPUNS <= 0 {
		return "", nil
	}
	per := float64(max(0, fed.HostCPUNS-max(fed.HostEmptyCPUNS, 0)-fedCheckSlackNS)) / float64(n)
	if ownPer := own.HostTimedNS(); ownPer > 0 && per > 4*ownPer+2000 {
		return fmt.Sprintf("the host's inputs cost %.0f ns a call, its own loop's %.0f ns: it answers its own inputs from memory (checked by a fed trial of %d calls)", per, ownPer, n), nil
	}
	return "", nil
}

// maxFedCheckCalls bounds a fed check's calls: enough that a memoiser's
// real work on the host's inputs (tens of microseconds a call) stands
// well above fedCheckSlackNS, half a fed trial's, since a key exchange's
// producer makes a whole exchange per call.
const maxFedCheckCalls = 1024

// fedPlan is the calibration's plan within most calls.
func fedPlan(cal evidence.Calibration, most int64) evidence.Calibration {
	if cal.Samples*cal.Batch <= most {
		return cal
	}
	cal.Batch = max(1, most/cal.Samples)
	cal.Samples = min(cal.Samples, most/cal.Batch)
	return cal
}

// callRand is the explicit randomness one producer call may read: more
// than the most a shipped operation reads (sntrup1277's encapsulation
// reads 4p = 5,108 bytes, which 4 KiB cut short in a full campaign).
const callRand = 16 << 10

// producer is a process of the plugin, started when first needed, that
// makes the keys and inputs of the instance's fed trials and verifies
// what they return.
type producer struct {
	src   *plugin.Source
	start session.Starter
	sess  *session.Session
}

// runner returns the producer's runner for instance id, starting its
// process on first use.
func (pr *producer) runner(id string) (registry.Runner, error) {
	if pr.sess == nil {
		s, err := session.Start(pr.src, pr.start)
		if err != nil {
			return nil, fmt.Errorf("input producer: %w", err)
		}
		pr.sess = s
	}
	p, err := pr.sess.Alive()
	if err != nil {
		return nil, fmt.Errorf("input producer: %w", err)
	}
	return p.Runner(id), nil
}

// stop ends the producer's process, if it started.
func (pr *producer) stop() {
	if pr.sess != nil {
		pr.sess.Stop()
		pr.sess = nil
	}
}

// fedOp reports whether the host feeds and checks the point's trials.
func fedOp(pt *point) bool {
	switch registry.Kind(pt.in.Kind) {
	case registry.KindKEM:
		return pt.Op == registry.OpDecaps
	case registry.KindSig:
		return pt.Op == registry.OpSign || pt.Op == registry.OpVerify
	case registry.KindKEX:
		return pt.Op == registry.OpDerive(registry.PartyA) || pt.Op == registry.OpDerive(registry.PartyB)
	}
	return false
}

// fedInput is one call's input and what the host expects of its output.
type fedInput struct {
	parts [][]byte
	want  []byte // nil: checked afterwards (a signature)
}

// fedLoop makes a fed point's inputs and checks its outputs.
type fedLoop struct {
	kind   registry.Kind
	op     string
	msgLen int
	r      registry.Runner
	pk, sk []byte
	passes int // of a key exchange
}

// newFedLoop has the producer make the loop's key pair; a key exchange
// is ephemeral, and has none.
func newFedLoop(r registry.Runner, pt *point) (*fedLoop, error) {
	if registry.Kind(pt.in.Kind) == registry.KindKEX {
		return &fedLoop{kind: registry.KindKEX, op: pt.Op, r: r, passes: passes(pt.in)}, nil
	}
	k, err := r.Run(registry.OpKeygen, randomness(), nil)
	if err != nil {
		return nil, fmt.Errorf("input producer: keygen: %w", err)
	}
	l := &fedLoop{kind: registry.Kind(pt.in.Kind), op: pt.Op, msgLen: pt.MsgLen, r: r,
		pk: k[registry.ArgPK], sk: k[registry.ArgSK]}
	if l.msgLen == 0 {
		l.msgLen = 64 // registry's benchMsg, as the plugin's own loop signs
	}
	return l, nil
}

// setup is the key the timed process receives.
func (l *fedLoop) setup() [][]byte {
	if l.kind == registry.KindKEX {
		return nil
	}
	if l.op == registry.OpVerify {
		return [][]byte{l.pk}
	}
	return [][]byte{l.sk}
}

// inputs makes n inputs; forge marks which verify inputs carry a forged
// signature (nil: none).
func (l *fedLoop) inputs(n int, forge []bool) ([]fedInput, error) {
	ins := make([]fedInput, n)
	for i := range ins {
		switch l.op {
		case registry.OpDecaps:
			e, err := l.r.Run(registry.OpEncaps, registry.FreshRand(callRand), registry.Args{registry.ArgPK: l.pk})
			if err != nil {
				return nil, fmt.Errorf("input producer: encaps: %w", err)
			}
			ins[i] = fedInput{parts: [][]byte{e[registry.ArgCT]}, want: e[registry.ArgSS]}
		case registry.OpSign:
			ins[i] = fedInput{parts: [][]byte{registry.FreshRand(l.msgLen)}}
		case registry.OpVerify:
			msg := registry.FreshRand(l.msgLen)
			s, err := l.r.Run(registry.OpSign, registry.FreshRand(callRand), registry.Args{registry.ArgSK: l.sk, registry.ArgMsg: msg})
			if err != nil {
				return nil, fmt.Errorf("input producer: sign: %w", err)
			}
			sig, want := s[registry.ArgSig], []byte(registry.VerifyAccepted)
			if forge != nil && forge[i] && len(sig) > 0 {
				sig = bytes.Clone(sig)
				sig[randInt(len(sig))] ^= 1 << randInt(8)
				want = []byte(registry.VerifyRejected)
			}
			ins[i] = fedInput{parts: [][]byte{msg, sig}, want: want}
		case registry.OpDerive(registry.PartyA), registry.OpDerive(registry.PartyB):
			// The producer runs the whole exchange; the party's derive
			// must agree with the other party's.
			t, err := registry.RunExchange(registry.RemoteKEXRand(l.r, l.r, l.passes, callRand), rand.Reader)
			if err != nil {
				return nil, fmt.Errorf("input producer: exchange: %w", err)
			}
			p, other := registry.PartyA, 1
			if l.op == registry.OpDerive(registry.PartyB) {
				p, other = registry.PartyB, 0
			}
			ins[i] = fedInput{parts: t.DeriveInputs(p), want: t.SS[other]}
		default:
			return nil, fmt.Errorf("%s %s: no host-made inputs", l.kind, l.op)
		}
	}
	return ins, nil
}

// forgeries picks which of n verify inputs are forged: one in
// forgedEvery, at least one, at places the host draws.
func forgeries(op string, n int) []bool {
	if op != registry.OpVerify {
		return nil
	}
	f := make([]bool, n)
	for k := 0; k < max(1, n/forgedEvery); k++ {
		f[randInt(n)] = true
	}
	return f
}

// check returns why an output is wrong, naming the call, or "".
func (l *fedLoop) check(ins []fedInput, outs [][]byte) (string, error) {
	for i, in := range ins {
		if in.want != nil && !bytes.Equal(outs[i], in.want) {
			return fmt.Sprintf("call %d of %d: %s returned a wrong output on a host-supplied input", i+1, len(ins), l.op), nil
		}
	}
	if l.op != registry.OpSign {
		return "", nil
	}
	// The sample is drawn after the loop returned, so the plugin could not
	// know which calls would be checked.
	for k := 0; k < min(signChecks, len(ins)); k++ {
		i := k
		if len(ins) > signChecks {
			i = randInt(len(ins))
		}
		v, err := l.r.Run(registry.OpVerify, nil, registry.Args{registry.ArgPK: l.pk, registry.ArgMsg: ins[i].parts[0], registry.ArgSig: outs[i]})
		if err != nil {
			return "", fmt.Errorf("input producer: verify: %w", err)
		}
		if string(v[registry.ArgValid]) != registry.VerifyAccepted {
			return fmt.Sprintf("call %d of %d: sign returned a signature that does not verify (checked by another process)", i+1, len(ins)), nil
		}
	}
	return "", nil
}

// randInt is a uniform integer in [0, n) from crypto/rand: the plugin
// cannot predict which calls the host forges or checks.
func randInt(n int) int {
	v, err := rand.Int(rand.Reader, big.NewInt(int64(n)))
	if err != nil {
		panic(err) // crypto/rand does not fail on Linux
	}
	return int(v.Int64())
}

// fedTrial is timedTrial on host-made inputs: the producer makes the key
// and the warm-up inputs (once for the point's trials, see fedSet), the
// timed process prepares and warms the loop, and each timed call (retries
// included) runs on inputs new to the process whose outputs the host
// checks. wrong says why an output was wrong, naming the call; the trial
// is then no evidence.
func (c *Campaign) fedTrial(p *plugin.Process, prod *producer, pt *point, most int64) (trial evidence.Trial, wrong string, err error) {
	cal := fedPlan(pt.rec.Calibration, most)
	n := int(cal.Samples * cal.Batch)
	set := pt.fed
	if set == nil || set.n != n {
		if set, err = newFedSet(prod, pt, n); err != nil {
			return trial, "", err
		}
		if most == maxFedCalls {
			pt.fed = set
		}
	}
	l, warm := set.l, set.warm
	// The producer of this run of trials checks what the trial returns.
	if l.r, err = prod.runner(pt.id); err != nil {
		return trial, "", err
	}
	first, err := set.inputs(0)
	if err != nil {
		return trial, "", err
	}
	// The empty loop's cost, as timedTrial takes it, before the fed loop
	// is prepared (a process keeps one prepared loop), opening stand-ins
	// of the timed inputs' sizes.
	empty := p.EmptyCPU(pt.id, cal, ballast(first))
	for try := 0; ; try++ {
		ins, err := set.inputs(try)
		if err != nil {
			return trial, "", err
		}
		// The key, the warm-up and the sealed inputs go with the
		// preparation, a call of its own; the key that opens the inputs
		// with the timed call, so that nothing is done with them off the
		// host's clock. A retry prepares (and warms up) again, and has
		// fresh inputs.
		key, err := p.PrepareFed(pt.id, pt.Point, cal, l.setup(), partsOf(warm), partsOf(ins))
		if err != nil {
			return trial, "", err
		}
		before := noise.Read()
		trial, outs, err := p.BenchFed(pt.id, pt.Point, evidence.Calibration{Batch: cal.Batch, Samples: cal.Samples}, key)
		w := noise.Between(before, noise.Read())
		if err != nil {
			return trial, "", err
		}
		if wrong, err := l.check(ins, outs); wrong != "" || err != nil {
			return trial, wrong, err
		}
		if c.keepTrial(&trial, w, try, empty) {
			return trial, "", nil
		}
	}
}

// partsOf is the inputs' parts, as the wire carries them.
func partsOf(ins []fedInput) [][][]byte {
	ps := make([][][]byte, len(ins))
	for i, in := range ins {
		ps[i] = in.parts
	}
	return ps
}

// ballast is zero bytes of the sizes of ins's parts: what the empty loop
// opens in their place.
func ballast(ins []fedInput) [][][]byte {
	b := make([][][]byte, len(ins))
	for i, in := range ins {
		for _, part := range in.parts {
			b[i] = append(b[i], make([]byte, len(part)))
		}
	}
	return b
}

// passes is a key exchange's number of passes: the operations it names.
func passes(in *plugin.Instance) int {
	n := 0
	for _, op := range in.Ops {
		if op.Name == registry.OpPass(n+1) {
			n++
		}
	}
	return n
}
