// Package katcheck reads known-answer files (NIST .rsp, the NGCC KAT text
// files), computes the digest each format is published under and finds the
// first record where a generated file differs from a reference one. It is
// the evaluator's side of package crucible.dev/registry/kat, which writes
// them.
package katcheck

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"

	"crucible.dev/registry/kat"
)

// Hasher computes a format's digest of a stream written to it.
type Hasher struct {
	format string
	raw    hash
	line   []byte // NGCC: the current, unfinished line
}

type hash = interface {
	io.Writer
	Sum([]byte) []byte
}

// NewHasher returns a Hasher for format.
func NewHasher(format string) (*Hasher, error) {
	switch format {
	case kat.FormatRSP, kat.FormatNGCC:
		return &Hasher{format: format, raw: sha256.New()}, nil
	}
	return nil, fmt.Errorf("katcheck: unknown format %q", format)
}

// Write adds bytes of the file.
func (h *Hasher) Write(p []byte) (int, error) {
	if h.format == kat.FormatRSP {
		return h.raw.Write(p)
	}
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			h.line = append(h.line, p...)
			break
		}
		h.line = append(h.line, p[:i]...)
		h.flushLine()
		p = p[i+1:]
	}
	return n, nil
}

// flushLine hashes the current line in canonical form: trailing CR, space
// and tab stripped, empty lines dropped, each kept line followed by "\n".
func (h *Hasher) flushLine() {
	l := bytes.TrimRight(h.line, "\r \t")
	if len(l) > 0 {
		h.raw.Write(l)
		h.raw.Write([]byte{'\n'})
	}
	h.line = h.line[:0]
}

// Sum returns the hex digest of everything written.
func (h *Hasher) Sum() string {
	if h.format == kat.FormatNGCC && len(h.line) > 0 {
		h.flushLine()
	}
	return hex.EncodeToString(h.raw.Sum(nil))
}

// Digest returns the format's digest of the file read from r.
func Digest(format string, r io.Reader) (string, error) {
	h, err := NewHasher(format)
	if err != nil {
		return "", err
	}
	if _, err := io.Copy(h, bufio.NewReader(r)); err != nil {
		return "", err
	}
	return h.Sum(), nil
}
