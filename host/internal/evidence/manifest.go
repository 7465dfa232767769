package evidence

import (
	"crypto/ed25519"
	"crypto/sha256"
	"crypto/x509"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"sync"
)

// The manifest is the host's own account of every file it wrote into a
// run directory, with its SHA-256 as written: a file added, changed or
// removed afterwards shows against it. An evaluator may sign it (ed25519)
// so that the account itself cannot be rewritten either.
const (
	ManifestName  = "manifest.json"
	SignatureName = "manifest.sig"
)

// Manifest maps paths relative to the run directory to SHA-256 sums.
type Manifest struct {
	Files map[string]string `json:"files"`
}

// tracking holds the manifests of the run directories this process writes.
var tracking = struct {
	sync.Mutex
	dirs map[string]*Manifest // by absolute directory
}{dirs: map[string]*Manifest{}}

// Track makes every later WriteFile (and Note) under dir record the file in
// dir's manifest. A manifest already in dir (a resumed run) is extended.
func Track(dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	m := &Manifest{Files: map[string]string{}}
	if _, err := os.Lstat(filepath.Join(abs, ManifestName)); err == nil {
		if m, err = ReadManifest(abs); err != nil {
			return err
		}
	}
	tracking.Lock()
	tracking.dirs[abs] = m
	tracking.Unlock()
	return writeManifest(abs, m)
}

// ReadManifest reads dir's manifest.
func ReadManifest(dir string) (*Manifest, error) {
	b, err := ReadIn(dir, ManifestName)
	if err != nil {
		return nil, err
	}
	m := &Manifest{}
	if err := decode(ManifestName, b, m); err != nil {
		return nil, err
	}
	if m.Files == nil {
		m.Files = map[string]string{}
	}
	return m, nil
}

// record notes that path now holds data, if path lies in a tracked
// directory.
func record(path string, data []byte) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	tracking.Lock()
	defer tracking.Unlock()
	for dir, m := range tracking.dirs {
		rel, err := filepath.Rel(dir, abs)
		if err != nil || !filepath.IsLocal(rel) || rel == ManifestName || rel == SignatureName {
			continue
		}
		sum := sha256.Sum256(data)
		m.Files[filepath.ToSlash(rel)] = hex.EncodeToString(sum[:])
		return writeManifest(dir, m)
	}
	return nil
}

// Note records a file the host wrote by other means than WriteFile (a
// plugin's log, appended as the plugin runs), as it now is.
func Note(path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return record(path, b)
}

func writeManifest(dir string, m *Manifest) error {
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return writeAtomic(filepath.Join(dir, ManifestName), append(b, '\n'), false)
}

// Sign writes manifest.sig: the ed25519 signature of manifest.json under
// the PKCS #8 private key in keyFile (as `openssl genpkey -algorithm
// ed25519` writes it).
func Sign(dir, keyFile string) error {
	key, err := readPEM(keyFile, "PRIVATE KEY")
	if err != nil {
		return err
	}
	k, err := x509.ParsePKCS8PrivateKey(key)
	priv, ok := k.(ed25519.PrivateKey)
	if err != nil || !ok {
		return fmt.Errorf("%s: not an ed25519 private key", keyFile)
	}
	m, err := ReadIn(dir, ManifestName)
	if err != nil {
		return err
	}
	sig := ed25519.Sign(priv, m)
	return writeAtomic(filepath.Join(dir, SignatureName), []byte(hex.EncodeToString(sig)+"\n"), true)
}

// Verify checks manifest.sig against the PKIX public key in keyFile.
func Verify(dir, keyFile string) error {
	key, err := readPEM(keyFile, "PUBLIC KEY")
	if err != nil {
		return err
	}
	k, err := x509.ParsePKIXPublicKey(key)
	pub, ok := k.(ed25519.PublicKey)
	if err != nil || !ok {
		return fmt.Errorf("%s: not an ed25519 public key", keyFile)
	}
	m, err := ReadIn(dir, ManifestName)
	if err != nil {
		return err
	}
	s, err := ReadIn(dir, SignatureName)
	if err != nil {
		return err
	}
	sig, err := hex.DecodeString(string(trimNewline(s)))
	if err != nil || !ed25519.Verify(pub, m, sig) {
		return fmt.Errorf("%s does not verify under %s", SignatureName, keyFile)
	}
	return nil
}

func trimNewline(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}

func readPEM(file, typ string) ([]byte, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	blk, _ := pem.Decode(b)
	if blk == nil || blk.Type != typ {
		return nil, fmt.Errorf("%s: no PEM %q block", file, typ)
	}
	return blk.Bytes, nil
}

// Integrity compares dir with its manifest: each file added, changed or
// removed since the host wrote it, by path, sorted.
func Integrity(dir string) ([]string, error) {
	m, err := ReadManifest(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return []string{ManifestName + ": missing, so no file can be checked against what the host wrote"}, nil
	}
	if err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	seen := map[string]bool{}
	var out []string
	err = fs.WalkDir(root.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || p == ManifestName || p == SignatureName {
			return nil
		}
		seen[p] = true
		want, ok := m.Files[p]
		if !ok {
			out = append(out, p+": added after the run (not in "+ManifestName+")")
			return nil
		}
		b, err := readRoot(root, p)
		if err != nil {
			out = append(out, p+": "+err.Error())
			return nil
		}
		if sum := sha256.Sum256(b); hex.EncodeToString(sum[:]) != want {
			out = append(out, p+": changed after the host wrote it")
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for p := range m.Files {
		if !seen[p] {
			out = append(out, p+": removed after the run")
		}
	}
	sort.Strings(out)
	return out, nil
}
