package evidence

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestLoadHostileDirectory gives Load run directories built to hurt a
// reader: each fails at once with an error naming the file, rather than
// reading forever, hanging on a FIFO or filling memory.
func TestLoadHostileDirectory(t *testing.T) {
	for name, plant := range map[string]func(t *testing.T, rec string){
		"symlink to /dev/zero": func(t *testing.T, rec string) {
			if err := os.Symlink("/dev/zero", rec); err != nil {
				t.Fatal(err)
			}
		},
		"symlink out of the directory": func(t *testing.T, rec string) {
			out := filepath.Join(t.TempDir(), "elsewhere.json")
			os.WriteFile(out, []byte("{}"), 0o644)
			if err := os.Symlink(out, rec); err != nil {
				t.Fatal(err)
			}
		},
		"FIFO": func(t *testing.T, rec string) {
			if err := syscall.Mkfifo(rec, 0o644); err != nil {
				t.Fatal(err)
			}
		},
		"oversized": func(t *testing.T, rec string) {
			f, err := os.Create(rec)
			if err != nil {
				t.Fatal(err)
			}
			f.Truncate(MaxFileBytes + 1)
			f.Close()
		},
		"a 1 KiB name": func(t *testing.T, rec string) {
			os.WriteFile(rec, []byte(`{"plugin":"`+strings.Repeat("p", 1024)+`"}`), 0o644)
		},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, "campaign.json"), []byte("{}"), 0o644)
			os.MkdirAll(filepath.Join(dir, "records", "p", "i"), 0o755)
			plant(t, filepath.Join(dir, "records", "p", "i", "x.json"))
			done := make(chan error, 1)
			go func() { _, err := Load(dir); done <- err }()
			select {
			case err := <-done:
				if err == nil || !strings.Contains(err.Error(), "x.json") {
					t.Errorf("Load: %v, want an error naming x.json", err)
				}
			case <-time.After(5 * time.Second):
				t.Fatal("Load hangs")
			}
		})
	}
}
