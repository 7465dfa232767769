package vectors

import (
	"fmt"
	"sort"
	"strings"

	"crucible.dev/registry"
	"crucible.dev/registry/eval/catalog"
)

// Target is what the engine knows of the instance it replays vectors for:
// its catalog name (Wycheproof and ACVP groups name their parameter set)
// and sizes (the key, nonce and tag lengths an AEAD serves). A file a
// plugin declares replays with the zero Target: every group applies.
type Target struct {
	Name  string
	Sizes registry.Sizes
}

// replay is one source's replay in progress: the runner, the target, the
// catalog's bindings of roles to operation names and its options, the
// tally, and the cases skipped because the implementation cannot express
// them.
type replay struct {
	r    registry.Runner
	t    Target
	ops  map[string]string
	opts map[string]string
	res  Result
	cov  coverage
	feat map[string]bool
}

func newReplay(r registry.Runner, t Target, ops, opts map[string]string) *replay {
	return &replay{r: r, t: t, ops: ops, opts: opts, cov: coverage{}}
}

// run performs op and returns its outputs.
func (x *replay) run(op string, rand []byte, in registry.Args) (registry.Args, error) {
	return x.r.Run(op, rand, in)
}

// out performs op and returns its "out".
func (x *replay) out(op string, in registry.Args) ([]byte, error) {
	o, err := x.r.Run(op, nil, in)
	if err != nil {
		return nil, err
	}
	return o[registry.ArgOut], nil
}

// role returns the instance's name for a role the catalog binds, or an
// error naming the role when it binds none.
func (x *replay) role(name string) (string, error) {
	if op, ok := x.ops[name]; ok {
		return op, nil
	}
	return "", fmt.Errorf("the vectors need the %q operation (%s), and the catalog binds none for this instance", name, catalog.VectorRoles[name])
}

// opt returns option name, or def when the catalog sets none.
func (x *replay) opt(name, def string) string {
	if v, ok := x.opts[name]; ok {
		return v
	}
	return def
}

// Replay replays vector source v for target t through r.
func Replay(v catalog.VectorSource, t Target, r registry.Runner) (Result, error) {
	x := newReplay(r, t, v.Ops, v.Options)
	var err error
	switch v.Format {
	case "wycheproof":
		for _, f := range v.Files {
			if err = x.wycheproofModule(f); err != nil {
				break
			}
		}
	case "acvp":
		for _, f := range v.Files {
			if err = x.acvp(f); err != nil {
				break
			}
		}
	case "csv", "nist-rsp":
		for _, f := range v.Files {
			check := func(data []byte) (Result, error) { return checkCSV(f, v.Columns, data, r) }
			if v.Format == "nist-rsp" {
				check = func(data []byte) (Result, error) { return checkRSP(f, data, r) }
			}
			if err = x.shippedFile(f, check); err != nil {
				break
			}
		}
	case "check":
		check, ok := checks[v.Check]
		if !ok {
			return Result{}, fmt.Errorf("%s: no check named %q", v.Source, v.Check)
		}
		err = check(x)
	default:
		return Result{}, fmt.Errorf("%s: vector format %q is not one the engine reads", v.Source, v.Format)
	}
	if err != nil {
		return x.res, err
	}
	return x.res, x.none(v.Source + " " + strings.Join(v.Files, ", "))
}

// none returns the error of a replay that ran no case: unsupported when the
// implementation could express none of them, an error otherwise (the
// catalog lists vectors that hold nothing for the instance).
func (x *replay) none(what string) error {
	if x.res.Passed+x.res.Failed > 0 {
		return nil
	}
	if len(x.cov) > 0 {
		return x.cov.unsupported(what + " for " + x.t.Name)
	}
	return fmt.Errorf("%s: no applicable test case for %s", what, x.t.Name)
}

// coverage tallies the cases skipped because the implementation cannot
// express them, by reason, for the error of a check that ran none.
type coverage map[string]int

func (c coverage) skip(reason string) { c[reason]++ }

// unsupported returns the error of a check every case of which was skipped.
func (c coverage) unsupported(what string) error {
	var rs []string
	for r, n := range c {
		rs = append(rs, fmt.Sprintf("%d cases need %s", n, r))
	}
	sort.Strings(rs) // the same reason text on every run
	return fmt.Errorf("%s: %w: %s", what, ErrUnsupported, strings.Join(rs, "; "))
}
