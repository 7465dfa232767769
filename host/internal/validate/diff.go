package validate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/format"
)

// compareFile checks that the file rel of dir holds want.
func compareFile(dir, rel string, want []byte) []Problem {
	got, err := evidence.ReadIn(dir, filepath.FromSlash(rel))
	switch {
	case os.IsNotExist(err):
		return []Problem{{rel, "missing (render it with host report)"}}
	case err != nil:
		return []Problem{{rel, err.Error()}}
	case !bytes.Equal(got, want):
		return []Problem{{rel, "differs from a fresh rendering of the evidence at " + firstDiff(got, want)}}
	}
	return nil
}

// firstDiff locates the first differing line.
func firstDiff(got, want []byte) string {
	gl, wl := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
	for i := 0; i < len(gl) || i < len(wl); i++ {
		var g, w []byte
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if !bytes.Equal(g, w) {
			return fmt.Sprintf("line %d: has %q, evidence gives %q", i+1, format.Clip(string(g), 80), format.Clip(string(w), 80))
		}
	}
	return "the end of the file"
}

// jsonDiff compares two values as JSON, which is how they are stored, and
// names the first field that differs ("" when none does).
func jsonDiff(stored, recomputed any) string {
	a, err1 := json.Marshal(stored)
	b, err2 := json.Marshal(recomputed)
	if err1 != nil || err2 != nil {
		return fmt.Sprintf("cannot encode: %v %v", err1, err2)
	}
	if bytes.Equal(a, b) {
		return ""
	}
	var ma, mb any
	json.Unmarshal(a, &ma)
	json.Unmarshal(b, &mb)
	return diffValue("", ma, mb)
}

func diffValue(path string, a, b any) string {
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	if aok && bok {
		keys := map[string]bool{}
		for k := range am {
			keys[k] = true
		}
		for k := range bm {
			keys[k] = true
		}
		for _, k := range slices.Sorted(maps.Keys(keys)) {
			p := k
			if path != "" {
				p = path + "." + k
			}
			if d := diffValue(p, am[k], bm[k]); d != "" {
				return d
			}
		}
		return ""
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if bytes.Equal(ja, jb) {
		return ""
	}
	return fmt.Sprintf("%s is %s, recomputed %s", path, format.Clip(string(ja), 60), format.Clip(string(jb), 60))
}
