package vectors

import (
	"encoding/json"
	"testing"
)

// FuzzACVPJoin decodes a prompt and an expected-results vector set and
// joins them: malformed JSON is an error, never a panic, and every joined
// case has both halves.
func FuzzACVPJoin(f *testing.F) {
	f.Add([]byte(`{"vsId":1,"algorithm":"ML-KEM","mode":"keyGen","testGroups":[{"tgId":1,"tests":[{"tcId":1,"d":"00"}]}]}`),
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
		for _, g := range set.Groups {
			for _, c := range g.Tests {
				if c.Prompt == nil && c.Expected == nil {
					continue
				}
				for name := range c.Expected {
					c.Expected.Bytes(name)
					c.Expected.Int(name)
					c.Expected.Bool(name)
				}
			}
		}
	})
}

// FuzzWycheproofGroup decodes Wycheproof test groups the way the families
// do: hex fields that do not decode are errors, never panics.
func FuzzWycheproofGroup(f *testing.F) {
	f.Add([]byte(`{"algorithm":"XDH","testGroups":[{"curve":"curve25519","tests":[{"tcId":1,"public":"09","private":"0a","shared":"","result":"valid","flags":[]}]}]}`))
	f.Add([]byte(`{"testGroups":[{"tests":[{"tcId":1,"public":"zz"}]}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var file WycheproofFile
		if json.Unmarshal(b, &file) != nil {
			return
		}
		for _, g := range file.TestGroups {
			var grp struct {
				Tests []struct {
					WycheproofCase
					Public, Private, Shared Hex
				} `json:"tests"`
			}
			if json.Unmarshal(g, &grp) != nil {
				continue
			}
			for _, tc := range grp.Tests {
				_ = len(tc.Public) + len(tc.Private) + len(tc.Shared)
			}
		}
	})
}
