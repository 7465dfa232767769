package iccs

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/emmansun/gmsm/sm3"

	"crucible.dev/registry/testenv"
)

// TestPseudoXOF compares every path with the definition over message
// lengths around each block boundary (the tail alone, the tail with one or
// two words of counter, two final blocks) and output lengths that are and
// are not multiples of 32 and of the 16-block batch.
func TestPseudoXOF(t *testing.T) {
	eachPath(t, testPseudoXOF)
}

// laneFeatures are what the lane kernel needs (sm3x16_amd64.go).
const laneFeatures = "avx512f+avx512vl"

// eachPath runs test on the lane kernel and on the one-block-at-a-time
// path. Where there is no lane kernel its subtest still runs, to skip
// through testenv.SkipCPU: the dropped path is listed, and is a failure
// on a CPU that has the features.
func eachPath(t *testing.T, test func(*testing.T)) {
	saved := useLanes
	defer func() { useLanes = saved }()
	for _, lanes := range []bool{true, false} {
		useLanes = lanes
		name := map[bool]string{true: "lanes", false: "scalar"}[lanes]
		if lanes && !hasLanes {
			continue // no lane kernel in this build: nothing to test
		}
		if lanes && !saved {
			t.Run(name, func(t *testing.T) { testenv.SkipCPU(t, laneFeatures) })
			continue
		}
		t.Run(name, test)
	}
}

func testPseudoXOF(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	outLens := []int{1, 31, 32, 33, 64, 168, 192, 480, 511, 512, 513, 1000, 1536, 4096 + 7}
	for ml := 0; ml <= 200; ml++ {
		msg := make([]byte, ml)
		for i := range msg {
			msg[i] = byte(r.Uint32())
		}
		for _, n := range outLens {
			got, want := make([]byte, n+1), make([]byte, n)
			got[n] = 0xa5
			PseudoXOF(got[:n], msg)
			refXOF(want, msg, 1)
			if !bytes.Equal(got[:n], want) || got[n] != 0xa5 {
				t.Fatalf("pseudoXOF(len %d, %d bytes) differs from the definition", ml, n)
			}
		}
	}
	// out may overlap msg, as when a caller derives a key in place.
	for _, ml := range []int{10, 60, 100} {
		for _, n := range []int{32, 100, 600} {
			buf := make([]byte, max(ml, n))
			for i := range buf {
				buf[i] = byte(i)
			}
			want := make([]byte, n)
			refXOF(want, buf[:ml], 1)
			PseudoXOF(buf[:n], buf[:ml])
			if !bytes.Equal(buf[:n], want) {
				t.Fatalf("pseudoXOF in place (msg %d, out %d) differs", ml, n)
			}
		}
	}
	// Counters that carry into a second, third and fourth byte.
	msg := []byte("counter carry")
	for _, c := range []uint32{250, 65530, 1<<24 - 3, 1<<32 - 5} {
		got, want := make([]byte, 700), make([]byte, 700)
		pseudoXOF(got, msg, c)
		refXOF(want, msg, c)
		if !bytes.Equal(got, want) {
			t.Fatalf("pseudoXOF from counter %d differs", c)
		}
	}
}

func TestXOFReader(t *testing.T) { eachPath(t, testXOFReader) }

func testXOFReader(t *testing.T) {
	msg := []byte("reader")
	want := make([]byte, 5000)
	refXOF(want, msg, 1)
	r := rand.New(rand.NewPCG(5, 6))
	for _, steps := range [][]int{{168, 168, 168, 168}, {1, 511, 1, 513, 1024, 7}, {2000, 3000}} {
		x := NewXOFReader(msg)
		var got []byte
		for _, n := range steps {
			b := make([]byte, n)
			x.Read(b)
			got = append(got, b...)
		}
		if !bytes.Equal(got, want[:len(got)]) {
			t.Fatalf("reader in steps %v differs from the stream", steps)
		}
	}
	x := NewXOFReader(msg)
	off := 0
	for off < 4000 {
		n := 1 + r.IntN(600)
		b := make([]byte, n)
		x.Read(b)
		if !bytes.Equal(b, want[off:off+n]) {
			t.Fatalf("reader at %d+%d differs", off, n)
		}
		off += n
	}
}

func TestHashgen(t *testing.T) { eachPath(t, testHashgen) }

func testHashgen(t *testing.T) {
	var data [seedLen]byte
	for _, tail := range [][]byte{{0}, {0xff, 0xf8}, {0xff, 0xff, 0xff, 0xf0}, bytes.Repeat([]byte{0xff}, seedLen)} {
		for i := range data {
			data[i] = byte(i)
		}
		copy(data[seedLen-len(tail):], tail)
		for _, n := range []int{64, 100, 512, 1000} {
			got, want := make([]byte, n), make([]byte, n)
			d := data
			if useLanes {
				hashgenLanes(got, &d)
			}
			refHashgen(want, data)
			if useLanes && !bytes.Equal(got, want) {
				t.Fatalf("hashgen(%x, %d) differs", tail, n)
			}
			// Read must agree whichever path it takes.
			g := &DRNG{v: data, rc: 1}
			g.Read(got)
			if !bytes.Equal(got, want) {
				t.Fatalf("Read(%d) from %x differs", n, tail)
			}
		}
	}
}

// TestDRNGSequence compares reads of every length up to 600 bytes, one
// after the other on one state, with the definition.
func TestDRNGSequence(t *testing.T) { eachPath(t, testDRNGSequence) }

func testDRNGSequence(t *testing.T) {
	seed := []byte("sequence")
	d, ref := NewDRNG(seed), newRefDRNG(seed)
	for n := 0; n <= 600; n++ {
		got, want := make([]byte, n), make([]byte, n)
		d.Read(got)
		ref.read(want)
		if !bytes.Equal(got, want) {
			t.Fatalf("read %d of %d bytes differs", n, n)
		}
	}
}

// TestNoAllocs guards the hot paths the NGCC ports call thousands of times
// per operation.
func TestNoAllocs(t *testing.T) { eachPath(t, testNoAllocs) }

func testNoAllocs(t *testing.T) {
	msg := make([]byte, 100)
	out := make([]byte, 1000)
	d := NewDRNG(msg)
	x := NewXOFReader(msg)
	for name, f := range map[string]func(){
		"SM3":            func() { SM3(msg) },
		"PseudoXOF":      func() { PseudoXOF(out, msg) },
		"PseudoHash1024": func() { PseudoHash1024(msg) },
		"HMAC":           func() { HMAC(msg) },
		"DRNG.Read":      func() { d.Read(out) },
		"XOFReader":      func() { x.Reset(msg); x.Read(out[:168]) },
	} {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s: %v allocations per call", name, n)
		}
	}
}

var sink byte

// loop runs f in a benchmark loop, pinned to one thread, and reports the
// thread's CPU time per call beside the wall-clock ns/op.
func loop(b *testing.B, f func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start := threadCPU()
	for b.Loop() {
		f()
	}
	b.ReportMetric(float64(threadCPU()-start)/float64(b.N), "cpu-ns/op")
}

// BenchmarkPseudoXOF measures PseudoXOF against the one-SM3-per-block
// definition at the output lengths the NGCC ports use (34-byte input as
// the matrix XOF's ρ ‖ x ‖ y).
func BenchmarkPseudoXOF(b *testing.B) {
	msg := make([]byte, 34)
	for _, n := range []int{32, 192, 504, 1536, 4096} {
		out := make([]byte, n)
		b.Run(fmt.Sprintf("fast/%d", n), func(b *testing.B) {
			b.SetBytes(int64(n))
			loop(b, func() { PseudoXOF(out, msg) })
			sink ^= out[0]
		})
		b.Run(fmt.Sprintf("gmsmKdf/%d", n), func(b *testing.B) {
			b.SetBytes(int64(n))
			loop(b, func() { copy(out, sm3.Kdf(msg, n)) })
			sink ^= out[0]
		})
		b.Run(fmt.Sprintf("perblock/%d", n), func(b *testing.B) {
			b.SetBytes(int64(n))
			loop(b, func() { refXOF(out, msg, 1) })
			sink ^= out[0]
		})
	}
}

func BenchmarkSM3(b *testing.B) {
	for _, n := range []int{64, 1024, 16384} {
		msg := make([]byte, n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(n))
			loop(b, func() { SM3(msg) })
		})
	}
}

func BenchmarkDRNG(b *testing.B) {
	d := NewDRNG([]byte("seed"))
	for _, n := range []int{32, 64, 128, 1024} {
		out := make([]byte, n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(n))
			loop(b, func() { d.Read(out) })
		})
	}
}

func BenchmarkPseudoHash(b *testing.B) {
	msg := make([]byte, 64)
	b.Run("512", func(b *testing.B) {
		for b.Loop() {
			PseudoHash512(msg)
		}
	})
	b.Run("1024", func(b *testing.B) {
		for b.Loop() {
			PseudoHash1024(msg)
		}
	})
	b.Run("HMAC", func(b *testing.B) {
		for b.Loop() {
			HMAC(msg)
		}
	})
}

// BenchmarkBlock16 is one call of the lane kernel: sixteen compressions.
func BenchmarkBlock16(b *testing.B) {
	if !useLanes {
		testenv.SkipCPU(b, laneFeatures)
	}
	var l lanes
	for b.Loop() {
		block16(&l.dig, (*[16][16]uint32)(l.m[:16]))
	}
}

// BenchmarkBlock8 is one call of the 8-lane kernel: eight compressions.
func BenchmarkBlock8(b *testing.B) {
	if !useLanes {
		testenv.SkipCPU(b, laneFeatures)
	}
	var l lanes
	for b.Loop() {
		block8(&l.dig, (*[16][16]uint32)(l.m[:16]))
	}
}
