// Command rundiff compares the structure of two run directories: the set
// of files, the KAT results with their digests, what each plugin file and
// record says it is (with every instance's sizes, operations, KAT sources,
// profile prefixes and note names), the robustness case counts, what each
// constant-time check and interoperability matrix covers, the summary's
// instances and operations, and the reports' sections. Timings, process IDs and other
// things that differ between any two runs are left out, so two runs of the
// same suite by the same code compare equal, and a change to the host that
// should not change its output can be shown not to.
//
//	go run ./tools/rundiff OLD NEW
//
// It prints every difference and exits 1 when there is one.
package main

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: rundiff OLD NEW")
		os.Exit(2)
	}
	a, err := Shape(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "rundiff:", err)
		os.Exit(2)
	}
	b, err := Shape(os.Args[2])
	if err != nil {
		fmt.Fprintln(os.Stderr, "rundiff:", err)
		os.Exit(2)
	}
	diffs := Diff(a, b)
	for _, d := range diffs {
		fmt.Println(d)
	}
	if len(diffs) > 0 {
		fmt.Printf("%d differences\n", len(diffs))
		os.Exit(1)
	}
	fmt.Printf("same structure: %d facts\n", len(a))
}

// Shape is a run directory reduced to facts that hold for any run of the
// same suite by the same code: "key = value" lines, keyed by where each
// comes from.
func Shape(dir string) (map[string]string, error) {
	facts := map[string]string{}
	add := func(key string, v any) {
		b, _ := json.Marshal(v)
		facts[key] = string(b)
	}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		facts["file "+rel] = ""
		top, _, _ := strings.Cut(rel, "/")
		switch {
		case top == "kat" && strings.HasSuffix(rel, ".json"):
			return katFacts(path, rel, add)
		case top == "plugins" && strings.HasSuffix(rel, ".json"):
			return pick(path, rel, add, "name", "status", "instances[].id", "instances[].declared", "instances[].ops",
				"instances[].kats", "instances[].profile", "instances[].notes{}", "findings[].what", "findings[].instance", "findings[].op")
		case top == "records" && strings.HasSuffix(rel, ".json"):
			return pick(path, rel, add, "plugin", "instance", "op", "base_op", "msg_len", "out_len", "kind", "error", "trials#")
		case top == "robust" && strings.HasSuffix(rel, ".json"):
			// Not the case count: bit flips at random positions may
			// coincide, and coinciding cases count once.
			return pick(path, rel, add, "crashes")
		case top == "ct" && strings.HasSuffix(rel, ".json"):
			// Not the verdict nor the number of runs: a crossing of the
			// threshold by noise brings a repeat.
			return pick(path, rel, add, "plugin", "instance", "op", "error")
		case top == "interop" && strings.HasSuffix(rel, ".json"):
			return pick(path, rel, add, "instance", "kind", "impls", "rounds", "cells[].producer", "cells[].consumer")
		case rel == "summary.json":
			return pick(path, rel, add, "suite", "instances[].plugin", "instances[].id", "instances[].kat",
				"instances[].kat_from", "instances[].kat_sources", "instances[].ops{}")
		case strings.HasSuffix(rel, ".md"):
			return headings(path, rel, regexp.MustCompile(`(?m)^#+ .*$`), add)
		case strings.HasSuffix(rel, ".html"):
			return headings(path, rel, regexp.MustCompile(`<h[1-6][^>]*>[^<]*`), add)
		}
		return nil
	})
	return facts, err
}

// katFacts keeps every KAT result's source, type, status and counts, and
// its digests except for fresh-seed files: a new seed every run gives the
// file, and the earlier implementation's file it is compared with, new
// digests.
func katFacts(path, rel string, add func(string, any)) error {
	var k struct {
		Status  string           `json:"status"`
		Results []map[string]any `json:"results"`
	}
	if err := readJSON(path, &k); err != nil {
		return err
	}
	add(rel+" status", k.Status)
	for i, r := range k.Results {
		key := fmt.Sprintf("%s result %d", rel, i)
		for _, f := range []string{"source", "type", "status", "records", "passed", "failed", "origin", "provenance"} {
			add(key+" "+f, r[f])
		}
		if r["type"] != "fresh-seed" {
			add(key+" digest", r["digest"])
			add(key+" expected", r["expected"])
		}
	}
	return nil
}

// pick keeps the named fields of a JSON file: "a" a field, "a[].b" field b
// of every element of array a, "a#" the length of array a, "a{}" the sorted
// keys of object a (or of every element's, after "[].").
func pick(path, rel string, add func(string, any), fields ...string) error {
	var v map[string]any
	if err := readJSON(path, &v); err != nil {
		return err
	}
	for _, f := range fields {
		add(rel+" "+f, field(v, f))
	}
	return nil
}

func field(v map[string]any, f string) any {
	if arr, sub, ok := strings.Cut(f, "[]."); ok {
		xs, _ := v[arr].([]any)
		var out []any
		for _, x := range xs {
			m, _ := x.(map[string]any)
			out = append(out, field(m, sub))
		}
		return out
	}
	if name, ok := strings.CutSuffix(f, "#"); ok {
		xs, _ := v[name].([]any)
		return len(xs)
	}
	if name, ok := strings.CutSuffix(f, "{}"); ok {
		m, _ := v[name].(map[string]any)
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		return keys
	}
	return v[f]
}

// headings keeps a page's section headings in order.
func headings(path, rel string, re *regexp.Regexp, add func(string, any)) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	add(rel+" sections", re.FindAllString(string(b), -1))
	return nil
}

func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// Diff lists the facts that differ, are missing or were added, sorted.
func Diff(a, b map[string]string) []string {
	var out []string
	for k, va := range a {
		vb, ok := b[k]
		switch {
		case !ok:
			out = append(out, "- "+k+" "+va)
		case va != vb:
			out = append(out, fmt.Sprintf("~ %s: %s -> %s", k, va, vb))
		}
	}
	for k, vb := range b {
		if _, ok := a[k]; !ok {
			out = append(out, "+ "+k+" "+vb)
		}
	}
	sort.Strings(out)
	return out
}
