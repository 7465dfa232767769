package vectors

import (
	"fmt"
	"testing"
)

// TestResultKeepsEveryFailureOfAFile checks that a Result keeps each
// failure of a file's worth of failed cases, so that a reviewed finding
// can be matched against all of them, and still bounds what it keeps.
func TestResultKeepsEveryFailureOfAFile(t *testing.T) {
	var r Result
	// Wycheproof's mlkem_test.json has 12 ML-KEM-768 ek cases with
	// ModulusOverflow that an implementation without the input check
	// accepts; a few files' worth must fit.
	for i := range 60 {
		r.Fail("wycheproof tc %d (invalid): accepted", i)
	}
	if len(r.Failures) != 60 || r.Failed != 60 {
		t.Fatalf("kept %d of %d failures, want all 60", len(r.Failures), r.Failed)
	}
	var merged Result
	merged.add(r)
	merged.add(r)
	if len(merged.Failures) != 120 || merged.Failed != 120 {
		t.Fatalf("merged: kept %d of %d failures, want all 120", len(merged.Failures), merged.Failed)
	}
	for i := range maxFailures {
		r.Fail("case %d", i)
	}
	if len(r.Failures) != maxFailures || r.Failed != 60+maxFailures {
		t.Errorf("kept %d of %d failures, want the first %d", len(r.Failures), r.Failed, maxFailures)
	}
	if got, want := r.Failures[0], fmt.Sprintf("wycheproof tc %d (invalid): accepted", 0); got != want {
		t.Errorf("first failure %q, want %q", got, want)
	}
}
