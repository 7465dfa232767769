package evidence

// FoldKAT is an instance's KAT status from its sources' results: any
// failure fails, an error without a failure is an error, known failures
// alone give "known", a source that could not be had here (skipped) makes
// passes "skipped" rather than a pass, and with no source that ran the
// status is "none". The KAT gate writes it and validate checks a record
// against it: one rule, in one place.
func FoldKAT(rs []KATResult) KATStatus {
	rank := map[KATStatus]int{KATNone: 0, KATPass: 1, KATSkipped: 2, KATKnown: 3, KATError: 4, KATFail: 5}
	st := KATNone
	for _, r := range rs {
		if n, ok := rank[r.Status]; ok && n > rank[st] {
			st = r.Status
		}
	}
	return st
}
