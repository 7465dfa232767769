package main

// buildInfo describes the submission compiled into this executable.
// `host build-ngcc` writes it (zsubmission.go in the build directory);
// nothing is compiled in when the module is built from the workspace.
type buildInfo struct {
	Plugin     string   // plugin name: the executable is crucible-plugin-<Plugin>
	Instance   string   // catalog instance name the submission is served as
	Kind       string   // "kem" or "kex"
	KATRecords int      // records of the NGCC KAT file; 0 declares no KAT generator
	Source     string   // the submission directory as given to build-ngcc
	Digest     string   // SHA-256 over the paths and contents of the compiled sources
	Files      []string // C sources compiled, relative to Source
	Replaced   []string // sources left out because Crucible supplies them (driver, DRNG, helpers)
	CFlags     string   // CGO_CFLAGS of the build
	Compiler   string   // the C compiler's version line
}

// build is the workspace build's description until a build-ngcc build's
// zsubmission.go replaces it in init.
var build = buildInfo{Plugin: "ngcc", Instance: "NGCC-C", Kind: "kem"}
