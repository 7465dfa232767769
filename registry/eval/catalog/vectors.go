package catalog

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
)

// VectorSource is a body of standard test vectors that applies to an
// instance, which the evaluator's vector engine (package vectors) replays
// through the instance's operations: files of a standard format mapped by
// their schema, or a named check where the vectors need code of their own.
type VectorSource struct {
	// Source names the results in reports ("wycheproof", "acvp", "rfc7748").
	Source string `json:"source"`
	// Format is how the vectors are read: "wycheproof" (each file by its
	// schema), "acvp" (each algorithm file by its algorithm and mode), "csv"
	// (a signature table by Columns), "nist-rsp" (a NIST PQC KEM or
	// signature .rsp file by its records' fields) or "check" (the named
	// Check).
	Format string `json:"format"`
	// Files are what the format reads: Wycheproof file names under
	// testvectors_v1 of the pinned module, ACVP algorithm file names
	// ("SHA2-256", "ML-KEM"), or a CSV table or .rsp file shipped with the
	// engine (under registry/eval/vectors/data/).
	Files []string `json:"files,omitempty"`
	// Check names the replay of format "check" (VectorChecks).
	Check string `json:"check,omitempty"`
	// Columns maps a CSV table's column names onto table fields: id, sk,
	// pk, rand, msg, sig, valid (a signature table) or msg, md (a hash
	// table).
	Columns map[string]string `json:"columns,omitempty"`
	// Ops binds the roles the vectors need beyond the kind's standard
	// operations (VectorRoles) to the names the instance's plugin declares
	// for them, each with its own one-line meaning.
	Ops map[string]string `json:"ops,omitempty"`
	// Options are the format's settings for this instance (VectorOptions).
	Options map[string]string `json:"options,omitempty"`
	// Long marks a source too slow for the default run (host --long).
	Long bool `json:"long,omitempty"`
}

// VectorFormats are the formats the vector engine reads.
var VectorFormats = []string{"acvp", "check", "csv", "nist-rsp", "wycheproof"}

// VectorChecks are the named replays that need code of their own (an
// iterated or accumulated test, check values a specification prints).
var VectorChecks = []string{
	"accumulated-mldsa", "accumulated-mlkem", "iccs-spec", "nist-pqc-rng",
	"rfc6979-secp256k1", "rfc7748",
}

// VectorRoles are the operations beyond a kind's standard set that vector
// formats and checks call, by what they compute; Ops binds each to the
// plugin's own name for it.
var VectorRoles = map[string]string{
	"dh":           "scalar and point in, out: the shared value of X25519(k, u) (Wycheproof XDH, RFC 7748)",
	"ecdh":         "scalar (a private key integer) and point (a DER SubjectPublicKeyInfo) in, ss out; an error for a rejected key (Wycheproof ECDH)",
	"verify_low_s": "pk, msg and sig in, valid out: ECDSA verification that also refuses s > n/2 (BIP-146; Wycheproof's bitcoin schema)",
	"features":     "no input; per feature name (explicit_rnd, sk_seed, sk_expanded, empty_message, sign_mu, verify_mu) \"1\" or \"0\": what an ML-DSA API can express",
	"sign_mu":      "sk and mu in, sig out: ML-DSA.Sign_internal on an external μ (ACVP's internal interface)",
	"verify_mu":    "pk, mu and sig in, valid out: ML-DSA.Verify_internal on an external μ",
	"generate_seq": "key (entropy) and lengths (decimal, comma-separated) in, out: the outputs of one generate call per length on one instantiation",
}

// VectorOptions are the settings a format or check takes, by name, with
// the values each accepts.
var VectorOptions = map[string][]string{
	"shared":      {"x", "sha256-compressed"}, // ECDH: the secret is x, or SHA-256 of the compressed point (0x02/0x03 ‖ x)
	"hmacAlg":     {"SHA2-256"},               // ACVP KDA: the HMAC of the groups that apply
	"mct":         {"short", "full"},          // ACVP hashes: the first 10 Monte Carlo results and every other test, or all 100 and nothing else
	"iterations":  {"1000", "1000000"},        // rfc7748: the iterated test's length
	"accumulated": {"100", "10000"},           // accumulated checks: the iteration count
	"encoding":    {"der", "p1363"},           // rfc6979-secp256k1: the signature encoding
}

// validate checks a vector source's fields; errors start with the field name.
func (v *VectorSource) validate() error {
	switch {
	case v.Source == "":
		return fmt.Errorf("source: empty")
	case !slices.Contains(VectorFormats, v.Format):
		return fmt.Errorf("format: %q is not one of %s", v.Format, strings.Join(VectorFormats, ", "))
	case v.Format == "check" && !slices.Contains(VectorChecks, v.Check):
		return fmt.Errorf("check: %q is not one of %s", v.Check, strings.Join(VectorChecks, ", "))
	case v.Format != "check" && v.Check != "":
		return fmt.Errorf("check: only format check names one")
	case v.Format != "check" && len(v.Files) == 0:
		return fmt.Errorf("files: empty (format %s reads files)", v.Format)
	case v.Format == "check" && len(v.Files) > 0:
		return fmt.Errorf("files: a check reads none")
	case v.Format == "csv" && len(v.Columns) == 0:
		return fmt.Errorf("columns: empty (a CSV table needs its column mapping)")
	case v.Format != "csv" && len(v.Columns) > 0:
		return fmt.Errorf("columns: only a CSV table has them")
	}
	for i, f := range v.Files {
		if f == "" || !filepath.IsLocal(f) || strings.Contains(f, `\`) {
			return fmt.Errorf("files[%d]: %q is not a file name inside the vector module", i, f)
		}
	}
	for role, op := range v.Ops {
		if _, ok := VectorRoles[role]; !ok {
			return fmt.Errorf("ops: role %q is not one of %s", role, strings.Join(slices.Sorted(maps.Keys(VectorRoles)), ", "))
		}
		if op == "" {
			return fmt.Errorf("ops.%s: empty operation name", role)
		}
	}
	for name, val := range v.Options {
		vals, ok := VectorOptions[name]
		if !ok {
			return fmt.Errorf("options: %q is not one of %s", name, strings.Join(slices.Sorted(maps.Keys(VectorOptions)), ", "))
		}
		if !slices.Contains(vals, val) {
			return fmt.Errorf("options.%s: %q is not one of %s", name, val, strings.Join(vals, ", "))
		}
	}
	return nil
}

// validateVectors checks an entry's vector sources: each valid, and no
// source name twice (results are reported by it).
func (e *Entry) validateVectors() error {
	seen := map[string]bool{}
	for i := range e.Vectors {
		v := &e.Vectors[i]
		if err := v.validate(); err != nil {
			return fmt.Errorf("field vectors[%d].%w", i, err)
		}
		if seen[v.Source] {
			return fmt.Errorf("field vectors[%d].source: %q appears twice", i, v.Source)
		}
		seen[v.Source] = true
	}
	return nil
}
