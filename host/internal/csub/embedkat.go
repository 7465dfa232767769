package csub

import (
	"fmt"
	"io"
	"path/filepath"
)

// shippedKATName is the shipped .rsp file's name in the build directory,
// beside zsubmission.go, which embeds it.
const shippedKATName = "shipped-kat.rsp"

// embedKAT copies the shipped .rsp file (if any) into the build directory
// and writes to the generated Go source the variable shippedKAT holding
// it, so the plugin carries the file itself and the host can name the
// first record and field a generated file gets wrong, in a run as at
// build time; with no file, shippedKAT is nil.
func embedKAT(dir, katFile string, g io.Writer) error {
	if katFile == "" {
		_, err := fmt.Fprintf(g, "// shippedKAT: no .rsp file was declared.\nvar shippedKAT []byte\n\n")
		return err
	}
	if err := copyFile(katFile, filepath.Join(dir, shippedKATName)); err != nil {
		return fmt.Errorf("embedding the shipped KAT file: %w", err)
	}
	_, err := fmt.Fprintf(g, "import _ \"embed\"\n\n// shippedKAT is the submission's .rsp file.\n//\n//go:embed %s\nvar shippedKAT []byte\n\n", shippedKATName)
	return err
}
