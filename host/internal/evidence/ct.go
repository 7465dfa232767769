package evidence

import (
	"crucible.dev/host/internal/ct"
)

// CTRecord is one operation's constant-time check: the raw measurements of
// each run, as the plugin took them, and what the host computed from them.
type CTRecord struct {
	Plugin   string  `json:"plugin"`
	Instance string  `json:"instance"`
	Op       string  `json:"op"`
	Runs     []CTRun `json:"runs"` // the test, and its repeat when the first crossed the threshold
	Verdict  string  `json:"verdict"`
	Error    string  `json:"error,omitempty"`
}

// CTRun is one fixed-vs-random test.
type CTRun struct {
	Cycles  []int64   `json:"cycles"`  // per measurement
	Classes []byte    `json:"classes"` // per measurement, 0 fixed or 1 random
	Result  ct.Result `json:"result"`  // computed by the host from the two above
}

// Verdicts of the constant-time check.
const (
	CTLeak       = "LEAK"
	CTNoLeak     = "no leak detected"
	CTUnrepeated = "not reproduced"
	CTError      = "error"
)

// Analyze computes a run's statistic from its raw measurements.
func (r *CTRun) Analyze() ct.Result {
	t := make([]float64, len(r.Cycles))
	for i, c := range r.Cycles {
		t[i] = float64(c)
	}
	return ct.Welch(t, r.Classes)
}

// Judge is the verdict the runs support: |t| above the threshold in the
// test and in its repeat is a leak; a crossing the repeat does not confirm
// is noise (the maximum over a hundred crops crosses now and then when the
// classes take the same time).
func (r *CTRecord) Judge() string {
	switch {
	case r.Error != "" || len(r.Runs) == 0:
		return CTError
	case r.Runs[0].Result.T <= ct.Threshold:
		return CTNoLeak
	case len(r.Runs) < 2:
		return CTError
	case r.Runs[1].Result.T > ct.Threshold:
		return CTLeak
	}
	return CTUnrepeated
}

// CTPath holds one operation's constant-time check.
func CTPath(dir, plugin, instance, op string) string {
	return Path(dir, "ct", plugin, instance, op+".json")
}
