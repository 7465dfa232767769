//go:build !linux

package iccs

import "time"

// threadCPU falls back to wall-clock time.
func threadCPU() int64 { return time.Now().UnixNano() }
