package sandbox

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"
)

// sealedFile is a private copy of an executable, the SHA-256 of the bytes
// copied, and the copy's state when sealed: its size and change time (a
// write moves the change time, and nobody can set it back).
type sealedFile struct {
	path, sum string
	size      int64
	ctime     syscall.Timespec
}

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
	var st syscall.Stat_t
	if err == nil {
		err = syscall.Stat(dst, &st)
	}
	if err != nil {
		return sealedFile{}, err
	}
	return sealedFile{path: dst, sum: hex.EncodeToString(h.Sum(nil)), size: st.Size, ctime: st.Ctim}, nil
}

// Reseal returns a fresh private copy of the executable at path, made from
// the copy Seal made (sealing it first if need be), its SHA-256 (the
// sealed copy's), and a function that removes it.
//
// A fresh copy per process is how a figure stops depending on one copy's
// placement: an executable's pages stay where the page cache first put
// them for as long as the file lives, and two byte-identical copies ran
// apart by up to 6% for a whole session (docs/method.md). A fresh copy per
// trial makes that placement one more thing the trials sample.
func (lc *Launcher) Reseal(path string) (sealed, sum string, release func(), err error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", "", nil, err
	}
	if _, _, err := lc.Seal(abs); err != nil {
		return "", "", nil, err
	}
	lc.mu.Lock()
	f := lc.sealed[abs]
	lc.mu.Unlock()
	copied, err := lc.copyOf(f)
	if err != nil {
		return "", "", nil, fmt.Errorf("resealing %s: %w", path, err)
	}
	return copied, f.sum, func() { os.RemoveAll(filepath.Dir(copied)) }, nil
}

// copyOf copies a sealed executable into a directory of its own, in the
// kernel (copy_file_range). The copy is not hashed again (hashing 20 MB
// took most of a fresh copy's time): the sealed copy lives in the
// launcher's private directory, which nothing but the host can write, and
// one whose size or change time moved since it was sealed is refused.
func (lc *Launcher) copyOf(sealed sealedFile) (string, error) {
	in, err := os.Open(sealed.path)
	if err != nil {
		return "", err
	}
	defer in.Close()
	fi, err := in.Stat()
	if err != nil {
		return "", err
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); !ok || st.Size != sealed.size || st.Ctim != sealed.ctime {
		return "", fmt.Errorf("the sealed copy %s changed since it was sealed", sealed.path)
	}
	sub, err := os.MkdirTemp(lc.dir, "exe-")
	if err != nil {
		return "", err
	}
	dst := filepath.Join(sub, filepath.Base(sealed.path))
	err = os.Chmod(sub, 0o711)
	var out *os.File
	if err == nil {
		out, err = os.OpenFile(dst, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o700)
	}
	if err == nil {
		var n int64
		n, err = io.Copy(out, in)
		if cerr := out.Close(); err == nil {
			err = cerr
		}
		if err == nil && n != fi.Size() {
			err = fmt.Errorf("copied %d of %d bytes", n, fi.Size())
		}
	}
	if err == nil {
		err = os.Chmod(dst, 0o555)
	}
	if err != nil {
		os.RemoveAll(sub)
		return "", err
	}
	return dst, nil
}
