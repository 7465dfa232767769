package vectors

import (
	"errors"
	"testing"

	"crucible.dev/registry/testenv"
)

func loadACVPOrSkip(t *testing.T, alg string) []ACVPVectorSet {
	t.Helper()
	sets, err := LoadACVP(alg)
	if errors.Is(err, ErrNoVectors) {
		testenv.Skipf(t, "ACVP vectors unavailable: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	return sets
}

// TestLoadACVPJoins checks the join on ML-KEM: every case has both its
// prompt fields and its expected fields, and group properties stay with
// the group.
func TestLoadACVPJoins(t *testing.T) {
	sets := loadACVPOrSkip(t, "ML-KEM")
	modes := map[string]int{}
	for _, s := range sets {
		if s.Algorithm != "ML-KEM" || s.Revision != "FIPS203" {
			t.Errorf("vector set %d: algorithm %q revision %q", s.VsID, s.Algorithm, s.Revision)
		}
		for _, g := range s.Groups {
			ps, err := g.Fields.String("parameterSet")
			if err != nil || ps == "" {
				t.Errorf("group %d: parameterSet: %q %v", g.TgID, ps, err)
			}
			for _, c := range g.Tests {
				modes[s.Mode]++
				switch s.Mode {
				case "keyGen":
					d, err1 := c.Prompt.Bytes("d")
					ek, err2 := c.Expected.Bytes("ek")
					if err1 != nil || err2 != nil || len(d) != 32 || len(ek) == 0 {
						t.Errorf("keyGen case %d: d %d bytes (%v), ek %d bytes (%v)", c.TcID, len(d), err1, len(ek), err2)
					}
				case "encapDecap":
					k, err := c.Expected.Bytes("k")
					if err != nil || len(k) != 32 {
						t.Errorf("encapDecap case %d: k %d bytes (%v)", c.TcID, len(k), err)
					}
				}
				if c.Prompt.Has("tcId") || c.Expected.Has("tcId") {
					t.Errorf("case %d: identifier left among the fields", c.TcID)
				}
			}
		}
	}
	if modes["keyGen"] == 0 || modes["encapDecap"] == 0 {
		t.Errorf("cases by mode: %v", modes)
	}
}

// TestLoadACVPGeneric reads algorithms of other shapes: group-level
// integers and nested objects.
func TestLoadACVPGeneric(t *testing.T) {
	for _, alg := range []string{"SHA2-256", "ACVP-AES-GCM", "KDA", "HMAC-SHA2-256", "ML-DSA"} {
		sets := loadACVPOrSkip(t, alg)
		n := 0
		for _, s := range sets {
			for _, g := range s.Groups {
				n += len(g.Tests)
			}
		}
		if n == 0 {
			t.Errorf("%s: no cases", alg)
		}
	}
	sets := loadACVPOrSkip(t, "ACVP-AES-GCM")
	g := sets[0].Groups[0]
	if n, err := g.Fields.Int("ivLen"); err != nil || n != 96 {
		t.Errorf("AES-GCM ivLen = %d, %v", n, err)
	}
	if _, err := g.Fields.Bool("ivLen"); err == nil {
		t.Errorf("an integer decoded as a boolean")
	}
	if _, err := g.Tests[0].Prompt.Bytes("nonexistent"); err == nil {
		t.Errorf("missing field not reported")
	}
	if _, err := LoadACVP("NO-SUCH-ALGORITHM"); !errors.Is(err, ErrMissing) || errors.Is(err, ErrNoVectors) {
		t.Errorf("missing file: %v", err)
	}
}
