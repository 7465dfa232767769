package main

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"strings"
	"testing"

	"crucible.dev/registry"
	"crucible.dev/registry/eval/katcheck/reference"
	"crucible.dev/registry/iccs"
)

// TestReplayRecord0 replays the first record of each reference KAT file one
// operation at a time through registry.Local, as the host replays and
// cross-checks single operations: each operation gets exactly the DRNG
// draws the reference made for it, and its outputs must equal the file's.
func TestReplayRecord0(t *testing.T) {
	for _, in := range instances() {
		t.Run(in.Name, func(t *testing.T) {
			rec := readRecord0(t, "afskex/KAT_KEX_"+in.Name+".txt")
			s := in.Sizes.SharedSecret
			rng := iccs.NewDRNG(rec["Seed"])
			draw := func(n ...int) []byte {
				var out []byte
				for _, k := range n {
					b := make([]byte, k)
					rng.Read(b)
					out = append(out, b...)
				}
				return out
			}
			run := registry.Local(in)
			step := func(op string, rand []byte, args registry.Args) registry.Args {
				t.Helper()
				out, err := run.Run(op, rand, args)
				if err != nil {
					t.Fatalf("%s: %v", op, err)
				}
				return out
			}
			check := func(field string, got []byte) {
				t.Helper()
				if !bytes.Equal(got, rec[field]) {
					t.Errorf("%s differs from the reference", field)
				}
			}
			a := step("init_a", draw(2*s, s), nil)
			check("PKa", a[registry.ArgPK])
			check("SKa", a[registry.ArgSK])
			check("Init_Sta", a[registry.ArgSt])
			b := step("init_b", draw(2*s, s), nil)
			check("PKb", b[registry.ArgPK])
			check("SKb", b[registry.ArgSK])
			check("Init_Stb", b[registry.ArgSt])
			keys := func(self, peer registry.Args, st, msg []byte) registry.Args {
				return registry.Args{registry.ArgPK: self[registry.ArgPK], registry.ArgSK: self[registry.ArgSK],
					registry.ArgPeerPK: peer[registry.ArgPK], registry.ArgSt: st, registry.ArgIn: msg}
			}
			p1 := step("pass1", draw(s), keys(a, b, a[registry.ArgSt], nil))
			check("M1", p1[registry.ArgOut])
			check("Pass1_Sta", p1[registry.ArgSt])
			p2 := step("pass2", draw(s), keys(b, a, b[registry.ArgSt], p1[registry.ArgOut]))
			check("M2", p2[registry.ArgOut])
			check("Pass2_Stb", p2[registry.ArgSt])
			// Passes 3 and 4 and the derivations draw nothing: given no
			// randomness, any read would fail.
			p3 := step("pass3", nil, keys(a, b, p1[registry.ArgSt], p2[registry.ArgOut]))
			check("M3", p3[registry.ArgOut])
			check("Pass3_Sta", p3[registry.ArgSt])
			p4 := step("pass4", nil, keys(b, a, p2[registry.ArgSt], p3[registry.ArgOut]))
			check("M4", p4[registry.ArgOut])
			check("Pass4_Stb", p4[registry.ArgSt])
			check("SS", step("derive_a", nil, keys(a, b, p3[registry.ArgSt], p4[registry.ArgOut]))[registry.ArgSS])
			check("SS", step("derive_b", nil, keys(b, a, p4[registry.ArgSt], p3[registry.ArgOut]))[registry.ArgSS])
		})
	}
}

// readRecord0 returns the byte-string fields of the reference file name's
// first record.
func readRecord0(t *testing.T, name string) map[string][]byte {
	t.Helper()
	f, err := reference.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec := map[string][]byte{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), " = ")
		if !ok {
			break // the empty line that ends the record
		}
		if k == "M4" {
			v = strings.TrimSpace(v)
		}
		if b, err := hex.DecodeString(v); err == nil && !strings.HasSuffix(k, "_Len") && k != "Count" && k != "Pass_Num" {
			rec[k] = b
		}
	}
	if len(rec["Seed"]) == 0 || rec["SS"] == nil {
		t.Fatalf("%s: no first record", name)
	}
	return rec
}
