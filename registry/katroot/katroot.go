// Package katroot is the root of a KAT file's randomness: the format's
// standard one, or a fresh seed the host chose, so that a plugin can be
// asked for a file no stored answer matches. The KAT writers (package kat)
// read it; the contract's server sets it for one generation.
package katroot

import (
	"crypto/sha512"
	"sync"
)

// fresh is the seed a fresh-seed file is generated from, in place of the
// format's standard root; nil for the standard files.
var fresh struct {
	sync.Mutex
	seed []byte
}

// Generate runs generate, which writes KAT files, with every writer's root
// randomness derived from seed instead of its format's standard root
// (kat.NGCCNonce, kat.RSPEntropy); with a nil seed it writes the standard files.
// One generation runs at a time.
func Generate(seed []byte, generate func() error) error {
	fresh.Lock()
	defer fresh.Unlock()
	fresh.seed = seed
	defer func() { fresh.seed = nil }()
	return generate()
}

// Fresh derives a root of n bytes for the format named what from the
// fresh seed, or returns nil when the standard files are being written.
func Fresh(what string, n int) []byte {
	if fresh.seed == nil {
		return nil
	}
	h := sha512.Sum512(append([]byte("crucible fresh-seed KAT "+what+"\x00"), fresh.seed...))
	return h[:n]
}
