// Package reference holds the reference KAT files the project checks its
// generated files against field by field, so that a digest mismatch names
// its first differing record and field. The files are gzip-compressed and
// embedded; each folder's SOURCE.md says where they come from.
package reference

import (
	"compress/gzip"
	"embed"
	"fmt"
	"io"
	"path"
)

//go:embed amoeba/*.gz afskex/*.gz
var files embed.FS

// Open returns the reference file name ("amoeba/KAT_KEM_Amoeba128.txt"),
// uncompressed. The caller closes it.
func Open(name string) (io.ReadCloser, error) {
	f, err := files.Open(path.Clean(name) + ".gz")
	if err != nil {
		return nil, fmt.Errorf("reference KAT file %s: %w", name, err)
	}
	z, err := gzip.NewReader(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("reference KAT file %s: %w", name, err)
	}
	return &reader{z, f}, nil
}

// ReadFile returns the whole reference file name, uncompressed.
func ReadFile(name string) ([]byte, error) {
	r, err := Open(name)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("reference KAT file %s: %w", name, err)
	}
	return b, nil
}

// reader closes both the decompressor and the embedded file.
type reader struct {
	*gzip.Reader
	f io.Closer
}

func (r *reader) Close() error {
	err := r.Reader.Close()
	if err2 := r.f.Close(); err == nil {
		err = err2
	}
	return err
}
