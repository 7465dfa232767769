package vectors_test

import (
	"bytes"
	"errors"
	"testing"

	"crucible.dev/registry/drbg"
	"crucible.dev/registry/eval/vectors"
	"crucible.dev/registry/testenv"
)

// TestCTRACVP replays ACVP's ctrDRBG vectors for AES-256 without derivation
// function: instantiate, then reseed and generate calls as the case lists
// them; the output of the last generate is the answer.
func TestCTRACVP(t *testing.T) {
	sets, err := vectors.LoadACVP("ctrDRBG")
	if errors.Is(err, vectors.ErrNoVectors) {
		testenv.Skipf(t, "ACVP vectors unavailable: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, s := range sets {
		for _, g := range s.Groups {
			mode, _ := g.Fields.String("mode")
			df, _ := g.Fields.Bool("derFunc")
			pr, _ := g.Fields.Bool("predResistance")
			if mode != "AES-256" || df || pr {
				continue
			}
			bits, err := g.Fields.Int("returnedBitsLen")
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range g.Tests {
				ent, _ := c.Prompt.Bytes("entropyInput")
				perso, _ := c.Prompt.Bytes("persoString")
				want, err := c.Expected.Bytes("returnedBits")
				if err != nil {
					t.Fatal(err)
				}
				d, err := drbg.NewCTR(ent, perso)
				if err != nil {
					t.Fatalf("tc %d: %v", c.TcID, err)
				}
				var calls []struct {
					AdditionalInput vectors.Hex `json:"additionalInput"`
					EntropyInput    vectors.Hex `json:"entropyInput"`
					IntendedUse     string      `json:"intendedUse"`
				}
				if err := c.Prompt.Decode("otherInput", &calls); err != nil {
					t.Fatal(err)
				}
				out := make([]byte, bits/8)
				for _, call := range calls {
					switch call.IntendedUse {
					case "reSeed":
						err = d.Reseed(call.EntropyInput, call.AdditionalInput)
					case "generate":
						err = d.Generate(out, call.AdditionalInput)
					default:
						t.Fatalf("tc %d: unknown use %q", c.TcID, call.IntendedUse)
					}
					if err != nil {
						t.Fatalf("tc %d: %v", c.TcID, err)
					}
				}
				if !bytes.Equal(out, want) {
					t.Errorf("tc %d: returned bits %x, want %x", c.TcID, out, want)
				}
				checked++
			}
		}
	}
	if checked == 0 {
		t.Fatal("no AES-256 no-df ctrDRBG case in the ACVP data")
	}
}
