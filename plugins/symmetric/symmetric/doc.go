// Package symmetric adapts the symmetric primitives Crucible measures to
// the registry's kinds. Each adapter is a thin, allocation-free shell
// around one library function, so that a benchmark over the message-length
// ladder measures the library and not the shell.
package symmetric

// Version is the plugin's version.
const Version = "0.1.0"

// Primitive is one library's implementation of one primitive of the
// catalog: a row of the tables the plugin serves as instances.
type Primitive[T any] struct {
	// Name is the catalog name, e.g. "SHA3-256".
	Name string
	// Family is the catalog family, which decides the dispatch note.
	Family string
	// Impl names the implementation.
	Impl string
	// Lib is the library and version, for the instance's notes.
	Lib string
	// Func is the primitive adapted to the registry's kind.
	Func T
	// Profile lists the function-name prefixes of the primitive's code,
	// whose share of the time the hash-share profile reports.
	Profile []string
}
