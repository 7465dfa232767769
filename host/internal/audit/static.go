package audit

import (
	"debug/elf"
	"sort"
	"strings"

	"crucible.dev/host/internal/plugin"
)

// infrastructure are the module-path prefixes every plugin carries for the
// plugin machinery (gRPC, go-plugin, protobuf) rather than for its
// algorithm; the static size leaves them out.
var infrastructure = []string{
	"google.golang.org/", "github.com/hashicorp/", "github.com/golang/protobuf", "golang.org/x/net",
	"golang.org/x/text", "golang.org/x/sys", "github.com/oklog/", "github.com/mattn/", "github.com/fatih/",
	"crucible.dev/registry",
}

// algorithmPackages are exceptions inside the infrastructure prefixes: the
// shared helpers an algorithm really calls.
var algorithmPackages = []string{"crucible.dev/registry/iccs", "crucible.dev/registry/drbg"}

// staticSize sums the code and data symbols of the algorithm's own packages
// (the plugin's module and its non-infrastructure dependencies) in the
// plugin executable, by package: a static-size figure that means something
// for a 13 MB gRPC plugin.
func staticSize(binary string, d *plugin.Description) map[string]int64 {
	f, err := elf.Open(binary)
	if err != nil {
		return nil
	}
	defer f.Close()
	syms, err := f.Symbols()
	if err != nil {
		return nil
	}
	var roots []string
	if d.Module != "" {
		roots = append(roots, d.Module)
	}
	for mod := range d.Deps {
		if !hasPrefix(mod, infrastructure) {
			roots = append(roots, mod)
		}
	}
	roots = append(roots, algorithmPackages...)
	sort.Slice(roots, func(i, j int) bool { return len(roots[i]) > len(roots[j]) })
	out := map[string]int64{}
	for _, s := range syms {
		t := elf.ST_TYPE(s.Info)
		if (t != elf.STT_FUNC && t != elf.STT_OBJECT) || s.Size == 0 {
			continue
		}
		for _, r := range roots {
			if s.Name == r || strings.HasPrefix(s.Name, r+".") || strings.HasPrefix(s.Name, r+"/") {
				out[symbolPackage(s.Name)] += int64(s.Size)
				break
			}
		}
	}
	return out
}

// symbolPackage is the import path of a Go symbol name
// ("path/to/pkg.Func" or "path/to/pkg.(*T).M").
func symbolPackage(name string) string {
	slash := strings.LastIndexByte(name, '/')
	dot := strings.IndexByte(name[slash+1:], '.')
	if dot < 0 {
		return name
	}
	return name[:slash+1+dot]
}

// hasPrefix reports whether s lies under one of the infrastructure
// prefixes ps and is not one of the algorithm packages.
func hasPrefix(s string, ps []string) bool {
	for _, p := range ps {
		if strings.HasPrefix(s, p) {
			for _, a := range algorithmPackages {
				if strings.HasPrefix(s, a) {
					return false
				}
			}
			return true
		}
	}
	return false
}
