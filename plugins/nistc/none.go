//go:build !nistc_kem && !nistc_sig

package main

import "crucible.dev/registry"

// instances serves no algorithm: the workspace build has no submission
// compiled in, which the host reports as "not built" with the reason.
func instances() []*registry.Instance {
	return []*registry.Instance{{
		Name:        build.Instance,
		Impl:        build.Impl,
		Kind:        registry.KindKEM,
		Unavailable: "no NIST-API submission compiled in: `go run ./host build-c --api nist --kind kem|sig --src DIR --name NAME` builds one into its own plugin",
	}}
}
