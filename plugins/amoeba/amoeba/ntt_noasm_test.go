//go:build !amd64 || purego

package amoeba

func withPortable(f func()) { f() }
