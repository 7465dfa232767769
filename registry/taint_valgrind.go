//go:build valgrind && linux && (amd64 || arm64)

package registry

const taintBuild = true

// clientRequest issues a valgrind client request: req and its five
// arguments, contiguous on the stack, are what valgrind reads; outside
// valgrind the magic sequence does nothing and the result is 0.
//
//go:noescape
func clientRequest(req, a1, a2, a3, a4, a5 uintptr) uintptr
