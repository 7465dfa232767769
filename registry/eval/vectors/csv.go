package vectors

import (
	"bytes"
	"embed"
	"encoding/csv"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"crucible.dev/registry"
)

// The fields a vector table's columns can hold; a CSV file maps its own
// column names onto them. A table with a column mapped to md is a hash
// table (msg, md), any other a signature table.
const (
	ColID    = "id"    // the row's name in failures
	ColSK    = "sk"    // secret key, fed to keygen as its randomness; empty where none is given
	ColPK    = "pk"    // public key
	ColRand  = "rand"  // signing randomness (BIP-340's aux_rand); empty for deterministic signing
	ColMsg   = "msg"   // message
	ColSig   = "sig"   // signature
	ColValid = "valid" // whether sig verifies (TRUE/FALSE, 1/0, valid/invalid)
	ColMD    = "md"    // a hash table's digest of msg
)

// tables are the vector files shipped with the engine (CSV tables, NIST
// .rsp files), each folder of data/ with its SOURCE.md (origin, commit,
// SHA-256, license); the catalog names them by their path under data/.
//
//go:embed data
var tables embed.FS

// shippedFile replays the shipped file name with check.
func (x *replay) shippedFile(name string, check func(data []byte) (Result, error)) error {
	data, err := tables.ReadFile("data/" + name)
	if err != nil {
		return fmt.Errorf("%w: shipped vector file %s: %v", ErrMissing, name, err)
	}
	res, err := check(data)
	x.res.add(res)
	return err
}

// add counts o's cases into r.
func (r *Result) add(o Result) {
	r.Passed += o.Passed
	r.Failed += o.Failed
	for _, f := range o.Failures {
		if len(r.Failures) < maxFailures {
			r.Failures = append(r.Failures, f)
		}
	}
}

// checkCSV replays a vector table whose columns cols maps (column name ->
// field) through the kind's standard operations: a hash table's digests
// with hash, a signature table's rows with keygen, sign and verify. Hex
// fields may be upper or lower case.
func checkCSV(name string, cols map[string]string, data []byte, r registry.Runner) (Result, error) {
	var res Result
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		return res, fmt.Errorf("%s: %w", name, err)
	}
	if len(rows) < 2 {
		return res, fmt.Errorf("%s: no row below the header", name)
	}
	at := map[string]int{}
	for i, h := range rows[0] {
		if f, ok := cols[h]; ok {
			at[f] = i
		}
	}
	need := []string{ColPK, ColMsg, ColSig, ColValid}
	if _, ok := at[ColMD]; ok {
		need = []string{ColMsg, ColMD}
	}
	for _, f := range need {
		if _, ok := at[f]; !ok {
			return res, fmt.Errorf("%s: no column is mapped to %q (columns %q, mapping %v)", name, f, rows[0], cols)
		}
	}
	for n, row := range rows[1:] {
		id := strconv.Itoa(n + 1)
		if i, ok := at[ColID]; ok && i < len(row) {
			id = row[i]
		}
		b := map[string][]byte{}
		for _, f := range []string{ColSK, ColPK, ColRand, ColMsg, ColSig, ColMD} {
			i, ok := at[f]
			if !ok || i >= len(row) {
				continue
			}
			if b[f], err = hex.DecodeString(row[i]); err != nil {
				return res, fmt.Errorf("%s: row %s column %q: %w", name, id, rows[0][i], err)
			}
		}
		if _, ok := at[ColMD]; ok {
			out, err := r.Run("hash", nil, registry.Args{registry.ArgMsg: b[ColMsg]})
			res.Check(err == nil && bytes.Equal(out[registry.ArgOut], b[ColMD]), "%s row %s: md %x, want %x (%v)", name, id, out[registry.ArgOut], b[ColMD], err)
			continue
		}
		if err := sigRow(&res, r, name, id, b, row[at[ColValid]]); err != nil {
			return res, err
		}
	}
	return res, nil
}

// sigRow checks one row of a signature table: for a row with a secret key,
// keygen fed the key as its randomness must give the public key and sign
// (fed rand) the signature; every row's signature must verify or not as
// the row says.
func sigRow(res *Result, r registry.Runner, name, id string, b map[string][]byte, validCell string) error {
	want, err := parseValid(validCell)
	if err != nil {
		return fmt.Errorf("%s: row %s: %w", name, id, err)
	}
	if len(b[ColSK]) > 0 {
		out, err := r.Run("keygen", b[ColSK], nil)
		res.Check(err == nil && bytes.Equal(out[registry.ArgPK], b[ColPK]),
			"%s row %s: keygen pk %x, want %x (%v)", name, id, out[registry.ArgPK], b[ColPK], err)
		sk := b[ColSK]
		if err == nil && len(out[registry.ArgSK]) > 0 {
			sk = out[registry.ArgSK]
		}
		out, err = r.Run("sign", b[ColRand], registry.Args{registry.ArgSK: sk, registry.ArgMsg: b[ColMsg]})
		res.Check(err == nil && bytes.Equal(out[registry.ArgSig], b[ColSig]),
			"%s row %s: sig %x, want %x (%v)", name, id, out[registry.ArgSig], b[ColSig], err)
	}
	out, err := r.Run("verify", nil, registry.Args{registry.ArgPK: b[ColPK], registry.ArgMsg: b[ColMsg], registry.ArgSig: b[ColSig]})
	if err != nil {
		res.Fail("%s row %s: verify: %v", name, id, err)
		return nil
	}
	got := string(out[registry.ArgValid]) == "1"
	res.Check(got == want, "%s row %s: verify %v, want %v (%s)", name, id, got, want, out["error"])
	return nil
}

// parseValid reads a verification verdict.
func parseValid(s string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "true", "1", "valid", "yes":
		return true, nil
	case "false", "0", "invalid", "no":
		return false, nil
	}
	return false, fmt.Errorf("verification result %q is not TRUE or FALSE", s)
}
