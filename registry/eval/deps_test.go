package eval_test

import (
	"os/exec"
	"strings"
	"testing"

	"crucible.dev/registry/testenv"
)

// TestContractSide: no package of the contract module or of a plugin
// depends on the evaluator's packages (catalog, vectors, KAT checks), so a
// plugin binary does not link them and editing them rebuilds no plugin.
// Plugin tests may import them; -deps without -test leaves tests out.
func TestContractSide(t *testing.T) {
	testenv.SkipShort(t, "-short: lists every plugin's dependencies")
	cmd := exec.Command("go", "list", "-e", "-f", "{{.ImportPath}} {{join .Deps \" \"}}", "crucible.dev/registry/...", "crucible.dev/plugins/...")
	cmd.Dir = "../.."
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	const eval = "crucible.dev/registry/eval"
	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, deps, _ := strings.Cut(line, " ")
		if pkg == eval || strings.HasPrefix(pkg, eval+"/") {
			continue
		}
		checked++
		for _, d := range strings.Fields(deps) {
			if d == eval || strings.HasPrefix(d, eval+"/") {
				t.Errorf("%s depends on %s: the evaluator's side must stay out of the contract and the plugins", pkg, d)
			}
		}
	}
	if checked < 20 {
		t.Fatalf("only %d packages listed; want the contract's and every plugin's", checked)
	}
}
