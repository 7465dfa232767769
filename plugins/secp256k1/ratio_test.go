package main

import (
	"crypto/rand"
	"os"
	"slices"
	"testing"
	"time"

	"crucible.dev/plugins/secp256k1/secp256k1"
	"crucible.dev/registry"
	"crucible.dev/registry/testenv"
)

// BenchmarkGoCRatios measures each Go implementation against libsecp256k1 on
// the same operation in interleaved rounds (Go, C, C, Go), so load from
// other processes on a shared machine falls on both sides of each ratio;
// it logs the median time of each side and the median of the per-round
// ratios. It takes about a minute: a measurement, so a benchmark, run once
// whatever b.N is:
//
//	go test -run XXX -bench GoCRatios -benchtime 1x -v .
//
// CRUCIBLE_RATIO_IMPL=crucible keeps the rows of one implementation.
func BenchmarkGoCRatios(b *testing.B) {
	t := b
	only := os.Getenv("CRUCIBLE_RATIO_IMPL") // e.g. crucible: only that implementation's rows
	ins := map[string]*registry.Instance{}
	for _, in := range available(t) {
		ins[in.ID()] = in
	}
	const rounds, iters = 21, 100
	// BIP-340 is measured at 64 bytes (the registry's benchmark message,
	// which btcec signs through this plugin's any-length path) and at 32
	// bytes (btcec's own schnorr.Sign and Verify).
	for _, c := range []struct {
		name, op, impl string
		msgLen         int
	}{
		{secp256k1.NameECDSA, "keygen", secp256k1.ImplDecred, 64},
		{secp256k1.NameECDSA, "sign", secp256k1.ImplDecred, 64},
		{secp256k1.NameECDSA, "verify", secp256k1.ImplDecred, 64},
		{secp256k1.NameBIP340, "sign", secp256k1.ImplBtcec, 64},
		{secp256k1.NameBIP340, "verify", secp256k1.ImplBtcec, 64},
		{secp256k1.NameBIP340, "sign", secp256k1.ImplBtcec, 32},
		{secp256k1.NameBIP340, "verify", secp256k1.ImplBtcec, 32},
		{secp256k1.NameECDH, "derive_a", secp256k1.ImplDecred, 0},
		{secp256k1.NameECDHX, "derive_a", secp256k1.ImplDecred, 0},
		{secp256k1.NameECDSA, "keygen", secp256k1.ImplCrucible, 64},
		{secp256k1.NameECDSA, "sign", secp256k1.ImplCrucible, 64},
		{secp256k1.NameECDSA, "verify", secp256k1.ImplCrucible, 64},
		{secp256k1.NameECDSACompact, "sign", secp256k1.ImplCrucible, 64},
		{secp256k1.NameECDSACompact, "verify", secp256k1.ImplCrucible, 64},
		{secp256k1.NameBIP340, "keygen", secp256k1.ImplCrucible, 64},
		{secp256k1.NameBIP340, "sign", secp256k1.ImplCrucible, 64},
		{secp256k1.NameBIP340, "verify", secp256k1.ImplCrucible, 64},
		{secp256k1.NameBIP340, "sign", secp256k1.ImplCrucible, 32},
		{secp256k1.NameBIP340, "verify", secp256k1.ImplCrucible, 32},
		{secp256k1.NameECDH, "derive_a", secp256k1.ImplCrucible, 0},
		{secp256k1.NameECDHX, "derive_a", secp256k1.ImplCrucible, 0},
	} {
		if only != "" && c.impl != only {
			continue
		}
		goIn, cIn := ins[c.name+"/"+c.impl], ins[c.name+"/"+secp256k1.ImplLibsecp]
		if goIn == nil || cIn == nil {
			testenv.Skipf(t, "%s: needs both %s and %s", c.name, c.impl, secp256k1.ImplLibsecp)
		}
		var bodies [2]func() error
		for i, in := range []*registry.Instance{goIn, cIn} {
			op, ok := registry.FindOp(in, c.op)
			if !ok {
				t.Fatalf("%s: no op %s", in.ID(), c.op)
			}
			body, err := op.Prepare(rand.Reader, registry.BenchParams{MsgLen: c.msgLen})
			if err != nil {
				t.Fatal(err)
			}
			bodies[i] = body
		}
		timeOf := func(body func() error) float64 {
			start := time.Now()
			for range iters {
				if err := body(); err != nil {
					t.Fatalf("%s %s: %v", c.name, c.op, err)
				}
			}
			return float64(time.Since(start).Nanoseconds()) / iters
		}
		var goNs, cNs, ratio []float64
		for range rounds {
			g1, c1 := timeOf(bodies[0]), timeOf(bodies[1])
			c2, g2 := timeOf(bodies[1]), timeOf(bodies[0])
			g, cc := (g1+g2)/2, (c1+c2)/2
			goNs, cNs, ratio = append(goNs, g), append(cNs, cc), append(ratio, g/cc)
		}
		med := func(v []float64) float64 { slices.Sort(v); return v[len(v)/2] }
		gm, cm, rm := med(goNs), med(cNs), med(ratio)
		if gm <= 0 || cm <= 0 {
			t.Fatalf("%s %s: no time measured", c.name, c.op)
		}
		t.Logf("%-24s %-8s msg %3d  %-7s %8.1f us   libsecp256k1 %7.1f us   Go/C %5.2f (median of %d interleaved rounds of %d)",
			c.name, c.op, c.msgLen, c.impl, gm/1e3, cm/1e3, rm, rounds, iters)
	}
}
