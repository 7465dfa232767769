package vectors

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"crucible.dev/registry"
)

// Formats are the vector file formats a plugin may declare.
var Formats = []string{"wycheproof", "csv"}

// ReadVectorFile returns the bytes of a declared vector file: its inline
// data, or the named file of one of the project's pinned vector modules
// (fetched as the project's own vectors are). A plugin chooses neither the
// module nor a path outside it: the declaration comes from code under
// evaluation. A file whose SHA-256 differs from the declared one is
// refused.
func ReadVectorFile(v registry.VectorFile) ([]byte, error) {
	data := v.Data
	switch {
	case len(data) > 0 && v.Module != "":
		return nil, fmt.Errorf("vector file %s: both inline data and a module file", v.Name)
	case len(data) == 0 && (v.Module == "" || v.Path == ""):
		return nil, fmt.Errorf("vector file %s: neither inline data nor a module file", v.Name)
	case len(data) == 0 && v.Module != Wycheproof && v.Module != ACVP:
		return nil, fmt.Errorf("vector file %s: module %q is not one of the pinned vector modules (%s, %s)", v.Name, v.Module, Wycheproof, ACVP)
	case len(data) == 0 && !filepath.IsLocal(v.Path):
		return nil, fmt.Errorf("vector file %s: path %q leaves the module", v.Name, v.Path)
	case len(data) == 0:
		p, err := File(v.Module, v.Path)
		if err != nil {
			return nil, fmt.Errorf("vector file %s: %w", v.Name, err)
		}
		if data, err = os.ReadFile(p); err != nil {
			return nil, fmt.Errorf("vector file %s: %w", v.Name, err)
		}
	}
	if v.SHA256 != "" {
		sum := sha256.Sum256(data)
		if got := hex.EncodeToString(sum[:]); got != v.SHA256 {
			return nil, fmt.Errorf("vector file %s: sha256 %s, declared %s", v.Name, got, v.SHA256)
		}
	}
	return data, nil
}

// ReplayVectorFile reads v (ReadVectorFile) and replays it through r
// (CheckVectorFile), as the host does with the files a plugin declares.
func ReplayVectorFile(v registry.VectorFile, r registry.Runner) (Result, error) {
	data, err := ReadVectorFile(v)
	if err != nil {
		return Result{}, err
	}
	return CheckVectorFile(v, data, r)
}

// CheckVectorFile replays the data of vector file v through r, mapping the
// format's fields onto the kind's standard operations. No algorithm-specific
// code is involved: a Wycheproof file is dispatched by its schema, a CSV
// signature table by the column mapping v declares.
func CheckVectorFile(v registry.VectorFile, data []byte, r registry.Runner) (Result, error) {
	name, format := v.Name, v.Format
	switch format {
	case "csv":
		return checkSigCSV(name, v.Columns, data, r)
	case "wycheproof":
		var f WycheproofFile
		dec := json.NewDecoder(bytes.NewReader(data))
		if err := dec.Decode(&f); err != nil {
			return Result{}, fmt.Errorf("%s: %w", name, err)
		}
		check, ok := wycheproofSchemas[f.Schema]
		if !ok {
			return Result{}, fmt.Errorf("%s: Wycheproof schema %q is not one the host maps onto operations (%s)", name, f.Schema, schemaNames())
		}
		var res Result
		for gi, g := range f.TestGroups {
			if err := check(name, gi, g, r, &res); err != nil {
				return res, err
			}
		}
		return res, nil
	}
	return Result{}, fmt.Errorf("%s: vector format %q is not one the host reads (%v)", name, format, Formats)
}

// wycheproofSchemas maps a Wycheproof schema onto the standard operations.
var wycheproofSchemas = map[string]func(file string, gi int, group json.RawMessage, r registry.Runner, res *Result) error{
	"eddsa_verify_schema.json":    wycheproofSigVerify,
	"eddsa_verify_schema_v1.json": wycheproofSigVerify,
	"mac_test_schema_v1.json":     wycheproofMAC,
	"hkdf_test_schema_v1.json":    wycheproofHKDF,
}

func schemaNames() string {
	return strings.Join(slices.Sorted(maps.Keys(wycheproofSchemas)), ", ")
}

// wycheproofSigGroup is a signature verification group: the public key in
// publicKey (testvectors_v1) or key (the first layout, which may carry the
// secret key too).
type wycheproofSigGroup struct {
	PublicKey struct {
		PK Hex `json:"pk"`
	} `json:"publicKey"`
	Key struct {
		PK Hex `json:"pk"`
		SK Hex `json:"sk"`
	} `json:"key"`
	Tests []struct {
		WycheproofCase
		Msg Hex `json:"msg"`
		Sig Hex `json:"sig"`
	} `json:"tests"`
}

// wycheproofSigVerify checks every case with verify: a valid signature
// must verify, an invalid one must not (an error is a refusal), and an
// acceptable one may do either. Where the group carries the secret key, a
// deterministic scheme's keygen from it must give the public key, and
// signing a valid case's message must give its signature.
func wycheproofSigVerify(file string, gi int, raw json.RawMessage, r registry.Runner, res *Result) error {
	var g wycheproofSigGroup
	if err := json.Unmarshal(raw, &g); err != nil {
		return fmt.Errorf("%s group %d: %w", file, gi, err)
	}
	pk := g.PublicKey.PK
	if len(pk) == 0 {
		pk = g.Key.PK
	}
	if len(pk) == 0 {
		return fmt.Errorf("%s group %d: no public key", file, gi)
	}
	var sk []byte
	if len(g.Key.SK) > 0 {
		out, err := r.Run("keygen", g.Key.SK, nil)
		res.Check(err == nil && bytes.Equal(out[registry.ArgPK], pk), "%s group %d: keygen from sk: pk %x, want %x (%v)", file, gi, out[registry.ArgPK], pk, err)
		sk = out[registry.ArgSK]
	}
	for _, c := range g.Tests {
		where := fmt.Sprintf("%s tcId %d (%s)", file, c.TcID, c.Comment)
		if sk != nil && c.Result == "valid" {
			out, err := r.Run("sign", nil, registry.Args{registry.ArgSK: sk, registry.ArgMsg: c.Msg})
			res.Check(err == nil && bytes.Equal(out[registry.ArgSig], c.Sig), "%s: sign: got %x, want %x (%v)", where, out[registry.ArgSig], c.Sig, err)
		}
		out, err := r.Run("verify", nil, registry.Args{registry.ArgPK: pk, registry.ArgMsg: c.Msg, registry.ArgSig: c.Sig})
		valid := err == nil && string(out[registry.ArgValid]) == "1"
		switch c.Result {
		case "valid":
			res.Check(valid, "%s: verify refused a valid signature (%v %s)", where, err, out["error"])
		case "invalid":
			res.Check(!valid, "%s (flags %v): verify accepted an invalid signature", where, c.Flags)
		}
		// An acceptable case conforms either way: it is run (a crash
		// still shows) but not counted.
	}
	return nil
}

// wycheproofMAC checks a MAC group with mac: the tag of a valid case is
// the output's first tagSize bits, and an invalid case's tag is not.
func wycheproofMAC(file string, gi int, raw json.RawMessage, r registry.Runner, res *Result) error {
	var g struct {
		TagSize int `json:"tagSize"`
		Tests   []struct {
			WycheproofCase
			Key Hex `json:"key"`
			Msg Hex `json:"msg"`
			Tag Hex `json:"tag"`
		} `json:"tests"`
	}
	if err := json.Unmarshal(raw, &g); err != nil {
		return fmt.Errorf("%s group %d: %w", file, gi, err)
	}
	for _, c := range g.Tests {
		where := fmt.Sprintf("%s tcId %d (%s)", file, c.TcID, c.Comment)
		out, err := r.Run("mac", nil, registry.Args{registry.ArgKey: c.Key, registry.ArgMsg: c.Msg})
		tag := out[registry.ArgOut]
		if n := g.TagSize / 8; err == nil && n <= len(tag) {
			tag = tag[:n]
		}
		match := err == nil && bytes.Equal(tag, c.Tag)
		switch c.Result {
		case "valid":
			res.Check(match, "%s: tag %x, want %x (%v)", where, tag, c.Tag, err)
		case "invalid":
			res.Check(!match, "%s (flags %v): the modified tag %x matches", where, c.Flags, c.Tag)
		}
	}
	return nil
}

// wycheproofHKDF checks an HKDF group with kdf: a valid case's output is
// okm, and an invalid one (an output too long for HKDF) is refused.
func wycheproofHKDF(file string, gi int, raw json.RawMessage, r registry.Runner, res *Result) error {
	var g struct {
		Tests []struct {
			WycheproofCase
			IKM  Hex `json:"ikm"`
			Salt Hex `json:"salt"`
			Info Hex `json:"info"`
			Size int `json:"size"`
			OKM  Hex `json:"okm"`
		} `json:"tests"`
	}
	if err := json.Unmarshal(raw, &g); err != nil {
		return fmt.Errorf("%s group %d: %w", file, gi, err)
	}
	for _, c := range g.Tests {
		where := fmt.Sprintf("%s tcId %d (%s)", file, c.TcID, c.Comment)
		out, err := r.Run("kdf", nil, registry.Args{registry.ArgKey: c.IKM, registry.ArgSalt: c.Salt,
			registry.ArgInfo: c.Info, registry.ArgLength: []byte(strconv.Itoa(c.Size))})
		switch c.Result {
		case "valid":
			res.Check(err == nil && bytes.Equal(out[registry.ArgOut], c.OKM), "%s: okm %x, want %x (%v)", where, out[registry.ArgOut], c.OKM, err)
		case "invalid":
			res.Check(err != nil, "%s (flags %v): output of %d bytes given, want a refusal", where, c.Flags, c.Size)
		}
	}
	return nil
}
