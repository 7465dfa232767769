package vectors

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"
)

// FuzzACVPJoin decodes a prompt and an expected-results vector set and
// joins them: malformed JSON is an error, never a panic, and every joined
// case has both halves: the prompt's fields and the expected fields of the
// answer with the same group and case identifiers, neither empty.
func FuzzACVPJoin(f *testing.F) {
	f.Add([]byte(`{"vsId":1,"algorithm":"ML-KEM","mode":"keyGen","testGroups":[{"tgId":1,"tests":[{"tcId":1,"d":"00"},{"tcId":2,"d":"01"}]}]}`),
		[]byte(`{"vsId":1,"testGroups":[{"tgId":1,"tests":[{"tcId":2,"ek":"02"},{"tcId":1,"ek":"01"}]}]}`))
	// An answer with no expected field: the join must refuse it.
	f.Add([]byte(`{"vsId":1,"testGroups":[{"tgId":1,"tests":[{"tcId":1,"d":"00"}]}]}`),
		[]byte(`{"vsId":1,"testGroups":[{"tgId":1,"tests":[{"tcId":1}]}]}`))
	// A prompt with no field: refused too.
	f.Add([]byte(`{"vsId":1,"testGroups":[{"tgId":1,"tests":[{"tcId":1}]}]}`),
		[]byte(`{"vsId":1,"testGroups":[{"tgId":1,"tests":[{"tcId":1,"ek":"01"}]}]}`))
	f.Add([]byte(`{"vsId":1,"testGroups":[{"tgId":2,"tests":[]}]}`), []byte(`{"vsId":1,"testGroups":[]}`))
	f.Fuzz(func(t *testing.T, prompt, expected []byte) {
		var p, a acvpSet
		if json.Unmarshal(prompt, &p) != nil || json.Unmarshal(expected, &a) != nil {
			return
		}
		set, err := joinACVPSet(p, a)
		if err != nil {
			return
		}
		// The answers as the join must have found them: the last group
		// and case of each identifier, as a map lookup keeps.
		answer := map[[2]int]ACVPFields{}
		for _, g := range a.Groups {
			for k := range answer {
				if k[0] == g.TgID {
					delete(answer, k)
				}
			}
			for _, c := range g.Tests {
				answer[[2]int{g.TgID, c.TcID}] = c.Fields
			}
		}
		n := 0
		for _, g := range p.Groups {
			n += len(g.Tests)
		}
		joined := 0
		for gi, g := range set.Groups {
			if g.TgID != p.Groups[gi].TgID {
				t.Fatalf("group %d joined as group %d", p.Groups[gi].TgID, g.TgID)
			}
			for ci, c := range g.Tests {
				joined++
				if len(c.Prompt) == 0 || len(c.Expected) == 0 {
					t.Fatalf("group %d case %d joined with a missing half: prompt %v, expected %v", g.TgID, c.TcID, c.Prompt, c.Expected)
				}
				if !sameFields(c.Prompt, p.Groups[gi].Tests[ci].Fields) {
					t.Fatalf("group %d case %d: prompt %v is not the prompt's", g.TgID, c.TcID, c.Prompt)
				}
				if want, ok := answer[[2]int{g.TgID, c.TcID}]; !ok || !sameFields(c.Expected, want) {
					t.Fatalf("group %d case %d: expected %v, the answer has %v", g.TgID, c.TcID, c.Expected, want)
				}
			}
		}
		if joined != n {
			t.Fatalf("%d cases joined of %d prompted", joined, n)
		}
	})
}

// sameFields reports whether two field sets hold the same raw values.
func sameFields(a, b ACVPFields) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || !bytes.Equal(v, w) {
			return false
		}
	}
	return true
}

// FuzzWycheproofGroup decodes Wycheproof test groups the way the families
// do (groups, Hex): a group decodes only when every hex field is hex, and
// then each field's bytes are exactly what its hex string spells.
func FuzzWycheproofGroup(f *testing.F) {
	f.Add([]byte(`{"algorithm":"XDH","testGroups":[{"curve":"curve25519","tests":[{"tcId":1,"public":"09","private":"0A","shared":"","result":"valid","flags":[]}]}]}`))
	f.Add([]byte(`{"testGroups":[{"tests":[{"tcId":1,"public":"zz"}]}]}`))
	f.Add([]byte(`{"testGroups":[{"tests":[{"tcId":1,"public":"0"}]},{"tests":[{"tcId":2,"shared":"abcd"}]}]}`))
	f.Add([]byte(`{"testGroups":[{"tests":[{"tCId":""}]}]}`))
	type hexCase struct {
		WycheproofCase
		Public, Private, Shared Hex
	}
	// The model decodes the fields that are not hex as the families do, so
	// that a group whose tcId, say, is of the wrong type (json matches
	// "tCId" to it: names are matched without case) fails in both.
	type rawCase struct {
		WycheproofCase
		Public, Private, Shared *string
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var file WycheproofFile
		if json.Unmarshal(b, &file) != nil {
			return
		}
		for gi, raw := range file.TestGroups {
			var grp struct {
				Tests []hexCase `json:"tests"`
			}
			var strs struct {
				Tests []rawCase `json:"tests"`
			}
			one := &WycheproofFile{TestGroups: file.TestGroups[gi : gi+1]}
			err := groups(file.Algorithm, one, func(_ int, g *struct {
				Tests []hexCase `json:"tests"`
			}) error {
				grp = *g
				return nil
			})
			if json.Unmarshal(raw, &strs) != nil {
				if err == nil {
					t.Fatalf("group %d decoded though its fields are not strings: %s", gi, raw)
				}
				continue
			}
			valid := true
			for _, s := range strs.Tests {
				for _, p := range []*string{s.Public, s.Private, s.Shared} {
					if p != nil {
						if _, herr := hex.DecodeString(*p); herr != nil {
							valid = false
						}
					}
				}
			}
			if !valid {
				if err == nil {
					t.Fatalf("group %d with a field that is not hex decoded: %s", gi, raw)
				}
				continue
			}
			if err != nil {
				t.Fatalf("group %d: %v", gi, err)
			}
			for ci, s := range strs.Tests {
				tc := grp.Tests[ci]
				for _, pair := range []struct {
					raw *string
					got Hex
				}{{s.Public, tc.Public}, {s.Private, tc.Private}, {s.Shared, tc.Shared}} {
					want := ""
					if pair.raw != nil {
						want = strings.ToLower(*pair.raw)
					}
					if hex.EncodeToString(pair.got) != want {
						t.Fatalf("group %d case %d: %q decoded as %x", gi, ci, want, []byte(pair.got))
					}
				}
			}
		}
	})
}
