package campaign

import (
	"bytes"
	"strings"

	"github.com/google/pprof/profile"

	"crucible.dev/host/internal/evidence"
)

// HashShare attributes a CPU profile's samples to the helper functions
// whose names start with one of prefixes: a sample counts for the
// outermost helper on its stack, so time in a helper that calls another
// helper is not counted twice.
func HashShare(pprof []byte, prefixes []string) (*evidence.HashShare, error) {
	p, err := profile.Parse(bytes.NewReader(pprof))
	if err != nil {
		return nil, err
	}
	vi := 0
	for i, st := range p.SampleType {
		if st.Type == "cpu" {
			vi = i
		}
	}
	hs := &evidence.HashShare{ByFunc: map[string]float64{}, Prefix: prefixes}
	var total, inHelpers int64
	by := map[string]int64{}
	for _, s := range p.Sample {
		v := s.Value[vi]
		total += v
		helper := ""
		// Locations run from the leaf to the root; keep the outermost.
		for _, loc := range s.Location {
			for _, ln := range loc.Line {
				if ln.Function == nil {
					continue
				}
				for _, pre := range prefixes {
					if strings.HasPrefix(ln.Function.Name, pre) {
						helper = ln.Function.Name
					}
				}
			}
		}
		if helper != "" {
			inHelpers += v
			by[helper] += v
		}
	}
	hs.Samples = int64(len(p.Sample))
	if total > 0 {
		hs.Total = float64(inHelpers) / float64(total)
		for f, v := range by {
			hs.ByFunc[f] = float64(v) / float64(total)
		}
	}
	return hs, nil
}
