package sandbox

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// sealedFile is a private copy of an executable and the SHA-256 of the
// bytes copied.
type sealedFile struct{ path, sum string }

// Seal copies the executable at path into the launcher's private directory,
// hashing the bytes as it copies them, and returns the copy and its
// SHA-256. The copy keeps the original's base name. What a lock compares is
// therefore exactly what runs, whatever later happens to path; a path is
// sealed once per launcher, so every process of a campaign runs the same
// bytes.
func (lc *Launcher) Seal(path string) (sealed, sum string, err error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", "", err
	}
	lc.mu.Lock()
	defer lc.mu.Unlock()
	if f, ok := lc.sealed[abs]; ok {
		return f.path, f.sum, nil
	}
	f, err := lc.seal(abs, filepath.Base(abs))
	if err != nil {
		return "", "", fmt.Errorf("sealing %s: %w", path, err)
	}
	lc.sealed[abs] = f
	return f.path, f.sum, nil
}

func (lc *Launcher) seal(src, name string) (sealedFile, error) {
	in, err := os.Open(src)
	if err != nil {
		return sealedFile{}, err
	}
	defer in.Close()
	if fi, err := in.Stat(); err != nil || !fi.Mode().IsRegular() {
		return sealedFile{}, fmt.Errorf("not a regular file")
	}
	sub, err := os.MkdirTemp(lc.dir, "exe-")
	if err != nil {
		return sealedFile{}, err
	}
	if err := os.Chmod(sub, 0o711); err != nil {
		return sealedFile{}, err
	}
	dst := filepath.Join(sub, name)
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o700)
	if err != nil {
		return sealedFile{}, err
	}
	h := sha256.New()
	_, err = io.Copy(io.MultiWriter(out, h), in)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		// Read and execute for the sandbox's user; writable by nobody.
		err = os.Chmod(dst, 0o555)
	}
	if err != nil {
		return sealedFile{}, err
	}
	return sealedFile{path: dst, sum: hex.EncodeToString(h.Sum(nil))}, nil
}

// Reseal returns a fresh private copy of the executable at path, made from
// the copy Seal made (sealing it first if need be), and a function that
// removes it. The new copy's bytes are hashed as they are written and must
// match the sealed hash, so a lock's check still covers what runs.
//
// A fresh copy per process is how a figure stops depending on one copy's
// placement: an executable's pages stay where the page cache first put
// them for as long as the file lives, and two byte-identical copies ran
// apart by up to 6% for a whole session (docs/method.md). A fresh copy per
// trial makes that placement one more thing the trials sample.
func (lc *Launcher) Reseal(path string) (sealed, sum string, release func(), err error) {
	orig, sum, err := lc.Seal(path)
	if err != nil {
		return "", "", nil, err
	}
	f, err := lc.seal(orig, filepath.Base(orig))
	if err != nil {
		return "", "", nil, fmt.Errorf("resealing %s: %w", path, err)
	}
	release = func() { os.RemoveAll(filepath.Dir(f.path)) }
	if f.sum != sum {
		release()
		return "", "", nil, fmt.Errorf("resealing %s: the sealed copy changed (SHA-256 %s, sealed %s)", path, f.sum, sum)
	}
	return f.path, sum, release, nil
}
