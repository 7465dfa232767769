package interleave

import (
	"math"
	"os"
	"strings"
	"testing"
)

func TestSetEnvRestores(t *testing.T) {
	t.Setenv("CRUCIBLE_AB_KEPT", "before")
	restore, err := setEnv([]string{"CRUCIBLE_AB_KEPT=during", "CRUCIBLE_AB_NEW=1"})
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv("CRUCIBLE_AB_KEPT") != "during" || os.Getenv("CRUCIBLE_AB_NEW") != "1" {
		t.Error("the side's variables are not set")
	}
	restore()
	if v, ok := os.LookupEnv("CRUCIBLE_AB_NEW"); ok || os.Getenv("CRUCIBLE_AB_KEPT") != "before" {
		t.Errorf("not restored: CRUCIBLE_AB_NEW=%q, CRUCIBLE_AB_KEPT=%q", v, os.Getenv("CRUCIBLE_AB_KEPT"))
	}
	// Only CRUCIBLE_* variables reach a plugin: another is refused, not
	// silently ignored.
	if _, err := setEnv([]string{"GOGC=off"}); err == nil || !strings.Contains(err.Error(), "CRUCIBLE_") {
		t.Errorf("GOGC accepted: %v", err)
	}
}

func TestPairsByRound(t *testing.T) {
	nan := math.NaN()
	a, b := pairs([]float64{1, nan, 3, 4}, []float64{10, 20, nan})
	if len(a) != 1 || a[0] != 1 || b[0] != 10 {
		t.Errorf("pairs %v %v, want the first round only", a, b)
	}
}

func TestTooFewRounds(t *testing.T) {
	if _, err := Run(Config{Rounds: MinRounds - 1}); err == nil {
		t.Error("a session the signed-rank test cannot judge was started")
	}
	if _, err := Run(Config{Rounds: MinRounds, Unit: "mean"}); err == nil {
		t.Error("an unknown unit was accepted")
	}
}
