package registry

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
)

// DeclaredDigest is a KAT digest an implementation claims for one of its
// generators, as an NGCC submission's kat.sha256 does. The host checks it
// like a catalog digest and reports it as "declared"; where the catalog
// has its own digest for the source, the catalog's wins.
type DeclaredDigest struct {
	Source  string // the KATGenerator's source
	Records int    // how many records the digest covers
	SHA256  string // hex, of the file in its format's canonical form
	Origin  string // where the digest comes from
}

// VectorFile is a file of test vectors in a standard format that an
// implementation declares it passes: inline (Data, embedded with go:embed)
// or named inside a pinned module the host fetches (Module, Path). The host
// replays it through the standard operations and reports it as "declared".
type VectorFile struct {
	Name   string // the source's name in reports, e.g. "rfc8032"
	Format string // "wycheproof" (dispatched by the file's schema), "csv" (by Columns) or "nist-rsp" (by its records' fields)
	Data   []byte
	Module string // e.g. "github.com/C2SP/wycheproof@v0.0.0-…"
	Path   string // e.g. "testvectors_v1/ed25519_test.json"
	SHA256 string // of the file; checked before use when set
	// Columns maps a "csv" file's column names onto the fields of a
	// vector table: "id", "sk", "pk", "rand", "msg", "sig", "valid" (a
	// signature table) or "id", "msg", "md" (a hash table).
	Columns map[string]string
}

// ParseKATManifest reads the digests a kat.sha256 manifest gives instance.
// Each line is "<sha256> <instance> <source> <records>"; blank lines and
// lines starting with # are skipped, and lines of other instances ignored.
// origin says where the manifest comes from.
func ParseKATManifest(b []byte, instance, origin string) ([]DeclaredDigest, error) {
	var out []DeclaredDigest
	sc := bufio.NewScanner(bytes.NewReader(b))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 4 {
			return nil, fmt.Errorf("kat.sha256 line %d: want \"<sha256> <instance> <source> <records>\", got %q", n, line)
		}
		if h, err := hex.DecodeString(f[0]); err != nil || len(h) != 32 {
			return nil, fmt.Errorf("kat.sha256 line %d: %q is not a SHA-256 in hex", n, f[0])
		}
		recs, err := strconv.Atoi(f[3])
		if err != nil || recs < 1 {
			return nil, fmt.Errorf("kat.sha256 line %d: records %q, want a count of at least 1", n, f[3])
		}
		if f[1] != instance {
			continue
		}
		out = append(out, DeclaredDigest{Source: f[2], Records: recs, SHA256: strings.ToLower(f[0]), Origin: origin})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("kat.sha256: %w", err)
	}
	return out, nil
}
