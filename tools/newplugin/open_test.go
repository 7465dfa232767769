package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"crucible.dev/registry/testenv"
)

// TestNewcomerPassesWithDeclaredKATs is the open core's promise: in a copy
// of the workspace a newcomer scaffolds a signature plugin and a KEM,
// writes files only under their plugins/<name>/ folders (the code, the
// vectors and the kat.sha256 manifest they declare), builds them as
// standalone executables, and an unmodified host run with --no-source
// --plugin-dir gives each a KAT pass marked "declared", benchmarks it and
// exits 0. A manifest that lies then fails the run.
func TestNewcomerPassesWithDeclaredKATs(t *testing.T) {
	testenv.SkipShort(t, "builds the host and two plugins")
	ws := copyWorkspace(t)
	before := tree(t, ws)
	for _, p := range [][]string{{"demosig", "sig", "Ed25519"}, {"demokem", "kem", "DemoKEM"}} {
		if err := run([]string{"--name", p[0], "--kind", p[1], "--instance", p[2], "--root", ws}); err != nil {
			t.Fatalf("scaffold %s: %v", p[0], err)
		}
	}
	// The signature plugin: the project's Ed25519 plugin's files, which
	// declare RFC 8032's vectors and Wycheproof's ed25519 file.
	for _, f := range []string{"ed25519.go", "instances.go", "vectors/rfc8032.json"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "plugins", "ed25519", f))
		if err != nil {
			t.Fatal(err)
		}
		write(t, ws, "plugins/demosig/"+f, string(b))
	}
	// The KEM: an X25519 KEM with an NGCC KAT generator, and the
	// kat.sha256 its submitter computes from it.
	write(t, ws, "plugins/demokem/demokem/demokem.go", demoKEM)
	write(t, ws, "plugins/demokem/instances.go", demoKEMInstances)
	write(t, ws, "plugins/demokem/katsum/main.go", demoKATSum)
	code, manifest := command(t, ws, "go", "run", "./plugins/demokem/katsum")
	if code != 0 {
		t.Fatalf("katsum: %s", manifest)
	}
	write(t, ws, "plugins/demokem/kat.sha256", manifest)

	bin := t.TempDir()
	for _, name := range []string{"demosig", "demokem"} {
		if code, out := command(t, ws, "go", "build", "-o", filepath.Join(bin, "crucible-plugin-"+name), "./plugins/"+name); code != 0 {
			t.Fatalf("build %s: %s", name, out)
		}
	}
	host := filepath.Join(t.TempDir(), "host")
	if code, out := command(t, ws, "go", "build", "-o", host, "./host"); code != 0 {
		t.Fatalf("build host: %s", out)
	}
	for rel := range changed(before, tree(t, ws)) {
		if !strings.HasPrefix(rel, "plugins/demosig/") && !strings.HasPrefix(rel, "plugins/demokem/") && rel != "go.work" && rel != "go.work.sum" {
			t.Errorf("%s changed outside the plugins' folders and go.work", rel)
		}
	}

	runDir := filepath.Join(t.TempDir(), "r")
	code, out := command(t, ws, host, "run", "--no-source", "--plugin-dir", bin, "--suite", "all", "--out", runDir,
		"--trials", "1", "--trial-target", "1ms", "--min-calls", "1", "--no-profile")
	if code != 0 {
		t.Fatalf("host run: exit %d, want 0\n%s", code, out)
	}
	sum := readSummary(t, runDir)
	if len(sum.Instances) != 2 {
		t.Fatalf("%d instances in the summary, want 2\n%s", len(sum.Instances), out)
	}
	for _, in := range sum.Instances {
		if in.KAT != "pass" || in.KATFrom != "declared" || len(in.Ops) == 0 {
			t.Errorf("%s: KAT %q from %q, %d operations measured; want a declared pass, benchmarked\n%s", in.Plugin, in.KAT, in.KATFrom, len(in.Ops), out)
		}
	}
	if !strings.Contains(out, "pass (declared)") {
		t.Errorf("the table does not say the pass is declared:\n%s", out)
	}

	// The evaluator promotes the digest into a catalog of their own: the
	// pass is then the catalog's. A catalog digest that the declared one
	// contradicts is checked instead, fails, and the contradiction is named.
	digest, _, _ := strings.Cut(manifest, " ")
	for _, c := range []struct {
		sha  string
		code int
		from string
	}{{digest, 0, "catalog"}, {strings.Repeat("ab", 32), 1, ""}} {
		cat := t.TempDir()
		write(t, cat, "demokem.json", `{"entries": [{"name": "DemoKEM", "family": "DemoKEM", "kind": "kem",
			"sizes": {"pk": 32, "sk": 32, "ct": 32, "ss": 32},
			"digests": [{"source": "ngcc", "records": 10, "sha256": "`+c.sha+`", "origin": "the evaluator's check"}]}]}`)
		dir := filepath.Join(t.TempDir(), "r")
		code, out := command(t, ws, host, "kat", "--catalog", cat, "--no-source", "--plugin-dir", bin, "--suite", "demokem", "--out", dir)
		if code != c.code {
			t.Fatalf("catalog digest %.8s: exit %d, want %d\n%s", c.sha, code, c.code, out)
		}
		if s := readSummary(t, dir); c.code == 0 && (len(s.Instances) != 1 || s.Instances[0].KATFrom != "catalog") {
			t.Errorf("promoted: %+v, want a pass from the catalog", s.Instances)
		}
		if c.code == 1 && !strings.Contains(out, "the plugin declares digest") {
			t.Errorf("a contradicting declared digest is not named:\n%s", out)
		}
	}

	// A digest the implementation does not reproduce fails the gate.
	write(t, ws, "plugins/demokem/kat.sha256", strings.Repeat("0", 64)+" DemoKEM ngcc 10\n")
	if code, out := command(t, ws, "go", "build", "-o", filepath.Join(bin, "crucible-plugin-demokem"), "./plugins/demokem"); code != 0 {
		t.Fatalf("rebuild demokem: %s", out)
	}
	code, out = command(t, ws, host, "kat", "--no-source", "--plugin-dir", bin, "--suite", "demokem", "--out", filepath.Join(t.TempDir(), "r"))
	if code != 1 || !strings.Contains(out, "KAT fail") && !strings.Contains(out, "digest") {
		t.Errorf("a wrong declared digest: exit %d, want 1 naming the digest\n%s", code, out)
	}
}

type summary struct {
	Instances []struct {
		Plugin, KAT string
		KATFrom     string `json:"kat_from"`
		Ops         map[string]json.RawMessage
	}
}

func readSummary(t *testing.T, dir string) summary {
	t.Helper()
	var s summary
	b, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err == nil {
		err = json.Unmarshal(b, &s)
	}
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func write(t *testing.T, root, rel, body string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

// tree maps every file under root to its SHA-256.
func tree(t *testing.T, root string) map[string]string {
	t.Helper()
	m := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		sum := sha256.Sum256(b)
		m[filepath.ToSlash(rel)] = hex.EncodeToString(sum[:])
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// changed lists the files added, removed or modified between two trees.
func changed(a, b map[string]string) map[string]bool {
	out := map[string]bool{}
	for k, v := range b {
		if a[k] != v {
			out[k] = true
		}
	}
	for k := range a {
		if _, ok := b[k]; !ok {
			out[k] = true
		}
	}
	return out
}

// demoKEM is what the newcomer writes for the KEM: a Diffie–Hellman KEM
// over X25519 in the shape of RFC 9180's DHKEM (the shared secret hashes
// the DH output with both public values), drawing all randomness from the
// reader so an NGCC KAT replays it.
const demoKEM = `// Package demokem implements DemoKEM, a Diffie–Hellman KEM over X25519.
package demokem

import (
	"crypto/ecdh"
	"crypto/sha256"
	"fmt"
	"io"
)

// Name is the instance's name.
const Name = "DemoKEM"

// Sizes in bytes.
const (
	PublicKeySize    = 32
	SecretKeySize    = 32
	CiphertextSize   = 32
	SharedSecretSize = 32
)

// KEM is DemoKEM as a registry.KEM.
type KEM struct{}

func scalar(rand io.Reader) (*ecdh.PrivateKey, error) {
	b := make([]byte, 32)
	if _, err := io.ReadFull(rand, b); err != nil {
		return nil, err
	}
	return ecdh.X25519().NewPrivateKey(b)
}

// GenerateKey draws the secret scalar from rand.
func (KEM) GenerateKey(rand io.Reader) (pk, sk []byte, err error) {
	k, err := scalar(rand)
	if err != nil {
		return nil, nil, fmt.Errorf("demokem keygen: %w", err)
	}
	return k.PublicKey().Bytes(), k.Bytes(), nil
}

// Encapsulate draws an ephemeral scalar; the ciphertext is its public value.
func (KEM) Encapsulate(rand io.Reader, pk []byte) (ct, ss []byte, err error) {
	peer, err := ecdh.X25519().NewPublicKey(pk)
	if err != nil {
		return nil, nil, fmt.Errorf("demokem encaps: %w", err)
	}
	e, err := scalar(rand)
	if err != nil {
		return nil, nil, fmt.Errorf("demokem encaps: %w", err)
	}
	dh, err := e.ECDH(peer)
	if err != nil {
		return nil, nil, fmt.Errorf("demokem encaps: %w", err)
	}
	ct = e.PublicKey().Bytes()
	return ct, secret(dh, ct, pk), nil
}

// Decapsulate recomputes the shared secret from ct.
func (KEM) Decapsulate(sk, ct []byte) ([]byte, error) {
	k, err := ecdh.X25519().NewPrivateKey(sk)
	if err != nil {
		return nil, fmt.Errorf("demokem decaps: %w", err)
	}
	peer, err := ecdh.X25519().NewPublicKey(ct)
	if err != nil {
		return nil, fmt.Errorf("demokem decaps: %w", err)
	}
	dh, err := k.ECDH(peer)
	if err != nil {
		return nil, fmt.Errorf("demokem decaps: %w", err)
	}
	return secret(dh, ct, k.PublicKey().Bytes()), nil
}

func secret(dh, ct, pk []byte) []byte {
	h := sha256.New()
	h.Write(dh)
	h.Write(ct)
	h.Write(pk)
	return h.Sum(nil)
}
`

const demoKEMInstances = `package main

import (
	_ "embed"
	"io"

	"crucible.dev/plugins/demokem/demokem"
	"crucible.dev/registry"
	"crucible.dev/registry/kat"
)

// manifest is the KAT digest the submitter publishes.
//
//go:embed kat.sha256
var manifest []byte

func instances() []*registry.Instance {
	declared, err := registry.ParseKATManifest(manifest, demokem.Name, "plugins/demokem/kat.sha256")
	if err != nil {
		panic(err)
	}
	k := demokem.KEM{}
	return []*registry.Instance{{
		Name: demokem.Name, Impl: "go-std", Kind: registry.KindKEM, KEM: k,
		Sizes: registry.Sizes{PublicKey: demokem.PublicKeySize, SecretKey: demokem.SecretKeySize,
			Ciphertext: demokem.CiphertextSize, SharedSecret: demokem.SharedSecretSize},
		KATs: []registry.KATGenerator{{Source: "ngcc", Format: kat.FormatNGCC, Records: 10,
			Generate: func(w io.Writer, n int, seed []byte) error { return kat.WriteNGCCKEM(w, k, n, seed) }}},
		Declared: declared,
	}}
}
`

const demoKATSum = `// Command katsum prints the kat.sha256 line of DemoKEM's NGCC KAT file.
package main

import (
	"bytes"
	"fmt"
	"log"

	"crucible.dev/plugins/demokem/demokem"
	"crucible.dev/registry/eval/katcheck"
	"crucible.dev/registry/kat"
)

func main() {
	var b bytes.Buffer
	if err := kat.WriteNGCCKEM(&b, demokem.KEM{}, 10, nil); err != nil {
		log.Fatal(err)
	}
	d, err := katcheck.Digest(kat.FormatNGCC, &b)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s %s ngcc 10\n", d, demokem.Name)
}
`
