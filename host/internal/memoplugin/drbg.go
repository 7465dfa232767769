package main

import (
	"bytes"
	"crypto/sha256"
	"io"
)

// drbg is a stand-in DRBG: its state is the grind of the seed, and each
// output the grind of the state before, which becomes the state.
type drbg struct{ gen *cheat }

// drbgAhead is how many outputs a memoising state works out when it is
// instantiated: more than a trial of the fixture's tests calls for.
const drbgAhead = 1024

func (drbg) SeedSize() int { return seedLen }

func (d drbg) New(seed, _, _ []byte) (io.Reader, error) {
	g := &drbgState{c: d.gen, state: grind(seed)}
	if d.gen.mode == "memo" {
		for range drbgAhead {
			g.ahead = append(g.ahead, g.next())
		}
	}
	return g, nil
}

// drbgState is one instantiated stand-in DRBG.
type drbgState struct {
	c     *cheat
	state []byte
	ahead [][]byte // worked out when instantiated (memo)
}

// next advances the state and returns it: the next output.
func (g *drbgState) next() []byte {
	g.state = grind(g.state)
	return g.state
}

// Read fills p from the next output: SHA-256 of it and each block's
// number.
func (g *drbgState) Read(p []byte) (int, error) {
	var out []byte
	switch {
	case len(g.ahead) > 0:
		out, g.ahead = g.ahead[0], g.ahead[1:]
	case g.c.skip():
		out = g.c.last
	default:
		out = g.next()
		g.c.last = out
	}
	for i := 0; i*sha256.Size < len(p); i++ {
		b := sha256.Sum256(append(bytes.Clone(out), byte(i)))
		copy(p[i*sha256.Size:], b[:])
	}
	return len(p), nil
}
