// Package symmetric adapts the symmetric primitives Crucible measures to
// the registry's kinds. Each adapter is a thin, allocation-free shell
// around one library function, so that a benchmark over the message-length
// ladder measures the library and not the shell.
package symmetric

// Version is the plugin's version.
const Version = "0.1.0"
