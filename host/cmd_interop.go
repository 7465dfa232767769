package main

import (
	"bytes"
	"crypto/rand"
	"flag"
	"fmt"
	"os"
	"sort"
	"text/tabwriter"

	"crucible.dev/host/internal/campaign"
	"crucible.dev/host/internal/plugin"
	"crucible.dev/host/internal/session"
	"crucible.dev/registry"
	"crucible.dev/registry/pluginv1"
)

func init() {
	register("interop", "every implementation's keys, ciphertexts and signatures consumed by every other: a matrix per instance", cmdInterop)
}

// impl is one implementation of an instance, in a running plugin.
type impl struct {
	plugin string
	in     *pluginv1.Instance
	r      registry.Runner
}

func (m impl) label() string { return m.plugin + ":" + campaign.InstID(m.in) }

// cmdInterop makes every implementation of an instance consume what every
// other produces: for a KEM, Y encapsulates to X's public key and X
// decapsulates; for a signature, X signs and Y verifies under X's public
// key; for a key exchange, X is party A and Y party B. The keys cross in
// their standard encodings, so secret-key forms never need converting.
func cmdInterop(args []string) error {
	fs := flag.NewFlagSet("interop", flag.ContinueOnError)
	var c common
	c.register(fs)
	suite := fs.String("suite", "all", "what to check: all, a plugin name, or a kind")
	rounds := fs.Int("rounds", 3, "fresh keys per pair")
	if err := fs.Parse(args); err != nil {
		return &exitError{2, nil}
	}
	root, cache, srcs, err := c.discover()
	if err != nil {
		return err
	}
	lc, err := c.launcher()
	if err != nil {
		return err
	}
	defer lc.Close()
	byName := map[string][]impl{}
	for i := range srcs {
		s := &srcs[i]
		if !session.SelectPlugin(*suite, s.Name) {
			continue
		}
		if err := plugin.Build(root, cache, s, os.Stderr); err != nil {
			return &exitError{1, err}
		}
		sess, err := session.Start(s, session.Options(plugin.Options{Limits: c.limits, Launcher: lc, CPU: -1}))
		if err != nil {
			return &exitError{1, err}
		}
		defer sess.Stop()
		if _, err := sess.Describe(); err != nil {
			return &exitError{1, err}
		}
		for _, in := range sess.Select(*suite, session.Shard{}) {
			if in.Unavailable == "" {
				byName[in.Name] = append(byName[in.Name], impl{s.Name, in, sess.Process().Runner(campaign.InstID(in))})
			}
		}
	}
	var names []string
	for n, impls := range byName {
		if len(impls) > 1 {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	if len(names) == 0 {
		return usageErr("suite %q has no instance with more than one implementation", *suite)
	}
	failures := 0
	for _, name := range names {
		impls := byName[name]
		fmt.Printf("\n%s (%s): row produces, column consumes\n", name, impls[0].in.Kind)
		tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
		fmt.Fprint(tw, "\t")
		for _, y := range impls {
			fmt.Fprintf(tw, "%s\t", y.label())
		}
		fmt.Fprintln(tw)
		var notes []string
		for _, x := range impls {
			fmt.Fprintf(tw, "%s\t", x.label())
			for _, y := range impls {
				err := pair(x, y, *rounds)
				cell := "ok"
				if err != nil {
					cell = "FAIL"
					failures++
					notes = append(notes, fmt.Sprintf("  %s -> %s: %v", x.label(), y.label(), err))
				}
				fmt.Fprintf(tw, "%s\t", cell)
			}
			fmt.Fprintln(tw)
		}
		tw.Flush()
		for _, n := range notes {
			fmt.Println(n)
		}
	}
	if failures > 0 {
		return &exitError{1, fmt.Errorf("%d interop failures", failures)}
	}
	fmt.Println("\nno interop failure")
	return nil
}

func random(n int) []byte {
	b := make([]byte, n)
	rand.Read(b)
	return b
}

// pair checks that y consumes what x produces.
func pair(x, y impl, rounds int) error {
	for i := 0; i < rounds; i++ {
		var err error
		switch registry.Kind(x.in.Kind) {
		case registry.KindKEM:
			err = kemPair(x, y)
		case registry.KindSig:
			err = sigPair(x, y)
		case registry.KindKEX:
			err = kexPair(x, y)
		default:
			err = symPair(x, y)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func kemPair(x, y impl) error {
	seed := random(1 << 12)
	kx, err := x.r.Run(registry.OpKeygen, seed, nil)
	if err != nil {
		return fmt.Errorf("%s keygen: %w", x.label(), err)
	}
	// The same keygen randomness gives the same public key in every
	// implementation of a derandomised standard.
	if ky, err := y.r.Run(registry.OpKeygen, seed, nil); err == nil && !bytes.Equal(ky[registry.ArgPK], kx[registry.ArgPK]) {
		return fmt.Errorf("the same keygen randomness gives different public keys")
	}
	e, err := y.r.Run(registry.OpEncaps, random(1<<12), registry.Args{registry.ArgPK: kx[registry.ArgPK]})
	if err != nil {
		return fmt.Errorf("%s encaps to %s's key: %w", y.label(), x.label(), err)
	}
	d, err := x.r.Run(registry.OpDecaps, nil, registry.Args{registry.ArgSK: kx[registry.ArgSK], registry.ArgCT: e[registry.ArgCT]})
	if err != nil {
		return fmt.Errorf("%s decaps: %w", x.label(), err)
	}
	if !bytes.Equal(d[registry.ArgSS], e[registry.ArgSS]) {
		return fmt.Errorf("shared secrets differ")
	}
	return nil
}

func sigPair(x, y impl) error {
	k, err := x.r.Run(registry.OpKeygen, random(1<<12), nil)
	if err != nil {
		return fmt.Errorf("%s keygen: %w", x.label(), err)
	}
	msg := random(64)
	for _, hedged := range []bool{false, true} {
		var rnd []byte
		if hedged {
			rnd = random(1 << 10)
		}
		s, err := x.r.Run(registry.OpSign, rnd, registry.Args{registry.ArgSK: k[registry.ArgSK], registry.ArgMsg: msg})
		if err != nil {
			return fmt.Errorf("%s sign: %w", x.label(), err)
		}
		v, err := y.r.Run(registry.OpVerify, nil, registry.Args{registry.ArgPK: k[registry.ArgPK], registry.ArgMsg: msg, registry.ArgSig: s[registry.ArgSig]})
		if err != nil {
			return fmt.Errorf("%s verify: %w", y.label(), err)
		}
		if string(v[registry.ArgValid]) != "1" {
			return fmt.Errorf("%s rejects %s's signature (hedged %v): %s", y.label(), x.label(), hedged, v["error"])
		}
	}
	return nil
}

// kexPair runs an exchange with x as party A and y as party B.
func kexPair(x, y impl) error {
	n := len(x.in.Sizes.GetMessages())
	// The driver checks that both parties derive the same secret.
	_, err := registry.RunExchange(registry.RemoteKEX(x.r, y.r, n), rand.Reader)
	return err
}

// symPair: deterministic primitives must agree on the same input.
func symPair(x, y impl) error {
	var op string
	args := registry.Args{registry.ArgMsg: random(100), registry.ArgKey: random(int(max(x.in.Sizes.GetKey(), 32)))}
	switch registry.Kind(x.in.Kind) {
	case registry.KindHash:
		op = registry.OpHash
	case registry.KindXOF:
		op = registry.OpXOF
	case registry.KindMAC:
		op = registry.OpMAC
	default:
		return nil
	}
	a, err := x.r.Run(op, nil, args)
	if err != nil {
		return err
	}
	b, err := y.r.Run(op, nil, args)
	if err != nil {
		return err
	}
	if !bytes.Equal(a[registry.ArgOut], b[registry.ArgOut]) {
		return fmt.Errorf("outputs differ")
	}
	return nil
}
