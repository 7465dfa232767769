package vectors

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"

	"crucible.dev/registry"
)

// Formats are the vector file formats a plugin may declare.
var Formats = []string{"wycheproof", "csv", "nist-rsp"}

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

// CheckVectorFile replays the data of vector file v through r with the
// engine the catalog's sources use: a Wycheproof file by its schema, a CSV
// signature table by the column mapping v declares, a NIST .rsp KEM or
// signature file by its records' fields (checkRSP). The file is the
// plugin's own, so every group applies (the zero Target) and no role
// beyond the kind's standard operations is bound.
func CheckVectorFile(v registry.VectorFile, data []byte, r registry.Runner) (Result, error) {
	x := newReplay(r, Target{}, nil, nil)
	switch v.Format {
	case "csv":
		return checkCSV(v.Name, v.Columns, data, r)
	case "nist-rsp":
		return checkRSP(v.Name, data, r)
	case "wycheproof":
		f, err := parseWycheproof(v.Name, data)
		if err != nil {
			return Result{}, err
		}
		err = x.wycheproof(v.Name, f)
		return x.res, err
	}
	return Result{}, fmt.Errorf("%s: vector format %q is not one the host reads (%v)", v.Name, v.Format, Formats)
}
