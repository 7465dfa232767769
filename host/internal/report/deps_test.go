package report

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestLayering: the renderer imports nothing that reaches the disk, and
// the packages that left it (compare, the gate, export) do not depend on
// it, so each can change without the others; validation alone imports the
// renderer, to render afresh.
func TestLayering(t *testing.T) {
	imports := goList(t, "-f", "{{join .Imports \"\\n\"}}", ".")
	for _, disk := range []string{"os", "io/fs", "path/filepath", "os/exec"} {
		if slices.Contains(imports, disk) {
			t.Errorf("the renderer imports %s", disk)
		}
	}
	const self = "crucible.dev/host/internal/report"
	for _, p := range []string{"compare", "gate", "export"} {
		if deps := goList(t, "-deps", "../"+p); slices.Contains(deps, self) {
			t.Errorf("%s depends on the renderer", p)
		}
	}
	if deps := goList(t, "-deps", "../validate"); !slices.Contains(deps, self) {
		t.Error("validate no longer renders afresh (it does not import the renderer)")
	}
}

func goList(t *testing.T, args ...string) []string {
	t.Helper()
	out, err := exec.Command("go", append([]string{"list"}, args...)...).Output()
	if err != nil {
		t.Fatalf("go list %v: %v", args, err)
	}
	return strings.Fields(string(out))
}
