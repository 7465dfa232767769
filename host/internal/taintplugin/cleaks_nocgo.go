//go:build !cgo

package main

import "crucible.dev/registry"

// cOps are none without cgo: the C leaks need it.
func cOps() []registry.Op { return nil }
