package vectors

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
)

// WycheproofFile is the common frame of a Wycheproof testvectors_v1 file.
// Groups stay raw: each family decodes the group fields it needs.
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
	var f WycheproofFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("wycheproof %s: %w", name, err)
	}
	return &f, nil
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
