package campaign

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"
	"testing"

	"crucible.dev/host/internal/plugin"
	"crucible.dev/registry"
)

// TestFirstRepeat: the repeat check finds the first call whose fold an
// earlier one's equals, finds none among distinct folds, and stays fast
// when every fold is the same (one slot's worth of probing at most).
func TestFirstRepeat(t *testing.T) {
	const n = 100_000
	folds := registry.FreshRand(8 * n)
	if i, j := firstRepeat(folds); i >= 0 {
		t.Fatalf("distinct random folds: call %d repeats call %d", i, j)
	}
	copy(folds[8*70_000:], folds[8*1234:8*1235])
	copy(folds[8*90_000:], folds[8*5:8*6])
	if i, j := firstRepeat(folds); i != 70_000 || j != 1234 {
		t.Errorf("repeat found at call %d of call %d, want 70000 of 1234", i, j)
	}
	same := make([]byte, 8*n)
	for i := range n {
		binary.LittleEndian.PutUint64(same[8*i:], 42)
	}
	if i, j := firstRepeat(same); i != 1 || j != 0 {
		t.Errorf("equal folds: call %d repeats %d, want 1 and 0", i, j)
	}
	zeros := registry.FreshRand(8 * 10)
	clear(zeros[16:24])
	clear(zeros[56:64])
	if i, j := firstRepeat(zeros); i != 7 || j != 2 {
		t.Errorf("zero folds: call %d repeats %d, want 7 and 2", i, j)
	}
	if i, _ := firstRepeat(nil); i >= 0 {
		t.Error("no folds: a repeat")
	}
}

// BenchmarkRepeatCheck: the table against a map, on a streamed trial's
// worth of folds.
func BenchmarkRepeatCheck(b *testing.B) {
	const n = 200_000
	folds := registry.FreshRand(8 * n)
	b.Run("table", func(b *testing.B) {
		for b.Loop() {
			firstRepeat(folds)
		}
	})
	b.Run("map", func(b *testing.B) {
		for b.Loop() {
			seen := make(map[uint64]int, n)
			for i := range n {
				seen[binary.LittleEndian.Uint64(folds[8*i:])] = i
			}
		}
	})
}

// readingRunner is a producer whose operation reads need bytes of its
// randomness, and records how many it was given each time.
type readingRunner struct {
	need  int
	given []int
	seed  []byte
	bad   bool // the randomness was not a prefix of the seed's stream
}

func (r *readingRunner) Run(_ string, rnd []byte, _ registry.Args) (registry.Args, error) {
	r.given = append(r.given, len(rnd))
	want := make([]byte, min(len(rnd), r.need))
	io.ReadFull(registry.SeedRand(r.seed), want)
	if !bytes.Equal(rnd[:len(want)], want) {
		r.bad = true
	}
	if len(rnd) < r.need {
		return nil, fmt.Errorf("keygen: %w: %d bytes wanted", registry.ErrRandExhausted, r.need)
	}
	return registry.Args{registry.ArgPK: rnd[:8]}, nil
}

// TestRunSeeded: a replayed call that reads past the randomness it was
// given runs again on a longer prefix of the same stream, up to a bound.
func TestRunSeeded(t *testing.T) {
	seed := registry.FreshRand(registry.SeedSize)
	r := &readingRunner{need: 20_000, seed: seed}
	if _, err := runSeeded(r, registry.OpKeygen, seed, callRand, nil); err != nil || r.bad {
		t.Fatalf("replay reading 20000 bytes: %v (given %v, prefix of the stream: %v)", err, r.given, !r.bad)
	}
	if want := []int{callRand, 4 * callRand}; !slices.Equal(r.given, want) {
		t.Errorf("given %v bytes, want %v", r.given, want)
	}
	r = &readingRunner{need: maxReplayRand + 1, seed: seed}
	if _, err := runSeeded(r, registry.OpKeygen, seed, callRand, nil); !errors.Is(err, registry.ErrRandExhausted) {
		t.Errorf("replay reading past the bound: %v", err)
	}
}

// TestFedCalls: a trial whose calls each send a message is bounded by the
// bytes they come to; a streamed trial, whose calls share one base input,
// by the bytes they work on, so --trial-target sets its length.
func TestFedCalls(t *testing.T) {
	hash := &plugin.Instance{Kind: registry.KindHash}
	aead := &plugin.Instance{Kind: registry.KindAEAD}
	for _, c := range []struct {
		pt   *point
		most int64
		want int64
	}{
		{&point{Point: registry.Point{Op: registry.OpHash, MsgLen: 1024}, in: hash}, maxStreamCalls, maxStreamCalls},
		{&point{Point: registry.Point{Op: registry.OpHash, MsgLen: 1 << 20}, in: hash}, maxStreamCalls, maxStreamBytes >> 20},
		{&point{Point: registry.Point{Op: registry.OpSeal, MsgLen: 1 << 16}, in: aead}, maxStreamCalls, maxStreamBytes >> 16},
		{&point{Point: registry.Point{Op: registry.OpOpen, MsgLen: 1 << 16}, in: aead}, maxFedCalls, maxFedInputBytes >> 16},
		{&point{Point: registry.Point{Op: registry.OpOpen, MsgLen: 64}, in: aead}, maxFedCalls, maxFedCalls},
	} {
		if got := fedCalls(c.pt, c.most); got != c.want {
			t.Errorf("%s %s: %d calls, want %d", c.pt.in.Kind, c.pt, got, c.want)
		}
	}
}
