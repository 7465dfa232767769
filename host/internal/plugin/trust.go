package plugin

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// trustDir is where the host keeps the SHA-256 of every executable it
// built: in the user's cache directory, apart from the plugin cache and
// the workspace, so neither a build (which writes only its output) nor a
// plugin (which sees neither) can vouch for an executable of its own. A
// variable so that tests keep theirs apart.
var trustDir = func() (string, error) {
	base, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(base, "crucible", "trusted-builds"), nil
}

// trustPath names the file holding the trusted SHA-256 of the executable
// at bin, keyed by its absolute path.
func trustPath(bin string) (string, error) {
	dir, err := trustDir()
	if err != nil {
		return "", fmt.Errorf("trusted build hashes: %w", err)
	}
	abs, err := filepath.Abs(bin)
	if err != nil {
		return "", err
	}
	k := sha256.Sum256([]byte(abs))
	return filepath.Join(dir, hex.EncodeToString(k[:16])), nil
}

// trustedSum is the SHA-256 the host recorded when it built bin; "" when
// it recorded none.
func trustedSum(bin string) string {
	p, err := trustPath(bin)
	if err != nil {
		return ""
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}

// trust records sum as the SHA-256 of the executable the host built at
// bin. The file is written under a temporary name and renamed, in a
// directory only the host's user may enter.
func trust(bin, sum string) error {
	p, err := trustPath(bin)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return fmt.Errorf("trusted build hashes: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(p), ".sum-")
	if err != nil {
		return fmt.Errorf("trusted build hashes: %w", err)
	}
	_, err = tmp.WriteString(sum + "\n")
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), p)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("trusted build hashes: %w", err)
	}
	return nil
}

// untrust forgets bin's recorded SHA-256.
func untrust(bin string) {
	if p, err := trustPath(bin); err == nil {
		os.Remove(p)
	}
}
