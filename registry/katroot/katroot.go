// Package katroot is the root of a KAT file's randomness: the format's
// standard one, or a fresh seed the host chose, so that a plugin can be
// asked for a file no stored answer matches. The KAT writers (package kat)
// derive their roots from the seed a KATGenerator is given.
package katroot

import "crypto/sha512"

// Fresh derives a root of n bytes for the format named what from seed, the
// fresh seed a host chose for one generation, or returns nil for a nil
// seed: the standard files are being written.
func Fresh(seed []byte, what string, n int) []byte {
	if seed == nil {
		return nil
	}
	h := sha512.Sum512(append([]byte("crucible fresh-seed KAT "+what+"\x00"), seed...))
	return h[:n]
}
