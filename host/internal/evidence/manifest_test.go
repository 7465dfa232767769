package evidence

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestManifest writes a run directory under tracking, then changes it
// the three ways that matter: each is named, and a clean directory has
// nothing to say.
func TestManifest(t *testing.T) {
	dir := t.TempDir()
	if err := Track(dir); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"campaign.json", "records/p/i/op.json", "records/p/i/other.json", "logs/p.log"} {
		if err := WriteFile(filepath.Join(dir, p), []byte(p)); err != nil {
			t.Fatal(err)
		}
	}
	if got, err := Integrity(dir); err != nil || len(got) != 0 {
		t.Fatalf("fresh directory: %v %q", err, got)
	}
	os.WriteFile(filepath.Join(dir, "records/p/i/op.json"), []byte("edited"), 0o644)
	os.WriteFile(filepath.Join(dir, "added.json"), []byte("{}"), 0o644)
	os.Remove(filepath.Join(dir, "logs/p.log"))
	got, err := Integrity(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"added.json: added after the run (not in manifest.json)",
		"logs/p.log: removed after the run",
		"records/p/i/op.json: changed after the host wrote it",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestManifestDeleted: a run directory whose manifest is deleted is not
// clean: Integrity says no file can be checked, rather than nothing.
func TestManifestDeleted(t *testing.T) {
	dir := t.TempDir()
	if err := Track(dir); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(filepath.Join(dir, "campaign.json"), []byte("{}")); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, ManifestName)); err != nil {
		t.Fatal(err)
	}
	got, err := Integrity(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], ManifestName+": missing") {
		t.Errorf("manifest deleted: %q, want it named missing", got)
	}
}

// TestManifestSignature signs a manifest with an evaluator's key: it
// verifies, and fails once the manifest is rewritten or under another key.
func TestManifestSignature(t *testing.T) {
	dir := t.TempDir()
	if err := Track(dir); err != nil {
		t.Fatal(err)
	}
	WriteFile(filepath.Join(dir, "campaign.json"), []byte("{}"))
	priv, pub := writeKeys(t)
	if err := Sign(dir, priv); err != nil {
		t.Fatal(err)
	}
	if err := Verify(dir, pub); err != nil {
		t.Fatalf("a fresh signature: %v", err)
	}
	_, otherPub := writeKeys(t)
	if err := Verify(dir, otherPub); err == nil {
		t.Errorf("verified under another key")
	}
	WriteFile(filepath.Join(dir, "summary.json"), []byte("{}")) // the manifest changes
	if err := Verify(dir, pub); err == nil {
		t.Errorf("a rewritten manifest still verifies")
	}
}

func writeKeys(t *testing.T) (privFile, pubFile string) {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	d := t.TempDir()
	p8, _ := x509.MarshalPKCS8PrivateKey(priv)
	px, _ := x509.MarshalPKIXPublicKey(pub)
	privFile, pubFile = filepath.Join(d, "key.pem"), filepath.Join(d, "pub.pem")
	os.WriteFile(privFile, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: p8}), 0o600)
	os.WriteFile(pubFile, pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: px}), 0o644)
	return privFile, pubFile
}
