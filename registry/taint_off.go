//go:build !(valgrind && linux && (amd64 || arm64))

package registry

const taintBuild = false

// clientRequest does nothing without the valgrind build tag.
func clientRequest(req, a1, a2, a3, a4, a5 uintptr) uintptr { return 0 }
