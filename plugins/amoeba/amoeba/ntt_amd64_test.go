//go:build amd64 && !purego

package amoeba

func withPortable(f func()) {
	saved := useAVX2
	useAVX2 = false
	defer func() { useAVX2 = saved }()
	f()
}
