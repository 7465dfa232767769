package vectors

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"crucible.dev/registry"
	"crucible.dev/registry/eval/catalog"
	"crucible.dev/registry/testenv"
)

// An evaluator's catalog directory that names an instance and the standard
// vectors that apply to it is all the engine needs: no code for the
// algorithm. Ed25519 under another name, with Wycheproof's EdDSA file.
func TestCatalogDirAddsVectors(t *testing.T) {
	dir := t.TempDir()
	entry := `{"entries": [{"name": "Ed25519-catalog-test", "family": "Ed25519", "kind": "sig", "category": 1,
  "sizes": {"pk": 32, "sk": 32, "sig": 64},
  "vectors": [{"source": "wycheproof", "format": "wycheproof", "files": ["ed25519_test.json"]}]}]}`
	if err := os.WriteFile(filepath.Join(dir, "ed25519.json"), []byte(entry), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := catalog.LoadDir(dir); err != nil {
		t.Fatal(err)
	}
	srcs := For("Ed25519-catalog-test", false)
	if len(srcs) != 1 || srcs[0].Name != "wycheproof" {
		t.Fatalf("sources %v, want the catalog's wycheproof", srcs)
	}
	in := &registry.Instance{Name: "Ed25519-catalog-test", Kind: registry.KindSig, Signature: testSig{}}
	res, err := srcs[0].Check(in.Name, registry.Local(in))
	if errors.Is(err, ErrNoVectors) {
		testenv.Skip(t, err)
	}
	if err != nil || res.Failed != 0 || res.Passed < 100 {
		t.Errorf("crypto/ed25519: %+v %v, want every case passed", res, err)
	}
	res, err = srcs[0].Check(in.Name, registry.Local(&registry.Instance{Name: in.Name, Kind: registry.KindSig, Signature: testSig{acceptAll: true}}))
	if err != nil || res.Failed == 0 {
		t.Errorf("a verify that accepts anything: %+v %v, want failures", res, err)
	}
}
