package main

// buildInfo describes the submission compiled into this executable.
// `host build-c --api nist` writes it (zsubmission.go in the build
// directory); nothing is compiled in when the module is built from the
// workspace.
type buildInfo struct {
	Plugin     string   // plugin name: the executable is crucible-plugin-<Plugin>
	Instance   string   // instance name: CRYPTO_ALGNAME or the --instance flag
	Impl       string   // implementation name, e.g. the implementation's folder
	Kind       string   // "kem" or "sig"
	Source     string   // the submission directory as given to build-c
	Digest     string   // SHA-256 over the paths and contents of the compiled sources
	Files      []string // sources compiled into the submission's static library, relative to Source
	Replaced   []string // sources left out, with why
	CFlags     string   // the submission's own compiler flags (its files only)
	Compiler   string   // the C compiler's version line
	KATRecords int      // records of the shipped .rsp file; 0: none found
	KATDigest  string   // SHA-256 of the shipped .rsp file, declared for the "pqcgenkat" source
	KATOrigin  string   // the shipped .rsp file, relative to the submission
	KATSource  string   // the declared digest's KAT source: "" for "pqcgenkat", or "pqclean-nistkat"
	KATData    []byte   // the shipped .rsp file itself, embedded: the host names its first record and field that differ
}

// build is the workspace build's description until a build-c build's
// zsubmission.go replaces it in init.
var build = buildInfo{Plugin: "nistc", Instance: "NIST-C", Impl: "c", Kind: "kem"}
