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
- [ ] KATs: add a ` + "`registry.KATGenerator`" + ` to the instance for each known-answer
      file the implementation can write (` + "`kat.WriteNGCCKEM`" + `, ` + "`kat.WriteNGCCKEX`" + `, or your
      own writer under a NIST DRBG), and declare its digests: a ` + "`kat.sha256`" + ` in this
      folder (lines ` + "`<sha256> {{.Instance}} <source> <records>`" + `), embedded with
      ` + "`go:embed`" + ` and read with ` + "`registry.ParseKATManifest`" + ` into the instance's ` + "`Declared`" + `.
- [ ] Vectors: declare the vector files the implementation passes in the
      instance's ` + "`Vectors`" + `: a Wycheproof-format file embedded from this folder, or a
      file of the pinned Wycheproof module by path and SHA-256 (plugins/ed25519 does both).
- [ ] Notes: library versions, key forms, the dispatch path (AVX2, ...);
      Profile: the function-name prefixes whose share of time a report shows.
- [ ] ` + "`go test ./plugins/{{.Name}}/...`" + ` passes.
- [ ] ` + "`go run ./host run --suite {{.Name}}`" + ` exits 0: KAT pass, sizes audited.

## Declared and catalog KAT material

Everything the host needs to give a KAT verdict ships inside the plugin, so a
prebuilt executable passes on an unmodified host
(` + "`host run --no-source --plugin-dir DIR`" + `); the reports mark such a pass
"declared". An evaluator who checks the published digests independently
promotes them into the catalog, a JSON file of their own given with ` + "`--catalog DIR`" + ` (schema: docs/catalog.md),
whose digests then win over declared ones:

` + "```json" + `
{"entries": [{
  "name": "{{.Instance}}", "family": "{{.Instance}}", "kind": "{{.Kind.Kind}}", "category": 0,
  "sizes": { {{.Kind.Catalog}} },
  "digests": [{"source": "ngcc", "records": 10, "sha256": "…", "origin": "where it is published"}],
  "spec": "the document that fixes it"
}]}
` + "```" + `
`))
