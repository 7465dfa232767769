package vectors

import (
	"crypto/sha256"
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"

	"crucible.dev/registry"
	"crucible.dev/registry/eval/catalog"
	"crucible.dev/registry/testenv"
)

// fakeSig answers verify with a fixed verdict and keygen/sign with fixed
// bytes, so the engine's checks can be seen to fail.
type fakeSig struct{ valid string }

func (f fakeSig) Run(op string, rand []byte, in registry.Args) (registry.Args, error) {
	switch op {
	case "keygen":
		return registry.Args{registry.ArgPK: []byte{1}, registry.ArgSK: rand}, nil
	case "sign":
		return registry.Args{registry.ArgSig: []byte{2}}, nil
	case "mac":
		return registry.Args{registry.ArgOut: []byte{9, 9}}, nil // also the dh role in TestRoleBinding
	case "kdf":
		if n, _ := in.Int(registry.ArgLength, 0); n > 2 {
			return nil, errors.New("too long")
		}
		return registry.Args{registry.ArgOut: []byte{7, 7}}, nil
	}
	return registry.Args{registry.ArgValid: []byte(f.valid)}, nil
}

const eddsaFile = `{"schema": "eddsa_verify_schema.json", "testGroups": [
 {"key": {"pk": "01", "sk": "aa"}, "tests": [
  {"tcId": 1, "result": "valid", "msg": "", "sig": "02"},
  {"tcId": 2, "result": "invalid", "msg": "", "sig": "03"},
  {"tcId": 3, "result": "acceptable", "msg": "", "sig": "04"}]}]}`

func TestCheckVectorFileEdDSA(t *testing.T) {
	// An implementation that accepts everything passes keygen, sign and
	// the valid case, and fails the invalid one; the acceptable case is
	// not counted.
	res, err := CheckVectorFile(registry.VectorFile{Name: "f", Format: "wycheproof"}, []byte(eddsaFile), fakeSig{"1"})
	if err != nil || res.Passed != 3 || res.Failed != 1 || !strings.Contains(res.Failures[0], "tcId 2") {
		t.Errorf("accept-all: %+v %v", res, err)
	}
	res, err = CheckVectorFile(registry.VectorFile{Name: "f", Format: "wycheproof"}, []byte(eddsaFile), fakeSig{"0"})
	if err != nil || res.Passed != 3 || res.Failed != 1 || !strings.Contains(res.Failures[0], "tcId 1") {
		t.Errorf("refuse-all: %+v %v", res, err)
	}
	for name, file := range map[string]string{
		"unknown schema": `{"schema": "rsa_oaep_schema.json", "testGroups": []}`,
		"not json":       `{`,
		"no public key":  `{"schema": "eddsa_verify_schema_v1.json", "testGroups": [{"tests": []}]}`,
	} {
		if _, err := CheckVectorFile(registry.VectorFile{Name: "f", Format: "wycheproof"}, []byte(file), fakeSig{"1"}); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := CheckVectorFile(registry.VectorFile{Name: "f", Format: "csv"}, []byte(eddsaFile), fakeSig{"1"}); err == nil {
		t.Error("an unknown format was accepted")
	}
}

func TestReadVectorFile(t *testing.T) {
	v := registry.VectorFile{Name: "f", Data: []byte("x"), SHA256: "2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881"}
	if b, err := ReadVectorFile(v); err != nil || string(b) != "x" {
		t.Errorf("matching digest: %q %v", b, err)
	}
	v.SHA256 = strings.Repeat("0", 64)
	if _, err := ReadVectorFile(v); err == nil {
		t.Error("a file whose digest differs was accepted")
	}
	if _, err := ReadVectorFile(registry.VectorFile{Name: "f"}); err == nil {
		t.Error("a file with no data and no module was accepted")
	}
	if _, err := ReadVectorFile(registry.VectorFile{Name: "f", Data: []byte("x"), Module: "m@v", Path: "p"}); err == nil {
		t.Error("a file with both data and a module was accepted")
	}
	// The declaration comes from the plugin under test: it may name a file
	// of a pinned module, nothing else.
	for _, bad := range []registry.VectorFile{
		{Name: "f", Module: "example.com/anything@v1.0.0", Path: "x.json"},
		{Name: "f", Module: Wycheproof, Path: "../../../../etc/passwd"},
		{Name: "f", Module: Wycheproof, Path: "/etc/passwd"},
	} {
		if _, err := ReadVectorFile(bad); err == nil || errors.Is(err, ErrNoVectors) {
			t.Errorf("%s %s: %v, want a refusal", bad.Module, bad.Path, err)
		}
	}
}

// The MAC and HKDF schemas compare truncated tags and outputs, and want
// invalid cases refused; a wrong answer either way is a failure.
func TestCheckVectorFileMACHKDF(t *testing.T) {
	mac := `{"schema": "mac_test_schema_v1.json", "testGroups": [{"tagSize": 8, "tests": [
	 {"tcId": 1, "result": "valid", "key": "00", "msg": "", "tag": "09"},
	 {"tcId": 2, "result": "valid", "key": "00", "msg": "", "tag": "08"},
	 {"tcId": 3, "result": "invalid", "key": "00", "msg": "", "tag": "09"}]}]}`
	res, err := CheckVectorFile(registry.VectorFile{Name: "m", Format: "wycheproof"}, []byte(mac), fakeSig{})
	if err != nil || res.Passed != 1 || res.Failed != 2 {
		t.Errorf("mac: %+v %v", res, err)
	}
	hkdf := `{"schema": "hkdf_test_schema_v1.json", "testGroups": [{"tests": [
	 {"tcId": 1, "result": "valid", "ikm": "00", "salt": "", "info": "", "size": 2, "okm": "0707"},
	 {"tcId": 2, "result": "valid", "ikm": "00", "salt": "", "info": "", "size": 2, "okm": "0708"},
	 {"tcId": 3, "result": "invalid", "ikm": "00", "salt": "", "info": "", "size": 9, "okm": ""},
	 {"tcId": 4, "result": "invalid", "ikm": "00", "salt": "", "info": "", "size": 2, "okm": ""}]}]}`
	res, err = CheckVectorFile(registry.VectorFile{Name: "h", Format: "wycheproof"}, []byte(hkdf), fakeSig{})
	if err != nil || res.Passed != 2 || res.Failed != 2 || !strings.Contains(strings.Join(res.Failures, " "), "tcId 4") {
		t.Errorf("hkdf: %+v %v", res, err)
	}
}

// A CSV signature table is read through its declared column mapping: keygen
// and sign for rows with a secret key, verify for every row.
func TestCheckVectorFileCSV(t *testing.T) {
	cols := map[string]string{"n": ColID, "secret": ColSK, "public": ColPK, "m": ColMsg, "s": ColSig, "ok": ColValid}
	table := "n,secret,public,m,s,ok\n" +
		"a,aa,01,00,02,TRUE\n" + // keygen gives pk 01 and sign sig 02: passes all three
		"b,,01,00,03,FALSE\n" // verify says 1 for everything: fails
	v := registry.VectorFile{Name: "t", Format: "csv", Columns: cols}
	res, err := CheckVectorFile(v, []byte(table), fakeSig{"1"})
	if err != nil || res.Passed != 3 || res.Failed != 1 || !strings.Contains(res.Failures[0], "row b") {
		t.Errorf("%+v %v", res, err)
	}
	for name, bad := range map[string]string{
		"unmapped column": "n,secret,public,m,s\na,aa,01,00,02\n",
		"bad hex":         "n,secret,public,m,s,ok\na,zz,01,00,02,TRUE\n",
		"bad verdict":     "n,secret,public,m,s,ok\na,aa,01,00,02,maybe\n",
		"no rows":         "n,secret,public,m,s,ok\n",
	} {
		if _, err := CheckVectorFile(v, []byte(bad), fakeSig{"1"}); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// The catalog's schema lists exactly the checks the engine implements, and
// every shipped vector source names a check, schema-read format and roles
// it knows.
func TestCatalogNamesEngine(t *testing.T) {
	if got, want := slices.Sorted(maps.Keys(checks)), slices.Sorted(slices.Values(catalog.VectorChecks)); !slices.Equal(got, want) {
		t.Errorf("engine checks %v, catalog lists %v", got, want)
	}
	n := 0
	for _, e := range catalog.All() {
		for _, v := range e.Vectors {
			n++
			if v.Format == "csv" || v.Format == "nist-rsp" {
				for _, f := range v.Files {
					if _, err := tables.ReadFile("data/" + f); err != nil {
						t.Errorf("%s %s: %v", e.Name, v.Source, err)
					}
				}
			}
		}
	}
	if n == 0 {
		t.Error("the shipped catalog lists no vector source")
	}
}

// A schema that needs an operation beyond the kind's own replays only
// where the catalog binds the role to the plugin's name for it: a declared
// file binds none and is refused with the role named, and a bound role is
// the operation called.
func TestRoleBinding(t *testing.T) {
	const xdh = `{"schema": "xdh_comp_schema_v1.json", "testGroups": [{"tests": [
  {"tcId": 1, "result": "valid", "public": "09", "private": "01", "shared": "0707"}]}]}`
	_, err := CheckVectorFile(registry.VectorFile{Name: "f", Format: "wycheproof"}, []byte(xdh), fakeSig{"1"})
	if err == nil || !strings.Contains(err.Error(), `"dh"`) {
		t.Errorf("unbound role: %v, want an error naming the role", err)
	}
	f, err := parseWycheproof("f", []byte(xdh))
	if err != nil {
		t.Fatal(err)
	}
	x := newReplay(fakeSig{"1"}, Target{}, map[string]string{"dh": "mac"}, nil) // fakeSig's mac answers 0909
	if err := x.wycheproof("f", f); err != nil || x.res.Failed != 1 || x.res.Passed != 0 {
		t.Errorf("bound role, wrong answer: %+v %v; want one failure", x.res, err)
	}
}

// A CSV table with a column mapped to md is a hash table: each row's msg
// must hash to its md.
func TestCheckCSVHash(t *testing.T) {
	cols := map[string]string{"m": ColMsg, "d": ColMD}
	hash := registry.Local(&registry.Instance{Name: "SHA-256", Kind: registry.KindHash, Hash: sha256Hash{}})
	table := "m,d\n616263,ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad\n,e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\n"
	if res, err := checkCSV("t", cols, []byte(table), hash); err != nil || res.Passed != 2 || res.Failed != 0 {
		t.Errorf("SHA-256 table: %+v %v, want 2 passes", res, err)
	}
	wrong := strings.Replace(table, "ba78", "ba79", 1)
	if res, err := checkCSV("t", cols, []byte(wrong), hash); err != nil || res.Failed != 1 || !strings.Contains(res.Failures[0], "row 1") {
		t.Errorf("a wrong digest: %+v %v, want row 1 failed", res, err)
	}
	if _, err := checkCSV("t", map[string]string{"m": ColMsg}, []byte(table), hash); err == nil {
		t.Error("a table with neither md nor signature columns was accepted")
	}
}

// sha256Hash is SHA-256 as a registry.Hash.
type sha256Hash struct{}

func (sha256Hash) Size() int { return sha256.Size }

func (sha256Hash) Sum(dst, msg []byte) []byte { s := sha256.Sum256(msg); return append(dst, s[:]...) }

// TestMissingFileIsError: a declared file absent from the pinned module,
// or a shipped file the catalog names that is not shipped, is an error
// (ErrMissing), never "unavailable", which a run reports as skipped and a
// test skips on.
func TestMissingFileIsError(t *testing.T) {
	if _, err := Module(Wycheproof); err != nil {
		testenv.Skip(t, err)
	}
	v := registry.VectorFile{Name: "absent", Format: "wycheproof", Module: Wycheproof, Path: "testvectors_v1/no_such_test.json"}
	_, err := ReadVectorFile(v)
	if !errors.Is(err, ErrMissing) || errors.Is(err, ErrNoVectors) {
		t.Errorf("a file absent from %s: %v, want ErrMissing", Wycheproof, err)
	}
	x := &replay{}
	err = x.shippedFile("bip340/no-such.csv", func([]byte) (Result, error) { return Result{Passed: 1}, nil })
	if !errors.Is(err, ErrMissing) || errors.Is(err, ErrNoVectors) {
		t.Errorf("an unshipped file: %v, want ErrMissing", err)
	}
}
