package sidechannel

import (
	"crypto/rand"
	"debug/buildinfo"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"crucible.dev/host/internal/instcount"
	"crucible.dev/host/internal/plugin"
	"crucible.dev/host/internal/sandbox"
	"crucible.dev/host/internal/taint"
	"crucible.dev/registry"
)

// TaintResult is one plugin's taint check.
type TaintResult struct {
	Log      string         // memcheck's log, as kept
	Module   string         // the plugin's main module: the filter's "own code"
	Findings []taint.Report // reports through the plugin's own code
	Declared []taint.Declassification
	Ran      []string // "instance op" of each operation run tainted
	Skipped  []string // "instance op: why" of each it could not run
	Parsed   *taint.Log
}

// taintRand is the randomness each tainted call may read.
const taintRand = 16 << 10

// Taint runs every operation of s that handles a secret or draws one
// (keygen, encaps, sign and every Secret one) once, on fresh inputs, in a
// process under valgrind's memcheck with the secrets marked by the
// contract (Process.RunTainted), then reads memcheck's log. s must be
// built with -tags valgrind; o.Launcher makes the checker. The log is
// copied to keep (a path) when keep is not "".
func Taint(s plugin.Source, o plugin.Options, keep string) (*TaintResult, error) {
	chk, err := o.Launcher.NewTaintChecker()
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(chk.Dir)
	o.Counter, o.Limits = chk, instcount.Limits(o.Limits)
	bi, err := buildinfo.ReadFile(s.Binary)
	if err != nil {
		return nil, fmt.Errorf("taint %s: build information: %w", s.Name, err)
	}
	res := &TaintResult{Module: bi.Main.Path}
	p, err := plugin.Start(s, o)
	if err != nil {
		return nil, fmt.Errorf("taint %s: start under memcheck: %w", s.Name, err)
	}
	desc, err := p.Describe()
	p.Kill()
	if err != nil {
		return nil, fmt.Errorf("taint %s: describe: %w", s.Name, err)
	}
	log := filepath.Join(chk.Dir, sandbox.MemcheckLog)
	// A process per instance: memcheck shows an error once per context,
	// so in one process a leak that two instances share (one library,
	// two parameter sets) would be shown under the first only, and the
	// second would look clean.
	var all []byte
	for _, in := range desc.Instances {
		if in.Unavailable != "" {
			continue
		}
		os.Remove(log)
		p, err := plugin.Start(s, o)
		if err != nil {
			return nil, fmt.Errorf("taint %s: start under memcheck: %w", s.Name, err)
		}
		taintInstance(p, in, res)
		p.Kill()
		b, err := os.ReadFile(log)
		if err != nil {
			return nil, fmt.Errorf("taint %s: memcheck log: %w", s.Name, err)
		}
		all = append(all, b...)
	}
	if err := os.WriteFile(log, all, 0o644); err != nil {
		return nil, err
	}
	if keep != "" {
		if err := os.WriteFile(keep, all, 0o644); err != nil {
			return nil, err
		}
		res.Log = keep
	}
	f, err := os.Open(log)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if res.Parsed, err = taint.Parse(f); err != nil {
		return nil, fmt.Errorf("taint %s: %w", s.Name, err)
	}
	if res.Parsed.Ops == 0 && len(res.Ran) > 0 {
		return nil, fmt.Errorf("taint %s: no operation marker in memcheck's log: the plugin was not built with -tags valgrind", s.Name)
	}
	res.Findings = res.Parsed.Findings(res.Module)
	res.Declared = res.Parsed.Declassified
	return res, nil
}

// taintInstance runs one instance's operations tainted. Their inputs come
// from an untainted keygen (and encaps) on the same process.
func taintInstance(p *plugin.Process, in *plugin.Instance, res *TaintResult) {
	id := in.ID()
	skip := func(op, why string) { res.Skipped = append(res.Skipped, fmt.Sprintf("%s %s: %s", id, op, why)) }
	var keys registry.Args
	if in.Kind == registry.KindKEM || in.Kind == registry.KindSig {
		out, opErr, err := p.Run(id, registry.OpKeygen, registry.FreshRand(taintRand), nil)
		if err == nil && opErr == nil {
			keys = out
		}
	}
	// A pass or a derive runs alone on the inputs an untainted exchange
	// gave it, with the party's secret key and state marked.
	var tr *registry.Transcript
	var trErr error
	if in.Kind == registry.KindKEX {
		tr, trErr = registry.RunExchange(registry.RemoteKEX(p.Runner(id), p.Runner(id), passes(in)), rand.Reader)
	}
	for _, op := range in.Ops {
		args := registry.Args{}
		for k, v := range keys {
			args[k] = v
		}
		switch {
		case op.Name == registry.OpKeygen:
		case in.Kind == registry.KindKEX && (op.Name == registry.OpInit(registry.PartyA) ||
			op.Name == registry.OpInit(registry.PartyB) || op.Name == registry.OpExchange):
			// Randomness is their only input: exchange runs every step
			// with each party's secrets drawn from the marked bytes.
		case in.Kind == registry.KindKEX:
			a, ok := stepArgs(tr, op.Name)
			if !ok {
				if op.Secret {
					skip(op.Name, "not a step of the exchange: the contract marks none of its inputs")
				}
				continue
			}
			if a == nil {
				skip(op.Name, fmt.Sprintf("the exchange for its inputs failed: %v", trErr))
				continue
			}
			args = a
		case keys == nil:
			skip(op.Name, "no key pair: keygen failed")
			continue
		case op.Name == registry.OpEncaps:
		case op.Name == registry.OpSign:
			args[registry.ArgMsg] = registry.FreshRand(64)
		case op.Name == registry.OpDecaps || op.Name == registry.OpDecapsInvalid || op.Name == registry.OpDecapsReject:
			out, opErr, err := p.Run(id, registry.OpEncaps, registry.FreshRand(taintRand), registry.Args{registry.ArgPK: keys[registry.ArgPK]})
			if err != nil || opErr != nil {
				skip(op.Name, fmt.Sprintf("encaps for its ciphertext failed: %v %v", err, opErr))
				continue
			}
			args[registry.ArgCT] = out[registry.ArgCT]
			if op.Name != registry.OpDecaps {
				args[registry.ArgCT][0] ^= 1
			}
		case op.Secret:
		default:
			continue // public inputs only: nothing to mark
		}
		_, opErr, err := p.RunTainted(id, op.Name, registry.FreshRand(taintRand), args)
		if err != nil {
			skip(op.Name, err.Error())
			continue
		}
		if opErr != nil {
			skip(op.Name, "the operation failed: "+opErr.Error())
			continue
		}
		res.Ran = append(res.Ran, id+" "+op.Name)
	}
}

// passes counts a key exchange's passes from its operations.
func passes(in *plugin.Instance) int {
	n := 0
	for _, op := range in.Ops {
		if strings.HasPrefix(op.Name, "pass") {
			n++
		}
	}
	return n
}

// stepArgs are the inputs of a pass or a derive from the transcript t
// (nil when the exchange failed), and whether op is one.
func stepArgs(t *registry.Transcript, op string) (registry.Args, bool) {
	for _, p := range []registry.Party{registry.PartyA, registry.PartyB} {
		if op == registry.OpDerive(p) {
			if t == nil {
				return nil, true
			}
			return t.DeriveArgs(p), true
		}
	}
	i, err := strconv.Atoi(strings.TrimPrefix(op, "pass"))
	if !strings.HasPrefix(op, "pass") || err != nil || i < 1 {
		return nil, false
	}
	if t == nil || i > len(t.Msg) {
		return nil, true
	}
	return t.PassArgs(i), true
}
