package csub

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Unit is one parameter set of one implementation of a NIST submission
// package: a folder with its own api.h, built into a plugin of its own.
type Unit struct {
	Src   string // the folder holding api.h, absolute
	Impl  string // the implementation's name: ref, opt or the Additional_Implementations folder
	Param string // the parameter set's folder name ("" when the implementation folder holds api.h itself)
}

// implFolders are the top-level folders of a NIST submission package that
// hold implementations directly.
var implFolders = []string{"Reference_Implementation", "Optimized_Implementation", "Optimised_Implementation"}

// PackageUnits lists the implementations and parameter sets of a NIST
// submission package as a competition receives it: Reference_Implementation/,
// Optimized_Implementation/ and Additional_Implementations/<name>/, each
// holding one folder per parameter set with its api.h (or api.h itself for
// a single parameter set). It returns nil for a folder that is not such a
// package, and an error for a package in which no parameter set has an
// api.h.
func PackageUnits(dir string) ([]Unit, error) {
	var roots []struct{ dir, impl string }
	for _, f := range implFolders {
		if st, err := os.Stat(filepath.Join(dir, f)); err == nil && st.IsDir() {
			roots = append(roots, struct{ dir, impl string }{filepath.Join(dir, f), implName(filepath.Join(dir, f))})
		}
	}
	add := filepath.Join(dir, "Additional_Implementations")
	if ents, err := os.ReadDir(add); err == nil {
		for _, e := range ents {
			if e.IsDir() && !strings.HasPrefix(e.Name(), ".") {
				roots = append(roots, struct{ dir, impl string }{filepath.Join(add, e.Name()), implName(filepath.Join(add, e.Name()))})
			}
		}
	}
	if len(roots) == 0 {
		return nil, nil
	}
	var units []Unit
	for _, r := range roots {
		if isFile(filepath.Join(r.dir, "api.h")) {
			units = append(units, Unit{Src: r.dir, Impl: r.impl})
			continue
		}
		ents, err := os.ReadDir(r.dir)
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", r.dir, err)
		}
		for _, e := range ents {
			p := filepath.Join(r.dir, e.Name())
			if e.IsDir() && isFile(filepath.Join(p, "api.h")) {
				units = append(units, Unit{Src: p, Impl: r.impl, Param: e.Name()})
			}
		}
	}
	if len(units) == 0 {
		return nil, fmt.Errorf("%s is a NIST submission package, but none of its implementation folders holds an api.h, directly or in a parameter set's folder", dir)
	}
	sort.SliceStable(units, func(i, j int) bool {
		if units[i].Param != units[j].Param {
			return units[i].Param < units[j].Param
		}
		return false
	})
	return units, nil
}

// PluginName is the plugin a unit of package NAME builds into: NAME, the
// parameter set's folder and the implementation, so each executable is
// told apart in a plugin directory.
func (u Unit) PluginName(name string) string {
	parts := []string{name}
	if u.Param != "" {
		parts = append(parts, unsafeChars.ReplaceAllString(u.Param, "_"))
	}
	return strings.Join(append(parts, u.Impl), "-")
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}
