package plugin

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// ErrReplaceOutside marks a plugin whose go.mod replaces a module with a
// directory outside the plugin's own folder (other than the contract):
// that would compile code from anywhere on the evaluator's disk into the
// plugin, and edits there would never change its source hash.
var ErrReplaceOutside = errors.New("go.mod replaces a module with a directory outside the plugin's folder")

// checkReplaces refuses a local replace in dir/go.mod whose target, links
// resolved, is neither inside dir nor inside the contract module
// (root/registry, nested modules included). A replace by another module
// version is left to go.sum, which pins its content.
func checkReplaces(root, dir string) error {
	b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return fmt.Errorf("reading go.mod: %w", err)
	}
	var allowed []string
	for _, a := range []string{dir, filepath.Join(root, "registry")} {
		real, err := filepath.EvalSymlinks(a)
		if errors.Is(err, os.ErrNotExist) && a != dir {
			continue // a workspace without the contract allows no replace of it
		}
		if err != nil {
			return fmt.Errorf("go.mod replaces: %w", err)
		}
		allowed = append(allowed, real)
	}
	for _, r := range replaces(b) {
		if !isLocalPath(r.to) {
			continue
		}
		target := r.to
		if !filepath.IsAbs(target) {
			target = filepath.Join(dir, target)
		}
		real, err := filepath.EvalSymlinks(target)
		if err != nil {
			return fmt.Errorf("%w: %s => %s: %v", ErrReplaceOutside, clip(r.from), clip(r.to), err)
		}
		if !within(real, allowed) {
			return fmt.Errorf("%w: %s => %s (%s): refused", ErrReplaceOutside, clip(r.from), clip(r.to), real)
		}
	}
	return nil
}

// within reports whether path is one of dirs or inside one.
func within(path string, dirs []string) bool {
	for _, d := range dirs {
		if rel, err := filepath.Rel(d, path); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel) {
			return true
		}
	}
	return false
}

// isLocalPath is the go command's test for a replacement that is a
// directory rather than a module version.
func isLocalPath(p string) bool {
	return p == "." || p == ".." || strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") ||
		filepath.IsAbs(p) || strings.HasPrefix(p, `.\`) || strings.HasPrefix(p, `..\`)
}

// replacement is one replace directive: from => to, versions dropped.
type replacement struct{ from, to string }

// replaces reads the replace directives of a go.mod, in both the
// one-line and the block form.
func replaces(gomod []byte) []replacement {
	var out []replacement
	inBlock := false
	sc := bufio.NewScanner(bytes.NewReader(gomod))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		f := fields(line)
		switch {
		case len(f) == 0:
		case inBlock && f[0] == ")":
			inBlock = false
		case inBlock:
			if r, ok := replacementOf(f); ok {
				out = append(out, r)
			}
		case f[0] == "replace" && len(f) == 2 && f[1] == "(":
			inBlock = true
		case f[0] == "replace":
			if r, ok := replacementOf(f[1:]); ok {
				out = append(out, r)
			}
		}
	}
	return out
}

// replacementOf reads "old [version] => new [version]".
func replacementOf(f []string) (replacement, bool) {
	for i, w := range f {
		if w == "=>" && i > 0 && i+1 < len(f) {
			return replacement{from: f[0], to: f[i+1]}, true
		}
	}
	return replacement{}, false
}

// fields splits a go.mod line into words, a quoted string being one word
// (unquoted); "(", ")" and "=>" are words of their own.
func fields(line string) []string {
	var out []string
	for s := strings.TrimSpace(line); s != ""; s = strings.TrimSpace(s) {
		switch {
		case s[0] == '"' || s[0] == '`':
			end := strings.IndexByte(s[1:], s[0])
			if end < 0 {
				return append(out, s)
			}
			w := s[:end+2]
			if u, err := strconv.Unquote(w); err == nil {
				w = u
			}
			out, s = append(out, w), s[end+2:]
		case s[0] == '(' || s[0] == ')':
			out, s = append(out, s[:1]), s[1:]
		case strings.HasPrefix(s, "=>"):
			out, s = append(out, "=>"), s[2:]
		default:
			n := strings.IndexAny(s, " \t\"`()")
			if k := strings.Index(s, "=>"); k >= 0 && (n < 0 || k < n) {
				n = k
			}
			if n < 0 {
				n = len(s)
			}
			out, s = append(out, s[:n]), s[n:]
		}
	}
	return out
}
