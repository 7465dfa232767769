package vectors

import (
	"compress/bzip2"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
)

// ACVP test data comes from the pinned module ACVP as two bzip2-compressed
// JSON files per algorithm: vectors/<ALG>.bz2 holds the prompts the NIST
// ACVTS server sent and expected/<ALG>.bz2 the validated answers. Each file
// is a JSON array whose first element describes the test session and whose
// other elements are vector sets (vsId), each a list of test groups (tgId)
// of test cases (tcId). A prompt and its answer are joined by those three
// identifiers.

// ACVPVectorSet is one vector set of an algorithm, prompts joined with
// expected results.
type ACVPVectorSet struct {
	VsID      int
	Algorithm string // e.g. "ML-KEM"
	Mode      string // e.g. "keyGen", "encapDecap"; empty for algorithms without modes
	Revision  string // e.g. "FIPS203"
	IsSample  bool
	Groups    []ACVPGroup
}

// ACVPGroup is one test group: the properties the prompt gives the whole
// group (parameterSet, function, testType, key lengths, ...), any the
// expected results give it (e.g. a generated public key), and its cases.
type ACVPGroup struct {
	TgID     int
	Fields   ACVPFields
	Expected ACVPFields
	Tests    []ACVPCase
}

// ACVPCase is one test case: the prompt's fields and the expected fields.
type ACVPCase struct {
	TcID     int
	Prompt   ACVPFields
	Expected ACVPFields
}

// ACVPFields are the raw JSON fields of a prompt or an expected result,
// minus the identifiers. The accessors decode them as ACVP writes them:
// byte strings in hex, integers as JSON numbers, flags as JSON booleans.
type ACVPFields map[string]json.RawMessage

// Has reports whether the field is present.
func (f ACVPFields) Has(name string) bool { _, ok := f[name]; return ok }

// Decode unmarshals the field into v (for nested objects such as KDA's
// kdfParameter).
func (f ACVPFields) Decode(name string, v any) error {
	raw, ok := f[name]
	if !ok {
		return fmt.Errorf("acvp: missing field %q", name)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("acvp: field %q: %w", name, err)
	}
	return nil
}

// String returns a string field.
func (f ACVPFields) String(name string) (string, error) {
	var s string
	err := f.Decode(name, &s)
	return s, err
}

// Bytes returns a hex-encoded byte-string field.
func (f ACVPFields) Bytes(name string) ([]byte, error) {
	s, err := f.String(name)
	if err != nil {
		return nil, err
	}
	b, err := hex.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("acvp: field %q: %w", name, err)
	}
	return b, nil
}

// Int returns an integer field; a decimal string is accepted too, since a
// few ACVP schemas quote their numbers.
func (f ACVPFields) Int(name string) (int, error) {
	var n int
	if err := f.Decode(name, &n); err == nil {
		return n, nil
	}
	s, err := f.String(name)
	if err != nil {
		return 0, fmt.Errorf("acvp: field %q is not an integer", name)
	}
	n, err = strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("acvp: field %q: %w", name, err)
	}
	return n, nil
}

// Bool returns a boolean field.
func (f ACVPFields) Bool(name string) (bool, error) {
	var b bool
	err := f.Decode(name, &b)
	return b, err
}

// LoadACVP reads the prompts and expected results of algorithm alg (the
// file name without .bz2: "ML-KEM", "SHA2-256", "ACVP-AES-GCM", "KDA", ...)
// from the pinned module and joins them. Every prompt must have its
// expected result: a case without one is an error, not a silent skip.
func LoadACVP(alg string) ([]ACVPVectorSet, error) {
	prompts, err := readACVPFile("vectors/" + alg + ".bz2")
	if err != nil {
		return nil, err
	}
	answers, err := readACVPFile("expected/" + alg + ".bz2")
	if err != nil {
		return nil, err
	}
	byVs := map[int]acvpSet{}
	for _, a := range answers {
		byVs[a.VsID] = a
	}
	var out []ACVPVectorSet
	for _, p := range prompts {
		a, ok := byVs[p.VsID]
		if !ok {
			return nil, fmt.Errorf("acvp %s: vector set %d has no expected results", alg, p.VsID)
		}
		set, err := joinACVPSet(p, a)
		if err != nil {
			return nil, fmt.Errorf("acvp %s: %w", alg, err)
		}
		out = append(out, set)
	}
	return out, nil
}

// acvpSet is a vector set as either file holds it.
type acvpSet struct {
	VsID      int         `json:"vsId"`
	Algorithm string      `json:"algorithm"`
	Mode      string      `json:"mode"`
	Revision  string      `json:"revision"`
	IsSample  bool        `json:"isSample"`
	Groups    []acvpGroup `json:"testGroups"`
}

type acvpGroup struct {
	TgID   int
	Fields ACVPFields
	Tests  []acvpCase
}

type acvpCase struct {
	TcID   int
	Fields ACVPFields
}

// UnmarshalJSON splits a group into its identifier, its fields and its
// cases.
func (g *acvpGroup) UnmarshalJSON(b []byte) error {
	var f ACVPFields
	if err := json.Unmarshal(b, &f); err != nil {
		return err
	}
	if err := f.Decode("tgId", &g.TgID); err != nil {
		return err
	}
	if f.Has("tests") {
		if err := f.Decode("tests", &g.Tests); err != nil {
			return err
		}
	}
	delete(f, "tgId")
	delete(f, "tests")
	g.Fields = f
	return nil
}

// UnmarshalJSON splits a case into its identifier and its fields.
func (c *acvpCase) UnmarshalJSON(b []byte) error {
	var f ACVPFields
	if err := json.Unmarshal(b, &f); err != nil {
		return err
	}
	if err := f.Decode("tcId", &c.TcID); err != nil {
		return err
	}
	delete(f, "tcId")
	c.Fields = f
	return nil
}

// readACVPFile decodes one bzip2 JSON file of the pinned module, dropping
// the session header (the element without a vsId).
func readACVPFile(name string) ([]acvpSet, error) {
	p, err := File(ACVP, name)
	if err != nil {
		return nil, err
	}
	fh, err := os.Open(p)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNoVectors, err)
	}
	defer fh.Close()
	var elems []json.RawMessage
	if err := json.NewDecoder(bzip2.NewReader(fh)).Decode(&elems); err != nil {
		return nil, fmt.Errorf("acvp %s: %w", name, err)
	}
	var sets []acvpSet
	for _, e := range elems {
		var probe struct {
			VsID *int `json:"vsId"`
		}
		if err := json.Unmarshal(e, &probe); err != nil {
			return nil, fmt.Errorf("acvp %s: %w", name, err)
		}
		if probe.VsID == nil {
			continue // the session header
		}
		var s acvpSet
		if err := json.Unmarshal(e, &s); err != nil {
			return nil, fmt.Errorf("acvp %s: vector set %d: %w", name, *probe.VsID, err)
		}
		sets = append(sets, s)
	}
	return sets, nil
}

func joinACVPSet(p, a acvpSet) (ACVPVectorSet, error) {
	set := ACVPVectorSet{VsID: p.VsID, Algorithm: p.Algorithm, Mode: p.Mode, Revision: p.Revision, IsSample: p.IsSample}
	groups := map[int]acvpGroup{}
	for _, g := range a.Groups {
		groups[g.TgID] = g
	}
	for _, pg := range p.Groups {
		ag, ok := groups[pg.TgID]
		if !ok {
			return set, fmt.Errorf("vector set %d, group %d: no expected results", p.VsID, pg.TgID)
		}
		cases := map[int]ACVPFields{}
		for _, c := range ag.Tests {
			cases[c.TcID] = c.Fields
		}
		g := ACVPGroup{TgID: pg.TgID, Fields: pg.Fields, Expected: ag.Fields}
		for _, pc := range pg.Tests {
			exp, ok := cases[pc.TcID]
			if !ok {
				return set, fmt.Errorf("vector set %d, group %d, case %d: no expected result", p.VsID, pg.TgID, pc.TcID)
			}
			// A case with nothing to check against would pass whatever
			// the implementation answers; one with no prompt tests nothing.
			if len(exp) == 0 {
				return set, fmt.Errorf("vector set %d, group %d, case %d: expected result has no fields", p.VsID, pg.TgID, pc.TcID)
			}
			if len(pc.Fields) == 0 {
				return set, fmt.Errorf("vector set %d, group %d, case %d: prompt has no fields", p.VsID, pg.TgID, pc.TcID)
			}
			g.Tests = append(g.Tests, ACVPCase{TcID: pc.TcID, Prompt: pc.Fields, Expected: exp})
		}
		set.Groups = append(set.Groups, g)
	}
	return set, nil
}
