package evidence

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// killedDir is a tracked run directory as a kill leaves it: a temporary
// file of a write under way, a record written whose manifest entry was
// not, and a plugin log appended since it was noted.
func killedDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := Track(dir); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"campaign.json", "records/p/i/op.json", "logs/p.log"} {
		if err := WriteFile(filepath.Join(dir, p), []byte(p)); err != nil {
			t.Fatal(err)
		}
	}
	if err := writeAtomic(filepath.Join(dir, "records/p/i/next.json"), []byte("next"), false); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "records/p/i/.later.json.tmp123"), []byte("{"), 0o644)
	f, _ := os.OpenFile(filepath.Join(dir, "logs/p.log"), os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("more output\n")
	f.Close()
	if err := WritePartial(PartialPath(dir, "p", "i", "op3"), &Record{Op: "op3"}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestReconcile settles what a kill leaves, and nothing else.
func TestReconcile(t *testing.T) {
	dir := killedDir(t)
	did, err := Reconcile(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(did) != 3 {
		t.Errorf("reconciled %q, want the temporary file, the last write and the log", did)
	}
	if got, _ := Integrity(dir); len(got) != 1 || !strings.HasPrefix(got[0], "partial/") {
		t.Errorf("after Reconcile: %q, want only partial/ (not evidence) outside the manifest", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "records/p/i/.later.json.tmp123")); !os.IsNotExist(err) {
		t.Errorf("the temporary file is still there: %v", err)
	}
	if err := RemovePartial(dir, PartialPath(dir, "p", "i", "op3")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(PartialDir(dir)); !os.IsNotExist(err) {
		t.Errorf("partial/ is left empty rather than removed: %v", err)
	}

	// Two files outside the manifest, or one removed, are not a kill's doing.
	for name, change := range map[string]func(dir string){
		"two writes": func(dir string) { os.WriteFile(filepath.Join(dir, "campaign.json"), []byte("edited"), 0o644) },
		"a removal":  func(dir string) { os.Remove(filepath.Join(dir, "campaign.json")) },
	} {
		dir := killedDir(t)
		change(dir)
		if _, err := Reconcile(dir); err == nil || !strings.Contains(err.Error(), "campaign.json") {
			t.Errorf("%s: Reconcile says %v, want a refusal naming campaign.json", name, err)
		}
	}
}
