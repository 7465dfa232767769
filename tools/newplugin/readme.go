package main

import "text/template"

var readmeTmpl = template.Must(template.New("README.md").Parse("# {{.Name}}: a Crucible plugin for {{.Instance}}\n" + `
Scaffolded by ` + "`go run ./tools/newplugin --name {{.Name}} --kind {{.Kind.Kind}}`" + `. Until
the checklist is done the host reports this plugin honestly: KAT "none",
every operation "not implemented", exit status 1. It never passes by
accident. The guide is docs/adding-a-plugin.md.

| file | what |
|---|---|
| ` + "`main.go`" + ` | calls ` + "`registry.Serve`" + `; nothing else belongs here |
| ` + "`instances.go`" + ` | the ` + "`[]*registry.Instance`" + ` the plugin serves: sizes, KAT generators, notes |
| ` + "`{{.Name}}/{{.Name}}.go`" + ` | the algorithm (split it into one file per concept as it grows) |
| ` + "`instances_test.go`" + ` | runs every operation once; fails until they work |

## Checklist

- [ ] Sizes: fill in the constants in ` + "`{{.Name}}/{{.Name}}.go`" + ` from the specification.
- [ ] Operations: implement them. Draw all randomness from the ` + "`io.Reader`" + `
      argument, never from ` + "`crypto/rand`" + ` directly, so KATs can replay it.
- [ ] Catalog: create ` + "`registry/catalog/{{.Name}}.go`" + ` (below) with the sizes
      and security category the specification fixes.
- [ ] KATs: add a ` + "`registry.KATGenerator`" + ` to the instance for each known-answer
      file the implementation can write (` + "`kat.WriteNGCCKEM`" + `, ` + "`kat.WriteNGCCKEX`" + `, or your
      own writer under a NIST DRBG), and its published digest to the catalog entry.
- [ ] Vectors: where public test vectors exist (Wycheproof, ACVP, an RFC),
      register a source in ` + "`registry/vectors/`" + ` and call its Check from a test.
- [ ] Notes: library versions, key forms, the dispatch path (AVX2, ...);
      Profile: the function-name prefixes whose share of time a report shows.
- [ ] ` + "`go test ./plugins/{{.Name}}/...`" + ` passes.
- [ ] ` + "`go run ./host run --suite {{.Name}}`" + ` exits 0: KAT pass, sizes audited.

## The catalog entry to add

The host audits what the plugin declares against the catalog; without an
entry it reports that {{.Instance}} cannot be audited. Create
` + "`registry/catalog/{{.Name}}.go`" + `:

` + "```go" + `
package catalog

import "crucible.dev/registry"

// {{.Instance}}: sizes from its specification, digests of its published KAT files.
func init() {
	register(Entry{
		Name: "{{.Instance}}", Family: "{{.Instance}}", Kind: registry.{{.Kind.Const}}, Category: 0,
		Sizes: registry.Sizes{ {{.Kind.Catalog}} },
		// Digests: []Digest{ {Source: "ngcc", Records: 10, SHA256: "…", Origin: "where it is published"} },
		Spec: "the document that fixes it",
	})
}
` + "```" + `
`))
