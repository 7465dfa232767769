package registry

import (
	"bytes"
)

// ctInputs are the two classes of a constant-time test's inputs.
type ctInputs struct {
	fixed, random [][]byte
	err           error
}

func (c *ctInputs) get(class, j int) []byte {
	if class == 0 {
		return c.fixed[j]
	}
	return c.random[j]
}

// pools makes m copies of fixed (separate allocations, so both classes
// touch the same amount of memory) and m fresh inputs from gen.
func pools(m int, gen func(int) ([]byte, error), fixed []byte) *ctInputs {
	c := &ctInputs{fixed: make([][]byte, m), random: make([][]byte, m)}
	for j := 0; j < m; j++ {
		c.fixed[j] = bytes.Clone(fixed)
		if c.random[j], c.err = gen(j); c.err != nil {
			return c
		}
	}
	return c
}
