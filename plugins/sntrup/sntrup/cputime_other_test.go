//go:build !linux

package sntrup

// threadCPU is unknown here: benchOp reports wall time only.
func threadCPU() int64 { return -1 }
