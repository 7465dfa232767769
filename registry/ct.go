package registry

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
)

// CTPool is how many different inputs the random class cycles through.
const CTPool = 128

// CTSamples are the raw measurements of a fixed-vs-random timing test: the
// host computes the statistic and the verdict from them.
type CTSamples struct {
	Cycles  []int64 // per measurement, the cycle counter around one call
	Classes []byte  // per measurement, 0 (fixed input) or 1 (random input)
}

// ConstantTime runs op's fixed-vs-random test: n measurements, the class of
// each drawn at random so that drift over time hits both alike, each timed
// with the cycle counter around one call.
func ConstantTime(in *Instance, op Op, n int) (*CTSamples, error) {
	if op.CT == nil {
		return nil, fmt.Errorf("ct %s %s: the operation has no constant-time test", in.ID(), op.Name)
	}
	run, err := op.CT(rand.Reader, CTPool)
	if err != nil {
		return nil, fmt.Errorf("ct %s %s: prepare: %w", in.ID(), op.Name, err)
	}
	class := make([]byte, n)
	if _, err := rand.Read(class); err != nil {
		return nil, err
	}
	idx := make([]byte, 2*n)
	rand.Read(idx)
	s := &CTSamples{Cycles: make([]int64, n), Classes: class}
	for i := 0; i < min(n, 1000); i++ { // warm-up
		run(int(class[i]&1), i%CTPool)
	}
	for i := range s.Cycles {
		class[i] &= 1
		j := int(binary.LittleEndian.Uint16(idx[2*i:])) % CTPool
		c0 := cycles()
		err := run(int(class[i]), j)
		c1 := cycles()
		if err != nil {
			return nil, fmt.Errorf("ct %s %s: %w", in.ID(), op.Name, err)
		}
		s.Cycles[i] = int64(c1 - c0)
	}
	return s, nil
}
