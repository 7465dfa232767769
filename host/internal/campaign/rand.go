package campaign

import "crucible.dev/registry"

// randomness is enough explicit randomness for any single operation.
func randomness() []byte { return registry.FreshRand(1 << 16) }
