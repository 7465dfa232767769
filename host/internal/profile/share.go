// Package profile reads the CPU profiles a plugin takes of its operations:
// how many calls a profile runs, and the share of its time spent in the
// helper functions an instance names (the hash share).
package profile

import (
	"bytes"
	"fmt"
	"math"
	"strings"

	pprofile "github.com/google/pprof/profile"

	"crucible.dev/host/internal/evidence"
)

// HashShare attributes a CPU profile's samples to the helper functions
// whose names start with one of prefixes: a sample counts for the
// outermost helper on its stack, so time in a helper that calls another
// helper is not counted twice. Samples is the count of samples the
// profiler took: pprof keeps one entry per distinct stack with its count,
// and counting the entries instead (as this did once) gave 25 to 64
// "samples" for profiles of about a hundred, and 1 for a cgo call whose
// stack never changes.
func HashShare(pprof []byte, prefixes []string) (*evidence.HashShare, error) {
	p, err := pprofile.Parse(bytes.NewReader(pprof))
	if err != nil {
		return nil, err
	}
	vi, ni := 0, -1
	for i, st := range p.SampleType {
		switch st.Type {
		case "cpu":
			vi = i
		case "samples":
			ni = i
		}
	}
	hs := &evidence.HashShare{ByFunc: map[string]float64{}, Prefix: prefixes}
	var total, inHelpers, n int64
	by := map[string]int64{}
	for _, s := range p.Sample {
		if vi >= len(s.Value) || ni >= len(s.Value) {
			return nil, fmt.Errorf("profile sample has %d values, its types name %d", len(s.Value), len(p.SampleType))
		}
		// The profile is the plugin's word: a negative or overflowing
		// value would give a share outside [0, 1].
		v := s.Value[vi]
		if v < 0 || total > math.MaxInt64-v {
			return nil, fmt.Errorf("profile sample value %d: negative or past the total's range", v)
		}
		total += v
		if ni >= 0 {
			if c := s.Value[ni]; c < 0 || n > math.MaxInt64-c {
				return nil, fmt.Errorf("profile sample count %d: negative or past the total's range", c)
			}
			n += s.Value[ni]
		} else {
			n++ // a profile without a count type: one sample per entry
		}
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
	hs.Samples = n
	if total > 0 {
		hs.Total = float64(inHelpers) / float64(total)
		for f, v := range by {
			hs.ByFunc[f] = float64(v) / float64(total)
		}
	}
	return hs, nil
}
