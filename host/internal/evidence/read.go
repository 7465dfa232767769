package evidence

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"
)

// MaxFileBytes bounds one evidence file read back: far above any record,
// far below what would exhaust memory or fill a disk with reports.
const MaxFileBytes = 32 << 20

// ReadIn reads the file rel inside the directory dir as evidence: rel must
// stay inside dir, even through symbolic links (os.Root), and name a
// regular file of at most MaxFileBytes. A FIFO, a device, a link out of
// the directory or an oversized file is a clear error, never a hang.
func ReadIn(dir, rel string) ([]byte, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	return readRoot(root, rel)
}

func readRoot(root *os.Root, rel string) ([]byte, error) {
	if !filepath.IsLocal(rel) {
		return nil, fmt.Errorf("%s: outside the run directory", rel)
	}
	// O_NONBLOCK: opening a FIFO does not wait for a writer.
	f, err := root.OpenFile(rel, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readRegular(f, rel)
}

func readRegular(f *os.File, name string) ([]byte, error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file (%s)", name, fi.Mode().Type())
	}
	if fi.Size() > MaxFileBytes {
		return nil, fmt.Errorf("%s: %d bytes, more than the %d an evidence file may hold", name, fi.Size(), MaxFileBytes)
	}
	b, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err == nil && len(b) > MaxFileBytes {
		err = fmt.Errorf("%s: more than %d bytes", name, MaxFileBytes)
	}
	return b, err
}

// ReadJSON reads a JSON file into v, under ReadIn's rules for the file
// itself: not behind a symbolic link, regular, bounded.
func ReadJSON(path string, v any) error {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	b, err := readRegular(f, path)
	if err != nil {
		return err
	}
	return decode(path, b, v)
}

func decode(name string, b []byte, v any) error {
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}
