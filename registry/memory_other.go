//go:build !linux

package registry

func procStatus(string) int64 { return -1 }

func resetPeakRSS() bool { return false }

func currentCPU() int { return -1 }
