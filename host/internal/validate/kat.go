package validate

import (
	"fmt"

	"crucible.dev/host/internal/evidence"
)

// katConsistent checks what a KAT record derives from its own figures: a
// generated source passes exactly when its digest is the published one, a
// vectors source passes only with cases passed and none failed, and the
// instance's status is its sources' fold (evidence.FoldKAT).
func katConsistent(k evidence.KATRecord) string {
	for _, r := range k.Results {
		switch {
		case r.Type == "generated" && r.Digest != "" && r.Expected != "" && (r.Status == evidence.KATPass) != (r.Digest == r.Expected):
			return fmt.Sprintf("source %s: status %s with digest %s and published %s", r.Source, r.Status, r.Digest, r.Expected)
		case r.Type == "vectors" && r.Status == evidence.KATPass && (r.Failed > 0 || r.Passed == 0):
			return fmt.Sprintf("source %s: status pass with %d passed, %d failed", r.Source, r.Passed, r.Failed)
		case r.Type == "vectors" && r.Status == evidence.KATFail && r.Failed == 0:
			return fmt.Sprintf("source %s: status fail with no failed case", r.Source)
		}
	}
	if want := evidence.FoldKAT(k.Results); k.Status != want {
		return fmt.Sprintf("status %s does not follow from its sources (they fold to %s)", k.Status, want)
	}
	return ""
}
