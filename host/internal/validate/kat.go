package validate

import (
	"fmt"

	"crucible.dev/host/internal/evidence"
)

// katConsistent checks what a KAT record derives from its own figures: a
// generated source passes exactly when its digest is the published one, a
// vectors source passes only with cases passed and none failed, and the
// instance passes only when no source failed or erred and one passed.
func katConsistent(k evidence.KATRecord) string {
	var pass, fail, errs int
	for _, r := range k.Results {
		switch r.Status {
		case "pass":
			pass++
		case "fail":
			fail++
		case "error":
			errs++
		}
		switch {
		case r.Type == "generated" && r.Digest != "" && r.Expected != "" && (r.Status == evidence.KATPass) != (r.Digest == r.Expected):
			return fmt.Sprintf("source %s: status %s with digest %s and published %s", r.Source, r.Status, r.Digest, r.Expected)
		case r.Type == "vectors" && r.Status == evidence.KATPass && (r.Failed > 0 || r.Passed == 0):
			return fmt.Sprintf("source %s: status pass with %d passed, %d failed", r.Source, r.Passed, r.Failed)
		case r.Type == "vectors" && r.Status == evidence.KATFail && r.Failed == 0:
			return fmt.Sprintf("source %s: status fail with no failed case", r.Source)
		}
	}
	switch {
	case k.Status == evidence.KATPass && (fail > 0 || errs > 0 || pass == 0),
		k.Status == evidence.KATFail && fail == 0,
		k.Status != evidence.KATFail && fail > 0:
		return fmt.Sprintf("status %s does not follow from its sources (%d passed, %d failed, %d erred)", k.Status, pass, fail, errs)
	}
	return ""
}
