package vectors

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
)

// The pinned vector modules, fetched the way Go's own crypto tests fetch
// theirs: with `go mod download -json` into the module cache.
const (
	Wycheproof = "github.com/C2SP/wycheproof@v0.0.0-20250901140545-b51abcfb8daf"
	ACVP       = "github.com/geomys/acvp-testdata@v0.0.0-20251201200548-d893de8b8b1c"
)

var (
	fetchMu sync.Mutex
	fetched = map[string]string{}
)

// Module returns the directory of the pinned module mod ("path@version"),
// downloading it into the module cache on first use.
func Module(mod string) (string, error) {
	fetchMu.Lock()
	defer fetchMu.Unlock()
	if dir, ok := fetched[mod]; ok {
		return dir, nil
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		return "", fmt.Errorf("%w: the go command fetches the pinned vectors: %v", ErrNoVectors, err)
	}
	cmd := exec.Command(goBin, "mod", "download", "-json", mod)
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	cmd.Dir = os.TempDir()
	out, err := cmd.Output()
	var info struct{ Dir, Error string }
	if jerr := json.Unmarshal(out, &info); jerr == nil && info.Error != "" {
		return "", fmt.Errorf("%w: go mod download %s: %s", ErrNoVectors, mod, info.Error)
	}
	if err != nil {
		return "", fmt.Errorf("%w: go mod download %s: %v", ErrNoVectors, mod, err)
	}
	if info.Dir == "" {
		return "", fmt.Errorf("%w: go mod download %s: no directory reported", ErrNoVectors, mod)
	}
	fetched[mod] = info.Dir
	return info.Dir, nil
}

// File returns the path of file inside the pinned module mod.
func File(mod, file string) (string, error) {
	dir, err := Module(mod)
	if err != nil {
		return "", err
	}
	p := filepath.Join(dir, file)
	if _, err := os.Stat(p); err != nil {
		return "", fmt.Errorf("%w: %s in %s: %v", ErrMissing, file, mod, err)
	}
	return p, nil
}
