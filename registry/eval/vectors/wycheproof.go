package vectors

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
)

// WycheproofFile is the common frame of a Wycheproof testvectors_v1 file.
// Groups stay raw: each schema's replay decodes the group fields it needs.
type WycheproofFile struct {
	Algorithm     string            `json:"algorithm"`
	Schema        string            `json:"schema"`
	NumberOfTests int               `json:"numberOfTests"`
	Notes         map[string]any    `json:"notes"`
	TestGroups    []json.RawMessage `json:"testGroups"`
}

// WycheproofCase holds the fields every Wycheproof test case has.
type WycheproofCase struct {
	TcID    int      `json:"tcId"`
	Comment string   `json:"comment"`
	Result  string   `json:"result"` // "valid", "invalid" or "acceptable"
	Flags   []string `json:"flags"`
}

// LoadWycheproof reads testvectors_v1/name from the pinned module.
func LoadWycheproof(name string) (*WycheproofFile, error) {
	p, err := File(Wycheproof, "testvectors_v1/"+name)
	if err != nil {
		return nil, err
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	return parseWycheproof(name, b)
}

func parseWycheproof(name string, b []byte) (*WycheproofFile, error) {
	var f WycheproofFile
	if err := json.NewDecoder(bytes.NewReader(b)).Decode(&f); err != nil {
		return nil, fmt.Errorf("wycheproof %s: %w", name, err)
	}
	return &f, nil
}

// wycheproofSchemas maps a Wycheproof schema onto the standard operations
// (and, where the schema needs one, a role the catalog binds).
var wycheproofSchemas = map[string]func(x *replay, file string, f *WycheproofFile) error{
	"eddsa_verify_schema.json":          wycheproofSigVerify,
	"eddsa_verify_schema_v1.json":       wycheproofSigVerify,
	"ecdsa_verify_schema_v1.json":       wycheproofECDSA,
	"ecdsa_p1363_verify_schema_v1.json": wycheproofECDSA,
	"ecdsa_bitcoin_verify_schema.json":  wycheproofECDSA,
	"xdh_comp_schema_v1.json":           wycheproofXDH,
	"ecdh_test_schema_v1.json":          wycheproofECDH,
	"mlkem_test_schema.json":            wycheproofMLKEM,
	"mldsa_sign_seed_schema.json":       wycheproofMLDSA,
	"mldsa_sign_noseed_schema.json":     wycheproofMLDSA,
	"mldsa_verify_schema.json":          wycheproofMLDSA,
	"aead_test_schema_v1.json":          wycheproofAEAD,
	"mac_test_schema_v1.json":           wycheproofMAC,
	"hkdf_test_schema_v1.json":          wycheproofHKDF,
}

// Schemas lists the Wycheproof schemas the engine maps onto operations.
func Schemas() []string { return slices.Sorted(maps.Keys(wycheproofSchemas)) }

// wycheproofModule replays testvectors_v1/name of the pinned module.
func (x *replay) wycheproofModule(name string) error {
	f, err := LoadWycheproof(name)
	if err != nil {
		return err
	}
	return x.wycheproof(name, f)
}

// wycheproof replays a parsed file by its schema.
func (x *replay) wycheproof(name string, f *WycheproofFile) error {
	check, ok := wycheproofSchemas[f.Schema]
	if !ok {
		return fmt.Errorf("%s: Wycheproof schema %q is not one the engine maps onto operations (%s)", name, f.Schema, strings.Join(Schemas(), ", "))
	}
	return check(x, name, f)
}

// groups decodes each test group of f into a fresh G and calls each.
func groups[G any](file string, f *WycheproofFile, each func(gi int, g *G) error) error {
	for gi, raw := range f.TestGroups {
		g := new(G)
		if err := json.Unmarshal(raw, g); err != nil {
			return fmt.Errorf("wycheproof %s group %d: %w", file, gi, err)
		}
		if err := each(gi, g); err != nil {
			return err
		}
	}
	return nil
}

// outcome says whether an implementation's acceptance matches a case's
// result: valid cases must be accepted, invalid ones rejected, and
// "acceptable" ones (legal but discouraged inputs) may go either way.
func outcome(result string, accepted bool) bool {
	switch result {
	case "valid":
		return accepted
	case "invalid":
		return !accepted
	}
	return result == "acceptable"
}

// Hex is a byte string that unmarshals from a JSON hex string.
type Hex []byte

// UnmarshalJSON decodes a hex string.
func (h *Hex) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	v, err := hex.DecodeString(s)
	if err != nil {
		return err
	}
	*h = v
	return nil
}
