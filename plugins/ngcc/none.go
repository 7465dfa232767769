//go:build !ngcc_kem && !ngcc_kex

package main

import "crucible.dev/registry"

// instances serves no algorithm: the workspace build has no submission
// compiled in, which the host reports as "not built" with the reason.
func instances() []*registry.Instance {
	return []*registry.Instance{{
		Name:        build.Instance,
		Impl:        "ngcc-c",
		Kind:        registry.KindKEM,
		Unavailable: "no NGCC submission compiled in: `go run ./host build-ngcc --kind kem|kex --src DIR --name NAME` builds one into its own plugin",
	}}
}
