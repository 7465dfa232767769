//go:build !linux

package registry

import "fmt"

func pinProcess(int) error { return fmt.Errorf("pinning is supported on Linux only") }
