package plugin

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"testing"

	"crucible.dev/host/internal/sandbox"
	"crucible.dev/registry/testenv"
)

// TestCachedBuildTrust replaces a cached executable and writes, beside
// it, the SHA-256 of the replacement, as anything that can write the
// cache can: the host rebuilds instead of running it, because only the
// hash it keeps apart vouches for a cached executable.
func TestCachedBuildTrust(t *testing.T) {
	testenv.SkipShort(t, "builds a plugin")
	trusted := t.TempDir()
	old := trustDir
	trustDir = func() (string, error) { return trusted, nil }
	defer func() { trustDir = old }()
	root := t.TempDir()
	write := func(rel, body string) {
		t.Helper()
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.work", "go 1.26\n\nuse (\n\t./registry\n\t./plugins/p\n)\n")
	write("registry/go.mod", "module crucible.dev/registry\n\ngo 1.26\n")
	write("plugins/p/go.mod", "module crucible.dev/plugins/p\n\ngo 1.26\n")
	write("plugins/p/main.go", "package main\n\nfunc main() {}\n")
	cache := filepath.Join(root, ".cache")
	s := &Source{Name: "p", Dir: filepath.Join(root, "plugins", "p")}
	lc := buildLauncher(t)
	if err := Build(lc, root, cache, s, io.Discard); err != nil {
		t.Fatal(err)
	}
	built := s.SHA256
	trojan := []byte("#!/bin/sh\necho trojan\n")
	sum := sha256.Sum256(trojan)
	if err := os.WriteFile(s.Binary, trojan, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(s.Binary+legacySumSuffix, []byte(hex.EncodeToString(sum[:])+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s2 := &Source{Name: "p", Dir: s.Dir}
	if err := Build(lc, root, cache, s2, io.Discard); err != nil {
		t.Fatal(err)
	}
	if got, err := FileHash(s2.Binary); err != nil || got != built || s2.SHA256 != built {
		t.Fatalf("after the swap the host uses %s (SHA-256 %s, recorded %s), built %s", s2.Binary, got, s2.SHA256, built)
	}
}

// buildLauncher is a launcher whose build boxes a test's builds run in,
// at the strongest level the host reaches.
func buildLauncher(t *testing.T) *sandbox.Launcher {
	t.Helper()
	lc, err := sandbox.New(sandbox.DefaultLimits, false)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(lc.Close)
	return lc
}
