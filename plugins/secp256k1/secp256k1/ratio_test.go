package secp256k1

import (
	"crypto/rand"
	"os"
	"slices"
	"testing"
	"time"

	"crucible.dev/registry"
)

// TestGoCRatios measures each Go implementation against libsecp256k1 on
// the same operation in interleaved rounds (Go, C, C, Go), so load from
// other processes on a shared machine falls on both sides of each ratio;
// it logs the median time of each side and the median of the per-round
// ratios. It takes about a minute, so it runs only with CRUCIBLE_LONG=1:
//
//	CRUCIBLE_LONG=1 go test -run TestGoCRatios -v ./secp256k1/
//
// CRUCIBLE_RATIO_IMPL=crucible keeps the rows of one implementation.
func TestGoCRatios(t *testing.T) {
	if os.Getenv("CRUCIBLE_LONG") == "" {
		t.Skip("set CRUCIBLE_LONG=1 to measure Go/C ratios")
	}
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
		{NameECDSA, "keygen", ImplDecred, 64},
		{NameECDSA, "sign", ImplDecred, 64},
		{NameECDSA, "verify", ImplDecred, 64},
		{NameBIP340, "sign", ImplBtcec, 64},
		{NameBIP340, "verify", ImplBtcec, 64},
		{NameBIP340, "sign", ImplBtcec, 32},
		{NameBIP340, "verify", ImplBtcec, 32},
		{NameECDH, "derive_a", ImplDecred, 0},
		{NameECDHX, "derive_a", ImplDecred, 0},
		{NameECDSA, "keygen", ImplCrucible, 64},
		{NameECDSA, "sign", ImplCrucible, 64},
		{NameECDSA, "verify", ImplCrucible, 64},
		{NameECDSACompact, "sign", ImplCrucible, 64},
		{NameECDSACompact, "verify", ImplCrucible, 64},
		{NameBIP340, "keygen", ImplCrucible, 64},
		{NameBIP340, "sign", ImplCrucible, 64},
		{NameBIP340, "verify", ImplCrucible, 64},
		{NameBIP340, "sign", ImplCrucible, 32},
		{NameBIP340, "verify", ImplCrucible, 32},
		{NameECDH, "derive_a", ImplCrucible, 0},
		{NameECDHX, "derive_a", ImplCrucible, 0},
	} {
		if only != "" && c.impl != only {
			continue
		}
		goIn, cIn := ins[c.name+"/"+c.impl], ins[c.name+"/"+ImplLibsecp]
		if goIn == nil || cIn == nil {
			t.Skipf("%s: needs both %s and %s", c.name, c.impl, ImplLibsecp)
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
