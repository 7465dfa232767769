package campaign

import (
	"fmt"
	"time"

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
// the outputs (fedloop.go): every decapsulated key, verification verdict
// and derived secret, that no public key or ciphertext repeats, and a
// sample it picks after the loop of signatures (verified), encapsulations
// (decapsulated), and key generations and a key exchange's inits and
// passes (run again on the same inputs and seeds), each checked by the
// producer. The symmetric primitives' loops are streamed (stream.go).

// fedWarm is how many distinct inputs the warm-up calls cycle through.
const fedWarm = 8

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
// spends next to nothing beyond the slack. A failed check is taken again
// on fresh inputs, and stands only when both fail.
func (c *Campaign) fedCheck(p *plugin.Process, prod *producer, pt *point, own evidence.Trial) (string, error) {
	verdict := func(fed evidence.Trial) string {
		n := int64(len(fed.NS)) * fed.Batch
		if n <= 0 || fed.HostCPUNS <= 0 {
			return ""
		}
		per := float64(max(0, fed.HostCPUNS-max(fed.HostEmptyCPUNS, 0)-fedCheckSlackNS)) / float64(n)
		if ownPer := own.HostTimedNS(); ownPer > 0 && per > 4*ownPer+2000 {
			return fmt.Sprintf("the host's inputs cost %.0f ns a call, its own loop's %.0f ns: it answers its own inputs from memory (checked by a fed trial of %d calls)", per, ownPer, n)
		}
		return ""
	}
	for try := 0; ; try++ {
		fed, wrong, err := c.fedTrial(p, prod, pt, maxFedCheckCalls, verdict)
		if wrong != "" || err != nil {
			return wrong, err
		}
		// An honest call can spend a few milliseconds more once, which
		// the machine's noise reading does not always see (ECDH-secp256k1's
		// pass2, 17 ns a call, once spent 5.3 ms beyond its empty loop in
		// a full run); a memoiser's cost is there at every try, on fresh
		// inputs.
		if v := verdict(fed); v == "" || try == 1 {
			return v, nil
		}
	}
}

// maxFedCheckCalls bounds a fed check's calls: enough that a memoiser's
// real work on the host's inputs (tens of microseconds a call) stands
// well above fedCheckSlackNS, half a fed trial's, since a key exchange's
// producer makes an exchange per call (a thousand X25519 exchanges as far
// as pass 2 took 0.7 s, with producerCalls in flight).
const maxFedCheckCalls = 1024

// maxFedInputBytes bounds the messages of one fed trial's inputs, which
// travel sealed in one call of at most registry.MaxMessage (64 MiB): a
// thousand AEAD opens of 64 KiB came to 84 MB.
const maxFedInputBytes = 32 << 20

// fedCalls bounds most, a fed trial's calls, by the bytes of the inputs
// they send, or for a streamed trial, which sends one base input whatever
// its calls, by the bytes its calls work on. Bounded by the sent bytes,
// a 1 KiB hash's trial stopped at 32,768 calls (21 ms) whatever
// --trial-target asked.
func fedCalls(pt *point, most int64) int64 {
	if pt.MsgLen <= 0 {
		return most
	}
	bound := int64(maxFedInputBytes)
	if streamOp(pt) {
		bound = maxStreamBytes
	}
	return min(most, max(1, bound/int64(pt.MsgLen)))
}

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

// fedTrial is timedTrial on host-made inputs: the producer makes the key
// and the warm-up inputs (once for the point's trials, see fedSet), the
// timed process prepares and warms the loop, and each timed call (retries
// included) runs on inputs new to the process whose outputs the host
// checks. wrong says why an output was wrong, naming the call; the trial
// is then no evidence.
//
// A fed check's trial (check not nil) is no evidence either: it is no
// part of the noise grade, and a try the machine disturbed stands when
// check finds nothing wrong with it, since other processes add no CPU
// time to the box's; only a try that fails the check is run again.
func (c *Campaign) fedTrial(p *plugin.Process, prod *producer, pt *point, most int64, check func(evidence.Trial) string) (trial evidence.Trial, wrong string, err error) {
	cal := fedPlan(pt.rec.Calibration, fedCalls(pt, most))
	n := int(cal.Samples * cal.Batch)
	set := pt.fed
	if set == nil || set.n != n {
		if set, err = newFedSet(prod, pt, n); err != nil {
			return trial, "", err
		}
		if check == nil {
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
	// of the timed inputs' sizes and, for a streamed loop, returning
	// stand-ins of its folds.
	var outs []int
	if l.stream {
		outs = []int{registry.StreamFoldSize * n}
	}
	empty := p.EmptyCPU(pt.id, cal, registry.BallastShape(partsOf(first), outs))
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
		trial, outs, err := p.BenchFed(pt.id, pt.Point, evidence.Calibration{Batch: cal.Batch, Samples: cal.Samples}, key, l.stream)
		w := noise.Between(before, noise.Read())
		if err != nil {
			return trial, "", err
		}
		if wrong, err := l.check(ins, outs); wrong != "" || err != nil {
			return trial, wrong, err
		}
		if check != nil && (settleTrial(&trial, w, try, empty) || check(trial) == "") || check == nil && c.keepTrial(&trial, w, try, empty) {
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
